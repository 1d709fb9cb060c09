// Combat (FanDi 1.1, "Souboj"): a random attacker, a random defender of another
// side, UC+d6 against OC(+home bonus+walls)+d6; the lower one is destroyed, a tie
// does nothing; repeat until one side is left.
import type { Rng } from '../../engine/rng.js';
import { ECONOMY } from './constants.js';
import type { BattleRound, PlayerId } from './state.js';
import { unitDef } from './units.js';

export interface Fighter {
  id: number;
  type: string;
  owner: PlayerId;
}

export interface BattleSetting {
  /** The city's owner when the battle is in a city ("domaci jednotky"), else null. */
  homeOwner: PlayerId | null;
  walls: number;
  /** Unit types the home side ordered to attack ("kazdy druh zvlast"). */
  homeAttackTypes: readonly string[];
}

export interface BattleOutcome {
  rounds: BattleRound[];
  destroyed: number[];
  survivors: Fighter[];
  winner: PlayerId | null;
}

/** A safety stop: a battle is a chain of rounds that always can end, but never loop forever. */
const MAX_ROUNDS = 100000;

/** The defence of a unit in this setting: OC, plus home bonus and walls for the city's own units. */
export function defenceOf(f: Fighter, s: BattleSetting): { oc: number; home: number; walls: number } {
  const oc = unitDef(f.type).defence;
  if (s.homeOwner !== null && f.owner === s.homeOwner) return { oc, home: ECONOMY.homeDefenceBonus, walls: s.walls };
  return { oc, home: 0, walls: 0 };
}

/**
 * RULING fandi/home-defend-only: home units not ordered to attack are never picked
 * as attacker; they can still be picked as defenders and then defend normally.
 */
export function mayAttack(f: Fighter, s: BattleSetting): boolean {
  return s.homeOwner === null || f.owner !== s.homeOwner || s.homeAttackTypes.includes(f.type);
}

function pick<T>(items: T[], rng: Rng): T {
  // A single candidate uses no randomness, so forced-choice cases list only real choices.
  return items.length === 1 ? items[0]! : items[rng.int(items.length)]!;
}

/** One round: the dice are drawn attacker first, then defender. */
export function fightRound(attacker: Fighter, defender: Fighter, s: BattleSetting, rng: Rng): BattleRound {
  const uc = unitDef(attacker.type).attack;
  const d = defenceOf(defender, s);
  const ar = rng.die(6);
  const dr = rng.die(6);
  const at = uc + ar;
  const dt = d.oc + d.home + d.walls + dr;
  return {
    attacker: { id: attacker.id, type: attacker.type, owner: attacker.owner, uc, roll: ar, total: at },
    defender: {
      id: defender.id,
      type: defender.type,
      owner: defender.owner,
      oc: d.oc,
      home: d.home,
      walls: d.walls,
      roll: dr,
      total: dt,
    },
    loser: at > dt ? 'defender' : at < dt ? 'attacker' : null,
  };
}

/**
 * A whole battle on one square. Fighters are taken in id order; every pick is an
 * rng.int over that order (skipped when there is one candidate).
 * RULING fandi/battle-many-sides: with three or more sides every unit may meet any
 * unit of any other side; the battle ends when one side is left.
 */
export function fight(fighters: readonly Fighter[], s: BattleSetting, rng: Rng): BattleOutcome {
  let alive = [...fighters].sort((a, b) => a.id - b.id);
  const rounds: BattleRound[] = [];
  const destroyed: number[] = [];
  const sides = () => new Set(alive.map((f) => f.owner)).size;
  while (sides() > 1 && rounds.length < MAX_ROUNDS) {
    const attackers = alive.filter((f) => mayAttack(f, s));
    if (attackers.length === 0) break; // cannot happen: only one side is at home
    const attacker = pick(attackers, rng);
    const defender = pick(
      alive.filter((f) => f.owner !== attacker.owner),
      rng,
    );
    const round = fightRound(attacker, defender, s, rng);
    rounds.push(round);
    if (round.loser) {
      const dead = round.loser === 'attacker' ? attacker : defender;
      destroyed.push(dead.id);
      alive = alive.filter((f) => f.id !== dead.id);
    }
  }
  return { rounds, destroyed, survivors: alive, winner: sides() === 1 ? alive[0]!.owner : null };
}
