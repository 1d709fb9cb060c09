// Sign-up by mail (issue #31). A game whose setup has `signup` is created with
// no seats ('signup' status, no phase). `JOIN <game> <name>` (or, where the GM
// designed the seats, `JOIN <game> <seat> [name]`) from any address mails a
// code to that address; the address sends it back (CONFIRM <game> <code>), so
// nobody is signed up with an address he does not read. Until then the
// sign-up holds nothing: anybody can JOIN with a forged From, and forged JOINs
// must not fill a game (signup.unconfirmed bounds how many wait at once). The
// seats go to the sign-ups in the order they are confirmed: a confirmed one
// takes a free seat (or waits for the GM's APPROVE, holding it), or waits on
// the waiting list; the player gets his id and a password the judge made, and
// the GM is told. A sign-up not confirmed in time lapses, and a player who
// leaves before the start frees his seat: the first on the waiting list gets
// it. signup-start.ts starts the game.
import { DateTime } from 'luxon';
import type { Judge } from '../context.js';
import { nowIso } from '../context.js';
import { nameProblem } from '../render/bidi.js';
import { audit } from '../store/audit.js';
import { getGame, getPlayer, insertPlayer, listPlayers, type GameRow, type PlayerRow } from '../store/games.js';
import { hashPassword } from '../store/passwords.js';
import {
  getRequest,
  insertRequest,
  nextConfirmOrder,
  requestsOf,
  setRequest,
  type SeatRequest,
  type SeatRequestStatus,
} from '../store/seat-requests.js';
import { getRules } from './kinds.js';
import { generatePassword } from './passwords.js';
import { hoursOf, newCode, SeatError, seatNotice } from './seat-codes.js';
import { signupOf, type Signup } from './seat-setup.js';
import type { Lang } from './types.js';
import { PLAYER_ID } from './ids.js';
import { formatDeadline } from '../render/time.js';
import { gameSettings } from './settings.js';

/** The states of a confirmed sign-up that hold a seat: with the GM, seated. */
const HOLDING: SeatRequestStatus[] = ['approval', 'seated'];
/** The states of a sign-up still alive (an address may have one at a time). */
const LIVE: SeatRequestStatus[] = ['pending', 'waiting', 'approval', 'seated'];

/** A password made (and hashed) before the caller's transaction, for the sign-up it seats. */
export type Made = { password: string; hash: string };

/** The order of the waiting list: the order the sign-ups were confirmed in (rows older than confirm_order first, by time). */
function byConfirmation(a: SeatRequest, b: SeatRequest): number {
  const at = (a.confirmed_at ?? '').localeCompare(b.confirmed_at ?? '');
  return (a.confirm_order ?? 0) - (b.confirm_order ?? 0) || at || a.id - b.id;
}

export interface SignupView {
  signup: Signup;
  /** Confirmed sign-ups holding a seat: with the GM, seated. */
  held: SeatRequest[];
  /** Confirmed sign-ups waiting for a seat, in the order they were confirmed. */
  waiting: SeatRequest[];
  /** Sign-ups waiting for their CONFIRM: they hold nothing. */
  unconfirmed: SeatRequest[];
  seated: number;
  free: number;
  /** Named seats nobody holds. */
  freeNamed: { id: string; label: string }[];
}

/** A sign-up game's seats now; null for a game that is not open for sign-up. */
export function signupView(j: Pick<Judge, 'db'>, game: GameRow): SignupView | null {
  if (game.status !== 'signup') return null;
  const signup = signupOf(game, getRules(game.kind));
  if (!signup) return null;
  const live = requestsOf(j.db, game.id, 'join', LIVE);
  const held = live.filter((r) => HOLDING.includes(r.status));
  const waiting = live.filter((r) => r.status === 'waiting' && r.confirmed_at).sort(byConfirmation);
  const unconfirmed = live.filter((r) => !r.confirmed_at && (r.status === 'pending' || r.status === 'waiting'));
  const heldSeats = new Set(held.map((r) => r.seat?.toLowerCase()));
  const freeNamed = signup.named ? signup.named.filter((n) => !heldSeats.has(n.id.toLowerCase())) : [];
  return {
    signup,
    held,
    waiting,
    unconfirmed,
    seated: held.filter((r) => r.status === 'seated').length,
    free: signup.named ? freeNamed.length : Math.max(0, signup.count - held.length),
    freeNamed,
  };
}

const TRANSLIT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/**
 * A player id for a name given at sign-up: its letters in Latin ("Иван" ivan,
 * "Jiří" jiri), a letter first, at most 32; a number added when it is taken.
 */
export function idForName(name: string, taken: (id: string) => boolean): string {
  const latin = [
    ...name
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, ''),
  ]
    .map((ch) => TRANSLIT[ch] ?? ch)
    .join('')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+|-+$/g, '');
  const base = (latin || 'player').slice(0, 28).replace(/-+$/, '');
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base}${n}`;
    if (PLAYER_ID.test(id) && !taken(id)) return id;
  }
}

/** Ids used in a game: its players' and those its confirmed live sign-ups hold (an unconfirmed one holds none). */
function idTaken(j: Pick<Judge, 'db'>, game: GameRow): (id: string) => boolean {
  const ids = new Set([
    ...listPlayers(j.db, game.id).map((p) => p.id.toLowerCase()),
    ...requestsOf(j.db, game.id, 'join', LIVE).flatMap((r) => (r.seat && r.confirmed_at ? [r.seat.toLowerCase()] : [])),
  ]);
  return (id) => ids.has(id.toLowerCase());
}

export interface Joined {
  request: SeatRequest;
  code: string;
  /** Seats free now (a named seat: 1 when nobody holds it): confirmed, the sign-up takes one, else it waits. */
  free: number;
  signup: Signup;
}

/**
 * JOIN: a sign-up for this address, with the code it must send back; it holds
 * no seat until then. An unconfirmed sign-up from the same address is renewed
 * (the new name, a new code: the latest JOIN of an address stands), so a JOIN
 * forged from a player's address cannot keep him out. Refused (SeatError) when
 * the game is not open for sign-up, closed, full without room on its waiting
 * list, the address has a confirmed sign-up already or is the GM's, the name
 * or seat is wrong, or as many sign-ups wait for their code as
 * signup.unconfirmed allows (the GM is told, once a day). Inside the caller's
 * transaction.
 */
export function joinSignup(
  j: Judge,
  input: { gameId: string; email: string; words: string[]; lang: Lang; actor: string },
): Joined {
  const game = getGame(j.db, input.gameId);
  if (!game) throw new SeatError('no-game', { game: input.gameId });
  const g = { game: game.id };
  if (game.status === 'over') throw new SeatError('over', g);
  if (game.status !== 'signup') throw new SeatError('started', g);
  const view = signupView(j, game);
  if (!view) throw new SeatError('started', g);
  const { signup } = view;
  const at = nowIso(j);
  const now = Date.parse(at);
  if (signup.closesAt && signup.closesAt.getTime() <= now && view.seated >= signup.min)
    throw new SeatError('closed', g);
  const email = input.email.toLowerCase();
  if (game.gm_email && email === game.gm_email.toLowerCase()) throw new SeatError('gm-address', g);
  if ([...view.held, ...view.waiting].some((r) => r.email === email)) throw new SeatError('already', g);
  const earlier = view.unconfirmed.find((r) => r.email === email);
  let seat: string;
  let name: string;
  if (signup.named) {
    const [wanted = '', ...rest] = input.words;
    const n = signup.named.find((x) => x.id.toLowerCase() === wanted.toLowerCase());
    if (!n) throw new SeatError('no-seat', { ...g, seat: wanted, seats: signup.named.map((x) => x.id).join(', ') });
    seat = n.id;
    name = rest.join(' ') || n.id;
  } else {
    name = input.words.join(' ');
    if (!name) throw new SeatError('no-name', g);
    seat = idForName(name, idTaken(j, game));
  }
  if (name.length > 64 || nameProblem(name)) throw new SeatError('bad-name', g);
  const free = signup.named ? Number(view.freeNamed.some((n) => n.id === seat)) : view.free;
  if (!free && view.waiting.length >= signup.waitMax)
    throw new SeatError(signup.named ? 'seat-taken' : 'full', { ...g, seat });
  if (!earlier && view.unconfirmed.length >= signup.unconfirmedMax) {
    const counts = { count: signup.unconfirmedMax, hours: hoursOf(signup.confirm) };
    audit(j.db, at, input.actor, game.id, 'signup.busy', { email, unconfirmed: view.unconfirmed.length });
    seatNotice(j, game, 'busy', at.slice(0, 10), ['gm'], counts);
    throw new SeatError('busy', { ...g, ...counts });
  }
  const { code, hash } = newCode();
  const expires = new Date(now + signup.confirm).toISOString();
  const fields = { name, lang: input.lang, seat, code_hash: hash, expires_at: expires };
  let request: SeatRequest;
  if (earlier) {
    setRequest(j.db, earlier.id, { ...fields, status: 'pending', tries: 0 });
    request = getRequest(j.db, earlier.id)!;
  } else
    request = insertRequest(j.db, {
      game_id: game.id,
      kind: 'join',
      email,
      status: 'pending',
      created_at: at,
      ...fields,
    });
  audit(j.db, at, input.actor, game.id, 'signup.join', {
    request: request.id,
    email,
    seat,
    ...(earlier ? { renewed: true } : {}),
  });
  return { request, code, free, signup };
}

/**
 * The address sent its sign-up's code back: the sign-up takes a seat now if
 * one is free for it after those confirmed before it (with signup.approve: gm
 * it holds the seat while the GM decides), else it goes on the waiting list,
 * last; with the waiting list full it ends ('refused'). `made`: the password
 * if it is seated now.
 */
export function confirmJoin(j: Judge, game: GameRow, r: SeatRequest, actor: string, made?: Made): SeatRequest {
  if (game.status !== 'signup') throw new SeatError(game.status === 'over' ? 'over' : 'started', { game: game.id });
  const at = nowIso(j);
  // Its player id is given now: one a sign-up confirmed before it holds is not its own.
  const seat = signupOf(game, getRules(game.kind))?.named ? r.seat : idForName(r.name ?? 'player', idTaken(j, game));
  setRequest(j.db, r.id, {
    status: 'waiting',
    seat,
    confirmed_at: at,
    confirm_order: nextConfirmOrder(j.db, game.id),
    expires_at: null,
  });
  audit(j.db, at, actor, game.id, 'signup.confirm', { request: r.id });
  promoteWaiting(j, game, actor, made && { ...made, request: r.id });
  const view = signupView(j, game);
  if (getRequest(j.db, r.id)!.status === 'waiting' && (!view || view.waiting.length > view.signup.waitMax)) {
    setRequest(j.db, r.id, { status: 'refused', decided_at: at, decided_by: actor });
    audit(j.db, at, actor, game.id, 'signup.full', { request: r.id });
  }
  return getRequest(j.db, r.id)!;
}

/** A confirmed sign-up's place on the waiting list (1 = next; a named seat's own list), or 0. */
export function placeInLine(j: Pick<Judge, 'db'>, game: GameRow, r: SeatRequest): number {
  const view = signupView(j, game);
  const line = view?.signup.named ? view.waiting.filter((w) => w.seat === r.seat) : (view?.waiting ?? []);
  return line.findIndex((w) => w.id === r.id) + 1;
}

/** The GM is asked to approve a request (APPROVE <id> / DENY <id>). */
export function askGm(j: Judge, game: GameRow, r: SeatRequest): void {
  seatNotice(j, game, `ask-${r.kind}`, String(r.id), ['gm'], requestData(game, r));
}

/** A day of an absence as the reader's language writes a date, in the game's zone. */
export function dayText(game: GameRow, iso: string, lang: Lang): string {
  return DateTime.fromISO(iso, { zone: gameSettings(game).timezone })
    .setLocale(lang)
    .toLocaleString(DateTime.DATE_MED);
}

/** What the notices about a request show (absences: the first and the last day away). */
export function requestData(game: GameRow, r: SeatRequest, lang = gameSettings(game).gmLang): Record<string, unknown> {
  return {
    // Whom it is about: the notice agrees with the name's gender (notices.ts).
    player: { id: r.seat ?? '', name: r.name ?? r.seat ?? '' },
    id: r.id,
    email: r.email,
    name: r.name ?? r.seat ?? '',
    seat: r.seat ?? '',
    why: r.why_gm ?? '',
    from: r.starts_at ? dayText(game, r.starts_at, lang) : '',
    to: r.ends_at ? dayText(game, new Date(Date.parse(r.ends_at) - 86_400_000).toISOString(), lang) : '',
  };
}

/**
 * A sign-up takes its seat: the player's row with a password the judge made
 * (mailed to him alone, with his id), the GM told. `made`: a password hashed
 * before the caller's transaction (hashing is slow on purpose).
 */
export function seatPlayer(j: Judge, game: GameRow, r: SeatRequest, actor: string, made?: Made): PlayerRow {
  const at = nowIso(j);
  const password = made?.password ?? generatePassword();
  const hash = made?.hash ?? hashPassword(password);
  const id = r.seat ?? idForName(r.name ?? 'player', idTaken(j, game));
  insertPlayer(j.db, {
    game_id: game.id,
    id,
    name: r.name ?? id,
    email: r.email,
    password_hash: hash,
    lang: r.lang,
    created_at: at,
  });
  setRequest(j.db, r.id, { status: 'seated', seat: id, decided_at: at, decided_by: actor });
  audit(j.db, at, actor, game.id, 'signup.seated', { request: r.id, player: id, email: r.email });
  const p = getPlayer(j.db, game.id, id)!;
  const view = signupView(j, game);
  const counts = { seats: view?.signup.count ?? 0, count: view?.seated ?? 0 };
  seatNotice(j, game, 'seated', `${r.id}`, [p], {
    player: { id, name: p.name },
    password,
    ...counts,
    ...startText(game, view, r.lang),
  });
  seatNotice(j, game, 'joined', `${r.id}`, ['gm'], { player: { id, name: p.name }, email: r.email, ...counts });
  return p;
}

/** When the game starts, in words for the notices: when full, or at closes. */
function startText(game: GameRow, view: SignupView | null, lang: Lang): Record<string, unknown> {
  const closes = view?.signup.closesAt ?? null;
  return { closes: closes ? formatDeadline(closes.toISOString(), gameSettings(game).timezone, lang) : 'none' };
}

/**
 * Seats left free (a sign-up denied, a player left, a sign-up just confirmed)
 * go to the waiting list in the order it was confirmed: each takes its seat,
 * or holds it while the GM decides (signup.approve: gm). `made`: the password
 * for that sign-up if it is seated now.
 */
export function promoteWaiting(j: Judge, game: GameRow, actor: string, made?: Made & { request: number }): number {
  let moved = 0;
  for (;;) {
    const view = signupView(j, game);
    if (!view?.free) return moved;
    const next = view.signup.named
      ? view.waiting.find((w) => view.freeNamed.some((n) => n.id === w.seat))
      : view.waiting[0];
    if (!next) return moved;
    moved++;
    if (view.signup.approve === 'gm') {
      setRequest(j.db, next.id, { status: 'approval' });
      askGm(j, game, getRequest(j.db, next.id)!);
    } else seatPlayer(j, game, next, actor, made?.request === next.id ? made : undefined);
    if (made?.request !== next.id) audit(j.db, nowIso(j), actor, game.id, 'signup.promote', { request: next.id });
  }
}

/**
 * Sign-ups whose code was not sent back in time lapse. They held no seat, and
 * their address is not mailed again: it never showed that it reads its mail,
 * and a flood of forged JOINs would have the judge mail each invented address twice.
 */
export function lapseReservations(j: Judge, game: GameRow, actor: string, all = false): number {
  const view = signupView(j, game);
  if (!view) return 0;
  const at = nowIso(j);
  // A row stored before sign-ups held seats only once confirmed may have no expiry: its JOIN's time plus the window.
  const expiry = (r: SeatRequest) =>
    r.expires_at ?? new Date(Date.parse(r.created_at) + view.signup.confirm).toISOString();
  const lapsed = view.unconfirmed.filter((r) => all || expiry(r) <= at);
  for (const r of lapsed) {
    setRequest(j.db, r.id, { status: 'lapsed', decided_at: at, decided_by: actor });
    audit(j.db, at, actor, game.id, all ? 'signup.clear' : 'signup.lapse', { request: r.id });
  }
  return lapsed.length;
}

/**
 * The GM's DENY UNCONFIRMED: every sign-up still waiting for its code lapses
 * now, unmailed as a lapsed one is (a flood of forged JOINs that fills
 * signup.unconfirmed is cleared at once instead of in its 48 hours). They held
 * no seat, so nothing else moves. The number cleared.
 */
export function clearUnconfirmed(j: Judge, game: GameRow, actor: string): number {
  return lapseReservations(j, game, actor, true);
}

/** A seated player leaves (LEAVE, or the GM's EJECT) before the start: his seat goes to the waiting list. */
export function leaveSignup(j: Judge, game: GameRow, player: PlayerRow, actor: string): void {
  const at = nowIso(j);
  const r = requestsOf(j.db, game.id, 'join', ['seated']).find(
    (x) => x.seat?.toLowerCase() === player.id.toLowerCase(),
  );
  if (r) setRequest(j.db, r.id, { status: 'left', decided_at: at, decided_by: actor });
  j.db
    .prepare("UPDATE players SET status = 'out' WHERE game_id = ? AND id = ? AND status = 'active'")
    .run(game.id, player.id);
  audit(j.db, at, actor, game.id, 'signup.leave', { player: player.id });
  seatNotice(j, game, 'left', player.id, ['gm'], { player: { id: player.id, name: player.name } });
  promoteWaiting(j, game, actor);
}
