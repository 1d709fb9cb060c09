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
  /** Money the city can still spend this turn (cash + yield + extra, less what was paid). */
  pot: number;
  /** The part of `pot` that is this turn's yield (and extra yield): all a messenger may carry. */
  fresh: number;
  /** Money set aside as cash by `hotovost N` orders (not in `pot` any more). */
  kept: number;
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
  /** Who had units or cities on each square this turn (at the start, after moving, at the end): who may hear of it. */
  present: Map<Square, Set<PlayerId>>;
  sentSpies: SentSpy[];
  attackTypes: Map<PlayerId, string[]>;
  ledgers: Map<Square, CityLedger>;
  /** Whose cities' economy the turn works out: everybody's (adjudication), or one player's (a forecast, forecast.ts). */
  economyOf?: PlayerId;
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
  t.events.push({
    type: 'order',
    audience: [player],
    turn: t.turn,
    player,
    line: order.line,
    text: order.text,
    order,
    status,
    code,
    params,
  });
}

/** Every order of one kind, player by player (sorted by id), in written order. */
export function ordersOfKind<K extends FandiOrder['kind']>(
  t: Turn,
  kind: K,
): [PlayerId, Extract<FandiOrder, { kind: K }>][] {
  const out: [PlayerId, Extract<FandiOrder, { kind: K }>][] = [];
  for (const [p, os] of t.orders)
    for (const o of os) if (o.kind === kind) out.push([p, o as Extract<FandiOrder, { kind: K }>]);
  return out;
}

/**
 * Who hears that a city changed hands: its old and new owners and everybody who had units
 * there this turn. Everybody else sees only the map ("Mapa se zakreslenim, co komu patri";
 * "Informace o cizich mestech zjistene Spiony").
 */
export function captureAudience(t: Turn, at: Square, from: PlayerId | null, to: PlayerId): PlayerId[] {
  return [...new Set([...(t.present.get(at) ?? []), ...(from ? [from] : []), to])].sort();
}
