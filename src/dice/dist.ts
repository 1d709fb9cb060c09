// Exact distributions of a spec: integer counts over every equally likely roll
// (BigInt: 100d1000 has 1000^100 rolls). Sums by exact convolution, then the
// same rule functions as roll.ts map sums to results and results to outcomes.
import { formatSpec, type Advantage, type DiceSpec, type SuccessSpec } from './spec.js';
import { medianOutcome, opposedOutcome, widen, type MedianInput, type OpposedInput } from './gauss.js';
import { countCheck, teamDifficulty, trialDifficulty, type TrialCount, type TrialRule } from './trial.js';
import { SUCCESS_OUTCOMES } from './tables.js';
import { attemptsOf, diceCount, faceValues, outcomeOf, outcomesOf, resultOf } from './rules.js';
import type { OutcomeKey } from './tables.js';

export interface DistRow {
  /** A result, an outcome key for a check (vs:), or a mechanic's outcome (inside, high, hit, success-3 …). */
  value: number | OutcomeKey | string;
  count: bigint;
  total: bigint;
  p: number;
}

export interface Distribution {
  /** The canonical spec text. */
  spec: string;
  kind: 'values' | 'outcomes' | 'mechanic';
  /** The number of equally likely rolls: sides^dice, squared with adv/dis. */
  total: bigint;
  rows: DistRow[];
}

/** A histogram over consecutive integers from `min`. */
interface Dense {
  min: number;
  counts: bigint[];
}

function histogram(values: readonly number[]): Dense {
  const min = Math.min(...values);
  const counts = Array.from({ length: Math.max(...values) - min + 1 }, () => 0n);
  for (const v of values) counts[v - min]! += 1n;
  return { min, counts };
}

/** a ⊛ f. When every face of f counts the same (a fair dN), a sliding window keeps it linear. */
function convolve(a: Dense, f: Dense): Dense {
  const n = a.counts.length + f.counts.length - 1;
  const out = Array.from({ length: n }, () => 0n);
  const c = f.counts[0]!;
  if (f.counts.every((x) => x === c)) {
    const prefix = [0n];
    for (const x of a.counts) prefix.push(prefix[prefix.length - 1]! + x);
    const w = f.counts.length;
    for (let k = 0; k < n; k++) {
      const lo = Math.max(0, k - w + 1);
      const hi = Math.min(k, a.counts.length - 1);
      out[k] = c * (prefix[hi + 1]! - prefix[lo]!);
    }
  } else {
    a.counts.forEach((x, i) => f.counts.forEach((y, j) => (out[i + j]! += x * y)));
  }
  return { min: a.min + f.min, counts: out };
}

/** Counts of each result of one attempt (no advantage). */
export function attemptCounts(spec: DiceSpec): Map<number, bigint> {
  const die = histogram(faceValues(spec));
  let sums: Dense = { min: 0, counts: [1n] };
  for (let i = 0; i < diceCount(spec); i++) sums = convolve(sums, die);
  const out = new Map<number, bigint>();
  sums.counts.forEach((c, i) => {
    if (c === 0n) return;
    const r = resultOf(spec, sums.min + i);
    out.set(r, (out.get(r) ?? 0n) + c);
  });
  return out;
}

/** Two independent attempts keeping the best (max) or the worst (min): P(max ≤ v) = P(≤ v)². */
export function keepOfTwo(counts: Map<number, bigint>, keep: 'adv' | 'dis'): Map<number, bigint> {
  const values = [...counts.keys()].sort((x, y) => (keep === 'adv' ? x - y : y - x));
  const out = new Map<number, bigint>();
  let below = 0n; // rolls on the losing side of v (≤ for max, ≥ for min), before v
  for (const v of values) {
    const upTo = below + counts.get(v)!;
    out.set(v, upTo * upTo - below * below);
    below = upTo;
  }
  return out;
}

/** count / total as a double, exact enough for any total. */
export function ratio(count: bigint, total: bigint): number {
  if (total <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(count) / Number(total);
  const scale = 10n ** 18n;
  return Number((count * scale) / total) / 1e18;
}

export function resultCounts(spec: DiceSpec): { counts: Map<number, bigint>; total: bigint } {
  const one = attemptCounts(spec);
  const counts = spec.advantage === 'none' ? one : keepOfTwo(one, spec.advantage);
  const total = [...one.values()].reduce((a, c) => a + c, 0n) ** BigInt(attemptsOf(spec));
  return { counts, total };
}

/** The exact distribution of the result, lowest value first (values that cannot occur are left out). */
export function valueDistribution(spec: DiceSpec): Distribution {
  const { counts, total } = resultCounts(spec);
  const rows = [...counts.entries()]
    .filter(([, c]) => c > 0n)
    .sort(([a], [b]) => a - b)
    .map(([value, count]) => ({ value, count, total, p: ratio(count, total) }));
  return { spec: formatSpec(spec), kind: 'values', total, rows };
}

/** The exact distribution of the outcome, lowest outcome first (all of them, even impossible ones); null without outcomes. */
export function outcomeDistribution(spec: DiceSpec): Distribution | null {
  const keys = outcomesOf(spec);
  if (keys.length === 0) return null;
  const { counts, total } = resultCounts(spec);
  const byOutcome = new Map<OutcomeKey, bigint>(keys.map((k) => [k, 0n]));
  for (const [r, c] of counts) {
    const o = outcomeOf(spec, r)!;
    byOutcome.set(o, byOutcome.get(o)! + c);
  }
  const rows = keys.map((value) => ({
    value,
    count: byOutcome.get(value)!,
    total,
    p: ratio(byOutcome.get(value)!, total),
  }));
  return { spec: formatSpec(spec), kind: 'outcomes', total, rows };
}

/** What `dice dist` shows: outcomes for a check (vs:), values otherwise. */
export function distribution(spec: DiceSpec): Distribution {
  return (spec.vs !== null ? outcomeDistribution(spec) : null) ?? valueDistribution(spec);
}

// ---------------------------------------------------------------------------
// The mechanics of 001 and 004 beyond one spec (src/dice/gauss.ts, trial.ts),
// by exact enumeration over the GaussD20 values' counts (8000 rolls each) and
// the success dice' outcome counts: median, opposed, team and trial outcomes.

/** Counts of each bare GaussD20 value (round(3d20/3)), out of 8000. */
export function gaussValueCounts(): Map<number, bigint> {
  return attemptCounts({ form: 'gauss20', modifier: 0, luck: null, vs: null, advantage: 'none' });
}

const GAUSS_TOTAL = () => [...gaussValueCounts().values()].reduce((a, c) => a + c, 0n);

function mechanic(spec: string, total: bigint, rows: [string, bigint][]): Distribution {
  return {
    spec,
    kind: 'mechanic',
    total,
    rows: rows.map(([value, count]) => ({ value, count, total, p: ratio(count, total) })),
  };
}

/** A median roll: below the window, inside, above; and success (inside, or outside for the inverse roll). */
export function medianDistribution(input: MedianInput): Distribution {
  const counts = { low: 0n, inside: 0n, high: 0n, success: 0n };
  for (const [v, c] of gaussValueCounts()) {
    const o = medianOutcome(input, v);
    counts[o.side] += c;
    if (o.success) counts.success += c;
  }
  const w = widen(input.window, input.modifier);
  return mechanic(`median ${w.low}-${w.high}${input.outside ? ' outside' : ''}`, GAUSS_TOTAL(), [
    ['low', counts.low],
    ['inside', counts.inside],
    ['high', counts.high],
    ['success', counts.success],
  ]);
}

/** An opposed check: the attack breaks through below or above the defender's window, or is held; 8000² equally likely rolls. */
export function opposedDistribution(input: OpposedInput): Distribution {
  const values = [...gaussValueCounts()];
  const counts = { low: 0n, inside: 0n, high: 0n };
  for (const [d, cd] of values) for (const [a, ca] of values) counts[opposedOutcome(input, d, a).side] += cd * ca;
  const t = GAUSS_TOTAL();
  const sign = (n: number) => (n >= 0 ? `+${n}` : `${n}`);
  return mechanic(`opposed attacker${sign(input.attackerBonus)} defender${sign(input.defenderBonus)}`, t * t, [
    ['hit-low', counts.low],
    ['held', counts.inside],
    ['hit-high', counts.high],
    ['hit', counts.low + counts.high],
  ]);
}

/** Outcome counts of one success-dice check of `pool` dice against `difficulty` (with advantage or disadvantage). */
export function successCheckCounts(
  pool: number,
  difficulty: number,
  advantage: Advantage = 'none',
): { counts: Map<OutcomeKey, bigint>; total: bigint } {
  const spec: SuccessSpec = { form: 'success', count: pool, vs: difficulty, advantage };
  const { counts, total } = resultCounts(spec);
  const out = new Map<OutcomeKey, bigint>();
  for (const [r, c] of counts) {
    const o = outcomeOf(spec, r)!;
    out.set(o, (out.get(o) ?? 0n) + c);
  }
  return { counts: out, total };
}

/** A team check (004): the participants' successes added against difficulty + 2 per participant. */
export function teamDistribution(pools: readonly number[], difficulty: number): Distribution {
  const die = attemptCounts({ form: 'success', count: 1, vs: null, advantage: 'none' });
  let sums = new Map<number, bigint>([[0, 1n]]);
  for (const pool of pools)
    for (let i = 0; i < pool; i++) {
      const next = new Map<number, bigint>();
      for (const [s, c] of sums) for (const [f, cf] of die) next.set(s + f, (next.get(s + f) ?? 0n) + c * cf);
      sums = next;
    }
  const vs = teamDifficulty(difficulty, pools.length);
  const spec: SuccessSpec = { form: 'success', count: 1, vs, advantage: 'none' };
  const byOutcome = new Map<OutcomeKey, bigint>(SUCCESS_OUTCOMES.map((o) => [o, 0n]));
  let total = 0n;
  for (const [s, c] of sums) {
    const o = outcomeOf(spec, s)!;
    byOutcome.set(o, byOutcome.get(o)! + c);
    total += c;
  }
  return mechanic(
    `team ${pools.join('+')} vs:${difficulty} (team difficulty ${vs})`,
    total,
    SUCCESS_OUTCOMES.map((o) => [o, byOutcome.get(o)!]),
  );
}

/**
 * A trial of success-dice checks (004) with `pool` dice each: how it ends
 * (success or failure) and after how many checks. Every sequence of the
 * longest possible length is counted once (checks after the end count as
 * rolled and ignored), so the counts are over equally likely rolls.
 */
export function trialDistribution(t: TrialRule, pool: number, advantage: Advantage = 'none'): Distribution {
  if (t.kind === 'exploration' || t.kind === 'survival' || t.progress === null || t.risk === null)
    throw new Error(`the distribution of a trial needs progress and risk (not ${t.kind})`);
  const maxChecks = t.progress + t.risk - 1;
  const per = (checks: number) => successCheckCounts(pool, trialDifficulty(t, checks), advantage);
  const T = per(0).total;
  const ended = new Map<string, bigint>();
  let open = new Map<string, { c: TrialCount; n: bigint }>([
    ['0/0', { c: { successes: 0, failures: 0, checks: 0, status: 'open' }, n: 1n }],
  ]);
  for (let step = 0; step < maxChecks && open.size; step++) {
    const { counts } = per(step);
    const next = new Map<string, { c: TrialCount; n: bigint }>();
    for (const { c, n } of open.values())
      for (const [o, k] of counts) {
        if (k === 0n) continue;
        const after = countCheck(t, c, o);
        if (after.status !== 'open') {
          const key = `${after.status}:${after.checks}`;
          ended.set(key, (ended.get(key) ?? 0n) + n * k * T ** BigInt(maxChecks - after.checks));
        } else {
          const key = `${after.successes}/${after.failures}`;
          const e = next.get(key);
          if (e) e.n += n * k;
          else next.set(key, { c: after, n: n * k });
        }
      }
    open = next;
  }
  if (open.size) throw new Error('trial distribution: a trial outlived its longest possible length');
  const total = T ** BigInt(maxChecks);
  const rows: [string, bigint][] = [];
  for (const status of ['success', 'failure'] as const) {
    let all = 0n;
    for (let k = 1; k <= maxChecks; k++) {
      const c = ended.get(`${status}:${k}`) ?? 0n;
      if (c > 0n) rows.push([`${status}-in-${k}`, c]);
      all += c;
    }
    rows.push([status, all]);
  }
  return mechanic(
    `trial ${t.kind} progress:${t.progress} risk:${t.risk} vs:${t.difficulty} pool:${pool}${advantage !== 'none' ? ` ${advantage}` : ''}`,
    total,
    rows,
  );
}
