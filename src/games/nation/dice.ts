// The dice of the kind, all from the injected Rng: a FUDGE die FD is rng.die(3) − 2
// (forced DICE 1/2/3 read −1/0/+1); a chance of p % holds when rng.die(100) <= p.
import type { Rng } from '../../engine/rng.js';
import { CONST } from './tables.js';

export function fd(rng: Rng): number {
  return rng.die(3) - 2;
}

/** n FUDGE dice, each −1/0/+1. */
export function dF(rng: Rng, n: number): number[] {
  return Array.from({ length: n }, () => fd(rng));
}

export function sum(xs: number[]): number {
  return xs.reduce((s, x) => s + x, 0);
}

/** d100 against a chance in %: the roll and whether it hit. */
export function chance(rng: Rng, p: number): { roll: number; hit: boolean } {
  const roll = rng.die(100);
  return { roll, hit: roll <= p };
}

export type Outcome = 'success' | 'failure' | 'disaster';

/** "успехом (+1 и более)", "неуспехом (0 и менее)", "очень плохо (-4 и менее)". */
export function outcomeOf(total: number): Outcome {
  if (total >= CONST.action.successFrom) return 'success';
  if (total <= CONST.action.disasterAt) return 'disaster';
  return 'failure';
}
