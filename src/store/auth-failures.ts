// Failed password attempts, per seat and per sender: enough of them in the
// window lock the seat (or the sender) until the window has passed or the GM
// lifts it (`judge player unlock`). Unknown seats count like known ones, so a
// lockout says nothing about which seats exist.
import type { Db } from './db.js';

export interface AuthLimits {
  perSeat: number;
  perSender: number;
  windowHours: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = { perSeat: 5, perSender: 10, windowHours: 24 };

function since(at: string, l: AuthLimits): string {
  return new Date(Date.parse(at) - l.windowHours * 3_600_000).toISOString();
}

export function recordAuthFailure(
  db: Db,
  f: { game: string; player: string; sender: string; at: string; inboundId: number | null },
): void {
  db.prepare('INSERT INTO auth_failures (game_id, player_id, sender, at, inbound_id) VALUES (?, ?, ?, ?, ?)').run(
    f.game,
    f.player.toLowerCase(),
    f.sender.toLowerCase(),
    f.at,
    f.inboundId,
  );
}

export function seatFailures(db: Db, game: string, player: string, at: string, l: AuthLimits): number {
  return (
    db
      .prepare(
        'SELECT count(*) AS n FROM auth_failures WHERE game_id = ? AND player_id = ? AND at > ? AND cleared_at IS NULL',
      )
      .get(game, player.toLowerCase(), since(at, l)) as { n: number }
  ).n;
}

export function senderFailures(db: Db, sender: string, at: string, l: AuthLimits): number {
  return (
    db
      .prepare('SELECT count(*) AS n FROM auth_failures WHERE sender = ? AND at > ? AND cleared_at IS NULL')
      .get(sender.toLowerCase(), since(at, l)) as { n: number }
  ).n;
}

/** Why blocks for this seat from this sender are not checked now, or null. */
export function lockReason(
  db: Db,
  game: string,
  player: string,
  sender: string,
  at: string,
  l: AuthLimits,
  extra = { seat: 0, sender: 0 },
): string | null {
  if (seatFailures(db, game, player, at, l) + extra.seat >= l.perSeat)
    return `seat ${game}/${player.toLowerCase()} locked after ${l.perSeat} wrong passwords`;
  if (sender && senderFailures(db, sender, at, l) + extra.sender >= l.perSender)
    return `sender ${sender} locked after ${l.perSender} wrong passwords`;
  return null;
}

export interface SeatLock {
  game: string;
  player: string;
  failures: number;
  last: string;
  locked: boolean;
  /** When the lock ends by itself (the window passes), if locked. */
  until: string | null;
}

/** Seats of a game with failed attempts in the window (what `judge status` and `judge player list` show). */
export function seatLocks(db: Db, game: string, at: string, l: AuthLimits): SeatLock[] {
  const rows = db
    .prepare(
      `SELECT player_id AS player, count(*) AS n, max(at) AS last, group_concat(at) AS ats FROM auth_failures
       WHERE game_id = ? AND at > ? AND cleared_at IS NULL GROUP BY player_id ORDER BY player_id`,
    )
    .all(game, since(at, l)) as { player: string; n: number; last: string; ats: string }[];
  return rows.map((r) => {
    const locked = r.n >= l.perSeat;
    // The lock ends when enough failures have left the window.
    const ats = r.ats.split(',').sort();
    const until = locked ? new Date(Date.parse(ats[r.n - l.perSeat]!) + l.windowHours * 3_600_000).toISOString() : null;
    return { game, player: r.player, failures: r.n, last: r.last, locked, until };
  });
}

export interface SenderLock {
  sender: string;
  failures: number;
  locked: boolean;
}

export function senderLocks(db: Db, at: string, l: AuthLimits): SenderLock[] {
  const rows = db
    .prepare(
      'SELECT sender, count(*) AS n FROM auth_failures WHERE at > ? AND cleared_at IS NULL GROUP BY sender ORDER BY sender',
    )
    .all(since(at, l)) as { sender: string; n: number }[];
  return rows.map((r) => ({ sender: r.sender, failures: r.n, locked: r.n >= l.perSender }));
}

/** The GM lifts a lock: the failures stay (history) but no longer count. */
export function clearSeat(db: Db, game: string, player: string, at: string): number {
  return db
    .prepare('UPDATE auth_failures SET cleared_at = ? WHERE game_id = ? AND player_id = ? AND cleared_at IS NULL')
    .run(at, game, player.toLowerCase()).changes;
}

export function clearSender(db: Db, sender: string, at: string): number {
  return db
    .prepare('UPDATE auth_failures SET cleared_at = ? WHERE sender = ? AND cleared_at IS NULL')
    .run(at, sender.toLowerCase()).changes;
}
