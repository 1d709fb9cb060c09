// The rpg game kind: a dice server for GM-run games. Its state is the table's
// luck and a log of every roll; its orders are ROLL lines.
import type { GameEvent, PlayerId } from '../../engine/types.js';
import type { DiceSpec, OutcomeKey, RollResult } from '../../dice/index.js';

export interface RpgSeat {
  id: PlayerId;
  name: string;
}

/** One roll as kept in the log and sent in the roll event. */
export interface RpgRoll {
  /** The phase number (the pipeline's) and the round (the game's own count) it was rolled in. */
  phase: number;
  round: number;
  player: PlayerId;
  /** The canonical spec as rolled (the player's luck filled in for gauss20). */
  spec: string;
  comment: string;
  result: number;
  outcome: OutcomeKey | null;
  /** Every die's face as rolled, one list per attempt (two with adv/dis). */
  dice: number[][];
  /** The full roll: the spec and every step, for the report line. */
  roll: RollResult;
}

export interface RpgState {
  kind: 'rpg';
  title: string;
  /** The word before the round number in phase labels ("Round 3"). */
  phaseLabel: string;
  players: RpgSeat[];
  /** GaussD20 luck 1..9 per player (001); a player without one rolls at 5. */
  luck: Record<PlayerId, number>;
  /** The round being ordered now, from 1. */
  round: number;
  log: RpgRoll[];
}

export interface RpgOrder {
  type: 'roll';
  /** The line of the order block it came from. */
  line: number;
  spec: DiceSpec;
  comment: string;
}

export interface RpgEvent extends GameEvent, RpgRoll {
  type: 'roll';
  /** The roller only (the GM sees every event). */
  audience: PlayerId[];
}
