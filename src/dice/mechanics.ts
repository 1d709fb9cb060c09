// One roll of any mechanic of the dice server, from a fully resolved input
// (no character sheet needed): a dice spec (ROLL, checks of 001 and 004), a
// median roll, an opposed check, combat with active defence. The judge rolls
// with it, and `judge dice verify` replays it from the recorded dice.
import type { Rng } from '../engine/rng.js';
import {
  rollAttack,
  rollMedian,
  rollOpposed,
  type AttackInput,
  type AttackResult,
  type MedianInput,
  type MedianResult,
  type OpposedInput,
  type OpposedResult,
} from './gauss.js';
import { rollSpec, type RollResult } from './roll.js';
import { parseSpec } from './spec.js';
import type { OutcomeKey } from './tables.js';

export type Mechanic =
  | { type: 'spec'; spec: string }
  | { type: 'median'; input: MedianInput }
  | { type: 'opposed'; input: OpposedInput }
  | { type: 'attack'; input: AttackInput };

export type MechanicResult =
  | { type: 'spec'; roll: RollResult }
  | { type: 'median'; median: MedianResult }
  | { type: 'opposed'; opposed: OpposedResult }
  | { type: 'attack'; attack: AttackResult };

export function runMechanic(m: Mechanic, rng: Rng): MechanicResult {
  switch (m.type) {
    case 'spec': {
      const p = parseSpec(m.spec);
      if (!p.ok) throw new Error(`not a dice spec: "${m.spec}"`);
      return { type: 'spec', roll: rollSpec(p.spec, rng) };
    }
    case 'median':
      return { type: 'median', median: rollMedian(m.input, rng) };
    case 'opposed':
      return { type: 'opposed', opposed: rollOpposed(m.input, rng) };
    case 'attack':
      return { type: 'attack', attack: rollAttack(m.input, rng) };
  }
}

/** A mechanic rolled from a stream, with every die it drew ([sides, face], in order). */
export function rollMechanic(m: Mechanic, rng: Rng): { result: MechanicResult; draws: [number, number][] } {
  const start = rng.draws.length;
  const result = runMechanic(m, rng);
  const draws = rng.draws.slice(start).map((d) => [d.sides, d.value] as [number, number]);
  return { result, draws };
}

/** What a mechanic came to: the result number, the outcome word key, every die's face by part (attempts, rolls). */
export function summarize(m: MechanicResult): {
  result: number;
  outcome: OutcomeKey | string | null;
  dice: number[][];
} {
  switch (m.type) {
    case 'spec':
      return {
        result: m.roll.result,
        outcome: m.roll.outcome,
        dice: m.roll.attempts.map((a) => a.dice.map((d) => d.face)),
      };
    case 'median':
      return { result: m.median.roll.value, outcome: m.median.side, dice: [m.median.roll.dice] };
    case 'opposed':
      return {
        result: m.opposed.attacker.value,
        outcome: m.opposed.hit ? 'hit' : 'held',
        dice: [m.opposed.defender.dice, m.opposed.attacker.dice],
      };
    case 'attack': {
      const a = m.attack;
      const dice = [a.attack, a.defence].filter((r) => r).map((r) => r!.attempts[0]!.dice.map((d) => d.face));
      if (a.opposed) dice.push(a.opposed.defender.dice, a.opposed.attacker.dice);
      if (a.damage?.dice.length) dice.push(a.damage.dice);
      return {
        result: a.damage?.total ?? 0,
        outcome: a.hit ? 'hit' : a.stage === 'opposed' || a.stage === 'no-defence' ? 'held' : a.stage,
        dice,
      };
    }
  }
}
