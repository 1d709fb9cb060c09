// Exact distributions of a spec: integer counts over every equally likely roll
// (BigInt: 100d1000 has 1000^100 rolls). Sums by exact convolution, then the
// same rule functions as roll.ts map sums to results and results to outcomes.
import { formatSpec, type DiceSpec } from './spec.js';
import { attemptsOf, diceCount, faceValues, outcomeOf, outcomesOf, resultOf } from './rules.js';
import type { OutcomeKey } from './tables.js';

export interface DistRow {
  /** A result, or an outcome key for a check (vs:). */
  value: number | OutcomeKey;
  count: bigint;
  total: bigint;
  p: number;
}

export interface Distribution {
  /** The canonical spec text. */
  spec: string;
  kind: 'values' | 'outcomes';
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
function attemptCounts(spec: DiceSpec): Map<number, bigint> {
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
function keepOfTwo(counts: Map<number, bigint>, keep: 'adv' | 'dis'): Map<number, bigint> {
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

function resultCounts(spec: DiceSpec): { counts: Map<number, bigint>; total: bigint } {
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
  const rows = keys.map((value) => ({ value, count: byOutcome.get(value)!, total, p: ratio(byOutcome.get(value)!, total) }));
  return { spec: formatSpec(spec), kind: 'outcomes', total, rows };
}

/** What `dice dist` shows: outcomes for a check (vs:), values otherwise. */
export function distribution(spec: DiceSpec): Distribution {
  return (spec.vs !== null ? outcomeDistribution(spec) : null) ?? valueDistribution(spec);
}
