// The seats by mail (issue #31): sign-ups, takeovers and absences the judge
// keeps until they are settled, and how far each moved a phase's deadline.
import type { Db } from './db.js';
import type { Lang } from '../engine/types.js';

export type SeatRequestKind = 'join' | 'takeover' | 'absence';

/**
 * pending: the address must CONFIRM its code (a sign-up, which holds no seat
 * until then; a takeover asked); waiting: a confirmed sign-up on the waiting
 * list (a row stored before sign-ups held seats only once confirmed may be
 * unconfirmed: it counts as pending); approval: the GM must APPROVE or DENY;
 * seated (a sign-up), done (a takeover), granted (an absence): settled and in force;
 * lapsed (its code not confirmed in time), left, refused, closed (the sign-up ended without it).
 */
export type SeatRequestStatus =
  | 'pending'
  | 'waiting'
  | 'approval'
  | 'seated'
  | 'done'
  | 'granted'
  | 'lapsed'
  | 'left'
  | 'refused'
  | 'closed';

export interface SeatRequest {
  id: number;
  game_id: string;
  kind: SeatRequestKind;
  email: string;
  name: string | null;
  lang: Lang;
  seat: string | null;
  status: SeatRequestStatus;
  code_hash: string | null;
  tries: number;
  confirmed_at: string | null;
  /** A sign-up's place in the order the game's sign-ups were confirmed (the waiting list's order). */
  confirm_order: number | null;
  expires_at: string | null;
  starts_at: string | null;
  ends_at: string | null;
  why_gm: string | null;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

export type NewSeatRequest = Pick<SeatRequest, 'game_id' | 'kind' | 'email' | 'lang' | 'status' | 'created_at'> &
  Partial<Pick<SeatRequest, 'name' | 'seat' | 'code_hash' | 'expires_at' | 'starts_at' | 'ends_at' | 'why_gm'>>;

export function insertRequest(db: Db, r: NewSeatRequest): SeatRequest {
  const row = {
    name: null,
    seat: null,
    code_hash: null,
    expires_at: null,
    starts_at: null,
    ends_at: null,
    why_gm: null,
    ...r,
  };
  const id = Number(
    db
      .prepare(
        `INSERT INTO seat_requests (game_id, kind, email, name, lang, seat, status, code_hash, expires_at, starts_at, ends_at, why_gm, created_at)
         VALUES (@game_id, @kind, @email, @name, @lang, @seat, @status, @code_hash, @expires_at, @starts_at, @ends_at, @why_gm, @created_at)`,
      )
      .run(row).lastInsertRowid,
  );
  return getRequest(db, id)!;
}

export function getRequest(db: Db, id: number): SeatRequest | undefined {
  return db.prepare('SELECT * FROM seat_requests WHERE id = ?').get(id) as SeatRequest | undefined;
}

/** A game's requests of a kind in these states, oldest first. */
export function requestsOf(
  db: Db,
  gameId: string,
  kind: SeatRequestKind,
  statuses: SeatRequestStatus[],
): SeatRequest[] {
  return db
    .prepare(
      `SELECT * FROM seat_requests WHERE game_id = ? AND kind = ? AND status IN (${statuses.map(() => '?').join(', ')}) ORDER BY id`,
    )
    .all(gameId, kind, ...statuses) as SeatRequest[];
}

/** The next number in the order a game's sign-ups are confirmed in. */
export function nextConfirmOrder(db: Db, gameId: string): number {
  return (
    db
      .prepare("SELECT coalesce(max(confirm_order), 0) + 1 AS n FROM seat_requests WHERE game_id = ? AND kind = 'join'")
      .get(gameId) as { n: number }
  ).n;
}

/** Every request of a game waiting for the GM, oldest first. */
export function awaitingGm(db: Db, gameId: string): SeatRequest[] {
  return db
    .prepare("SELECT * FROM seat_requests WHERE game_id = ? AND status = 'approval' ORDER BY id")
    .all(gameId) as SeatRequest[];
}

/** Games with requests that may need the clock's attention (a code that lapses, a sign-up, the GM's digest). */
export function gamesWithOpenRequests(db: Db): string[] {
  return (
    db
      .prepare("SELECT DISTINCT game_id FROM seat_requests WHERE status IN ('pending', 'waiting', 'approval')")
      .all() as { game_id: string }[]
  ).map((r) => r.game_id);
}

export function setRequest(
  db: Db,
  id: number,
  change: Partial<
    Pick<
      SeatRequest,
      | 'status'
      | 'name'
      | 'lang'
      | 'seat'
      | 'code_hash'
      | 'tries'
      | 'confirmed_at'
      | 'confirm_order'
      | 'expires_at'
      | 'decided_at'
      | 'decided_by'
    >
  >,
): void {
  const keys = Object.keys(change);
  if (!keys.length) return;
  db.prepare(`UPDATE seat_requests SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`).run({
    ...change,
    id,
  });
}

/** How far a phase's deadline moved for absences and takeovers so far (ms). */
export function movedSoFar(db: Db, phaseId: number): number {
  return (
    db.prepare('SELECT coalesce(sum(ms), 0) AS s FROM deadline_moves WHERE phase_id = ?').get(phaseId) as {
      s: number;
    }
  ).s;
}

/** Whether this request moved this phase's deadline already. */
export function movedFor(db: Db, phaseId: number, requestId: number): boolean {
  return !!db.prepare('SELECT 1 FROM deadline_moves WHERE phase_id = ? AND request_id = ?').get(phaseId, requestId);
}

export function recordMove(db: Db, phaseId: number, requestId: number, ms: number, at: string): void {
  db.prepare('INSERT OR IGNORE INTO deadline_moves (phase_id, request_id, ms, at) VALUES (?, ?, ?, ?)').run(
    phaseId,
    requestId,
    ms,
    at,
  );
}
