// The Godfather state: everything the judge knows, secret and public. Reports
// never read it directly: view.ts builds a public part and the reader's private
// part from it (types in view.ts keep the two apart).
import type { GameEvent, Lang, PlayerId } from '../../engine/types.js';
import type { Gender } from './words.js';

export type Stat = 'vo' | 'tv';
export type Half = 'day' | 'night';

export interface GPlayer {
  id: PlayerId;
  name: string;
  email: string;
  lang: Lang;
  /** Grammatical gender for the texts ("Анна бездействовала"): the setup's, or inferred from the name. */
  gender?: Gender;
  /** Other names the order parser accepts for this player (the setup's aliases). */
  aliases?: string[];
  /** Public role (roles.json slug). */
  role: string;
  /** Secret character (characters.json slug). */
  character: string;
  /** ВО as everyone sees it (no faction or personal secret bonus). May be negative. */
  vo: number;
  /** ТВ, secret, never negative. */
  tv: number;
  alive: boolean;
  prison: boolean;
  /** Period index of the poisoning, or null. */
  poisonedAt: number | null;
  /** Action key → period index of its last use (cooldowns). */
  used: Record<string, number>;
  /** Half index of the player's last main action ("one action per day / per night"). */
  mainHalf: number | null;
  /** Half index of the Trickster's extra ordinary action. */
  extraHalf: number | null;
  /** Half index of the last vote-relevant day, and the number of vote changes made this game. */
  voteChanges: number;
  /** Character whose secret actions were gained for the game (Быстрое обучение). */
  gainedCharacter: string | null;
  /** Role whose ordinary actions were gained for the game (Изучить методы командования). */
  gainedRole: string | null;
  /** Action keys lost for the whole game (Кабальный договор). */
  lost: string[];
  /** Strategist's invisible bonus. */
  bonusStat: Stat | null;
  /** Free abilities (not actions): name → game day of last use. */
  freeUsed: Record<string, number>;
}

export interface Faction {
  id: string;
  leader: PlayerId;
  members: PlayerId[];
  /** Member → period index of joining. */
  joined: Record<PlayerId, number>;
  /** Game day of the leader's last expulsion (one a day). */
  expelDay: number | null;
}

/** A lasting effect from [from, until) in period indices. */
export interface Lasting {
  type: string;
  target: PlayerId;
  by: PlayerId;
  from: number;
  until: number;
  params?: Record<string, string | number | boolean>;
}

export interface Invitation {
  from: PlayerId;
  to: PlayerId;
  /** Period index (a night) when it was sent. */
  t: number;
  /** The inviter's faction at sending, or null to found one. */
  faction: string | null;
}

/** One action as remembered for the checks that look back (who acted on whom). */
export interface ActRecord {
  t: number;
  actor: PlayerId;
  key: string;
  targets: PlayerId[];
  secret: boolean;
  /** Concealed (Хитрец, masquerade): never shown by detecting abilities. */
  hidden: boolean;
  ok: boolean;
}

export interface VoteState {
  /** The game day of this vote. */
  day: number;
  /** Candidates in order of joining the list. */
  list: PlayerId[];
  /** Voting strength of each player, fixed when the list opened. */
  strength: Record<PlayerId, number>;
  /** Voter → candidate (the vote that counts). */
  ballots: Record<PlayerId, PlayerId>;
}

export interface Forced {
  target: PlayerId;
  by: PlayerId;
  /** The action forced (key) and its targets, or only the target of the next action. */
  key: string | null;
  /** Or the action forced named by its kind («тайное», «day»), found among his own at the deadline (absent in older states). */
  kind?: ActionWord | null;
  targets: PlayerId[];
  args: OrderArgs;
}

/** A kind word that names an action of another player (ORDERS.md «Слова действий»), kept as the kind. */
export type ActionWord = 'day' | 'night' | 'ordinary' | 'individual' | 'faction' | 'hero' | 'manipulation' | 'secret';

export interface OrderArgs {
  sign?: 1 | -1;
  stat?: Stat;
  guard?: 'execution' | 'prison';
  jail?: 'jail' | 'free';
  action?: string;
  /** Шантаж, Кабальный договор: the action named by its kind, not by name (found among the target's at the deadline). */
  kind?: ActionWord;
  number?: number;
  /** Шантаж: the targets of the forced action. */
  then?: PlayerId[];
  /** An action the GM decides: the player's own words about it. */
  note?: string;
}

export interface MessageLog {
  /** The game day the counters are for (a game day runs 09:00 to 09:00). */
  day: number;
  privates: Record<PlayerId, number>;
  anonymous: Record<PlayerId, number>;
  /** "from>to" → count, this game day. */
  pairs: Record<string, number>;
  /** The same for the previous game day (Подкупить почтового гонца). */
  prevPairs: Record<string, number>;
}

export interface AnonRecord {
  no: number;
  author: PlayerId;
  t: number;
  /** Written by a concealed player (Хитрец, masquerade): cannot be unmasked. */
  hidden: boolean;
}

/** A ВО/ТВ loss one player caused another this day or night (Божья кара answers those of the whole day). */
export interface Loss {
  t: number;
  target: PlayerId;
  stat: Stat;
  delta: number;
  by: PlayerId;
  /** Answered by a Божья кара already. */
  answered?: boolean;
}

/** The setup's choices where the document names an exception without saying what it is. */
export interface GOptions {
  /** "один раз в день (исключение - Умный) отправить 1 анонимное сообщение": the Умный's anonymous messages a day. */
  smartAnonymous: number;
}

export const DEFAULT_OPTIONS: GOptions = { smartAnonymous: 2 };

export interface GState {
  kind: 'godfather';
  version: 1;
  title: string;
  /** Period index: 0 = day 1 09–15, 1 = day 1 15–21, 2 = night 1, 3 = day 2 09–15 … */
  t: number;
  /** Days of negotiations in the setup. */
  days: number;
  /** The game ends on the morning of this day (days + 1, moved by ±1 actions). */
  endDay: number;
  players: GPlayer[];
  factions: Faction[];
  nextFaction: number;
  invitations: Invitation[];
  lasting: Lasting[];
  forced: Forced[];
  vote: VoteState | null;
  /** Actions of the last 4 periods (for the checks that look back). */
  history: ActRecord[];
  /** Public ВО change of each player per period, last 3 periods (for the wine swap). */
  voHistory: { t: number; changes: Record<PlayerId, number> }[];
  messages: MessageLog;
  anons: AnonRecord[];
  nextAnon: number;
  /** Внимательный's open requests: the next `left` privates written by target. */
  watches: { by: PlayerId; target: PlayerId; left: number }[];
  /** The day's private messages, kept only while a Тактик lives (his feature draws from them at 21:00). */
  dayPrivates: { from: PlayerId; to: PlayerId; text: string; hidden: boolean }[];
  /** ВО/ТВ losses caused by others in the current day or night (for Божья кара). */
  losses?: Loss[];
  /** The setup's options (absent in older states: the defaults). */
  options?: GOptions;
  over: boolean;
  /** The winners announced at the end (a leader or a free player; a Преданный member shares his faction's win). */
  winners: PlayerId[];
}

/** An event: its audience decides who may read it (see view.ts). */
export type GEvent = GameEvent & { type: string };

// ---- the clock -----------------------------------------------------------

export const PERIOD_START_HOURS = [0, 6, 12] as const;

export function dayOf(t: number): number {
  return Math.floor(t / 3) + 1;
}
export function slotOf(t: number): 0 | 1 | 2 {
  return (t % 3) as 0 | 1 | 2;
}
export function halfOf(t: number): Half {
  return slotOf(t) === 2 ? 'night' : 'day';
}
/** The half index: day 1 = 0, night 1 = 1, day 2 = 2 … (one action per half). */
export function halfIndex(t: number): number {
  return 2 * (dayOf(t) - 1) + (slotOf(t) === 2 ? 1 : 0);
}
/** Hours since the start of the game (day 1, 09:00 Moscow time) at the start of period t. */
export function hoursAt(t: number): number {
  return 24 * (dayOf(t) - 1) + PERIOD_START_HOURS[slotOf(t)];
}
/** The last period of the current day (the afternoon) or this night. */
export function endOfHalf(t: number): number {
  return slotOf(t) === 2 ? t : 3 * (dayOf(t) - 1) + 1;
}

// ---- lookups -------------------------------------------------------------

export function player(state: GState, id: PlayerId): GPlayer {
  const p = state.players.find((x) => x.id === id);
  if (!p) throw new Error(`no player "${id}"`);
  return p;
}

export function factionsOf(state: GState, id: PlayerId): Faction[] {
  return state.factions.filter((f) => f.members.includes(id));
}

export function factionOf(state: GState, id: PlayerId): Faction | null {
  return factionsOf(state, id)[0] ?? null;
}

/** Everyone sharing a faction with id (id included when in one). */
export function fellowMembers(state: GState, id: PlayerId): PlayerId[] {
  return [...new Set(factionsOf(state, id).flatMap((f) => f.members))].sort();
}

export function isLeader(state: GState, id: PlayerId): boolean {
  return state.factions.some((f) => f.leader === id);
}

export function active(state: GState, type: string, target: PlayerId, t = state.t): Lasting[] {
  return state.lasting.filter((l) => l.type === type && l.target === target && l.from <= t && t < l.until);
}

export function hasLasting(state: GState, type: string, target: PlayerId, t = state.t): boolean {
  return active(state, type, target, t).length > 0;
}

/** Faction bonus to ВО: ⌊sum/5⌋, never negative. */
export function factionBonus(state: GState, f: Faction): number {
  const sum = f.members.reduce((s, m) => s + player(state, m).vo, 0);
  return Math.max(0, Math.floor(sum / 5));
}

/** The player's personal secret ВО bonus (Сплетник -1, Стратег +2 when chosen ВО). */
export function personalVoBonus(p: GPlayer): number {
  return (p.character === 'gossip' ? -1 : 0) + (p.character === 'strategist' && (p.bonusStat ?? 'vo') === 'vo' ? 2 : 0);
}
export function personalTvBonus(p: GPlayer): number {
  return p.character === 'strategist' && p.bonusStat === 'tv' ? 2 : 0;
}

/** ВО with every bonus (the player's own knowledge, Шпионаж, the final count). */
export function fullVo(state: GState, id: PlayerId): number {
  const p = player(state, id);
  return p.vo + personalVoBonus(p) + factionsOf(state, id).reduce((s, f) => s + factionBonus(state, f), 0);
}
export function fullTv(state: GState, id: PlayerId): number {
  const p = player(state, id);
  return p.tv + personalTvBonus(p);
}

export function options(state: GState): GOptions {
  return { ...DEFAULT_OPTIONS, ...(state.options ?? {}) };
}

/** Has the player acted this half (day or night) — his main action, or only the Хитрец's extra one? */
export function hasActed(state: GState, id: PlayerId, t = state.t): boolean {
  const p = player(state, id);
  return p.mainHalf === halfIndex(t) || p.extraHalf === halfIndex(t);
}

/** Can this player act at all now (alive, not absent, not disabled, not in prison unless Бывалый)? */
export function canAct(state: GState, id: PlayerId): boolean {
  const p = player(state, id);
  if (!p.alive) return false;
  if (p.prison && p.character !== 'veteran') return false;
  if (hasLasting(state, 'absent', id) || hasLasting(state, 'disable', id)) return false;
  return true;
}

/**
 * Does this player still have something to send in this period (reminders, missed
 * phases)? An action not yet taken (he can act and has not acted this day or
 * night), or a vote due (the list is open, he may vote and has not voted).
 */
export function expectsOrdersFrom(state: GState, id: PlayerId): boolean {
  if (state.over || !state.players.some((p) => p.id === id && p.alive)) return false;
  if (canAct(state, id) && !hasActed(state, id)) return true;
  const v = state.vote;
  if (
    halfOf(state.t) !== 'day' ||
    !v ||
    v.day !== dayOf(state.t) ||
    v.list.length === 0 ||
    v.strength[id] === undefined ||
    v.ballots[id]
  )
    return false;
  // may he vote (not absent, not disabled with the vote)?
  if (hasLasting(state, 'absent', id)) return false;
  return !state.lasting.some(
    (l) => l.type === 'disable' && l.target === id && l.params?.vote && l.from <= state.t && state.t < l.until,
  );
}

export function living(state: GState): GPlayer[] {
  return state.players.filter((p) => p.alive);
}

export function clone<T>(x: T): T {
  return JSON.parse(JSON.stringify(x)) as T;
}
