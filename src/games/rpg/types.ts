// The rpg game kind: a dice server for GM-run games by mail (seeds 001
// GaussD20 and 004 success dice, and FUDGE dice). Its state is the table:
// character sheets, open trials, madness and horror series, and a log of every
// roll with the stream and dice it came from (for `judge dice verify`).
import type { Audience, GameEvent, PlayerId } from '../../engine/types.js';
import type {
  Advantage,
  DiceSpec,
  Mechanic,
  MechanicResult,
  OutcomeKey,
  RollResult,
  TrialKind,
  TrialStatus,
  Window,
} from '../../dice/index.js';

export interface RpgSeat {
  id: PlayerId;
  name: string;
}

/** Which dice the game's checks use. */
export type RpgSystem = 'gauss20' | 'success';

export interface Weapon {
  name: string;
  /** The sheet's skill for attacks with it (null: the attacker names one). */
  skill: string | null;
  /** Damage dice, NdM+K (null: the GM reads the damage). */
  damage: string | null;
  /** Passive bonus "на пробитие" in the opposed check. */
  penetration: number;
}

export interface Armour {
  name: string;
  /** Passive bonus in the opposed check ("дают бонус к противопоставленной проверке"). */
  bonus: number;
  /** Modifier of active defence checks ("тяжелая броня может дать отрицательные модификаторы"). */
  penalty: number;
}

/** A character sheet: a player's character or an NPC (player null). */
export interface Sheet {
  id: string;
  name: string;
  player: PlayerId | null;
  /** 004 "Уровень". */
  level: number | null;
  /** 001 luck 1..9 (5 neutral) and intellect (5 = base for madness and horror). */
  luck: number;
  intellect: number;
  /** Skill name as written → value (001: a bonus +0..+18; 004: dice 1..6). */
  skills: Record<string, number>;
  /** Skills rolled with other dice than the game's (a sheet may mix 001 and 004): "3dS" or "gauss20+8" on the sheet. */
  dice: Record<string, RpgSystem>;
  traits: string[];
  techniques: string[];
  resources: Record<string, number>;
  inventory: string[];
  /** 004 "Отношения": another character (id or name) → 0 (war) .. 6 (love). */
  relations: Record<string, number>;
  weapon: Weapon | null;
  armour: Armour | null;
  /** The skill of active defence (parry, dodge …). */
  defence: string | null;
  notes: string;
}

export interface Trial {
  id: string;
  name: string;
  kind: TrialKind;
  progress: number | null;
  risk: number | null;
  difficulty: number;
  successes: number;
  failures: number;
  checks: number;
  /** open, or how it ended: success / failure (thresholds), done (exploration, survival), closed by the GM. */
  status: TrialStatus | 'closed';
  /** What success, failure and the cheat mean (the GM's words). */
  success: string;
  failure: string;
  cheat: string;
  openedRound: number;
}

/** How a roll counted toward a trial. */
export interface TrialEffect {
  id: string;
  difficulty: number;
  successes: number;
  failures: number;
  /** The trial's count after it. */
  after: { successes: number; failures: number; checks: number; status: Trial['status'] };
  /** The trial was already over: the check counted for nothing. */
  late: boolean;
}

export type RollKind = 'roll' | 'check' | 'median' | 'madness' | 'horror' | 'opposed' | 'attack';

/** One roll as kept in the log and sent in its event. */
export interface RpgRoll {
  /** The phase number (the pipeline's) and the round (the game's own count) it was rolled in. */
  phase: number;
  round: number;
  /** Who asked: a player, or the GM. */
  player: PlayerId | 'gm';
  /** The character it is for (a sheet id; the player's id for plain rolls). */
  actor: string;
  kind: RollKind;
  /** The request as rolled, resolved: "gauss20+10 vs:-8 luck:7", "median 9-12", "attack орк". */
  spec: string;
  comment: string;
  result: number;
  outcome: OutcomeKey | string | null;
  /** Every die's face as rolled, one list per attempt (two with adv/dis). */
  dice: number[][];
  /** The full roll of a dice spec (ROLL, checks), for the report line. */
  roll: RollResult | null;
  mechanic: Mechanic;
  detail: MechanicResult;
  /** The stream its dice came from (src/engine/dice-trust.ts) and every die drawn, [sides, face]. */
  stream: string;
  draws: [number, number][];
  /** When it was rolled: at once (instant), at the phase's end (deadline), by the GM (gm). */
  via: 'instant' | 'deadline' | 'gm';
  seq: number | null;
  audience: Audience;
  /** Only the GM sees the numbers. */
  hidden: boolean;
  skill: string | null;
  difficulty: number | null;
  target: string | null;
  trial: TrialEffect | null;
  team: string | null;
  /** A madness or horror series: failed checks before and after this one. */
  series: { before: number; after: number } | null;
  notes: string[];
}

/** A team check (004) put together at the phase's end. */
export interface TeamResult {
  id: string;
  members: { player: PlayerId; actor: string; result: number }[];
  difficulty: number;
  teamDifficulty: number;
  sum: number;
  outcome: OutcomeKey;
  trial: TrialEffect | null;
  audience: Audience;
  notes: string[];
}

export interface RpgState {
  kind: 'rpg';
  title: string;
  /** The word before the round number in phase labels ("Round 3"). */
  phaseLabel: string;
  players: RpgSeat[];
  /** GaussD20 luck 1..9 per player (001); a player without one rolls at 5 (kept with the sheets). */
  luck: Record<PlayerId, number>;
  /** The round being ordered now, from 1. */
  round: number;
  log: RpgRoll[];
  /** The dice of CHECK: GaussD20 (001) or success dice (004). */
  system: RpgSystem;
  /** false: players see only the words of results and levels, never the numbers (001). */
  showNumbers: boolean;
  /** Rolls that need nobody else's input are answered in the run that takes the mail in (setup instant: true). */
  instant: boolean;
  sheets: Record<string, Sheet>;
  trials: Trial[];
  /** Failed checks of a running madness or horror series, per character. */
  series: Record<string, { madness: number; horror: number }>;
  teams: TeamResult[];
  /** The round the game seed was revealed in (DECIDE dice:reveal), or null. */
  revealed: number | null;
}

export type OrderType = 'roll' | 'check' | 'median' | 'madness' | 'horror' | 'opposed' | 'attack' | 'sheet';

export interface RpgOrder {
  type: OrderType;
  /** The line of the order block it came from. */
  line: number;
  comment: string;
  /** ROLL: the dice spec. */
  spec?: DiceSpec;
  /** CHECK / ATTACK: the sheet's skill (as written there); null = untrained (001). */
  skill?: string | null;
  /** CHECK: the difficulty (001: ladder value; 004: successes); null = none given. */
  difficulty?: number | null;
  /** Situational modifier (001 checks), window modifier (median), attacker bonus (opposed). */
  modifier?: number;
  luck?: number | null;
  advantage?: Advantage;
  /** MEDIAN: the window and the inverse roll; MADNESS/HORROR: roll the whole series. */
  window?: Window;
  outside?: boolean;
  series?: boolean;
  /** OPPOSED / ATTACK: the character acting against (a sheet id), the defender's extra bonus, no active defence, helpless. */
  target?: string;
  defenderBonus?: number;
  passive?: boolean;
  helpless?: boolean;
  trial?: string | null;
  team?: string | null;
  /** Copies of the answer to these players; to everybody. */
  copies?: PlayerId[];
  public?: boolean;
  /** Only the GM sees the numbers (answered at once); secret: wait for the phase, roller and GM only. */
  hidden?: boolean;
  secret?: boolean;
  /** Wait for the phase's end even though it could be answered at once. */
  wait?: boolean;
  /** The character it is for, when not the player's own (GM rolls). */
  actor?: string;
}

export type RpgEvent =
  | (GameEvent & RpgRoll & { type: 'roll' })
  | (GameEvent & { type: 'team'; team: TeamResult })
  | (GameEvent & { type: 'trial'; trial: Trial; change: 'opened' | 'ended' | 'closed' | 'changed' })
  | (GameEvent & { type: 'sheet'; sheet: string; changes: string[] })
  | (GameEvent & { type: 'narrative'; target: string; text: string })
  | (GameEvent & { type: 'bulletin'; text: string })
  | (GameEvent & { type: 'dice-reveal'; round: number });
