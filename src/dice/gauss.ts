// The GaussD20 mechanics of seed 001 beyond a plain check: the median
// ("stabilization") roll and its inverse, the madness and horror checks, the
// opposed check (defender first) and combat with active defence, damage.
// Pure functions of an injected Rng; the same rules are enumerated by dist.ts.
import type { Rng } from '../engine/rng.js';
import { rollSpec, type RollResult } from './roll.js';
import { parseSpec, type GaussSpec, type StandardSpec } from './spec.js';
import { GAUSS, GAUSS_TABLE, type OutcomeKey } from './tables.js';

/** One bare GaussD20: round(3d20/3), no luck, no modifier (median and opposed rolls). */
export interface GaussValue {
  dice: number[];
  sum: number;
  value: number;
}

export function gaussOf(dice: readonly number[]): GaussValue {
  const sum = dice.reduce((a, d) => a + d, 0);
  return { dice: [...dice], sum, value: Math.round(sum / GAUSS.dice) };
}

export function rollGauss(rng: Rng): GaussValue {
  return gaussOf(Array.from({ length: GAUSS.dice }, () => rng.die(GAUSS.sides)));
}

/** A window of GaussD20 values, low..high inclusive (empty when low > high). */
export interface Window {
  low: number;
  high: number;
}

/**
 * A bonus w changes a window's width by w: the low edge moves by floor(w/2),
 * the high edge by ceil(w/2). 001's examples: 9-12 with the attacker's +2 →
 * 10-11; 9-12 with the defender's armour +3 → 8-14.
 */
export function widen(w: Window, by: number): Window {
  return { low: w.low - Math.floor(by / 2), high: w.high + Math.ceil(by / 2) };
}

/** The central window of half-width r: 1 → 10-11, 2 → 9-12 … 10 → 1-20. */
export function centreWindow(r: number): Window {
  return { low: GAUSS_TABLE.median.centreLow - r, high: GAUSS_TABLE.median.centreHigh + r };
}

/** Where a value falls against a window. */
export type Side = 'low' | 'inside' | 'high';
export function sideOf(value: number, w: Window): Side {
  return value < w.low ? 'low' : value > w.high ? 'high' : 'inside';
}

/** A median roll: hit the window (or, outside, miss it). */
export interface MedianInput {
  /** The window before the modifier. */
  window: Window;
  /** true: the inverse roll, "надо НЕ попасть в центр". */
  outside: boolean;
  /** Widens (+) or narrows (−) the window. */
  modifier: number;
}

export interface MedianResult {
  roll: GaussValue;
  /** The window after the modifier. */
  window: Window;
  side: Side;
  success: boolean;
}

export function medianOutcome(input: MedianInput, value: number): { window: Window; side: Side; success: boolean } {
  const window = widen(input.window, input.modifier);
  const side = sideOf(value, window);
  return { window, side, success: input.outside ? side !== 'inside' : side === 'inside' };
}

export function rollMedian(input: MedianInput, rng: Rng): MedianResult {
  const roll = rollGauss(rng);
  return { roll, ...medianOutcome(input, roll.value) };
}

/** The defender's window in an opposed check: the values no nearer the edge than the defender's roll (12 → 9-12). */
export function defenceWindow(defender: number): Window {
  const mirror = GAUSS.min + GAUSS.max - defender;
  return { low: Math.min(defender, mirror), high: Math.max(defender, mirror) };
}

/** An opposed check: the defender rolls first; the attacker must roll outside the defender's window. */
export interface OpposedInput {
  /** Narrows the window (the attacker's bonuses, luck, weapon). */
  attackerBonus: number;
  /** Widens it (the defender's bonuses, luck, armour). */
  defenderBonus: number;
}

export interface OpposedResult {
  defender: GaussValue;
  window: Window;
  attacker: GaussValue;
  side: Side;
  /** The attack broke through. */
  hit: boolean;
}

export function opposedOutcome(
  input: OpposedInput,
  defender: number,
  attacker: number,
): { window: Window; side: Side; hit: boolean } {
  const window = widen(defenceWindow(defender), input.defenderBonus - input.attackerBonus);
  const side = sideOf(attacker, window);
  return { window, side, hit: side !== 'inside' };
}

export function rollOpposed(input: OpposedInput, rng: Rng): OpposedResult {
  const defender = rollGauss(rng); // "Первый дайс gaussД20 кидает тот, кто защищается."
  const attacker = rollGauss(rng);
  return { defender, attacker, ...opposedOutcome(input, defender.value, attacker.value) };
}

/** A row of the attack or defence table of 001. */
export type CombatRow = (typeof GAUSS_TABLE.attack)[number];

export function combatRow(table: readonly CombatRow[], result: number): CombatRow {
  return table.find((r) => result >= r.min && result <= r.max)!;
}

/** The penetration (attack) or defence bonus a row gives: fixed, or the die minus 12 (13-17). */
export function rowBonus(row: CombatRow, result: number): number {
  return row.bonusMinus !== undefined ? result - row.bonusMinus : (row.bonus ?? 0);
}

/** A check of a combat skill: the GaussD20 check of 001 (luck shift, modifiers under the 4..17 rule). */
export interface CombatCheck {
  modifier: number;
  luck: number;
}

export interface AttackInput {
  attack: CombatCheck;
  /** The defender's active defence check; null: the target cannot defend actively (armour only). */
  defence: CombatCheck | null;
  /** "Если одна из противоборствующих сторон беспомощна, это автоматический успех второй стороны." */
  helpless: boolean;
  /** Passive bonuses in the opposed check: the weapon's penetration, the armour's protection. */
  penetration: number;
  armour: number;
  /** Luck of each side, counted in the opposed check as luck − 5. */
  attackerLuck: number;
  defenderLuck: number;
  /** The weapon's damage dice (NdM+K), or null when the GM reads the damage. */
  damage: string | null;
}

export type AttackStage =
  | 'helpless'
  | 'attack-failed'
  | 'auto-hit'
  | 'no-defence'
  | 'defence-failed'
  | 'defence-best'
  | 'opposed';

export interface DamageResult {
  spec: string;
  /** Faces rolled ([] when maximised or minimised: no damage roll). */
  dice: number[];
  /** The damage dice' total before multipliers (with the modifier). */
  base: number;
  total: number;
  /** What changed it, in order: x2, max, x3, /2, min. */
  steps: string[];
}

export interface AttackResult {
  attack: RollResult | null;
  attackOutcome: OutcomeKey | null;
  penetrationBonus: number;
  defence: RollResult | null;
  defenceOutcome: OutcomeKey | null;
  defenceBonus: number;
  opposed: OpposedResult | null;
  /** Bonuses of the opposed check, all counted. */
  attackerBonus: number;
  defenderBonus: number;
  stage: AttackStage;
  hit: boolean;
  damage: DamageResult | null;
}

function gaussSpec(c: CombatCheck): GaussSpec {
  return { form: 'gauss20', modifier: c.modifier, luck: c.luck, vs: null, advantage: 'none' };
}

function damageSpec(text: string): StandardSpec {
  const p = parseSpec(text);
  if (!p.ok || p.spec.form !== 'standard') throw new Error(`damage "${text}" must be standard dice (NdM+K)`);
  return p.spec;
}

/** Damage as far as 001 defines it: ×2 (18-19 attack), maximised ×3 (20 attack), ÷2 (18-19 defence), minimised (20 defence). */
export function rollDamage(
  text: string,
  m: { multiply: number; maximise: boolean; divide: number; minimise: boolean },
  rng: Rng,
): DamageResult {
  const spec = damageSpec(text);
  const steps: string[] = [];
  let dice: number[] = [];
  let base: number;
  if (m.maximise) {
    base = spec.count * spec.sides + spec.modifier;
    steps.push('max');
  } else if (m.minimise) {
    base = spec.count + spec.modifier;
    steps.push('min');
  } else {
    const r = rollSpec(spec, rng);
    dice = r.attempts[0]!.dice.map((d) => d.face);
    base = r.result;
  }
  let total = base;
  if (m.multiply > 1) {
    total *= m.multiply;
    steps.push(`x${m.multiply}`);
  }
  if (m.divide > 1) {
    total = Math.floor(total / m.divide);
    steps.push(`/${m.divide}`);
  }
  return { spec: text, dice, base, total: Math.max(0, total), steps };
}

const neutral = GAUSS.luck.neutral;

/**
 * Combat with active defence (001 "Бой с активной защитой"): the attacker's
 * check; if it succeeds and the target can defend, the defender's check; if
 * that succeeds, the opposed check (defender first) with the bonuses of both
 * checks, luck and the passive bonuses of weapon and armour; then damage.
 */
export function rollAttack(input: AttackInput, rng: Rng): AttackResult {
  const out: AttackResult = {
    attack: null,
    attackOutcome: null,
    penetrationBonus: 0,
    defence: null,
    defenceOutcome: null,
    defenceBonus: 0,
    opposed: null,
    attackerBonus: 0,
    defenderBonus: 0,
    stage: 'helpless',
    hit: true,
    damage: null,
  };
  const dmg = { multiply: 1, maximise: false, divide: 1, minimise: false };
  const finish = (hit: boolean) => {
    out.hit = hit;
    if (hit && input.damage) out.damage = rollDamage(input.damage, dmg, rng);
    return out;
  };
  if (input.helpless) return finish(true);
  out.attack = rollSpec(gaussSpec(input.attack), rng);
  const a = combatRow(GAUSS_TABLE.attack, out.attack.result);
  out.attackOutcome = a.outcome;
  if (!a.hit) {
    out.stage = 'attack-failed';
    return finish(false);
  }
  out.penetrationBonus = rowBonus(a, out.attack.result);
  if (a.damage?.multiply) dmg.multiply = a.damage.multiply;
  if (a.damage?.maximise) dmg.maximise = true;
  if (a.auto) {
    out.stage = 'auto-hit';
    return finish(true);
  }
  if (input.defence) {
    out.defence = rollSpec(gaussSpec(input.defence), rng);
    const d = combatRow(GAUSS_TABLE.defence, out.defence.result);
    out.defenceOutcome = d.outcome;
    if (!d.held) {
      out.stage = 'defence-failed';
      return finish(true);
    }
    if (d.auto) {
      out.stage = 'defence-best';
      return finish(false);
    }
    out.defenceBonus = rowBonus(d, out.defence.result);
    if (d.damage?.divide) dmg.divide = d.damage.divide;
  } else out.stage = 'no-defence';
  out.attackerBonus = out.penetrationBonus + input.penetration + (input.attackerLuck - neutral);
  out.defenderBonus = out.defenceBonus + input.armour + (input.defenderLuck - neutral);
  out.opposed = rollOpposed({ attackerBonus: out.attackerBonus, defenderBonus: out.defenderBonus }, rng);
  if (out.stage !== 'no-defence') out.stage = 'opposed';
  return finish(out.opposed.hit);
}
