// Strategic actions (seed 000, "Стратегические действия"): the time modifier and the result.
import { TABLES } from './tables.js';

const T = TABLES.strategic;

/**
 * The time modifier for spending `turns` on an action the GM estimated at N:
 * the ratio turns/N floored to the tables (ruling nation/time-ratio): below the
 * estimate the penalty of the largest ratio not above it (below the first row
 * the first row's, ruling nation/time-below-table), from N up to the first
 * bonus row 0, above it the bonus of the largest ratio reached.
 */
export function timeModifier(turns: number, n: number): number {
  if (n <= 0) throw new Error(`bad estimate ${n}`);
  // turns/N >= num/den  ⇔  turns·den >= num·N (exact)
  const reached = (r: { num: number; den: number }) => turns * r.den >= r.num * n;
  if (turns < n) {
    const rows = T.penalty.filter(reached);
    return rows.length ? rows[rows.length - 1]!.modifier : T.penalty[0]!.modifier;
  }
  const rows = T.bonus.filter(reached);
  return rows.length ? rows[rows.length - 1]!.modifier : 0;
}

/**
 * "(4DF + сумма по всем ходам + модификатор времени)* 4 / (N + 4) + модификатор времени",
 * minus the GM's difficulty of an ask-difficulty action. The exact value (ruling nation/strategic-exact).
 */
export function strategicResult(
  fourDF: number,
  progressSum: number,
  time: number,
  n: number,
  difficulty: number,
): number {
  const k = T.resultScale;
  return ((fourDF + progressSum + time) * k) / (n + k) + time - difficulty;
}

export const PROGRESS_DICE = T.progressDice;
export const RESULT_DICE = T.resultDice;
