// The turn pipeline: create a game, and adjudicate its current phase in ONE
// transaction (next phase's snapshot + hash + every report queued). Reruns
// from the recorded snapshots, orders and seeds are src/engine/rerun.ts.
import { createHash } from 'node:crypto';
import type { Judge } from '../context.js';
import { nowIso } from '../context.js';
import { getRules } from './kinds.js';
import { audit } from '../store/audit.js';
import { listPlayers, requireGame, setGameStatus, type GameRow } from '../store/games.js';
import { currentPhase, insertPhase, livePhase, markProcessed, type PhaseRow } from '../store/phases.js';
import { liveSubmissions } from '../store/submissions.js';
import { phaseMessages } from '../store/messages.js';
import { insertReports, renderReports, type NextPhase, type RenderedReport } from './reports.js';
import { GmError } from '../errors.js';
import { fault } from './faults.js';
import { canonicalJson } from './hash.js';
import { sharedState } from './shared-json.js';
import { phaseSeed, SeededRng } from './rng.js';
import type { AnyRules, DecisionSpec, GameEvent } from './types.js';
import { deadlineFor } from './next-deadline.js';
import { gameSettings } from './settings.js';
export { gameSettings } from './settings.js';
import { queueNotice } from './notices.js';
import { queueFinalMails, renderFinalMails } from './final.js';
import { GmWaitError, phaseGm, recordDefaults, recordedGmOnly } from './gm-phase.js';
import { expectedPlayers, recordedOrders } from './recorded-orders.js';
import { absentAt } from './absence.js';

/** Count missed phases; a position missed too often is offered for replacement (GM told). `state`: the phase's, parsed. */
function countNmrs(j: Judge, rules: AnyRules, game: GameRow, phase: PhaseRow, state: unknown): void {
  const sent = new Set(liveSubmissions(j.db, game.id, phase.number).map((s) => s.player_id));
  const limit = gameSettings(game).nmr.abandonAfter;
  // A player away at the deadline (a granted ABSENCE, issue #31) misses no phase: the kind's NMR rule still applies.
  const away = absentAt(j, game.id, phase.deadline);
  for (const p of expectedPlayers(rules, state, listPlayers(j.db, game.id))) {
    if (away.has(p.id.toLowerCase()) && !sent.has(p.id)) continue;
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
  /** The kind's own ending (the next phase is over): every reader's final mail (final.ts). */
  finals?: ReturnType<typeof renderFinalMails>;
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
  const reports = renderReports(j, rules, game, phase, next, r.events, correction);
  const finals = next.over
    ? renderFinalMails(
        j,
        game,
        { state: r.state, events: r.events, phase: next.number, before: sharedState(phase) },
        false,
      )
    : undefined;
  return { r, next, reports, ...(finals ? { finals } : {}) };
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
  if (p.next.over) {
    setGameStatus(j.db, game.id, 'over');
    if (p.finals) queueFinalMails(j, game, p.finals);
  }
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
  if (game.status === 'over') throw new GmError(`game "${gameId}" is over`, 'not-active-over');
  if (game.status === 'paused') throw new GmError(`game "${gameId}" is paused; resume it first`, 'not-active-paused');
  const rules = getRules(game.kind);
  const open = (): PhaseRow => {
    const phase = currentPhase(j.db, gameId);
    if (!phase) throw new GmError(`game "${gameId}" has no phase`, 'no-phase');
    if (phase.processed_at) throw new GmError(`phase ${phase.number} of "${gameId}" is already processed`, 'no-phase');
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
