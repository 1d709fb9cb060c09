// Inbound mail: the raw bytes are stored before anything else is done with them.
import { createHash } from 'node:crypto';
import type { Db } from './db.js';

export type InboundStatus =
  | 'received'
  | 'accepted'
  | 'partial'
  | 'rejected'
  | 'ignored'
  | 'duplicate'
  | 'error'
  | 'quarantined'
  /** Arrived after the deadline of a phase not yet adjudicated: handled again once the next phase is open. */
  | 'waiting';

export interface InboundRow {
  id: number;
  message_id: string | null;
  sha256: string;
  raw: Buffer;
  source: string;
  /** When the judge stored it. */
  received_at: string;
  /** When it reached the mail server (IMAP INTERNALDATE, a Maildir file's delivery, a pipe mail's storing); null in rows older than the column. */
  arrived_at: string | null;
  from_addr: string | null;
  subject: string | null;
  status: InboundStatus;
  reason: string | null;
  /** The message's real size; larger than raw when only its head was kept (oversize mail). */
  size: number | null;
  imap_mailbox: string | null;
  imap_uidvalidity: string | null;
  imap_uid: number | null;
  /** How often handling was started (a mail tried MAX_ATTEMPTS times without finishing is quarantined). */
  attempts: number;
  /** How often handling failed or timed out. */
  failures: number;
}

/** Where an IMAP message came from: unique, so it is never stored twice. */
export interface ImapOrigin {
  mailbox: string;
  uidvalidity: string;
  uid: number;
}

export interface StoreOptions {
  /** The real size when raw holds only the head of an oversize message. */
  size?: number;
  imap?: ImapOrigin;
  /**
   * When the mail reached the mail server (ISO), when the source knows: its
   * orders count at this time. Default: the time it is stored. A time after
   * that (the server's clock ahead of the judge's) counts as the time stored.
   */
  arrivedAt?: string;
}

export function sha256(raw: Buffer): string {
  return createHash('sha256').update(raw).digest('hex');
}

export type StoreResult =
  | { stored: true; id: number; duplicateOf?: number }
  | { stored: false; id: number; reason: 'same bytes' | 'same IMAP message' };

/**
 * Store raw bytes. Identical bytes are not stored twice; the same Message-ID
 * with other bytes (a resend through another route) is stored as a duplicate
 * so nothing is lost, and has no further effect.
 */
export function storeRaw(
  db: Db,
  raw: Buffer,
  messageId: string | null,
  source: string,
  at: string,
  o: StoreOptions = {},
): StoreResult {
  const hash = sha256(raw);
  if (o.imap) {
    const seen = db
      .prepare('SELECT id FROM inbound WHERE imap_mailbox = ? AND imap_uidvalidity = ? AND imap_uid = ?')
      .get(o.imap.mailbox, o.imap.uidvalidity, o.imap.uid) as { id: number } | undefined;
    if (seen) return { stored: false, id: seen.id, reason: 'same IMAP message' };
  }
  const same = db.prepare('SELECT id FROM inbound WHERE sha256 = ?').get(hash) as { id: number } | undefined;
  if (same) return { stored: false, id: same.id, reason: 'same bytes' };
  const earlier = messageId
    ? (db
        .prepare("SELECT id FROM inbound WHERE message_id = ? AND status <> 'duplicate' ORDER BY id LIMIT 1")
        .get(messageId) as { id: number } | undefined)
    : undefined;
  const id = Number(
    db
      .prepare(
        `INSERT INTO inbound (message_id, sha256, raw, source, received_at, arrived_at, status, reason, size, imap_mailbox, imap_uidvalidity, imap_uid)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        messageId,
        hash,
        raw,
        source,
        at,
        o.arrivedAt && o.arrivedAt < at ? o.arrivedAt : at,
        earlier ? 'duplicate' : 'received',
        earlier ? `same Message-ID as inbound #${earlier.id}` : null,
        o.size ?? raw.length,
        o.imap?.mailbox ?? null,
        o.imap?.uidvalidity ?? null,
        o.imap?.uid ?? null,
      ).lastInsertRowid,
  );
  return earlier ? { stored: true, id, duplicateOf: earlier.id } : { stored: true, id };
}

export function setInbound(
  db: Db,
  id: number,
  p: { status: InboundStatus; reason?: string | null; from_addr?: string | null; subject?: string | null },
): void {
  db.prepare(
    `UPDATE inbound SET status = @status, reason = @reason,
       from_addr = COALESCE(@from_addr, from_addr), subject = COALESCE(@subject, subject) WHERE id = @id`,
  ).run({ id, status: p.status, reason: p.reason ?? null, from_addr: p.from_addr ?? null, subject: p.subject ?? null });
}

/** Stored but not yet handled (a run killed between storing and handling): handled by the next run. */
export function unhandledInbound(db: Db): number[] {
  return unhandledRows(db).map((r) => r.id);
}

/** The same, with how often each one's handling was started; only ids up to upTo (a worker thread told of the mails stored so far). */
export function unhandledRows(db: Db, upTo = Number.MAX_SAFE_INTEGER): { id: number; attempts: number }[] {
  return db.prepare("SELECT id, attempts FROM inbound WHERE status = 'received' AND id <= ? ORDER BY id").all(upTo) as {
    id: number;
    attempts: number;
  }[];
}

/**
 * The mails waiting for the next phase of a game (status 'waiting') made
 * 'received' again, to be handled anew (each waits again if its phase is
 * still not open); how many.
 */
export function releaseWaiting(db: Db): number {
  return db.prepare("UPDATE inbound SET status = 'received', reason = NULL WHERE status = 'waiting'").run().changes;
}

/** How many mails wait for the next phase of a game. */
export function countWaiting(db: Db): number {
  return (db.prepare("SELECT count(*) AS n FROM inbound WHERE status = 'waiting'").get() as { n: number }).n;
}

/** The UIDs of one mailbox generation already stored. */
export function storedImapUids(db: Db, mailbox: string, uidvalidity: string): Set<number> {
  const rows = db
    .prepare(
      'SELECT imap_uid AS uid FROM inbound WHERE imap_mailbox = ? AND imap_uidvalidity = ? AND imap_uid IS NOT NULL',
    )
    .all(mailbox, uidvalidity) as { uid: number }[];
  return new Set(rows.map((r) => r.uid));
}

export interface ImapState {
  mailbox: string;
  uidvalidity: string;
  last_uid: number;
}

export function getImapState(db: Db, mailbox: string): ImapState | undefined {
  return db.prepare('SELECT mailbox, uidvalidity, last_uid FROM imap_state WHERE mailbox = ?').get(mailbox) as
    | ImapState
    | undefined;
}

export function setImapState(db: Db, s: ImapState, at: string): void {
  db.prepare(
    `INSERT INTO imap_state (mailbox, uidvalidity, last_uid, updated_at) VALUES (@mailbox, @uidvalidity, @last_uid, @at)
     ON CONFLICT(mailbox) DO UPDATE SET uidvalidity = @uidvalidity, last_uid = @last_uid, updated_at = @at`,
  ).run({ ...s, at });
}

/** A row's status and reason, without its bytes. */
export function inboundStatus(db: Db, id: number): Pick<InboundRow, 'status' | 'reason'> | undefined {
  return db.prepare('SELECT status, reason FROM inbound WHERE id = ?').get(id) as
    | Pick<InboundRow, 'status' | 'reason'>
    | undefined;
}

export function getInbound(db: Db, id: number): InboundRow | undefined {
  return db.prepare('SELECT * FROM inbound WHERE id = ?').get(id) as InboundRow | undefined;
}

/** Inbound rows without the raw bytes, for listings; a game filter matches by submission. */
export function listInbound(db: Db, gameId?: string): Omit<InboundRow, 'raw'>[] {
  const cols =
    'i.id, i.message_id, i.sha256, i.source, i.received_at, i.arrived_at, i.from_addr, i.subject, i.status, i.reason, i.size, i.imap_mailbox, i.imap_uidvalidity, i.imap_uid, i.attempts, i.failures';
  return gameId
    ? (db
        .prepare(
          `SELECT DISTINCT ${cols} FROM inbound i LEFT JOIN submissions s ON s.inbound_id = i.id
           WHERE s.game_id = ? OR i.reason LIKE ? ORDER BY i.id`,
        )
        .all(gameId, `%"${gameId}"%`) as Omit<InboundRow, 'raw'>[])
    : (db.prepare(`SELECT ${cols} FROM inbound i ORDER BY i.id`).all() as Omit<InboundRow, 'raw'>[]);
}
