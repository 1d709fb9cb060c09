// `judge rerun`: re-adjudicate a phase and every processed phase after it
// from the recorded snapshot, orders, GM inputs and seeds; the old rows are
// superseded and corrected reports queued.
import { GmError } from '../errors.js';
import type { Judge } from '../context.js';
import { nowIso } from '../context.js';
import { getRules } from './kinds.js';
import { audit } from '../store/audit.js';
import { getPlayer, requireGame, setGameStatus } from '../store/games.js';
import { insertPhase, livePhase, livePhases, supersede, type PhaseRow } from '../store/phases.js';
import { insertSubmission } from '../store/submissions.js';
import { fault } from './faults.js';
import { phaseSeed } from './rng.js';
import type { AnyRules } from './types.js';
import { recordGmLines } from './gm-loop.js';
import { recordDefaults } from './gm-phase.js';
import { adjudicatePhase, commitAdjudication, inputsFingerprint, prepareCommit, type Prepared } from './pipeline.js';

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
  if (!first) throw new GmError(`game "${gameId}" has no phase ${from}`, 'no-such-phase', { phase: from });
  if (!first.processed_at)
    throw new GmError(`phase ${from} of "${gameId}" is not processed yet; use \`judge process\``, 'not-processed', {
      phase: from,
    });
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
          if (!player)
            throw new GmError(`game "${gameId}" has no player "${o.replaceOrders.player}"`, 'no-player', {
              player: o.replaceOrders.player,
            });
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
          if (bad.length) {
            // The results are the GM's language already (recordGmLines).
            const lines = bad.map((r) => `${r.text}: ${r.result}`).join('\n');
            throw new GmError(lines, 'lines', { lines });
          }
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
