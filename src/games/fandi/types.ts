// FanDi state, orders and events: plain JSON, sorted, no undefined fields.
import type { Audience, GameEvent, Lang, PlayerId } from '../../engine/types.js';

/** A square in the document's notation: column letter + row number, "B4" (A1 is the top left). */
export type Square = string;

export interface FandiPlayer {
  id: PlayerId;
  /** The god name; the map letter is its first letter ("Alfa" → a). */
  god: string;
  letter: string;
  name: string;
  email: string;
  lang: Lang;
  /** Science level 0..2 (per player: "ziskal jsem prvni stupen vsude"). */
  science: number;
  out: boolean;
  /** The turn in which the player dropped out, or null. */
  outTurn: number | null;
}

export interface FandiCity {
  at: Square;
  /** A player id, or null for a neutral city (%). */
  owner: PlayerId | null;
  value: number;
  /** 0 none, 1 crafts (20 %), 2 trade (30 %). */
  tech: number;
  techInvested: number;
  /** 0..2, built walls. */
  walls: number;
  wallsInvested: number;
  /** Money invested here towards the owner's next science level. */
  scienceInvested: number;
  /** Cash kept in this city (each city keeps its own). */
  cash: number;
  /** Spies built and not yet sent. */
  spies: number;
}

export interface FandiUnit {
  id: number;
  type: string;
  owner: PlayerId;
  at: Square;
}

/** A messenger sent at the end of a turn, arriving in the next turn's movement step. */
export interface FandiMessenger {
  owner: PlayerId;
  from: Square;
  to: Square;
  amount: number;
  sentTurn: number;
}

/** The last turn in which units of players a and b (a < b) met on one square. */
export interface WarEntry {
  a: PlayerId;
  b: PlayerId;
  turn: number;
}

export interface FandiState {
  kind: 'fandi';
  version: 1;
  title: string;
  /** The turn being ordered now (1 before the first adjudication). */
  turn: number;
  width: number;
  height: number;
  /** Rows of '#' (impassable) and ' ' (passable); cities are in `cities`. */
  terrain: string[];
  players: FandiPlayer[];
  cities: FandiCity[];
  units: FandiUnit[];
  messengers: FandiMessenger[];
  nextUnitId: number;
  war: WarEntry[];
  over: boolean;
  winners: PlayerId[];
}

// ---------------------------------------------------------------- orders

/** Units named in an order: all/type/count on a square, or explicit ids. */
export interface UnitSelection {
  at: Square;
  type: string | null;
  count: number | null;
  ids: number[] | null;
}

export type Amount = number | 'rest';
export type InvestTarget = 'walls' | 'science' | 'tech' | 'value' | 'cash';

interface OrderBase {
  line: number;
  text: string;
  /** Set (true) on an investment repeated for a player who sent no orders (RULING fandi/nmr). */
  repeated?: true;
}

/** A warning the acknowledgement gives with an understood order (the order stands). */
export interface OrderWarning {
  code: string;
  params: Record<string, string | number>;
}

export type FandiOrder =
  /** `cut`: the written squares after the foreign city where the units must stop (present only when some were dropped). */
  | (OrderBase & { kind: 'move'; units: UnitSelection; path: Square[]; cut?: Square[] })
  | (OrderBase & { kind: 'build'; city: Square; unitType: string; count: number })
  | (OrderBase & { kind: 'invest'; city: Square; target: InvestTarget; amount: Amount })
  | (OrderBase & { kind: 'extra'; city: Square; amount: number })
  | (OrderBase & { kind: 'spy-build'; city: Square; count: number })
  | (OrderBase & { kind: 'spy-send'; city: Square; target: Square })
  | (OrderBase & { kind: 'messenger'; city: Square; target: Square; amount: Amount })
  | (OrderBase & { kind: 'coat-city'; city: Square; to: PlayerId })
  | (OrderBase & { kind: 'coat-units'; units: UnitSelection; to: PlayerId; warning?: OrderWarning })
  | (OrderBase & { kind: 'attack'; types: string[] })
  | (OrderBase & { kind: 'rejected'; code: string; params: Record<string, string | number> })
  /** Added by nmrOrders for a player who sent nothing: how many investments were repeated. */
  | (OrderBase & { kind: 'nmr'; count: number });

// ---------------------------------------------------------------- events

interface EventBase extends GameEvent {
  audience: Audience;
  turn: number;
}

export type OrderStatus = 'ok' | 'partial' | 'failed';

export interface OrderResultEvent extends EventBase {
  type: 'order';
  player: PlayerId;
  line: number;
  text: string;
  order: FandiOrder;
  status: OrderStatus;
  code: string;
  params: Record<string, string | number>;
}

export interface MoveEvent extends EventBase {
  type: 'move';
  player: PlayerId;
  units: number[];
  unitType: string | null;
  from: Square;
  to: Square;
  path: Square[];
}

export interface CombatantInfo {
  id: number;
  type: string;
  owner: PlayerId;
}

export interface BattleRound {
  attacker: CombatantInfo & { uc: number; roll: number; total: number };
  defender: CombatantInfo & { oc: number; home: number; walls: number; roll: number; total: number };
  /** Which one was destroyed; null on a tie. */
  loser: 'attacker' | 'defender' | null;
}

export interface BattleEvent extends EventBase {
  type: 'battle';
  at: Square;
  city: boolean;
  cityOwner: PlayerId | null;
  walls: number;
  sides: PlayerId[];
  before: Record<PlayerId, Record<string, number>>;
  rounds: BattleRound[];
  destroyed: number[];
  winner: PlayerId | null;
  survivors: number[];
}

export interface CaptureEvent extends EventBase {
  type: 'capture';
  at: Square;
  from: PlayerId | null;
  to: PlayerId;
  how: 'conquest' | 'occupation' | 'coat';
  valueBefore: number;
  valueAfter: number;
}

export interface CoatEvent extends EventBase {
  type: 'coat';
  from: PlayerId;
  to: PlayerId;
  at: Square;
  units: number[];
  city: boolean;
}

export interface Investment {
  kind: InvestTarget | 'build' | 'spy' | 'messenger';
  amount: number;
  detail: string;
}

export interface EconomyEvent extends EventBase {
  type: 'economy';
  at: Square;
  owner: PlayerId;
  ownerChanged: boolean;
  value: number;
  rate: number;
  cashStart: number;
  yield: number;
  extra: number;
  upkeepDue: number;
  upkeep: number;
  disbanded: number[];
  investments: Investment[];
  stolen: number;
  toCash: number;
  corruption: number;
  cashAfter: number;
}

export interface DisbandEvent extends EventBase {
  type: 'disband';
  player: PlayerId;
  at: Square;
  payer: Square;
  units: { id: number; type: string }[];
}

export interface ScienceEvent extends EventBase {
  type: 'science';
  player: PlayerId;
  level: number;
  at: Square;
}

export interface BuiltEvent extends EventBase {
  type: 'built';
  player: PlayerId;
  at: Square;
  what: 'tech' | 'walls';
  level: number;
}

export interface MessengerEvent extends EventBase {
  type: 'messenger';
  owner: PlayerId;
  from: Square;
  to: Square;
  amount: number;
  delivered: number;
  blocked: boolean;
  receiver: PlayerId | null;
}

/** Everything a spy brings back about a city: what its owner knows. */
export interface SpyInfo extends FandiCity {
  science: number;
  rate: number;
  /** This turn's yield: rate × the value at the yield step (before extra yield lowered it). */
  yield: number;
  /** Extra yield taken from the value this turn, and the value it was taken from. */
  extra: number;
  valueAtYield: number;
  units: Record<PlayerId, Record<string, number>>;
}

export interface SpyEvent extends EventBase {
  type: 'spy';
  player: PlayerId;
  from: Square;
  target: Square;
  void: boolean;
  info: SpyInfo | null;
}

/** A player sent no orders this turn: what was repeated (RULING fandi/nmr). */
export interface NmrEvent extends EventBase {
  type: 'nmr';
  player: PlayerId;
  count: number;
}

export interface PlayerOutEvent extends EventBase {
  type: 'out';
  player: PlayerId;
}

export interface VictoryEvent extends EventBase {
  type: 'victory';
  winners: PlayerId[];
  cities: Record<PlayerId, number>;
  total: number;
}

export type FandiEvent =
  | OrderResultEvent
  | MoveEvent
  | BattleEvent
  | CaptureEvent
  | CoatEvent
  | EconomyEvent
  | DisbandEvent
  | ScienceEvent
  | BuiltEvent
  | MessengerEvent
  | SpyEvent
  | NmrEvent
  | PlayerOutEvent
  | VictoryEvent;
