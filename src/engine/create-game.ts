// A new game from its setup: validated with every error at once, its seed
// (combined with a secret of the judge where dice must be verifiable), its
// seats and phase 1 in one transaction, and every start mail queued.
import { randomBytes } from 'node:crypto';
import type { Judge } from '../context.js';
import { nowIso } from '../context.js';
import { getRules } from './kinds.js';
import { audit } from '../store/audit.js';
import {
  getGame,
  insertGame,
  insertPlayer,
  listPlayers,
  requireGame,
  seatOf,
  setGameStatus,
  type GameRow,
  type PlayerRow,
} from '../store/games.js';
import { hashPassword } from '../store/passwords.js';
import { insertPhase, livePhase, type PhaseRow } from '../store/phases.js';
import { stateHash, canonicalJson } from './hash.js';
import { phaseSeed, SeededRng } from './rng.js';
import {
  gamePart,
  langSchema,
  seatLang,
  SetupError,
  setupWarnings,
  validateSetup,
  type CommonSetup,
} from './setup-file.js';
import { kindSeating, resolveSignup } from './seat-setup.js';
import { KindSetupError } from '../errors.js';
import type { AnyRules, Lang, PlayerSeat } from './types.js';
import { generatePassword } from './passwords.js';
import { genderedSeat } from './seats.js';
import { queueStartMails } from './start.js';
import { GAME_ID, gameIdMessage } from './ids.js';
import { deadlineFor } from './next-deadline.js';

export interface CreateGameInput {
  id: string;
  kind: string;
  setup: unknown;
  setupFile?: string;
  seed?: string;
  /**
   * Take `seed` as the game's whole seed even where dice are verifiable (never
   * from the CLI): two stores of one game, as a test that compares them, or a
   * game moved from another judge with its revealed seed.
   */
  exactSeed?: boolean;
  actor: string;
  /** Mail every player his start mail (password, deadline, orders, position) and the GM the summary (src/engine/start.ts). */
  mail?: boolean;
}

export interface CreatedGame {
  game: GameRow;
  /** null: a sign-up game (issue #31), with no seats and no phase until it starts (signup-start.ts). */
  phase: PhaseRow | null;
  /** Passwords the judge generated for seats that had none: shown once, stored hashed. */
  generatedPasswords: Record<string, string>;
  /** Setup mistakes that do not stop the game but would have no effect (setupWarnings): shown to the GM, kept in the audit log. */
  warnings: string[];
  /** The hand-given seed was combined with a secret of the judge (a kind with verifiable dice, issue #29). */
  seedCombined: boolean;
}

/**
 * The game's seed. 128 random bits: the secret every roll comes from (src/engine/dice-trust.ts),
 * too many to guess from its commitment. A seed given by hand is kept as given, except where the
 * dice are verifiable: the first answer publishes sha256 of the seed, and a guessable seed
 * (`--seed 424242`) would give away every key and every hidden roll. There it is combined with
 * the random secret, "<given>/<secret>", which the judge stores and reveals as the seed itself,
 * so the commitment still verifies and reruns reproduce from the stored seed.
 */
export function gameSeed(given: string | undefined, verifiableDice: boolean): { seed: string; combined: boolean } {
  const secret = randomBytes(16).toString('hex');
  if (given === undefined) return { seed: secret, combined: false };
  if (!verifiableDice) return { seed: given, combined: false };
  return { seed: `${given}/${secret}`, combined: true };
}

/** A kind's setup problems, one per line ("path: message"). */
function kindProblems(e: unknown): string[] {
  if (e instanceof KindSetupError) return e.problems;
  return String((e as Error).message ?? e)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

/** The seats a sign-up game's kind part is checked with: placeholders with the seats' ids. */
function placeholderSeats(ids: string[], lang: Lang): PlayerSeat[] {
  return ids.map((id) => ({ id, name: id, email: `${id}@example.org`, lang }));
}

/** Seat ids for a sign-up of `count` unnamed seats. */
function seatNumbers(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `seat${i + 1}`);
}

/**
 * The seats a sign-up game will have, from its sign-up as written (the rest of
 * the setup has errors): the kind's named seats (those listed, else all), or
 * as many as it says; null when that cannot be told.
 */
function signupSeatsAsWritten(raw: unknown, rules: AnyRules, game: unknown, lang: Lang): PlayerSeat[] | null {
  const given = raw && typeof raw === 'object' ? (raw as { seats?: unknown }).seats : undefined;
  const seating = kindSeating(rules, game, lang);
  let ids: string[] = [];
  if (seating.named) {
    const listed = Array.isArray(given) ? new Set(given.map((x) => String(x).toLowerCase())) : null;
    ids = seating.named.map((n) => n.id).filter((id) => !listed || listed.has(id.toLowerCase()));
  } else if (typeof given === 'number' && Number.isInteger(given) && given > 0 && given <= 1000)
    ids = seatNumbers(given);
  else if (given === undefined && Number.isFinite(seating.max)) ids = seatNumbers(seating.max);
  return ids.length ? placeholderSeats(ids, lang) : null;
}

/**
 * The setup validated, every error at once: when any part has errors, the game
 * kind's own checks (which need seats) still run, on the seats as written and
 * on the kind's part as written (each kind checks what has its shape), so that
 * a file with errors in several places lists all of them.
 */
function validateAll(input: CreateGameInput, rules: AnyRules) {
  try {
    return validateSetup(input.setup, rules, input.setupFile);
  } catch (e) {
    if (!(e instanceof SetupError) || !input.setup || typeof input.setup !== 'object') throw e;
    const { seats, ...rest } = input.setup as Record<string, unknown>;
    const game = gamePart(rest);
    const parsed = rules.setupSchema.safeParse(game);
    const kindPart = parsed.success ? parsed.data : game;
    const asWritten = (Array.isArray(seats) ? seats : [])
      .filter(
        (x): x is Record<string, unknown> =>
          !!x && typeof x === 'object' && typeof (x as { id?: unknown }).id === 'string',
      )
      .map((x) => ({
        id: String(x.id),
        name: String(x.name ?? x.id),
        email: String(x.email ?? ''),
        lang: (x.lang as PlayerRow['lang']) ?? rules.defaultLang,
      }));
    // A sign-up game without seats written is checked on the seats it will have, when they can be told.
    const written = langSchema.safeParse(rest.lang);
    const lang = written.success ? written.data : rules.defaultLang;
    const toCheck =
      asWritten.length || !('signup' in rest) ? asWritten : signupSeatsAsWritten(rest.signup, rules, kindPart, lang);
    if (!toCheck) throw e;
    try {
      rules.setup(kindPart, toCheck, new SeededRng(phaseSeed('check', 0)));
    } catch (g) {
      const more = kindProblems(g).filter((p) => !e.problems.includes(p));
      throw new SetupError(e.file, [...e.problems, ...more]);
    }
    throw e;
  }
}

/** The game's row: its stored setup keeps the judge's part (no passwords) and the kind's. */
function gameRow(
  input: CreateGameInput,
  common: CommonSetup,
  gameSetup: Record<string, unknown>,
  seed: string,
  at: string,
  rules: AnyRules,
): Omit<GameRow, 'status' | 'paused_at'> {
  return {
    id: input.id,
    kind: input.kind,
    title: common.title ?? input.id,
    lang: common.lang ?? rules.defaultLang,
    seed,
    setup_json: JSON.stringify({
      ...common,
      gm: common.gm ? { email: common.gm.email, name: common.gm.name, lang: common.gm.lang } : undefined,
      seats: common.seats.map(({ password: _p, ...s }) => s),
      game: gameSetup,
    }),
    config_json: JSON.stringify(common.auth ? { auth: common.auth } : {}),
    gm_email: common.gm?.email.toLowerCase() ?? null,
    gm_password_hash: common.gm?.password ? hashPassword(common.gm.password) : null,
    created_at: at,
  };
}

/** A sign-up game's kind part, checked with the seats it will have (placeholders), every problem at once. */
function checkSignupSetup(
  input: CreateGameInput,
  rules: AnyRules,
  common: CommonSetup,
  gameSetup: Record<string, unknown>,
  seed: string,
): void {
  const lang = common.lang ?? rules.defaultLang;
  const signup = resolveSignup(common.signup!, rules, gameSetup, common.timezone, lang).signup!;
  const ids = signup.named ? signup.named.map((n) => n.id) : seatNumbers(signup.count);
  try {
    rules.setup(gameSetup, placeholderSeats(ids, lang), new SeededRng(phaseSeed(seed, 0)));
  } catch (e) {
    throw new SetupError(input.setupFile ?? 'setup', kindProblems(e));
  }
}

export function createGame(j: Judge, input: CreateGameInput): CreatedGame {
  if (!GAME_ID.test(input.id))
    throw new SetupError(input.setupFile ?? 'game id', [`game id "${input.id}": ${gameIdMessage}`]);
  if (getGame(j.db, input.id))
    throw new SetupError(input.setupFile ?? 'game id', [`a game "${input.id}" exists already`]);
  const rules = getRules(input.kind);
  const { common, game: gameSetup } = validateAll(input, rules);
  const warnings = setupWarnings(common, rules, j.clock(), input.setup as Record<string, unknown>);
  const { seed, combined } =
    input.exactSeed && input.seed !== undefined
      ? { seed: input.seed, combined: false }
      : gameSeed(input.seed, !!rules.verifiableDice);
  const at = nowIso(j);
  if (common.signup) {
    // Seats by mail: the kind's part is checked on the seats it will have; the game waits for its players.
    const row = gameRow(input, common, gameSetup, seed, at, rules);
    checkSignupSetup(input, rules, common, gameSetup, seed);
    j.db.transaction(() => {
      insertGame(j.db, row);
      setGameStatus(j.db, input.id, 'signup');
      audit(j.db, at, input.actor, input.id, 'game.create', {
        kind: input.kind,
        seed,
        ...(combined ? { seedGiven: input.seed } : {}),
        signup: true,
        ...(warnings.length ? { warnings } : {}),
      });
    })();
    return { game: requireGame(j.db, input.id), phase: null, generatedPasswords: {}, warnings, seedCombined: combined };
  }
  const generated: Record<string, string> = {};
  const players: PlayerRow[] = common.seats.map((s) => {
    const password = s.password ?? (generated[s.id] = generatePassword());
    return {
      game_id: input.id,
      id: s.id,
      name: s.name,
      email: s.email.toLowerCase(),
      password_hash: hashPassword(password),
      lang: seatLang(s, common, rules),
      status: 'active',
      created_at: at,
      nmr_streak: 0,
      nmr_total: 0,
    };
  });
  let state: unknown;
  try {
    state = rules.setup(
      gameSetup,
      players.map((p, i) => genderedSeat(seatOf(p), common.seats[i]!.gender)),
      new SeededRng(phaseSeed(seed, 0)),
    );
  } catch (e) {
    throw new SetupError(input.setupFile ?? 'setup', kindProblems(e));
  }
  const row = gameRow(input, common, gameSetup, seed, at, rules);
  j.db.transaction(() => {
    insertGame(j.db, row);
    for (const p of players) insertPlayer(j.db, p);
    const info = rules.phase(state);
    insertPhase(j.db, {
      game_id: input.id,
      number: 1,
      kind: info.kind,
      label: info.label,
      deadline: deadlineFor(j, { ...row, status: 'active', paused_at: null }, info.kind, null),
      seed: phaseSeed(seed, 1),
      state_json: canonicalJson(state),
      state_hash: stateHash(state),
      created_at: at,
    });
    audit(j.db, at, input.actor, input.id, 'game.create', {
      kind: input.kind,
      seed,
      ...(combined ? { seedGiven: input.seed } : {}),
      seats: players.map((p) => p.id),
      ...(warnings.length ? { warnings } : {}),
    });
    if (input.mail)
      queueStartMails(
        j,
        { ...row, status: 'active', paused_at: null },
        listPlayers(j.db, input.id),
        generated,
        'start',
      );
  })();
  return {
    game: requireGame(j.db, input.id),
    phase: livePhase(j.db, input.id, 1)!,
    generatedPasswords: generated,
    warnings,
    seedCombined: combined,
  };
}
