// One roll of a parsed spec with an injected Rng, keeping every die as rolled.
import type { Rng } from '../engine/rng.js';
import type { DiceSpec } from './spec.js';
import {
  attemptsOf,
  diceCount,
  faceValues,
  gaussDetail,
  keptAttempt,
  outcomeOf,
  resultOf,
  type GaussDetail,
} from './rules.js';
import type { OutcomeKey } from './tables.js';

export interface RolledDie {
  sides: number;
  /** The face as rolled, 1..sides. */
  face: number;
  /** What the face counts as: the face itself, -1/0/+1 for FUDGE, 0/1/2 successes for dS. */
  value: number;
}

export interface RollAttempt {
  dice: RolledDie[];
  /** Sum of the dice' values. */
  sum: number;
  /** The GaussD20 steps (gauss20 only). */
  gauss: GaussDetail | null;
  result: number;
}

export interface RollResult {
  spec: DiceSpec;
  /** One attempt, or two with advantage or disadvantage. */
  attempts: RollAttempt[];
  /** Index of the attempt kept. */
  kept: number;
  result: number;
  outcome: OutcomeKey | null;
}

function rollAttempt(spec: DiceSpec, rng: Rng): RollAttempt {
  const faces = faceValues(spec);
  const dice: RolledDie[] = [];
  for (let i = 0; i < diceCount(spec); i++) {
    const face = rng.die(faces.length);
    dice.push({ sides: faces.length, face, value: faces[face - 1]! });
  }
  const sum = dice.reduce((a, d) => a + d.value, 0);
  return { dice, sum, gauss: spec.form === 'gauss20' ? gaussDetail(spec, sum) : null, result: resultOf(spec, sum) };
}

export function rollSpec(spec: DiceSpec, rng: Rng): RollResult {
  const attempts = Array.from({ length: attemptsOf(spec) }, () => rollAttempt(spec, rng));
  const kept = keptAttempt(
    spec,
    attempts.map((a) => a.result),
  );
  const result = attempts[kept]!.result;
  return { spec, attempts, kept, result, outcome: outcomeOf(spec, result) };
}
