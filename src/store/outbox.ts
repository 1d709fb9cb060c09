// The outbox: every mail the judge sends is a row first, with a unique dedupe
// key and a Message-ID made before sending, so nothing is sent twice. A row
// is stored in two tables (migrations.ts): outbox_head, which sending
// updates, and outbox_body (text, HTML, pictures), written once; the view
// `outbox` is the two joined, for reading whole rows.
import { randomBytes } from 'node:crypto';
import type { Db } from './db.js';
import type { MailPicture } from '../render/html.js';
import { packPage, textPageMark } from '../render/page-css.js';
import {
  hasBidiControl,
  hasOtherControl,
  headerText,
  neutralizeBidi,
  neutralizeMarkupControls,
  safeText,
} from '../render/bidi.js';

/** held: an acknowledgement whose forecast is still to be made (mail/inbound/forecast-release.ts); never sent as such. */
export type OutboxStatus = 'held' | 'pending' | 'sending' | 'sent' | 'failed' | 'ambiguous';
export type OutboxKind = 'ack' | 'error' | 'report' | 'reminder' | 'notice' | 'worksheet' | 'instant';

export interface OutboxRow {
  id: number;
  dedupe_key: string;
  message_id: string;
  game_id: string | null;
  phase_number: number | null;
  kind: OutboxKind;
  to_addrs: string;
  cc_addrs: string;
  subject: string;
  body: string;
  headers_json: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  sent_at: string | null;
  claimed_at: string | null;
  /** How far the last SMTP attempt got (transport.ts SmtpStage). */
  smtp_stage: string | null;
  /** The HTML part (render/html.ts, CSS not yet inlined; kept packed: read it with render/page-css.ts unpackPage(html, row)); null: a text-only mail. */
  html: string | null;
  /** JSON MailPicture[] (render/html.ts): SVG pictures the HTML shows by cid:, rasterised when sent. */
  pictures_json: string | null;
}

export interface NewMail {
  dedupeKey: string;
  gameId?: string | null;
  phase?: number | null;
  kind: OutboxKind;
  to: string[];
  cc?: string[];
  subject: string;
  body: string;
  /** Extra headers, e.g. In-Reply-To / References / Auto-Submitted. */
  headers?: Record<string, string>;
  /** The HTML part (RenderedMail.html); absent: text only. */
  html?: string | null;
  /** Instead of html: the page is the text page of subject and body, in this language (RenderedMail.textPage). */
  textPage?: string | null;
  /** The pictures the HTML part shows (RenderedMail.pictures). */
  pictures?: MailPicture[] | null;
  /** Stored 'held' instead of 'pending': something of it is still to be made (forecast-release.ts) before it may go. */
  held?: boolean;
}

/** This process's Message-IDs so far (the ordering part of the next one). */
let issued = 0;
/** Random bytes drawn a page at a time (one getrandom per id cost as much as the row's insert), used once each. */
let entropy = Buffer.alloc(0);
let drawn = 0;
function randomPart(): string {
  if (drawn + 12 > entropy.length) [entropy, drawn] = [randomBytes(12 * 256), 0];
  return entropy.toString('base64url', drawn, (drawn += 12));
}

/**
 * A new Message-ID: the time and a count of this process first, so ids made
 * one after another sort one after another, then 96 random bits, which make
 * it unique (short enough that the header is never folded). The outbox's UNIQUE index on message_id then grows at its end
 * instead of at a random page per row, and a commit of a write group writes a
 * few pages of it instead of one per mail (a random UUID alone made an
 * intake commit write about twice the pages).
 */
export function messageIdFor(domain: string): string {
  return `<${Date.now().toString(36).padStart(9, '0')}.${(issued++).toString(36).padStart(6, '0')}.${randomPart()}@${domain}>`;
}

/** Queue a mail; a second mail with the same dedupe key is a no-op. Returns the row id (new or existing). */
export function enqueue(db: Db, mail: NewMail, domain: string, at: string): { id: number; created: boolean } {
  const m = bidiSafe(mail);
  const r = db
    .prepare(
      `INSERT INTO outbox_head (dedupe_key, message_id, game_id, phase_number, kind, to_addrs, cc_addrs, subject, headers_json, created_at, status)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(dedupe_key) DO NOTHING`,
    )
    .run(
      m.dedupeKey,
      messageIdFor(domain),
      m.gameId ?? null,
      m.phase ?? null,
      m.kind,
      JSON.stringify(m.to),
      JSON.stringify(m.cc ?? []),
      m.subject,
      JSON.stringify(m.headers ?? {}),
      at,
      m.held ? 'held' : 'pending',
    );
  if (r.changes === 1) {
    const id = Number(r.lastInsertRowid);
    db.prepare('INSERT INTO outbox_body (id, body, html, pictures_json) VALUES (?, ?, ?, ?)').run(
      id,
      m.body,
      // The page without the stylesheet every page shares, or only a marker for a page made of the subject and text alone (made when it is sent: render/page-css.ts).
      m.textPage ? textPageMark(m.textPage) : m.html ? packPage(m.html, { subject: m.subject, body: m.body }) : null,
      m.pictures?.length ? JSON.stringify(m.pictures) : null,
    );
    return { id, created: true };
  }
  const row = db.prepare('SELECT id FROM outbox_head WHERE dedupe_key = ?').get(m.dedupeKey) as { id: number };
  return { id: row.id, created: false };
}

/**
 * What goes out holds no bidirectional control of a player's, nor any other
 * control but tab, line feed and carriage return (render/bidi.ts): a mail
 * rendered from a template has them replaced and its players' text isolated
 * already; any other has them replaced here (a text part, a subject or a
 * header keeps the isolates that pair up within a line).
 */
function bidiSafe(m: NewMail): NewMail {
  const unsafe = (s: string) => hasBidiControl(s) || hasOtherControl(s);
  const headers = m.headers && Object.values(m.headers).some(unsafe);
  // A text page (textPage) is made of this subject and text when it is sent (its isolates made <bdi>): it holds a control only if they do.
  const page = !m.textPage && !!m.html && unsafe(m.html);
  if (!unsafe(m.subject) && !unsafe(m.body) && !page && !headers) return m;
  const header = (s: string) => headerText(neutralizeMarkupControls(s));
  return {
    ...m,
    subject: header(m.subject),
    body: safeText(neutralizeMarkupControls(m.body)),
    html: m.html && neutralizeBidi(neutralizeMarkupControls(m.html)),
    headers: m.headers && Object.fromEntries(Object.entries(m.headers).map(([k, v]) => [k, header(v)])),
  };
}

/** Pending mail due at `at` (null: all of it, the backoff ignored). */
export function pendingMail(db: Db, at: string | null): OutboxRow[] {
  return db
    .prepare(
      `SELECT * FROM outbox WHERE status = 'pending' AND (? IS NULL OR next_attempt_at IS NULL OR next_attempt_at <= ?) ORDER BY id`,
    )
    .all(at, at) as OutboxRow[];
}

export function listOutbox(db: Db, gameId?: string): OutboxRow[] {
  return gameId
    ? (db.prepare('SELECT * FROM outbox WHERE game_id = ? ORDER BY id').all(gameId) as OutboxRow[])
    : (db.prepare('SELECT * FROM outbox ORDER BY id').all() as OutboxRow[]);
}

export function getOutbox(db: Db, id: number): OutboxRow | undefined {
  return db.prepare('SELECT * FROM outbox WHERE id = ?').get(id) as OutboxRow | undefined;
}

/**
 * Is there anything for a send to do: a due pending row (at null: any, the
 * backoff ignored), one a stopped run left in 'sending', or an ambiguous row
 * due to be sent again by itself (claimed before ambiguousBefore)?
 */
export function hasMailToSend(db: Db, at: string | null, ambiguousBefore: string | null = null): boolean {
  return !!db
    .prepare(
      `SELECT 1 FROM outbox_head WHERE status = 'sending'
         OR (status = 'pending' AND (? IS NULL OR next_attempt_at IS NULL OR next_attempt_at <= ?))
         OR (status = 'ambiguous' AND ambiguous_resends = 0 AND (claimed_at IS NULL OR claimed_at <= ?)) LIMIT 1`,
    )
    .get(at, at, ambiguousBefore);
}

/** pending → sending, atomically: false when another worker took it first. */
export function claim(db: Db, id: number, at: string): boolean {
  return (
    db
      .prepare(
        `UPDATE outbox_head SET status = 'sending', attempts = attempts + 1, claimed_at = ?, smtp_stage = 'connecting' WHERE id = ? AND status = 'pending'`,
      )
      .run(at, id).changes === 1
  );
}

/** Record how far a delivery got (committed at once: a kill right after leaves it behind). */
export function setStage(db: Db, id: number, stage: string): void {
  db.prepare('UPDATE outbox_head SET smtp_stage = ? WHERE id = ?').run(stage, id);
}

/**
 * Rows a stopped run left in 'sending' (claimed before `before`), settled by
 * the stage they reached: before the message data went out the server cannot
 * have it, so the row is sent again (pending); a reply read says what the
 * server did (2xx sent, 5xx failed, else pending); only data sent without a
 * reply is 'ambiguous': sent again by itself once after the ambiguity window
 * (resendAmbiguous), or left to the GM — never at once.
 */
export function recoverStaleSending(
  db: Db,
  before: string,
  at: string,
  all = false,
): { ambiguous: number; requeued: number } {
  const rows = db
    .prepare(
      `SELECT id, smtp_stage FROM outbox_head WHERE status = 'sending' AND (? OR claimed_at IS NULL OR claimed_at < ?)`,
    )
    .all(all ? 1 : 0, before) as { id: number; smtp_stage: string | null }[];
  let ambiguous = 0;
  let requeued = 0;
  for (const r of rows) {
    const stage = r.smtp_stage ?? '';
    const code = /^reply-read:(\d{3})$/.exec(stage)?.[1];
    if (code?.startsWith('2')) markSent(db, r.id, at);
    else if (code?.startsWith('5'))
      markFailed(db, r.id, 'failed', `the server refused it (${code}) just before a stopped run could record it`);
    else if (stage === 'data-sent') {
      db.prepare(
        `UPDATE outbox_head SET status = 'ambiguous', last_error = 'interrupted after the message data was sent, before the server answered: it may or may not have been delivered' WHERE id = ?`,
      ).run(r.id);
      ambiguous++;
    } else {
      // Never past the greeting or the envelope (or a file transport's write): nothing left here.
      db.prepare(`UPDATE outbox_head SET status = 'pending', next_attempt_at = NULL, last_error = ? WHERE id = ?`).run(
        `interrupted before the message data was sent (${stage || 'not started'}); sent again`,
        r.id,
      );
      requeued++;
    }
  }
  return { ambiguous, requeued };
}

/** Older name: rows left in 'sending' (see recoverStaleSending); returns how many became ambiguous. */
export function markStaleSending(db: Db, before: string): number {
  return recoverStaleSending(db, before, new Date().toISOString()).ambiguous;
}

/**
 * The GM's decision on a failed or ambiguous row: send it again (a fresh
 * start: no backoff, its attempts counted from nought), or count it as sent.
 */
export function resolveRow(db: Db, id: number, how: 'retry' | 'sent', at: string): boolean {
  return (
    (how === 'retry'
      ? db
          .prepare(
            `UPDATE outbox_head SET status = 'pending', next_attempt_at = NULL, attempts = 0 WHERE id = ? AND status IN ('failed', 'ambiguous')`,
          )
          .run(id)
      : db
          .prepare(
            `UPDATE outbox_head SET status = 'sent', sent_at = ? WHERE id = ? AND status IN ('failed', 'ambiguous')`,
          )
          .run(at, id)
    ).changes === 1
  );
}

/** The ids of the rows of a status, in order (`judge outbox --retry failed`). */
export function outboxIds(db: Db, status: OutboxStatus): number[] {
  return (db.prepare('SELECT id FROM outbox_head WHERE status = ? ORDER BY id').all(status) as { id: number }[]).map(
    (r) => r.id,
  );
}

/**
 * Ambiguous rows due to be sent again by themselves (claimed before `before`,
 * not sent again yet) back to pending, with their Message-ID: the mailbox
 * drops a second copy by it. Returns how many.
 */
export function resendAmbiguous(db: Db, before: string): number {
  return db
    .prepare(
      `UPDATE outbox_head SET status = 'pending', next_attempt_at = NULL, ambiguous_resends = ambiguous_resends + 1,
         last_error = 'ambiguous (' || coalesce(last_error, 'no answer after the data') || '); sent again by itself with the same Message-ID'
       WHERE status = 'ambiguous' AND ambiguous_resends = 0 AND (claimed_at IS NULL OR claimed_at <= ?)`,
    )
    .run(before).changes;
}

/**
 * The ambiguous mail: how many the judge will send again by itself (and from
 * when the first one goes), and how many wait for the GM — all of them with
 * transport.ambiguous ask (windowMinutes null), else those that were
 * ambiguous again after their one automatic resend.
 */
export function ambiguousMail(
  db: Db,
  windowMinutes: number | null,
): { total: number; bySelf: number; forGm: number; firstResendAt: string | null } {
  const r = db
    .prepare(
      `SELECT count(*) AS total, coalesce(sum(ambiguous_resends = 0), 0) AS fresh, min(CASE WHEN ambiguous_resends = 0 THEN coalesce(claimed_at, '') END) AS first
       FROM outbox_head WHERE status = 'ambiguous'`,
    )
    .get() as { total: number; fresh: number; first: string | null };
  const bySelf = windowMinutes === null ? 0 : r.fresh;
  const firstResendAt =
    bySelf && r.first !== null
      ? r.first === ''
        ? null
        : new Date(new Date(r.first).getTime() + windowMinutes! * 60_000).toISOString()
      : null;
  return { total: r.total, bySelf, forGm: r.total - bySelf, firstResendAt };
}

// The outcome of an attempt; `stage`, when given, is the SMTP stage it ended at, written with it.
export function markSent(db: Db, id: number, at: string, stage: string | null = null): void {
  db.prepare(
    `UPDATE outbox_head SET status = 'sent', sent_at = ?, last_error = NULL, smtp_stage = coalesce(?, smtp_stage) WHERE id = ?`,
  ).run(at, stage, id);
}

export function markFailed(
  db: Db,
  id: number,
  status: 'failed' | 'ambiguous',
  error: string,
  stage: string | null = null,
): void {
  db.prepare(
    'UPDATE outbox_head SET status = ?, last_error = ?, smtp_stage = coalesce(?, smtp_stage) WHERE id = ?',
  ).run(status, error, stage, id);
}

/**
 * Back to pending as it was, the attempt not counted (claim counted it): the
 * judge's setup stopped it (smtp-errors.ts), not anything about this mail.
 */
export function markBlocked(db: Db, id: number, error: string, stage: string | null = null): void {
  db.prepare(
    `UPDATE outbox_head SET status = 'pending', attempts = max(attempts - 1, 0), last_error = ?, smtp_stage = coalesce(?, smtp_stage) WHERE id = ?`,
  ).run(error, stage, id);
}

/** Back to pending for a later attempt (transient failure). */
export function markRetry(db: Db, id: number, error: string, nextAt: string, stage: string | null = null): void {
  db.prepare(
    `UPDATE outbox_head SET status = 'pending', last_error = ?, next_attempt_at = ?, smtp_stage = coalesce(?, smtp_stage) WHERE id = ?`,
  ).run(error, nextAt, stage, id);
}
