// Influence (seed 000, "Ордена, на которые оказывается влияние", "Степень влияния",
// "Действия влияния и изменение степени влияния"): slots, modifiers, ПИ.
import { LEVEL_MAX, LEVEL_MIN } from './ladder.js';
import { CONST, TABLES, type DegreeMod } from './tables.js';
import type { Figure, Level } from './types.js';

export function influentialityRow(level: Level) {
  const r = TABLES.influentiality.rows.find((x) => x.level === level);
  if (!r) throw new Error(`no influentiality row for ${level}`);
  return r;
}

/** The periods of a figure's influence slots (1 = every turn, 2 = once in two turns …). */
export function slotPeriods(level: Level): number[] {
  return influentialityRow(level).slots;
}

/** How many orders a figure of this influentiality may have influence on. */
export function maxOrders(level: Level): number {
  return influentialityRow(level).orders;
}

/** Is slot i free in this turn (never used, or used at least `period` turns ago)? */
export function slotFree(period: number, lastUsed: number | null, turn: number): boolean {
  return lastUsed === null || turn - lastUsed >= period;
}

/**
 * The slots a figure's influence actions take this turn, in written order: each
 * takes the free slot with the shortest period (ruling nation/slot-choice); null
 * when none is left. `used` is updated.
 */
export function takeSlot(f: Figure, turn: number, used: (number | null)[]): number | null {
  const periods = slotPeriods(f.influentiality);
  let best: number | null = null;
  periods.forEach((p, i) => {
    if (!slotFree(p, used[i] ?? null, turn)) return;
    if (best === null || p < periods[best]!) best = i;
  });
  if (best !== null) used[best] = turn;
  return best;
}

export function degreeRow(level: Level) {
  const r = TABLES.degree.rows.find((x) => x.level === level);
  if (!r) throw new Error(`no degree row for ${level}`);
  return r;
}

/** The table's entry for an influence of this degree and sign. */
export function degreeMod(level: Level, sign: 1 | -1): DegreeMod {
  const r = degreeRow(level);
  return sign > 0 ? r.positive : r.negative;
}

/** Does the entry need a FUDGE die? */
export function needsDie(m: DegreeMod): boolean {
  return 'die' in m;
}

/** The modifier of an entry with its die (FD −1/0/+1; ignored by fixed entries). */
export function modValue(m: DegreeMod, fd: number | null): number {
  if ('fixed' in m) return m.fixed;
  const d = fd ?? 0;
  const v = m.die === 'maxFD' ? Math.max(0, d) : Math.abs(d);
  return m.sign * v === 0 ? 0 : m.sign * v;
}

/** "1", "max(0, FD)", "−|FD|" — the entry as the document writes it. */
export function modFormula(m: DegreeMod): string {
  if ('fixed' in m) return m.fixed > 0 ? `+${m.fixed}` : m.fixed < 0 ? `−${-m.fixed}` : '0';
  const body = m.die === 'maxFD' ? 'max(0, FD)' : '|FD|';
  return m.sign < 0 ? `−${body}` : body;
}

/** The permanent modifier on strategic actions ("+1 каждый ход"), once given. */
export const PERMANENT_VALUE: number = Math.max(0, ...TABLES.degree.rows.map((r) => r.strategicPermanent ?? 0));

/** Superb's permanent modifier on strategic actions (0 when the degree has none). */
export function strategicPermanent(level: Level): number {
  return degreeRow(level).strategicPermanent ?? 0;
}

export interface PiStep {
  pi: number;
  degree: Level;
}

/**
 * Apply a ПИ change and the degree moves it causes: "Когда ПИ достигает по
 * абсолютной величине шести, степень влияния фигуры влияния уменьшается или
 * увеличивается." While |ПИ| ≥ 6 the degree moves one step toward ПИ's sign and
 * ПИ moves 6 toward 0 (ruling nation/pi-step); at the ladder's ends the degree
 * stays and ПИ still moves (ruling nation/pi-ends).
 */
export function applyPi(pi: number, degree: Level, change: number): PiStep {
  let p = pi + change;
  let d = degree;
  const t = CONST.pi.threshold;
  while (Math.abs(p) >= t) {
    const s = Math.sign(p);
    d = Math.max(LEVEL_MIN, Math.min(LEVEL_MAX, d + s));
    p -= s * t;
  }
  return { pi: p, degree: d };
}

/**
 * The ПИ change of an influence action on an action with this outcome:
 * "Позитивное действие влияния на действие, закончившееся успехом (+1 и более), увеличивает ПИ на 3.
 *  Негативное влияние на действие, закончившееся неуспехом (0 и менее), увеличивает ПИ на 3.
 *  Негативное влияние на действие, закончившееся очень плохо (-4 и менее), увеличивает ПИ на 6."
 * The +6 replaces the +3 (ruling nation/pi-disaster); other combinations change nothing.
 */
export function piForInfluence(
  sign: 1 | -1,
  total: number,
): { change: number; reason: 'positive-success' | 'negative-failure' | 'negative-disaster' | 'no-effect' } {
  const a = CONST.action;
  const p = CONST.pi;
  if (sign > 0)
    return total >= a.successFrom
      ? { change: p.positiveSuccess, reason: 'positive-success' }
      : { change: 0, reason: 'no-effect' };
  if (total <= a.disasterAt) return { change: p.negativeDisaster, reason: 'negative-disaster' };
  if (total < a.successFrom) return { change: p.negativeFailure, reason: 'negative-failure' };
  return { change: 0, reason: 'no-effect' };
}

/** "Ход, в течение которого фигура влияния не оказывала влияния на орден, уменьшает ПИ на 1+FD." */
export function idleChange(fd: number): number {
  const v = -(CONST.pi.idleBase + fd);
  return v === 0 ? 0 : v;
}
