// The turn pipeline: create a game, and adjudicate its current phase in ONE
// transaction (next phase's snapshot + hash + every report queued). Reruns
// from the recorded snapshots, orders and seeds are src/engine/rerun.ts.
import { createHash, randomBytes } from 'node:crypto';
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
import { currentPhase, insertPhase, livePhase, markProcessed, type PhaseRow } from '../store/phases.js';
import { liveSubmissions } from '../store/submissions.js';
import { phaseMessages } from '../store/messages.js';
import { insertReports, renderReports, type NextPhase, type RenderedReport } from './reports.js';
import { fault } from './faults.js';
import { stateHash, canonicalJson } from './hash.js';
import { phaseSeed, SeededRng } from './rng.js';
import { seatLang, SetupError, setupWarnings, validateSetup } from './setup-file.js';
import type { AnyRules, DecisionSpec, GameEvent } from './types.js';
import { generatePassword } from './passwords.js';
import { nextDeadline } from './schedule.js';
import { gameSettings } from './settings.js';
import { genderedSeat } from './seats.js';
export { gameSettings } from './settings.js';
import { queueNotice } from './notices.js';
import { GAME_ID, gameIdMessage } from './ids.js';
import { GmWaitError, phaseGm, recordDefaults, recordedGmOnly } from './gm-phase.js';
import { expectedPlayers, recordedOrders } from './recorded-orders.js';

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
}

export interface CreatedGame {
  game: GameRow;
  phase: PhaseRow;
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

/** The deadline of a phase opening at `from` (default now) after one whose deadline was `previous`. */
function deadlineFor(
  j: Judge,
  game: GameRow,
  kind: string,
  previous: string | null,
  from: Date = j.clock(),
): string | null {
  const s = gameSettings(game);
  return nextDeadline(s.schedule, s.timezone, kind, from, previous ? new Date(previous) : null)?.toISOString() ?? null;
}

/**
 * The setup validated, every error at once: when the common part has errors,
 * the game kind's own checks (which need seats) still run on the seats as
 * written, so that a file with errors in both parts lists all of them.
 */
function validateAll(input: CreateGameInput, rules: AnyRules) {
  try {
    return validateSetup(input.setup, rules, input.setupFile);
  } catch (e) {
    if (!(e instanceof SetupError) || !input.setup || typeof input.setup !== 'object') throw e;
    const {
      lang: _l,
      gm: _g,
      timezone: _t,
      schedule: _s,
      nmr: _n,
      auth: _a,
      seats,
      ...game
    } = input.setup as Record<string, unknown>;
    const parsed = rules.setupSchema.safeParse(game);
    if (!parsed.success || !Array.isArray(seats)) throw e;
    const asWritten = seats
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
    try {
      rules.setup(parsed.data, asWritten, new SeededRng(phaseSeed('check', 0)));
    } catch (g) {
      throw new SetupError(e.file, [...e.problems, ...(g as Error).message.split('\n').filter((l) => l.trim())]);
    }
    throw e;
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
    throw new SetupError(input.setupFile ?? 'setup', [(e as Error).message]);
  }
  const row: Omit<GameRow, 'status' | 'paused_at'> = {
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
  })();
  return {
    game: requireGame(j.db, input.id),
    phase: livePhase(j.db, input.id, 1)!,
    generatedPasswords: generated,
    warnings,
    seedCombined: combined,
  };
}

/**
 * The orders a phase is adjudicated with, keyed by player: each playing
 * player's live submission; for one who sent none, what the game kind makes
 * of their previous orders (FanDi keeps the cities' investment plan) unless
 * the GM turned that off; ejected and out players give none. `states` gives
 * the snapshots of phases not written yet (a rerun computed in memory).
 */
function countNmrs(j: Judge, rules: AnyRules, game: GameRow, phase: PhaseRow, state: unknown): void {
  const sent = new Set(liveSubmissions(j.db, game.id, phase.number).map((s) => s.player_id));
  const limit = gameSettings(game).nmr.abandonAfter;
  for (const p of expectedPlayers(rules, state, listPlayers(j.db, game.id))) {
    if (sent.has(p.id)) {
      j.db
        .prepare("UPDATE players SET nmr_streak = 0, status = 'active' WHERE game_id = ? AND id = ?")
        .run(game.id, p.id);
      continue;
    }
    const streak = p.nmr_streak + 1;
    j.db
      .prepare('UPDATE players SET nmr_streak = ?, nmr_total = nmr_total + 1 WHERE game_id = ? AND id = ?')
      .run(streak, game.id, p.id);
    if (streak >= limit && p.status === 'active') {
      j.db.prepare("UPDATE players SET status = 'abandoned' WHERE game_id = ? AND id = ?").run(game.id, p.id);
      queueNotice(j, game, 'abandoned', `${p.id}:${phase.id}`, ['gm', p], {
        player: { id: p.id, name: p.name, email: p.email },
        missed: streak,
      });
    }
  }
}

interface Adjudicated {
  /** The state before (parsed from the phase's snapshot) and after. */
  before: unknown;
  state: unknown;
  events: GameEvent[];
  rngState: string;
  /** The canonical JSON of the state after, its hash and the events' JSON: made with the adjudication, outside the write transaction. */
  stateJson: string;
  hash: string;
  eventsJson: string;
  /** GM decisions left open that took their defaults: recorded with the result (a rerun sees the same inputs). */
  defaulted: DecisionSpec[];
}

/**
 * Adjudicate a phase in memory from its snapshot, recorded orders, messages and
 * GM inputs (decisions the GM left open take their defaults, recorded as the
 * judge's when asked; one without a default stops it: GmWaitError).
 * `states`: snapshots of phases not written yet (recordedOrders).
 */
export function adjudicatePhase(
  j: Judge,
  rules: AnyRules,
  game: GameRow,
  phase: PhaseRow,
  seed: string,
  o: { recordDefaults?: boolean; states?: ReadonlyMap<number, string> } = {},
): Adjudicated {
  const rng = new SeededRng(seed);
  const before = JSON.parse(phase.state_json);
  const orders = recordedOrders(j, rules, game, phase.number, o.states);
  const gm = rules.gm ? phaseGm(j, rules, game, phase, before, orders) : null;
  if (gm?.resolved.missing.length) throw new GmWaitError(game.id, phase.number, gm.resolved.missing);
  if (gm && o.recordDefaults) recordDefaults(j, game, phase, gm.resolved.defaulted);
  const result = rules.adjudicate(before, orders, rng, {
    phase: phase.number,
    deadline: phase.deadline,
    messages: phaseMessages(j.db, game.id, phase.number),
    gm: gm?.resolved.inputs ?? recordedGmOnly(j, game, phase),
  });
  const stateJson = canonicalJson(result.state);
  return {
    before,
    state: result.state,
    events: result.events,
    rngState: JSON.stringify(rng.state()),
    stateJson,
    hash: createHash('sha256').update(stateJson).digest('hex'),
    eventsJson: canonicalJson(result.events),
    defaulted: gm?.resolved.defaulted ?? [],
  };
}

/** An adjudication ready to be written: the next phase's row and every reader's report, rendered. */
export interface Prepared {
  r: Adjudicated;
  next: NextPhase & Pick<PhaseRow, 'kind' | 'label' | 'state_hash'> & { over: boolean };
  reports: RenderedReport[];
}

/**
 * Everything a commit writes, computed from reads only (before the write
 * transaction): the next phase's row and the reports. `nextRow`: the seed and
 * deadline the next row keeps (a rerun keeps the old row's); else new ones.
 */
export function prepareCommit(
  j: Judge,
  rules: AnyRules,
  game: GameRow,
  phase: PhaseRow,
  r: Adjudicated,
  correction: boolean,
  nextRow?: Pick<PhaseRow, 'seed' | 'deadline'>,
  scheduleFrom?: Date,
): Prepared {
  const info = rules.phase(r.state);
  const next = {
    number: phase.number + 1,
    kind: info.kind,
    label: info.label,
    deadline: nextRow
      ? nextRow.deadline
      : info.over
        ? null
        : deadlineFor(j, game, info.kind, phase.deadline, scheduleFrom),
    seed: nextRow?.seed ?? phaseSeed(game.seed, phase.number + 1),
    state_json: r.stateJson,
    state_hash: r.hash,
    over: !!info.over,
  };
  return { r, next, reports: renderReports(j, rules, game, phase, next, r.events, correction) };
}

/** Write a prepared adjudication: mark the phase processed, add the next phase, queue the reports. Inside a transaction; writes only. */
export function commitAdjudication(j: Judge, game: GameRow, phase: PhaseRow, p: Prepared): PhaseRow {
  const at = nowIso(j);
  markProcessed(j.db, phase.id, {
    rng_state: p.r.rngState,
    result_hash: p.r.hash,
    events_json: p.r.eventsJson,
    processed_at: at,
  });
  fault('process:after-adjudicate');
  const { over: _over, ...row } = p.next;
  insertPhase(j.db, { ...row, game_id: game.id, created_at: at });
  const next = livePhase(j.db, game.id, p.next.number)!;
  insertReports(j, game, phase, p.reports);
  fault('process:after-reports');
  if (p.next.over) setGameStatus(j.db, game.id, 'over');
  return next;
}

export interface ProcessResult {
  game: string;
  phase: number;
  hash: string;
  next: PhaseRow;
}

/**
 * What the adjudication of these phases depends on besides their snapshots: if
 * this is the same before and after, an adjudication made in between is still
 * the right one (and so are its reports: players' addresses and languages count).
 */
export function inputsFingerprint(j: Judge, game: GameRow, phases: PhaseRow[]): string {
  const q = (sql: string, ...a: unknown[]) => j.db.prepare(sql).get(...a);
  return JSON.stringify([
    ...phases.map((phase) => [
      q(
        'SELECT max(id) AS m, count(*) AS n FROM submissions WHERE game_id = ? AND phase_number = ?',
        game.id,
        phase.number,
      ),
      q(
        'SELECT max(id) AS m, count(*) AS n FROM messages WHERE game_id = ? AND phase_number = ?',
        game.id,
        phase.number,
      ),
      q(
        'SELECT max(id) AS m, count(*) AS n FROM gm_inputs WHERE game_id = ? AND phase_number = ?',
        game.id,
        phase.number,
      ),
      q(
        'SELECT id, deadline, seed, processed_at, superseded_by, gm_opened_at, gm_deadline, gm_hold, gm_released_at FROM phases WHERE id = ?',
        phase.id,
      ),
    ]),
    j.db
      .prepare('SELECT id, status, nmr_streak, email, lang, name FROM players WHERE game_id = ? ORDER BY id')
      .all(game.id),
    q('SELECT status, paused_at, gm_email, title, lang, setup_json FROM games WHERE id = ?', game.id),
    q('SELECT max(id) AS m FROM phases WHERE game_id = ?', game.id),
  ]);
}

/**
 * Adjudicate the current phase of a game. All or nothing: one IMMEDIATE
 * write transaction, so that no order mail can slip in between reading the
 * orders and writing the result. The adjudication itself and the reports
 * (the slow part) are made before it, from a read snapshot, so that mail
 * intake never waits on them; the write transaction checks that the inputs
 * are still the same (else it adjudicates again) and only writes.
 * `scheduleFrom`: the moment the next phase's deadline counts from (default
 * now): a phase the judge adjudicates late is adjudicated as of when it was
 * due, so that the schedule keeps its rhythm (judge run, issue #28).
 */
export function processPhase(j: Judge, gameId: string, actor = 'cli', o: { scheduleFrom?: Date } = {}): ProcessResult {
  const game = requireGame(j.db, gameId);
  if (game.status === 'over') throw new Error(`game "${gameId}" is over`);
  if (game.status === 'paused') throw new Error(`game "${gameId}" is paused; resume it first`);
  const rules = getRules(game.kind);
  const open = (): PhaseRow => {
    const phase = currentPhase(j.db, gameId);
    if (!phase) throw new Error(`game "${gameId}" has no phase`);
    if (phase.processed_at) throw new Error(`phase ${phase.number} of "${gameId}" is already processed`);
    return phase;
  };
  const prepare = (phase: PhaseRow): Prepared =>
    prepareCommit(
      j,
      rules,
      game,
      phase,
      adjudicatePhase(j, rules, game, phase, phase.seed),
      false,
      undefined,
      o.scheduleFrom,
    );
  const commit = (phase: PhaseRow, p: Prepared): ProcessResult => {
    // The defaults the adjudication used are recorded with it (a rerun sees the same inputs).
    if (rules.gm) recordDefaults(j, game, phase, p.r.defaulted);
    countNmrs(j, rules, game, phase, p.r.before);
    const next = commitAdjudication(j, game, phase, p);
    audit(j.db, nowIso(j), actor, gameId, 'phase.process', { phase: phase.number, hash: next.state_hash });
    return { game: gameId, phase: phase.number, hash: next.state_hash, next };
  };
  const inside = (): ProcessResult =>
    j.db
      .transaction((): ProcessResult => {
        const phase = open();
        return commit(phase, prepare(phase));
      })
      .immediate();
  // Called inside another transaction (a GM's PROCESS by mail): the lock is held already.
  if (j.db.inTransaction) return inside();
  for (let attempt = 0; attempt < 3; attempt++) {
    // A read transaction: one consistent snapshot, no write lock (WAL).
    const snap = j.db.transaction(() => {
      const phase = open();
      const fingerprint = inputsFingerprint(j, game, [phase]);
      fault('process:adjudicate');
      const prepared = prepare(phase);
      fault('process:prepared'); // adjudicated and every report rendered, no write lock held
      return { phase, fingerprint, prepared };
    })();
    const done = j.db
      .transaction((): ProcessResult | null => {
        const phase = open();
        if (phase.id !== snap.phase.id || inputsFingerprint(j, game, [phase]) !== snap.fingerprint) return null;
        return commit(phase, snap.prepared);
      })
      .immediate();
    if (done) return done;
  }
  // Orders keep arriving while it adjudicates: take the lock for the whole of it.
  return inside();
}
