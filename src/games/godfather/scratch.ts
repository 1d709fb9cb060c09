// The per-period scratch record the priority steps of resolve.ts work on
// (after mafia-rust's OnMidnightPriority): the acts of the period, the ВО/ТВ
// changes gathered before they are applied, the events and a trace (message
// ids with arguments, put in the GM's language by trace-text.ts).
import { NO_GM_INPUTS, type GmInputs, type RelayedMessage, type PlayerId } from '../../engine/types.js';
import type { Rng } from '../../engine/rng.js';
import type { ActionDef } from './tables.js';
import type { GOrder, Via } from './order-types.js';
import {
  dayOf,
  halfOf,
  player,
  type GEvent,
  type GState,
  type Half,
  type Lasting,
  type OrderArgs,
  type Stat,
} from './state.js';

export type ActStatus = 'ok' | 'blocked' | 'failed';

export interface Act {
  n: number;
  actor: PlayerId;
  def: ActionDef;
  targets: PlayerId[];
  /** The targets as ordered (before redirects). */
  ordered: PlayerId[];
  args: OrderArgs;
  via: Via | 'forced';
  /** The cooldown counter charged. */
  useKey: string;
  main: boolean;
  unblockable: boolean;
  /** Which blocks reach it: role actions or secret (character) actions. */
  source: 'role' | 'character';
  status: ActStatus;
  /** Result code for the actor (texts.ts) and its params. */
  reason: string | null;
  reasonParams?: Record<string, string | number>;
  /** Concealed from detecting abilities (Хитрец, masquerade). */
  hidden: boolean;
  line: number;
  /** Players this act actually affected (for "who acted on whom"). */
  affected: PlayerId[];
}

export interface Change {
  target: PlayerId;
  stat: Stat;
  delta: number;
  by: PlayerId | null;
  act: number | null;
  /** A temporary change: reverted when the lasting record expires. */
  temp?: number;
}

export interface Scratch {
  t: number;
  day: number;
  half: Half;
  rng: Rng;
  s: GState;
  orders: Map<PlayerId, GOrder[]>;
  messages: RelayedMessage[];
  acts: Act[];
  changes: Change[];
  events: GEvent[];
  trace: TraceLine[];
  voStart: Record<PlayerId, number>;
  tvStart: Record<PlayerId, number>;
  /** Status at the start: free / prison / dead, poisoned. */
  statusStart: Record<PlayerId, string>;
  /** Faction changes frozen this night (Стратегический триумф). */
  freeze: boolean;
  /** The day ends with this period (Спровоцировать бунт in the morning). */
  riot: boolean;
  /** Executions decided in the ВО/ТВ step, carried out with the poisonings. */
  executions: { act: number; target: PlayerId }[];
  /** The GM's decisions, narrative and bulletin for this period. */
  gm: GmInputs;
  /** The lighthouse fire's random players, drawn once per act and target. */
  picks?: Map<string, PlayerId>;
  /** Collecting for the forecast: a member's action (the leader's, a proxy's) stays the one the order named, never looked up (proxy.ts). */
  forecast?: boolean;
}

export function newScratch(
  s: GState,
  orders: Map<PlayerId, GOrder[]>,
  messages: RelayedMessage[],
  rng: Rng,
  gm: GmInputs = NO_GM_INPUTS,
): Scratch {
  const statusOf = (id: PlayerId) => {
    const p = player(s, id);
    return p.alive ? `${p.prison ? 'prison' : 'free'}${p.poisonedAt !== null ? '+poisoned' : ''}` : 'dead';
  };
  return {
    t: s.t,
    day: dayOf(s.t),
    half: halfOf(s.t),
    rng,
    s,
    orders,
    messages,
    acts: [],
    changes: [],
    events: [],
    trace: [],
    voStart: Object.fromEntries(s.players.map((p) => [p.id, p.vo])),
    tvStart: Object.fromEntries(s.players.map((p) => [p.id, p.tv])),
    statusStart: Object.fromEntries(s.players.map((p) => [p.id, statusOf(p.id)])),
    freeze: false,
    riot: false,
    executions: [],
    gm,
  };
}

export function ok(sc: Scratch): Act[] {
  return sc.acts.filter((a) => a.status === 'ok');
}

export function okOf(sc: Scratch, effects: string[]): Act[] {
  return ok(sc).filter((a) => effects.includes(a.def.effect));
}

export function fail(a: Act, reason: string, params?: Record<string, string | number>): void {
  if (a.status !== 'ok') return;
  a.status = 'failed';
  a.reason = reason;
  a.reasonParams = params;
}

/** A private notice for one player. */
export function notice(sc: Scratch, to: PlayerId, code: string, params: Record<string, string | number> = {}): void {
  sc.events.push({ type: 'notice', audience: [to], player: to, code, params });
}

/** Something a player learned (a check's result): data holds player ids, never names. */
export function learned(sc: Scratch, to: PlayerId, what: string, data: Record<string, unknown>, act?: Act): void {
  sc.events.push({
    type: 'learned',
    audience: [to],
    player: to,
    what,
    data,
    ...(act ? { action: act.def.key, line: act.line } : {}),
  });
}

export function addLasting(sc: Scratch, l: Omit<Lasting, 'from' | 'until'> & { from?: number; until: number }): void {
  sc.s.lasting.push({ from: sc.t, ...l });
}

/**
 * One line of the GM's resolution trace: a message id of trace.ftl and its
 * arguments (player ids, action keys, reason codes, numbers: JSON as they are),
 * put in the GM's language when the report is made (trace-text.ts).
 */
export interface TraceLine {
  code: string;
  params: Record<string, string | number>;
}

export function trace(sc: Scratch, code: string, params: Record<string, string | number> = {}): void {
  sc.trace.push({ code, params });
}

/** Apply one stat change at once (faction actions, penalties): ТВ never below 0. */
export function applyNow(sc: Scratch, target: PlayerId, stat: Stat, delta: number): void {
  const p = player(sc.s, target);
  if (stat === 'vo') p.vo += delta;
  else p.tv = Math.max(0, p.tv + delta);
  trace(sc, 'trace-change', { target, stat, delta, temp: 0, by: 'none', value: stat === 'vo' ? p.vo : p.tv });
}
