// The turn pipeline: create a game, adjudicate its current phase in ONE
// transaction (next phase's snapshot + hash + every report queued), and rerun
// phases from their recorded snapshots, orders and seeds.
import { InputError } from '../errors.js';
import { randomBytes } from 'node:crypto';
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
import { queueReports } from './reports.js';
import { fault } from './faults.js';
import { stateHash, canonicalJson } from './hash.js';
import { phaseSeed, SeededRng } from './rng.js';
import { seatLang, SetupError, setupWarnings, validateSetup } from './setup-file.js';
import type { AnyRules, GameEvent, PlayerId } from './types.js';
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
  return nextDeadline(s.schedule, s.timezone, kind, j.clock(), previous ? new Date(previous) : null)?.toISOString() ?? null;
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
    const { lang: _l, gm: _g, timezone: _t, schedule: _s, nmr: _n, auth: _a, seats, ...game } = input.setup as Record<string, unknown>;
    const parsed = rules.setupSchema.safeParse(game);
    if (!parsed.success || !Array.isArray(seats)) throw e;
    const asWritten = seats
      .filter((x): x is Record<string, unknown> => !!x && typeof x === 'object' && typeof (x as { id?: unknown }).id === 'string')
      .map((x) => ({ id: String(x.id), name: String(x.name ?? x.id), email: String(x.email ?? ''), lang: (x.lang as PlayerRow['lang']) ?? rules.defaultLang }));
    try {
      rules.setup(parsed.data, asWritten, new SeededRng(phaseSeed('check', 0)));
    } catch (g) {
      throw new SetupError(e.file, [...e.problems, ...(g as Error).message.split('\n').filter((l) => l.trim())]);
    }
    throw e;
  }
}

export function createGame(j: Judge, input: CreateGameInput): CreatedGame {
  if (!GAME_ID.test(input.id)) throw new SetupError(input.setupFile ?? 'game id', [`game id "${input.id}": ${gameIdMessage}`]);
  if (getGame(j.db, input.id)) throw new SetupError(input.setupFile ?? 'game id', [`a game "${input.id}" exists already`]);
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
    state = rules.setup(gameSetup, players.map((p, i) => genderedSeat(seatOf(p), common.seats[i]!.gender)), new SeededRng(phaseSeed(seed, 0)));
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
    audit(j.db, at, input.actor, input.id, 'game.create', { kind: input.kind, seed, seats: players.map((p) => p.id), ...(warnings.length ? { warnings } : {}) });
  })();
  return { game: requireGame(j.db, input.id), phase: livePhase(j.db, input.id, 1)!, generatedPasswords: generated, warnings };
}

/**
 * The orders a phase is adjudicated with, keyed by player: each playing
 * player's live submission; for one who sent none, what the game kind makes
 * of their previous orders (FanDi keeps the cities' investment plan) unless
 * the GM turned that off; ejected and out players give none.
 */
export function recordedOrders(j: Judge, rules: AnyRules, game: GameRow, phase: number): Map<PlayerId, unknown[]> {
  const playing = listPlayers(j.db, game.id).filter(isPlaying).map((p) => p.id);
  const repeat = rules.nmrOrders && gameSettings(game).nmr.repeat;
  const m = new Map<PlayerId, unknown[]>();
  const states = new Map<number, unknown>();
  const stateOf = (n: number) => {
    if (!states.has(n)) states.set(n, JSON.parse(livePhase(j.db, game.id, n)!.state_json));
    return states.get(n);
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

/** Count missed phases; a position missed too often is offered for replacement (GM told). */
function countNmrs(j: Judge, rules: AnyRules, game: GameRow, phase: PhaseRow): void {
  const sent = new Set(liveSubmissions(j.db, game.id, phase.number).map((s) => s.player_id));
  const limit = gameSettings(game).nmr.abandonAfter;
  const state = JSON.parse(phase.state_json);
  for (const p of expectedPlayers(rules, state, listPlayers(j.db, game.id))) {
    if (sent.has(p.id)) {
      j.db.prepare("UPDATE players SET nmr_streak = 0, status = 'active' WHERE game_id = ? AND id = ?").run(game.id, p.id);
      continue;
    }
    const streak = p.nmr_streak + 1;
    j.db.prepare('UPDATE players SET nmr_streak = ?, nmr_total = nmr_total + 1 WHERE game_id = ? AND id = ?').run(streak, game.id, p.id);
    if (streak >= limit && p.status === 'active') {
      j.db.prepare("UPDATE players SET status = 'abandoned' WHERE game_id = ? AND id = ?").run(game.id, p.id);
      queueNotice(j, game, 'abandoned', `${p.id}:${phase.id}`, ['gm', p], { player: { id: p.id, name: p.name, email: p.email }, missed: streak });
    }
  }
}

interface Adjudicated {
  state: unknown;
  events: GameEvent[];
  rngState: string;
}

/**
 * Adjudicate a phase in memory from its snapshot, recorded orders, messages and
 * GM inputs (decisions the GM left open take their defaults, recorded as the
 * judge's; one without a default stops it: GmWaitError).
 */
export function adjudicatePhase(j: Judge, rules: AnyRules, game: GameRow, phase: PhaseRow, seed: string, o: { recordDefaults?: boolean } = {}): Adjudicated {
  const rng = new SeededRng(seed);
  const before = JSON.parse(phase.state_json);
  const orders = recordedOrders(j, rules, game, phase.number);
  const gm = rules.gm ? phaseGm(j, rules, game, phase, before, orders) : null;
  if (gm && gm.resolved.missing.length) throw new GmWaitError(game.id, phase.number, gm.resolved.missing);
  if (gm && o.recordDefaults) recordDefaults(j, game, phase, gm.resolved.defaulted);
  const result = rules.adjudicate(before, orders, rng, {
    phase: phase.number,
    deadline: phase.deadline,
    messages: phaseMessages(j.db, game.id, phase.number),
    gm: gm?.resolved.inputs ?? recordedGmOnly(j, game, phase),
  });
  return { state: result.state, events: result.events, rngState: JSON.stringify(rng.state()) };
}

/** Write an adjudication: mark the phase processed, add the next phase, queue reports. Inside a transaction. */
function commitAdjudication(j: Judge, rules: AnyRules, game: GameRow, phase: PhaseRow, r: Adjudicated, correction: boolean): PhaseRow {
  const at = nowIso(j);
  const hash = stateHash(r.state);
  markProcessed(j.db, phase.id, { rng_state: r.rngState, result_hash: hash, events_json: canonicalJson(r.events), processed_at: at });
  fault('process:after-adjudicate');
  const info = rules.phase(r.state);
  insertPhase(j.db, {
    game_id: game.id,
    number: phase.number + 1,
    kind: info.kind,
    label: info.label,
    deadline: info.over ? null : deadlineFor(j, game, info.kind, phase.deadline),
    seed: phaseSeed(game.seed, phase.number + 1),
    state_json: canonicalJson(r.state),
    state_hash: hash,
    created_at: at,
  });
  const next = livePhase(j.db, game.id, phase.number + 1)!;
  queueReports(j, rules, game, phase, next, r.events, correction);
  fault('process:after-reports');
  if (info.over) setGameStatus(j.db, game.id, 'over');
  return next;
}

export interface ProcessResult {
  game: string;
  phase: number;
  hash: string;
  next: PhaseRow;
}

/**
 * What a phase's adjudication depends on besides its snapshot: if this is the
 * same before and after, an adjudication made in between is still the right one.
 */
function inputsFingerprint(j: Judge, game: GameRow, phase: PhaseRow): string {
  const q = (sql: string, ...a: unknown[]) => j.db.prepare(sql).get(...a);
  return JSON.stringify([
    q('SELECT max(id) AS m, count(*) AS n FROM submissions WHERE game_id = ? AND phase_number = ?', game.id, phase.number),
    q('SELECT max(id) AS m, count(*) AS n FROM messages WHERE game_id = ? AND phase_number = ?', game.id, phase.number),
    q('SELECT max(id) AS m, count(*) AS n FROM gm_inputs WHERE game_id = ? AND phase_number = ?', game.id, phase.number),
    j.db.prepare('SELECT id, status, nmr_streak FROM players WHERE game_id = ? ORDER BY id').all(game.id),
    q('SELECT status, paused_at FROM games WHERE id = ?', game.id),
    q('SELECT id, deadline, processed_at, superseded_by, gm_opened_at, gm_deadline, gm_hold, gm_released_at FROM phases WHERE id = ?', phase.id),
  ]);
}

/**
 * Adjudicate the current phase of a game. All or nothing: one IMMEDIATE
 * write transaction, so that no order mail can slip in between reading the
 * orders and writing the result. The adjudication itself (the slow part) is
 * done before it, from a read snapshot, so that mail intake never waits on
 * it; the write transaction checks that the inputs are still the same (else
 * it adjudicates again) and only writes.
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
  const commit = (phase: PhaseRow, r: Adjudicated): ProcessResult => {
    countNmrs(j, rules, game, phase);
    const next = commitAdjudication(j, rules, game, phase, r, false);
    audit(j.db, nowIso(j), actor, gameId, 'phase.process', { phase: phase.number, hash: next.state_hash });
    return { game: gameId, phase: phase.number, hash: next.state_hash, next };
  };
  const inside = (): ProcessResult =>
    j.db.transaction((): ProcessResult => {
      const phase = open();
      return commit(phase, adjudicatePhase(j, rules, game, phase, phase.seed, { recordDefaults: true }));
    }).immediate();
  // Called inside another transaction (a GM's PROCESS by mail): the lock is held already.
  if (j.db.inTransaction) return inside();
  for (let attempt = 0; attempt < 3; attempt++) {
    // A read transaction: one consistent snapshot, no write lock (WAL).
    const snap = j.db.transaction(() => {
      const phase = open();
      const fingerprint = inputsFingerprint(j, game, phase);
      fault('process:adjudicate');
      return { phase, fingerprint, r: adjudicatePhase(j, rules, game, phase, phase.seed) };
    })();
    const done = j.db.transaction((): ProcessResult | null => {
      const phase = open();
      if (phase.id !== snap.phase.id || inputsFingerprint(j, game, phase) !== snap.fingerprint) return null;
      // The defaults the adjudication used are recorded with it (a rerun sees the same inputs).
      if (rules.gm) recordDefaults(j, game, phase, phaseGm(j, rules, game, phase).resolved.defaulted);
      return commit(phase, snap.r);
    }).immediate();
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

export function rerun(j: Judge, gameId: string, from: number, o: RerunOptions = {}): RerunStep[] {
  const game = requireGame(j.db, gameId);
  const rules = getRules(game.kind);
  return j.db.transaction((): RerunStep[] => {
    const rows = livePhases(j.db, gameId);
    const first = rows.find((p) => p.number === from);
    if (!first) throw new InputError(`game "${gameId}" has no phase ${from}`);
    if (!first.processed_at) throw new InputError(`phase ${from} of "${gameId}" is not processed yet; use \`judge process\``);
    const old = rows.filter((p) => p.number >= from);
    if (o.replaceOrders) {
      const player = getPlayer(j.db, gameId, o.replaceOrders.player);
      if (!player) throw new InputError(`game "${gameId}" has no player "${o.replaceOrders.player}"`);
      const parsed = rules.parseOrders(o.replaceOrders.text, { state: JSON.parse(first.state_json), player: player.id, lang: player.lang });
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
    const lastProcessed = Math.max(...old.filter((p) => p.processed_at).map((p) => p.number));
    const at = nowIso(j);
    const rerunCount = (j.db.prepare("SELECT count(*) AS n FROM audit WHERE game_id = ? AND action = 'phase.rerun'").get(gameId) as { n: number }).n;
    const seedOf = (p: PhaseRow) => (o.reseed ? phaseSeed(game.seed, p.number, rerunCount + 1) : p.seed);
    // Take the old rows out of the live set (the live number index is unique);
    // they point at the new first row once it exists.
    supersede(j.db, old.map((p) => p.id), first.id);
    const newFirst = insertPhase(j.db, { ...first, seed: seedOf(first), created_at: at });
    supersede(j.db, old.map((p) => p.id), newFirst);
    if (game.status === 'over') setGameStatus(j.db, gameId, 'active');
    const steps: RerunStep[] = [];
    let row = livePhase(j.db, gameId, from)!;
    for (let n = from; n <= lastProcessed; n++) {
      const prev = old.find((p) => p.number === n)!;
      const next = commitAdjudication(j, rules, game, row, adjudicatePhase(j, rules, game, row, row.seed, { recordDefaults: true }), true);
      const step = { phase: n, oldHash: prev.result_hash, newHash: next.state_hash, same: prev.result_hash === next.state_hash };
      steps.push(step);
      o.onStep?.(step, lastProcessed - from + 1);
      // The new row of n+1 keeps the old row's deadline and (unless reseeded) seed.
      const oldNext = old.find((p) => p.number === n + 1);
      if (oldNext) {
        j.db.prepare('UPDATE phases SET seed = ?, deadline = ? WHERE id = ?').run(seedOf(oldNext), oldNext.deadline, next.id);
      }
      row = livePhase(j.db, gameId, n + 1)!;
    }
    audit(j.db, at, o.actor ?? 'cli', gameId, 'phase.rerun', { from, reseed: !!o.reseed, replacedOrders: o.replaceOrders?.player ?? null, gmLines: o.gmLines ?? [], steps });
    return steps;
  }).immediate();
}
