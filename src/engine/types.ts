// The game-agnostic engine contract. A game kind implements Rules; the turn
// pipeline, the mail intake and the case runner only ever talk to this.
import type { z } from 'zod';
import type { Rng } from './rng.js';

export type PlayerId = string;
export type Lang = 'en' | 'cs' | 'ru';

/** A seat at the table, as the store knows it (no secrets). */
export interface PlayerSeat {
  id: PlayerId;
  name: string;
  email: string;
  lang: Lang;
}

/** A line of an order block the parser could not accept, echoed back with the reason. */
export interface LineError {
  line: number; // 1-based within the order block
  text: string;
  reason: string;
}

/** An accepted order as the judge understood it, for the acknowledgement. */
export interface OrderEcho {
  line: number;
  text: string;
  understood: string;
}

export interface ParseResult<O> {
  orders: O[];
  errors: LineError[];
  echo: OrderEcho[];
}

export interface OrderContext<S> {
  state: S;
  player: PlayerId;
  lang: Lang;
}

/** Who may see an event: everybody, the GM only, or the listed players (the GM sees all). */
export type Audience = 'all' | 'gm' | PlayerId[];

export interface GameEvent {
  type: string;
  audience: Audience;
  [key: string]: unknown;
}

export interface AdjudicationContext {
  /** The phase number being adjudicated. */
  phase: number;
  /** The phase's deadline as an ISO string (time comes from the phase, never the clock). */
  deadline: string | null;
}

export interface Adjudication<S, E extends GameEvent> {
  state: S;
  events: E[];
}

/** What a report template gets: plain data, already filtered for its reader. */
export interface ReportModel {
  [key: string]: unknown;
}

/** The phase being ordered now, as shown in mails and the CLI. */
export interface PhaseInfo {
  kind: string;
  label: string;
  over: boolean;
}

export interface Rules<S, O, E extends GameEvent = GameEvent> {
  kind: string;
  /** Languages with templates under templates/<kind>/<lang>/. */
  langs: Lang[];
  defaultLang: Lang;
  /** The setup file's schema (zod): every error reported at once. */
  setupSchema: z.ZodType;
  setup(setup: unknown, players: PlayerSeat[], rng: Rng): S;
  /** Seat a player who joins after the start; absent when a kind fixes its players in the setup. */
  addPlayer?(state: S, seat: PlayerSeat): S;
  /** The phase being ordered now; its label in the reader's language when lang is given. */
  phase(state: S, lang?: Lang): PhaseInfo;
  parseOrders(text: string, ctx: OrderContext<S>): ParseResult<O>;
  adjudicate(state: S, orders: Map<PlayerId, O[]>, rng: Rng, ctx: AdjudicationContext): Adjudication<S, E>;
  /** The ONLY path from state to a report: reader is a player id or 'gm'. */
  view(state: S, events: E[], reader: PlayerId | 'gm', lang: Lang): ReportModel;
  /** Hooks for the game-agnostic rule-case runner (games/<kind>/cases/). */
  cases?: CaseSupport<S>;
}

/** How a game reads the PRESTATE and checks the POSTSTATE blocks of its rule cases. */
export interface CaseSupport<S> {
  /** PRESTATE block text → a full state (players included). Throw with a clear message on bad input. */
  parseState(text: string): S;
  /** POSTSTATE block text checked against the state after adjudication: one message per mismatch, [] when all hold. */
  checkState(state: S, expected: string, events: GameEvent[]): string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRules = Rules<any, any, any>;

/** True when an event's audience includes the reader. */
export function canSee(audience: Audience, reader: PlayerId | 'gm'): boolean {
  if (reader === 'gm') return true;
  if (audience === 'all') return true;
  if (audience === 'gm') return false;
  return audience.includes(reader);
}
