// Wrong passwords, counted so that nobody can use them against a player
// (issue #29). A seat's own wrong passwords (from its address of record) only
// slow it down: after `slowAfter` of them in a row each further one asks for a
// growing wait, and the right password from that address is always taken (and
// ends the run). Wrong passwords from any other address count per (seat,
// sender) and per sender, never per seat alone: over a limit that sender's
// blocks are refused unchecked, and nobody else's. Names that are no seat
// count like seats (as a digest), so a refusal says nothing about which
// seats exist. The GM lifts counts (`judge player unlock`).
import type { Db } from './db.js';

export interface AuthLimits {
  /** Wrong passwords of one sender for one seat not its own, in the window, before its blocks for that seat go unchecked. */
  perSeatSender: number;
  /** Wrong passwords of one sender for seats not its own (every game), in the window, before all its blocks go unchecked. */
  perSender: number;
  windowHours: number;
  /** A seat's own wrong passwords in a row before each further one asks for a wait. */
  slowAfter: number;
  /** The first wait; each further wrong password doubles it … */
  firstDelayMinutes: number;
  /** … up to this. */
  maxDelayMinutes: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  perSeatSender: 5,
  perSender: 10,
  windowHours: 24,
  slowAfter: 3,
  firstDelayMinutes: 1,
  maxDelayMinutes: 60,
};

function since(at: string, l: AuthLimits): string {
  return new Date(Date.parse(at) - l.windowHours * 3_600_000).toISOString();
}

export function recordAuthFailure(
  db: Db,
  f: { game: string; player: string; sender: string; at: string; inboundId: number | null; own: boolean },
): void {
  db.prepare(
    'INSERT INTO auth_failures (game_id, player_id, sender, at, inbound_id, own) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(f.game, f.player.toLowerCase(), f.sender.toLowerCase(), f.at, f.inboundId, Number(f.own));
}

/** A seat's own wrong passwords in a row (in the window, since the last right one): how many, and when the last came. */
export function ownFailures(
  db: Db,
  game: string,
  seat: string,
  at: string,
  l: AuthLimits,
): { count: number; last: string | null } {
  const r = db
    .prepare(
      `SELECT count(*) AS count, max(at) AS last FROM auth_failures
       WHERE game_id = ? AND player_id = ? AND own = 1 AND at > ? AND cleared_at IS NULL`,
    )
    .get(game, seat.toLowerCase(), since(at, l)) as { count: number; last: string | null };
  return r;
}

/** How long the seat's next try waits after `count` own wrong passwords in a row (minutes), 0 before slowAfter. */
export function ownDelayMinutes(count: number, l: AuthLimits): number {
  if (count < l.slowAfter) return 0;
  return Math.min(l.maxDelayMinutes, l.firstDelayMinutes * 2 ** Math.min(count - l.slowAfter, 30));
}

/** Until when the seat's next try should wait, after `count` own wrong passwords in a row the last at `last`; null: no wait. */
export function ownWaitUntil(count: number, last: string | null, l: AuthLimits): string | null {
  const minutes = ownDelayMinutes(count, l);
  return last && minutes > 0 ? new Date(Date.parse(last) + minutes * 60_000).toISOString() : null;
}

/** The times (oldest first) of a sender's wrong passwords for a seat not its own, in the window. */
function pairTimes(db: Db, game: string, seat: string, sender: string, at: string, l: AuthLimits): string[] {
  return (
    db
      .prepare(
        `SELECT at FROM auth_failures WHERE game_id = ? AND player_id = ? AND sender = ? AND own = 0
         AND at > ? AND cleared_at IS NULL ORDER BY at`,
      )
      .all(game, seat.toLowerCase(), sender.toLowerCase(), since(at, l)) as { at: string }[]
  ).map((r) => r.at);
}

/** The times (oldest first) of a sender's wrong passwords for seats not its own, every game, in the window. */
function senderTimes(db: Db, sender: string, at: string, l: AuthLimits): string[] {
  return (
    db
      .prepare(
        'SELECT at FROM auth_failures WHERE sender = ? AND own = 0 AND at > ? AND cleared_at IS NULL ORDER BY at',
      )
      .all(sender.toLowerCase(), since(at, l)) as { at: string }[]
  ).map((r) => r.at);
}

/** How many wrong passwords a sender sent for seats not its own (every game) in the window. */
export function senderFailureCount(db: Db, sender: string, at: string, l: AuthLimits): number {
  return senderTimes(db, sender, at, l).length;
}

/** When a count of `times` (oldest first) over `limit` falls under it again: as the oldest ones leave the window. */
function freeAt(times: string[], limit: number, l: AuthLimits): string {
  const t = times[Math.max(0, times.length - limit)]!;
  return new Date(Date.parse(t) + l.windowHours * 3_600_000).toISOString();
}

export interface GuessLimit {
  /** 'seat': this sender's blocks for this seat; 'sender': all its blocks for seats not its own. */
  scope: 'seat' | 'sender';
  /** Why (for the GM: the stored reason). */
  reason: string;
  /** When it ends by itself. */
  until: string;
}

/**
 * Whether a sender's blocks for a seat that is not its own go unchecked now,
 * counting `extra` wrong passwords of the mail being read (at `at`).
 */
export function guessLimit(
  db: Db,
  game: string,
  seat: string,
  sender: string,
  at: string,
  l: AuthLimits,
  extra = { pair: 0, sender: 0 },
): GuessLimit | null {
  const s = sender.toLowerCase();
  const pair = [...pairTimes(db, game, seat, s, at, l), ...Array<string>(extra.pair).fill(at)];
  if (pair.length >= l.perSeatSender)
    return {
      scope: 'seat',
      reason: `${s}: ${pair.length} wrong passwords for ${game}/${seat.toLowerCase()} in ${l.windowHours} h`,
      until: freeAt(pair, l.perSeatSender, l),
    };
  if (!s) return null;
  const all = [...senderTimes(db, s, at, l), ...Array<string>(extra.sender).fill(at)];
  if (all.length >= l.perSender)
    return {
      scope: 'sender',
      reason: `${s}: ${all.length} wrong passwords for positions not its own in ${l.windowHours} h`,
      until: freeAt(all, l.perSender, l),
    };
  return null;
}

/** The right password from the address of record: its own wrong ones stop counting. */
export function clearOwn(db: Db, game: string, seat: string, at: string): number {
  return db
    .prepare(
      'UPDATE auth_failures SET cleared_at = ? WHERE game_id = ? AND player_id = ? AND own = 1 AND cleared_at IS NULL',
    )
    .run(at, game, seat.toLowerCase()).changes;
}

export interface Guesser {
  sender: string;
  failures: number;
  /** Its blocks for the seat go unchecked now … */
  blocked: boolean;
  /** … until then. */
  until: string | null;
}

/** The other addresses that sent wrong passwords for a seat in the window, most first. */
export function guessersOf(db: Db, game: string, seat: string, at: string, l: AuthLimits): Guesser[] {
  const rows = db
    .prepare(
      `SELECT sender, group_concat(at) AS ats FROM auth_failures
       WHERE game_id = ? AND player_id = ? AND own = 0 AND at > ? AND cleared_at IS NULL GROUP BY sender`,
    )
    .all(game, seat.toLowerCase(), since(at, l)) as { sender: string; ats: string }[];
  return rows
    .map((r) => {
      const ats = r.ats.split(',').sort();
      const blocked = ats.length >= l.perSeatSender;
      return {
        sender: r.sender,
        failures: ats.length,
        blocked,
        until: blocked ? freeAt(ats, l.perSeatSender, l) : null,
      };
    })
    .sort((a, b) => b.failures - a.failures || a.sender.localeCompare(b.sender));
}

export interface SeatGuesses {
  game: string;
  player: string;
  /** The seat's own wrong passwords in a row … */
  own: number;
  /** … and until when its next try should wait (null: no wait now). */
  waitUntil: string | null;
  /** Wrong passwords for it from other addresses. */
  others: Guesser[];
}

/** Seats of a game (and names that are no seat) with wrong passwords in the window: `judge status`, `judge player list`. */
export function seatGuesses(db: Db, game: string, at: string, l: AuthLimits): SeatGuesses[] {
  const seats = (
    db
      .prepare(
        `SELECT DISTINCT player_id AS player FROM auth_failures
         WHERE game_id = ? AND at > ? AND cleared_at IS NULL ORDER BY player_id`,
      )
      .all(game, since(at, l)) as { player: string }[]
  ).map((r) => r.player);
  return seats.map((player) => {
    const own = ownFailures(db, game, player, at, l);
    const wait = ownWaitUntil(own.count, own.last, l);
    return {
      game,
      player,
      own: own.count,
      waitUntil: wait && wait > at ? wait : null,
      others: guessersOf(db, game, player, at, l),
    };
  });
}

export interface SenderLock {
  sender: string;
  failures: number;
  locked: boolean;
}

/** Senders with wrong passwords for seats not their own in the window (every game). */
export function senderLocks(db: Db, at: string, l: AuthLimits): SenderLock[] {
  const rows = db
    .prepare(
      `SELECT sender, count(*) AS n FROM auth_failures WHERE own = 0 AND at > ? AND cleared_at IS NULL
       GROUP BY sender ORDER BY sender`,
    )
    .all(since(at, l)) as { sender: string; n: number }[];
  return rows.map((r) => ({ sender: r.sender, failures: r.n, locked: r.n >= l.perSender }));
}

/**
 * The GM lifts a seat's counts, its own and others' for it, and its wrong
 * CONFIRM codes (confirm:<seat>): the failures stay (history) but no longer count.
 */
export function clearSeat(db: Db, game: string, player: string, at: string): number {
  const seat = player.toLowerCase();
  return db
    .prepare('UPDATE auth_failures SET cleared_at = ? WHERE game_id = ? AND player_id IN (?, ?) AND cleared_at IS NULL')
    .run(at, game, seat, `confirm:${seat}`).changes;
}

export function clearSender(db: Db, sender: string, at: string): number {
  return db
    .prepare('UPDATE auth_failures SET cleared_at = ? WHERE sender = ? AND cleared_at IS NULL')
    .run(at, sender.toLowerCase()).changes;
}
