// Inbound mail: the raw bytes are stored before anything else is done with them.
import { createHash } from 'node:crypto';
import type { Db } from './db.js';

export type InboundStatus = 'received' | 'accepted' | 'partial' | 'rejected' | 'ignored' | 'duplicate' | 'error';

export interface InboundRow {
  id: number;
  message_id: string | null;
  sha256: string;
  raw: Buffer;
  source: string;
  received_at: string;
  from_addr: string | null;
  subject: string | null;
  status: InboundStatus;
  reason: string | null;
}

export function sha256(raw: Buffer): string {
  return createHash('sha256').update(raw).digest('hex');
}

export type StoreResult =
  | { stored: true; id: number; duplicateOf?: number }
  | { stored: false; id: number; reason: 'same bytes' };

/**
 * Store raw bytes. Identical bytes are not stored twice; the same Message-ID
 * with other bytes (a resend through another route) is stored as a duplicate
 * so nothing is lost, and has no further effect.
 */
export function storeRaw(db: Db, raw: Buffer, messageId: string | null, source: string, at: string): StoreResult {
  const hash = sha256(raw);
  const same = db.prepare('SELECT id FROM inbound WHERE sha256 = ?').get(hash) as { id: number } | undefined;
  if (same) return { stored: false, id: same.id, reason: 'same bytes' };
  const earlier = messageId
    ? (db.prepare("SELECT id FROM inbound WHERE message_id = ? AND status <> 'duplicate' ORDER BY id LIMIT 1").get(messageId) as
        | { id: number }
        | undefined)
    : undefined;
  const id = Number(
    db
      .prepare(
        `INSERT INTO inbound (message_id, sha256, raw, source, received_at, status, reason)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        messageId,
        hash,
        raw,
        source,
        at,
        earlier ? 'duplicate' : 'received',
        earlier ? `same Message-ID as inbound #${earlier.id}` : null,
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

export function getInbound(db: Db, id: number): InboundRow | undefined {
  return db.prepare('SELECT * FROM inbound WHERE id = ?').get(id) as InboundRow | undefined;
}

/** Inbound rows without the raw bytes, for listings; a game filter matches by submission. */
export function listInbound(db: Db, gameId?: string): Omit<InboundRow, 'raw'>[] {
  const cols = 'i.id, i.message_id, i.sha256, i.source, i.received_at, i.from_addr, i.subject, i.status, i.reason';
  return gameId
    ? (db
        .prepare(
          `SELECT DISTINCT ${cols} FROM inbound i LEFT JOIN submissions s ON s.inbound_id = i.id
           WHERE s.game_id = ? OR i.reason LIKE ? ORDER BY i.id`,
        )
        .all(gameId, `%"${gameId}"%`) as Omit<InboundRow, 'raw'>[])
    : (db.prepare(`SELECT ${cols} FROM inbound i ORDER BY i.id`).all() as Omit<InboundRow, 'raw'>[]);
}
