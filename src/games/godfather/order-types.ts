// The Godfather's orders as the parser gives them (games/godfather/ORDERS.md).
import type { PlayerId } from '../../engine/types.js';
import type { ActionWord, OrderArgs, Stat } from './state.js';
import { fold } from './words.js';
import { memoized } from '../../words.js';

export type Via = 'own' | 'leader' | 'proxy' | 'trick';

/** A role action a Маскировка order named (lair.ts): one of the table (by key), or a kind of the member's role actions. */
export type LairNamed = { key: string } | { kind: Exclude<ActionWord, 'secret'> };

export type GOrder =
  | {
      type: 'act';
      line: number;
      key: string;
      targets: PlayerId[];
      args: OrderArgs;
      via: Via;
      proxyKey?: string;
      member?: PlayerId;
      /** Маскировка: the member's role action the order named (lair.ts); none: his ordinary action of this half. */
      memberAction?: LairNamed;
    }
  | { type: 'vote'; line: number; target: PlayerId }
  | { type: 'invite'; line: number; target: PlayerId }
  | { type: 'accept'; line: number; target: PlayerId }
  | { type: 'leave'; line: number; leader: PlayerId | null }
  | { type: 'expel'; line: number; target: PlayerId }
  | { type: 'displace'; line: number; leader: PlayerId | null }
  | { type: 'read'; line: number; target: PlayerId }
  | { type: 'eavesdrop'; line: number; target: PlayerId }
  | { type: 'endday'; line: number }
  | { type: 'bonus'; line: number; stat: Stat };

export type ActOrder = Extract<GOrder, { type: 'act' }>;

/** Folded, trailing punctuation dropped (kept for callers that compare single words). */
export const norm: (s: string) => string = memoized((s) => fold(s).replace(/(?<![.,;:!?])[.,;:!?]+$/g, ''));
