// The working context of one turn's adjudication, shared by the steps.
import type { Rng } from '../../engine/rng.js';
import type { FandiEvent, FandiOrder, FandiState, OrderStatus, PlayerId, Square } from './state.js';

export interface CityLedger {
  at: Square;
  owner: PlayerId;
  cashStart: number;
  yield: number;
  rate: number;
  extra: number;
  valueAtYield: number;
  pot: number;
  upkeepDue: number;
  upkeep: number;
  disbanded: number[];
}

export interface SentSpy {
  player: PlayerId;
  from: Square;
  target: Square;
}

export interface Turn {
  /** The working state (a copy; steps change it in place). */
  state: FandiState;
  /** The state as it was when the orders were written. */
  start: FandiState;
  orders: [PlayerId, FandiOrder[]][];
  rng: Rng;
  turn: number;
  events: FandiEvent[];
  /** Cities whose owner changed this turn, and how. */
  changedOwner: Map<Square, 'conquest' | 'occupation' | 'coat'>;
  sentSpies: SentSpy[];
  attackTypes: Map<PlayerId, string[]>;
  ledgers: Map<Square, CityLedger>;
}

/** Record the result of one order, for its writer only. */
export function result(
  t: Turn,
  player: PlayerId,
  order: FandiOrder,
  status: OrderStatus,
  code: string,
  params: Record<string, string | number> = {},
): void {
  t.events.push({ type: 'order', audience: [player], turn: t.turn, player, line: order.line, text: order.text, order, status, code, params });
}

/** Every order of one kind, player by player (sorted by id), in written order. */
export function ordersOfKind<K extends FandiOrder['kind']>(t: Turn, kind: K): [PlayerId, Extract<FandiOrder, { kind: K }>][] {
  const out: [PlayerId, Extract<FandiOrder, { kind: K }>][] = [];
  for (const [p, os] of t.orders) for (const o of os) if (o.kind === kind) out.push([p, o as Extract<FandiOrder, { kind: K }>]);
  return out;
}
