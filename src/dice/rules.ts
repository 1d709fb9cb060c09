// The dice rules as pure functions of the dice, shared by roll.ts (one random
// roll) and dist.ts (every roll at once), so both read the same rules.
import type { DiceSpec, GaussSpec } from './spec.js';
import {
  FUDGE_FACES,
  GAUSS,
  GAUSS_LADDER,
  SUCCESS_CRITICAL_MARGIN,
  SUCCESS_DIE_FACES,
  SUCCESS_OUTCOMES,
  THRESHOLD_OUTCOMES,
  type OutcomeKey,
} from './tables.js';

/** How many dice one attempt rolls. */
export function diceCount(spec: DiceSpec): number {
  return spec.form === 'gauss20' ? GAUSS.dice : spec.count;
}

/** What each face of one die counts as: faceValues(spec)[face - 1]; the die has that many sides. */
export function faceValues(spec: DiceSpec): readonly number[] {
  switch (spec.form) {
    case 'standard':
      return Array.from({ length: spec.sides }, (_, i) => i + 1);
    case 'fudge':
      return FUDGE_FACES;
    case 'success':
      return SUCCESS_DIE_FACES;
    case 'gauss20':
      return Array.from({ length: GAUSS.sides }, (_, i) => i + 1);
  }
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The luck of a GaussD20 roll: the spec's, else the neutral 5. */
export function gaussLuck(spec: GaussSpec): number {
  return spec.luck ?? GAUSS.luck.neutral;
}

/** Skill + difficulty + situation: the modifier of a GaussD20 check. */
export function gaussModifier(spec: GaussSpec): number {
  return spec.modifier + (spec.vs ?? 0);
}

/** Every step of one GaussD20 roll, for the report ("3d20: 4+6+2=12 → round(12/3)=4, luck +0, mod +2 → 6"). */
export interface GaussDetail {
  sum: number;
  /** round(sum / 3) */
  base: number;
  luck: number;
  /** base shifted by luck - 5, within 1..20 (the luck shift is exempt from the 4..17 rule). */
  natural: number;
  modifier: number;
  result: number;
}

/** 001: round(3d20/3), the luck shift, then the modifier under the 4..17 rule. */
export function gaussDetail(spec: GaussSpec, sum: number): GaussDetail {
  const base = Math.round(sum / GAUSS.dice);
  const luck = gaussLuck(spec);
  const natural = clamp(base + luck - GAUSS.luck.neutral, GAUSS.min, GAUSS.max);
  const modifier = gaussModifier(spec);
  return { sum, base, luck, natural, modifier, result: applyGaussModifier(natural, modifier) };
}

/**
 * 001 "Уточнение": modifiers alone never take a value below 4 or above 17;
 * the pure values 1-3 and 18-20 can only be moved toward the centre.
 */
export function applyGaussModifier(natural: number, modifier: number): number {
  const { low, high } = GAUSS.clamp;
  if (natural < low) return modifier > 0 ? Math.min(natural + modifier, high) : natural;
  if (natural > high) return modifier < 0 ? Math.max(natural + modifier, low) : natural;
  return clamp(natural + modifier, low, high);
}

/** The result of one attempt from the sum of its dice' counted values. */
export function resultOf(spec: DiceSpec, sum: number): number {
  switch (spec.form) {
    case 'success':
      return sum;
    case 'gauss20':
      return gaussDetail(spec, sum).result;
    default:
      return sum + spec.modifier;
  }
}

/** The outcomes a spec can have, lowest first; [] when it has none. */
export function outcomesOf(spec: DiceSpec): readonly OutcomeKey[] {
  if (spec.form === 'gauss20') return GAUSS_LADDER.map((r) => r.outcome);
  if (spec.vs === null) return [];
  return spec.form === 'success' ? SUCCESS_OUTCOMES : THRESHOLD_OUTCOMES;
}

/** The outcome of a final result: the 001 ladder for gauss20, 004 criticals for NdS, a threshold otherwise. */
export function outcomeOf(spec: DiceSpec, result: number): OutcomeKey | null {
  if (spec.form === 'gauss20') return GAUSS_LADDER.find((r) => result >= r.min && result <= r.max)?.outcome ?? null;
  if (spec.vs === null) return null;
  if (spec.form === 'success') {
    if (result >= spec.vs + SUCCESS_CRITICAL_MARGIN) return 'critical-success';
    if (result >= spec.vs) return 'success';
    if (result <= spec.vs - SUCCESS_CRITICAL_MARGIN) return 'critical-failure';
    return 'failure';
  }
  return result >= spec.vs ? 'success' : 'failure';
}

/** 004 "Преимущества и Помехи": how many attempts, and which one is kept. */
export function attemptsOf(spec: DiceSpec): number {
  return spec.advantage === 'none' ? 1 : 2;
}

/** The index of the kept attempt: the best with advantage, the worst with disadvantage (the first on a tie). */
export function keptAttempt(spec: DiceSpec, results: readonly number[]): number {
  let kept = 0;
  results.forEach((r, i) => {
    const k = results[kept]!;
    if ((spec.advantage === 'adv' && r > k) || (spec.advantage === 'dis' && r < k)) kept = i;
  });
  return kept;
}
