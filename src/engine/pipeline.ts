// The turn pipeline: create a game, adjudicate its current phase in ONE
// transaction (next phase's snapshot + hash + every report queued), and rerun
// phases from their recorded snapshots, orders and seeds.
import { InputError } from '../errors.js';
import { createHash, randomBytes } from 'node:crypto';
import type { Judge } from '../context.js';
import { nowIso } from '../context.js';
import { getRules } from '../games/registry.js';
import { audit } from '../store/audit.js';
import {
  getGame,
  getPlayer,
  insertGame,
  insertPlayer,
  listPlayers,
  requireGame,
  seatOf,
  setGameStatus,
  type GameRow,
  isPlaying,
  type PlayerRow,
} from '../store/games.js';
import { hashPassword } from '../store/passwords.js';
import {
  currentPhase,
  insertPhase,
  livePhase,
  livePhases,
  markProcessed,
  supersede,
  type PhaseRow,
} from '../store/phases.js';
import { insertSubmission, liveSubmissions, playerSubmissions } from '../store/submissions.js';
import { currentOrders } from './orders.js';
import { phaseMessages } from '../store/messages.js';
import { insertReports, renderReports, type NextPhase, type RenderedReport } from './reports.js';
import { fault } from './faults.js';
import { stateHash, canonicalJson } from './hash.js';
import { phaseSeed, SeededRng } from './rng.js';
import { seatLang, SetupError, setupWarnings, validateSetup } from './setup-file.js';
import type { AnyRules, DecisionSpec, GameEvent, PlayerId } from './types.js';
import { generatePassword } from './passwords.js';
import { nextDeadline } from './schedule.js';
import { gameSettings } from './settings.js';
import { genderedSeat } from './seats.js';
export { gameSettings } from './settings.js';
import { queueNotice } from './notices.js';
import { GAME_ID, gameIdMessage } from './ids.js';
import { GmWaitError, phaseGm, recordDefaults, recordedGmOnly, recordGmLines } from './gm-loop.js';

export interface CreateGameInput {
  id: string;
  kind: string;
  setup: unknown;
  setupFile?: string;
  seed?: string;
  actor: string;
}

export interface CreatedGame {
  game: GameRow;
  phase: PhaseRow;
  /** Passwords the judge generated for seats that had none: shown once, stored hashed. */
  generatedPasswords: Record<string, string>;
  /** Setup mistakes that do not stop the game but would have no effect (setupWarnings): shown to the GM, kept in the audit log. */
  warnings: string[];
}

function deadlineFor(j: Judge, game: GameRow, kind: string, previous: string | null): string | null {
  const s = gameSettings(game);
  return (
    nextDeadline(s.schedule, s.timezone, kind, j.clock(), previous ? new Date(previous) : null)?.toISOString() ?? null
  );
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
  // 128 random bits: the seed is the secret every roll comes from (src/engine/dice-trust.ts), too many to guess from its commitment.
  const seed = input.seed ?? randomBytes(16).toString('hex');
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
      seats: players.map((p) => p.id),
      ...(warnings.length ? { warnings } : {}),
    });
  })();
  return {
    game: requireGame(j.db, input.id),
    phase: livePhase(j.db, input.id, 1)!,
    generatedPasswords: generated,
    warnings,
  };
}

/**
 * The orders a phase is adjudicated with, keyed by player: each playing
 * player's live submission; for one who sent none, what the game kind makes
 * of their previous orders (FanDi keeps the cities' investment plan) unless
 * the GM turned that off; ejected and out players give none. `states` gives
 * the snapshots of phases not written yet (a rerun computed in memory).
 */
export function recordedOrders(
  j: Judge,
  rules: AnyRules,
  game: GameRow,
  phase: number,
  states?: ReadonlyMap<number, string>,
): Map<PlayerId, unknown[]> {
  const playing = listPlayers(j.db, game.id)
    .filter(isPlaying)
    .map((p) => p.id);
  const repeat = rules.nmrOrders && gameSettings(game).nmr.repeat;
  const m = new Map<PlayerId, unknown[]>();
  const parsed = new Map<number, unknown>();
  const stateOf = (n: number) => {
    if (!parsed.has(n)) parsed.set(n, JSON.parse(states?.get(n) ?? livePhase(j.db, game.id, n)!.state_json));
    return parsed.get(n);
  };
  const applied = (player: PlayerId, n: number): unknown[] | null => {
    const subs = playerSubmissions(j.db, game.id, n, player);
    if (subs.length) return currentOrders(rules, stateOf(n), subs).orders;
    if (!repeat || n <= 1) return null;
    const before = applied(player, n - 1);
    return before ? rules.nmrOrders!(before) : null;
  };
  for (const id of playing) {
    const o = applied(id, phase);
    if (o && o.length) m.set(id, o);
  }
  return m;
}

/** The playing seats the game expects orders from in this state. */
export function expectedPlayers(rules: AnyRules, state: unknown, players: PlayerRow[]): PlayerRow[] {
  return players.filter((p) => isPlaying(p) && (rules.expectsOrders?.(state, p.id) ?? true));
}

/** Count missed phases; a position missed too often is offered for replacement (GM told). `state`: the phase's, parsed. */
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
  if (gm && gm.resolved.missing.length) throw new GmWaitError(game.id, phase.number, gm.resolved.missing);
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
interface Prepared {
  r: Adjudicated;
  next: NextPhase & Pick<PhaseRow, 'kind' | 'label' | 'state_hash'> & { over: boolean };
  reports: RenderedReport[];
}

/**
 * Everything a commit writes, computed from reads only (before the write
 * transaction): the next phase's row and the reports. `nextRow`: the seed and
 * deadline the next row keeps (a rerun keeps the old row's); else new ones.
 */
function prepareCommit(
  j: Judge,
  rules: AnyRules,
  game: GameRow,
  phase: PhaseRow,
  r: Adjudicated,
  correction: boolean,
  nextRow?: Pick<PhaseRow, 'seed' | 'deadline'>,
): Prepared {
  const info = rules.phase(r.state);
  const next = {
    number: phase.number + 1,
    kind: info.kind,
    label: info.label,
    deadline: nextRow ? nextRow.deadline : info.over ? null : deadlineFor(j, game, info.kind, phase.deadline),
    seed: nextRow?.seed ?? phaseSeed(game.seed, phase.number + 1),
    state_json: r.stateJson,
    state_hash: r.hash,
    over: !!info.over,
  };
  return { r, next, reports: renderReports(j, rules, game, phase, next, r.events, correction) };
}

/** Write a prepared adjudication: mark the phase processed, add the next phase, queue the reports. Inside a transaction; writes only. */
function commitAdjudication(j: Judge, game: GameRow, phase: PhaseRow, p: Prepared): PhaseRow {
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
function inputsFingerprint(j: Judge, game: GameRow, phases: PhaseRow[]): string {
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
 */
export function processPhase(j: Judge, gameId: string, actor = 'cli'): ProcessResult {
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
    prepareCommit(j, rules, game, phase, adjudicatePhase(j, rules, game, phase, phase.seed), false);
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

export interface RerunStep {
  phase: number;
  oldHash: string | null;
  newHash: string;
  same: boolean;
}

/**
 * Re-adjudicate phase `from` and every processed phase after it, from the
 * snapshot before `from`, with the recorded orders and seeds (new seeds with
 * reseed). The old rows are superseded; corrected reports are queued.
 */
export interface RerunOptions {
  reseed?: boolean;
  actor?: string;
  /** Replace a player's orders for phase `from` first (the GM's correction). */
  replaceOrders?: { player: string; text: string };
  /** GM lines (DECIDE A1.dif 2, NARRATIVE …) recorded for phase `from` first: a rerun with a corrected decision. */
  gmLines?: string[];
  /** Called after each re-adjudicated phase (progress bars). */
  onStep?: (step: RerunStep, total: number) => void;
}

/** The live phases a rerun from `from` replaces, checked. */
function rerunRows(j: Judge, gameId: string, from: number): { first: PhaseRow; old: PhaseRow[] } {
  const rows = livePhases(j.db, gameId);
  const first = rows.find((p) => p.number === from);
  if (!first) throw new InputError(`game "${gameId}" has no phase ${from}`);
  if (!first.processed_at)
    throw new InputError(`phase ${from} of "${gameId}" is not processed yet; use \`judge process\``);
  return { first, old: rows.filter((p) => p.number >= from) };
}

/** A rerun computed from a read snapshot: every phase re-adjudicated and its reports rendered, nothing written. */
interface RerunPlan {
  first: PhaseRow;
  old: PhaseRow[];
  fingerprint: string;
  /** The new first row's seed; each step's adjudication, made ready to write. */
  firstSeed: string;
  steps: { step: RerunStep; prepared: Prepared }[];
}

function planRerun(
  j: Judge,
  rules: AnyRules,
  gameId: string,
  from: number,
  o: RerunOptions,
  report: boolean,
): RerunPlan {
  const game = requireGame(j.db, gameId);
  const { first, old } = rerunRows(j, gameId, from);
  const fingerprint = inputsFingerprint(j, game, old);
  const lastProcessed = Math.max(...old.filter((p) => p.processed_at).map((p) => p.number));
  const rerunCount = (
    j.db.prepare("SELECT count(*) AS n FROM audit WHERE game_id = ? AND action = 'phase.rerun'").get(gameId) as {
      n: number;
    }
  ).n;
  const seedOf = (p: PhaseRow) => (o.reseed ? phaseSeed(game.seed, p.number, rerunCount + 1) : p.seed);
  // The rows the rerun will write, in memory: the new first row is a copy of the old one (as insertPhase copies it).
  let row: PhaseRow = {
    ...first,
    id: 0,
    seed: seedOf(first),
    rng_state: null,
    result_hash: null,
    events_json: null,
    processed_at: null,
    superseded_by: null,
    gm_opened_at: null,
    gm_deadline: null,
    gm_hold: 0,
    gm_released_at: null,
  };
  const states = new Map<number, string>();
  const steps: RerunPlan['steps'] = [];
  for (let n = from; n <= lastProcessed; n++) {
    const prev = old.find((p) => p.number === n)!;
    states.set(n, row.state_json);
    const r = adjudicatePhase(j, rules, game, row, row.seed, { states });
    // The new row of n+1 keeps the old row's deadline and (unless reseeded) seed.
    const oldNext = old.find((p) => p.number === n + 1);
    const prepared = prepareCommit(
      j,
      rules,
      game,
      row,
      r,
      true,
      oldNext ? { seed: seedOf(oldNext), deadline: oldNext.deadline } : undefined,
    );
    const step = { phase: n, oldHash: prev.result_hash, newHash: r.hash, same: prev.result_hash === r.hash };
    steps.push({ step, prepared });
    if (report) o.onStep?.(step, lastProcessed - from + 1);
    row = {
      ...row,
      ...prepared.next,
      id: 0,
      rng_state: null,
      result_hash: null,
      events_json: null,
      processed_at: null,
    };
  }
  return { first, old, fingerprint, firstSeed: seedOf(first), steps };
}

/** Write a planned rerun: supersede the old rows, write the new ones and the corrected reports. Inside a transaction; writes only. */
function writeRerun(
  j: Judge,
  rules: AnyRules,
  gameId: string,
  from: number,
  o: RerunOptions,
  plan: RerunPlan,
): RerunStep[] {
  const game = requireGame(j.db, gameId);
  const at = nowIso(j);
  const { first, old } = plan;
  // Take the old rows out of the live set (the live number index is unique);
  // they point at the new first row once it exists.
  supersede(
    j.db,
    old.map((p) => p.id),
    first.id,
  );
  const newFirst = insertPhase(j.db, { ...first, seed: plan.firstSeed, created_at: at });
  supersede(
    j.db,
    old.map((p) => p.id),
    newFirst,
  );
  if (game.status === 'over') setGameStatus(j.db, gameId, 'active');
  let row = livePhase(j.db, gameId, from)!;
  for (const { prepared } of plan.steps) {
    if (rules.gm) recordDefaults(j, game, row, prepared.r.defaulted);
    row = commitAdjudication(j, game, row, prepared);
  }
  const steps = plan.steps.map((s) => s.step);
  audit(j.db, at, o.actor ?? 'cli', gameId, 'phase.rerun', {
    from,
    reseed: !!o.reseed,
    replacedOrders: o.replaceOrders?.player ?? null,
    gmLines: o.gmLines ?? [],
    steps,
  });
  return steps;
}

/**
 * A rerun is computed like a phase: the GM's corrections (replaced orders, GM
 * lines) are recorded first in a short transaction of their own (a bad line
 * records nothing); the re-adjudication and the corrected reports are made from
 * a read snapshot; one short IMMEDIATE transaction checks that no input changed
 * since (else it computes again, at most three times, then under the lock) and
 * writes. So mail intake never waits on a long rerun.
 */
export function rerun(j: Judge, gameId: string, from: number, o: RerunOptions = {}): RerunStep[] {
  const game = requireGame(j.db, gameId);
  const rules = getRules(game.kind);
  if (o.replaceOrders || o.gmLines?.length)
    j.db
      .transaction(() => {
        const { first } = rerunRows(j, gameId, from);
        if (o.replaceOrders) {
          const player = getPlayer(j.db, gameId, o.replaceOrders.player);
          if (!player) throw new InputError(`game "${gameId}" has no player "${o.replaceOrders.player}"`);
          const parsed = rules.parseOrders(o.replaceOrders.text, {
            state: JSON.parse(first.state_json),
            player: player.id,
            lang: player.lang,
          });
          insertSubmission(j.db, {
            game_id: gameId,
            phase_number: from,
            player_id: player.id,
            inbound_id: null,
            text: o.replaceOrders.text,
            orders_json: JSON.stringify(parsed.orders),
            errors_json: JSON.stringify(parsed.errors),
            echo_json: JSON.stringify(parsed.echo),
            received_at: nowIso(j),
          });
        }
        if (o.gmLines?.length) {
          const res = recordGmLines(j, game, first, o.gmLines, o.actor ?? 'cli', null);
          const bad = res.filter((r) => !r.ok);
          if (bad.length) throw new InputError(bad.map((r) => `${r.text}: ${r.result}`).join('\n'));
        }
      })
      .immediate();
  const underLock = () =>
    j.db
      .transaction(() => writeRerun(j, rules, gameId, from, o, planRerun(j, rules, gameId, from, o, false)))
      .immediate();
  if (j.db.inTransaction) return underLock();
  for (let attempt = 0; attempt < 3; attempt++) {
    // A read transaction: one consistent snapshot, no write lock (WAL).
    const plan = j.db.transaction(() => {
      const p = planRerun(j, rules, gameId, from, o, attempt === 0);
      fault('rerun:planned'); // every phase re-adjudicated and its reports rendered, no write lock held
      return p;
    })();
    const done = j.db
      .transaction((): RerunStep[] | null => {
        const { old } = rerunRows(j, gameId, from);
        if (
          old.map((p) => p.id).join() !== plan.old.map((p) => p.id).join() ||
          inputsFingerprint(j, game, old) !== plan.fingerprint
        )
          return null;
        return writeRerun(j, rules, gameId, from, o, plan);
      })
      .immediate();
    if (done) return done;
  }
  return underLock();
}
