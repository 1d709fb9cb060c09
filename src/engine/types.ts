// The game-agnostic engine contract. A game kind implements Rules; the turn
// pipeline, the mail intake and the case runner only ever talk to this.
import type * as z from '../zod.js';
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
  /**
   * Messages the judge relays for the player (games where the judge is the
   * forum). Unlike orders they are never replaced by a later mail: the mail
   * pipeline checks each with rules.checkMessage, records it, and relays
   * 'private' and 'public' ones at once; every recorded message of a phase
   * reaches adjudicate through AdjudicationContext.messages.
   */
  messages?: OutgoingMessage[];
}

export type MessageKind = 'private' | 'anonymous' | 'public';

export interface OutgoingMessage {
  line: number;
  kind: MessageKind;
  /** Player ids; [] for 'public' and 'anonymous' (to everybody). */
  to: PlayerId[];
  text: string;
}

/** A message as recorded by the judge (the input adjudication sees). */
export interface RelayedMessage extends OutgoingMessage {
  id: number;
  from: PlayerId;
  /** ISO time the judge received it. */
  at: string;
  /** Index of the message within its phase, from 0, in the order received. */
  seq: number;
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
  /** The messages recorded during this phase, in the order received (games that relay messages). */
  messages: RelayedMessage[];
  /** The GM's decisions, narrative, bulletin and hidden rolls for this phase (NO_GM_INPUTS for kinds without a GM). */
  gm: GmInputs;
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
  /**
   * Games where a mail amends the orders instead of replacing them (Godfather:
   * a VOTE sent later keeps the ACTion sent earlier). Returns the player's
   * orders after `next` arrives on top of `previous`; keep the order objects
   * themselves (the judge tracks each by identity). Absent: the latest mail
   * replaces all earlier orders (FanDi: "Vzdy jsou platne pouze posledni zaslane prikazy").
   */
  mergeOrders?(state: S, previous: O[], next: O[]): O[];
  /**
   * The orders of a player who sent none this phase, from the orders applied
   * to them last phase (FanDi: the cities keep their investment plan). Absent:
   * a player without orders simply has none.
   */
  nmrOrders?(previous: O[]): O[];
  /**
   * Does the game expect orders from this player in this state? A dead or
   * imprisoned Godfather player cannot act: no reminders, no late notices, no
   * missed phase counted, not waited for before early processing. Absent: every
   * playing seat is expected.
   */
  expectsOrders?(state: S, player: PlayerId): boolean;
  /** A position handed to someone else ("Hru je mozno kdykoli predat"): new name, address, language in the state. */
  replacePlayer?(state: S, seat: PlayerSeat): S;
  /** Seat a player who joins after the start; absent when a kind fixes its players in the setup. */
  addPlayer?(state: S, seat: PlayerSeat): S;
  /**
   * The seats a setup offers to sign-up by mail (issue #31): how many players it
   * takes (the fewest it can start with, the most it has room for), or the
   * seats the GM designed (the nation game's countries), each with what
   * everybody may know of it. Absent: from one player up, as many as the
   * setup's signup.seats says.
   */
  seating?(setup: unknown, lang: Lang): Seating;
  /** What everybody may know of one position, one line from the public view (an open position in LIST). */
  publicSeat?(state: S, player: PlayerId, lang: Lang): string;
  /** The phase being ordered now; its label in the reader's language when lang is given. */
  phase(state: S, lang?: Lang): PhaseInfo;
  parseOrders(text: string, ctx: OrderContext<S>): ParseResult<O>;
  adjudicate(state: S, orders: Map<PlayerId, O[]>, rng: Rng, ctx: AdjudicationContext): Adjudication<S, E>;
  /**
   * The ONLY path from state to a report: reader is a player id or 'gm'.
   * `shared`: one per phase's reports (the same state and events for every
   * reader); a kind may keep there what it makes the same for every reader of
   * a language (the public part), so that it is made once.
   */
  view(state: S, events: E[], reader: PlayerId | 'gm', lang: Lang, shared?: Map<string, unknown>): ReportModel;
  /**
   * May this message be relayed now? null = yes, else the reason (in lang) it is refused
   * (daily limit reached, sender blocked, recipient dead…). sent = the sender's messages
   * already recorded in this phase.
   */
  checkMessage?(state: S, from: PlayerId, msg: OutgoingMessage, sent: RelayedMessage[], lang: Lang): string | null;
  /** Hooks for the game-agnostic rule-case runner (games/<kind>/cases/). */
  cases?: CaseSupport<S>;
  /** Decisions the GM makes inside a phase (see GmSupport); absent: the judge never waits for the GM. */
  gm?: GmSupport<S, O>;
  /** Orders answered in the same run that takes the mail in (a dice server's rolls); see InstantSupport. */
  instant?: InstantSupport<S, O>;
  /**
   * The kind's dice can be verified (src/engine/dice-trust.ts): reports get a
   * `dice` model with the phase key, its commitment, the next phase's commitment
   * and, once the kind's events include a 'dice-reveal' event, the game's seed.
   */
  verifiableDice?: boolean;
  /**
   * A picture of what one report model shows (FanDi: the map the reader may
   * know of), drawn as SVG from the view model only (so it can never show more
   * than the report). Used inline in HTML mail (rasterised to PNG) and on the
   * web pages (inline SVG). Absent, or null for a model: no picture.
   */
  picture?(model: ReportModel, lang: Lang): Picture | null;
  /**
   * What every player may know after a phase, for the public web page (judge
   * serve): nobody's secrets — public state and events with audience 'all'
   * only. Rendered with the kind's "public" template; `picture` draws its map.
   * Absent: the public page shows no map and no report text.
   */
  publicView?(state: S, events: E[], lang: Lang): ReportModel;
  /**
   * What the kind reveals to everybody when the game is over, one line each
   * (Godfather: every player's secret character and faction; nation: every
   * country's figures), for the final mail and the public page. Absent: the
   * public view of the final state is the result.
   */
  reveal?(state: S, lang: Lang): string[];
  /**
   * What the player's orders (those that stand now) would do, for the acknowledgement,
   * before the deadline: the kind's own adjudication code run on what the player may
   * know, every other player holding (no orders), no dice rolled (odds instead). It may
   * show nothing the player's report may not show. null: nothing to forecast. Absent:
   * the kind forecasts nothing. Called once per seat and run, for the last block
   * accepted (src/mail/inbound/forecast-release.ts).
   */
  forecast?(state: S, player: PlayerId, orders: O[], lang: Lang): Forecast | null;
  /**
   * Whether forecast() may have anything to show for these orders, found without
   * making it (rpg: no roll waits for the deadline, or the game shows no numbers).
   * Called for every accepted block: it must be cheap. An acknowledgement has a
   * forecast section (its own, or a later mail's named) only where this says so
   * (src/mail/inbound/forecast-release.ts). Absent: always.
   */
  forecasts?(state: S, orders: O[]): boolean;
}

/** A forecast (Rules.forecast): sections of lines in the reader's language, shown in the acknowledgement. */
export interface Forecast {
  /** What the kind assumes besides "every other player holds, no dice are rolled", or null. */
  note: string | null;
  sections: ForecastSection[];
}

export interface ForecastSection {
  title: string;
  lines: string[];
}

/** The seats a setup offers to sign-up (Rules.seating). */
export interface Seating {
  min: number;
  max: number;
  /** Seats the GM designed: JOIN <game> <id> claims one; label: what everybody may know of it. */
  named?: { id: string; label: string }[];
}

/** An SVG picture of a report model (Rules.picture). */
export interface Picture {
  svg: string;
  /** Its size in CSS pixels (the SVG's width/height). */
  width: number;
  height: number;
  /** Alternative text for readers that show no pictures, in the model's language. */
  alt: string;
  /** File name stem for the PNG attachment, e.g. "mapa-tah-5". */
  name: string;
}

/** How a game reads the PRESTATE and checks the POSTSTATE blocks of its rule cases. */
export interface CaseSupport<S> {
  /** PRESTATE block text → a full state (players included). Throw with a clear message on bad input. */
  parseState(text: string): S;
  /** POSTSTATE block text checked against the state after adjudication: one message per mismatch, [] when all hold. */
  checkState(state: S, expected: string, events: GameEvent[]): string[];
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds every kind, whatever its state, order and event types
export type AnyRules = Rules<any, any, any>;

/** True when an event's audience includes the reader. */
export function canSee(audience: Audience, reader: PlayerId | 'gm'): boolean {
  if (reader === 'gm') return true;
  if (audience === 'all') return true;
  if (audience === 'gm') return false;
  return audience.includes(reader);
}

// ---------------------------------------------------------------------------
// The GM in the loop (any game kind). A kind that needs the GM's judgement
// before it can adjudicate a phase returns the decisions it needs from
// rules.decisions; the judge then waits for the GM after the players'
// deadline, mails a worksheet (rules.worksheet), records the GM's answers,
// narrative, bulletin and hidden rolls as inputs of the phase, and passes them
// to adjudicate in AdjudicationContext.gm. Kinds without a GM ignore it all.

/** A value the GM gives: a whole number or a word/text. */
export type DecisionValue = number | string;

/** One question the GM must (or may) answer before a phase is adjudicated. */
export interface DecisionSpec {
  /** Stable within the phase; the GM answers "DECIDE <id> <value>" (ids are matched case-insensitively). */
  id: string;
  /** What is asked, in the language the game gave (the GM's). */
  ask: string;
  /**
   * int: a whole number within min..max, also given by one of the words in
   * `names` (folded: lower case, no diacritics), e.g. FUDGE ladder names;
   * choice: one of `choices` (folded); text: any non-empty text.
   */
  type: 'int' | 'choice' | 'text';
  min?: number;
  max?: number;
  names?: Record<string, number>;
  choices?: string[];
  /** Used when the GM does not answer and the setup allows defaults; null: the GM must answer. */
  default: DecisionValue | null;
}

/** A die roll the GM made (hidden: only the GM sees it), recorded as a phase input. */
export interface GmRoll {
  seq: number;
  spec: string;
  label: string;
  total: number;
  /** The roll in words, e.g. "4dF+1: + 0 − + +1 = 2". */
  text: string;
  /** The kind's own record of the roll (GmSupport.roll), for adjudicate and verification. */
  detail?: unknown;
}

/** The GM's inputs to a phase, as adjudicate sees them. */
export interface GmInputs {
  /** Every decision the phase asked for (answered, or its default) plus answered ad-hoc ones (rules.checkDecision). */
  decisions: Record<string, DecisionValue>;
  /** Narrative per target (an action or outcome id the game names), shown to whoever sees that target. */
  narrative: Record<string, string>;
  /** The turn's public bulletin, for every player, or null. */
  bulletin: string | null;
  rolls: GmRoll[];
  /** Orders answered at once when the mail came in (Rules.instant), in the order rolled. */
  instant?: InstantRecord[];
}

/** An order answered at once, recorded as an input of its phase with its own seeded stream. */
export interface InstantRecord {
  /** 0, 1, … within the phase, in the order rolled. */
  seq: number;
  player: PlayerId;
  /** The stream's name (the roll's dice come from it; see dice-trust.ts). */
  stream: string;
  /** The kind's record of the roll (InstantSupport.roll). */
  value: unknown;
}

/**
 * Orders a kind answers at once, in the run that takes the mail in (the
 * intake side is src/mail/inbound/instant.ts). Each is rolled from its own
 * stream, recorded as an input of the phase (gm_inputs, kind 'instant'), and
 * reaches adjudicate in ctx.gm.instant, so the phase and its reruns reproduce it.
 */
export interface InstantSupport<S, O> {
  /** The orders of one mail to answer at once (they need nobody else's input), in order. */
  pick(state: S, player: PlayerId, orders: O[]): O[];
  /**
   * The stream an order's roll draws from: 'phase' = the phase key's stream
   * (verifiable once the phase key is revealed), 'master' = the game seed's
   * (hidden rolls: verifiable only when the seed is revealed).
   */
  streamKind(order: O): 'phase' | 'master';
  /**
   * Roll one order; a JSON value. earlier = this phase's instant rolls so far
   * (never change it; the intake's list grows after the call); gm = its GM inputs.
   */
  roll(
    state: S,
    player: PlayerId,
    order: O,
    rng: Rng,
    ctx: { phase: number; seq: number; stream: string; earlier: readonly InstantRecord[]; gm: GmInputs },
  ): unknown;
  /** Who gets the answer besides the roller and the GM: named players, or 'all'. */
  recipients(state: S, value: unknown): PlayerId[] | 'all';
  /** The answer mail's model ("instant" template) for one reader; null = nothing for this reader. */
  answer(state: S, values: unknown[], reader: PlayerId | 'gm', lang: Lang): ReportModel | null;
}

export const NO_GM_INPUTS: GmInputs = Object.freeze({
  decisions: {},
  narrative: {},
  bulletin: null,
  rolls: [],
}) as GmInputs;

/** What the GM-in-the-loop part of a game kind provides (all optional). */
export interface GmSupport<S, O> {
  /**
   * The decisions this phase needs from the GM, given the state and the orders
   * it will be adjudicated with; [] (or absent) = no GM wait for this phase.
   */
  decisions(state: S, orders: Map<PlayerId, O[]>, lang: Lang): DecisionSpec[];
  /** The worksheet model (every declared action with its computed modifiers), rendered with the kind's "worksheet" template. */
  worksheet(state: S, orders: Map<PlayerId, O[]>, decisions: DecisionSpec[], lang: Lang): ReportModel;
  /**
   * A decision id the phase did not ask for (a GM adjustment, e.g. "set:alba.gold"):
   * the value to record (and, when the value is a code such as "yes", how to echo it in lang: `shown`),
   * or the reason (in lang) it is refused. Absent: only asked ids are taken.
   */
  checkDecision?(
    state: S,
    id: string,
    raw: string,
    lang: Lang,
  ): { value: DecisionValue; shown?: string } | { error: string };
  /** Targets narrative may name (ids of actions, outcomes, countries …), beyond the decisions' own; absent: any. */
  narrativeTargets?(state: S, orders: Map<PlayerId, O[]>): string[];
  /** false: decisions() is always empty, the GM only adjusts, narrates and rolls (no phase ever waits for the GM). */
  waits?: boolean;
  /**
   * A GM ROLL line in the kind's own terms ("ROLL орк: ATTACK alfa"): the roll,
   * the reason it is refused, or null to read it as a plain dice spec.
   */
  roll?(state: S, text: string, rng: Rng, lang: Lang): Omit<GmRoll, 'seq'> | { error: string } | null;
}
