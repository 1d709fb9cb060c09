// Outgoing mail: one outbox worker builds each message with nodemailer and
// hands it to the configured transport: "file" writes .eml files (the
// embedded default), "smtp" delivers through a mail server. Every row goes
// pending → sending → sent; a 5xx about the message (to RCPT TO or its data)
// is a permanent failure; a 4xx is retried with backoff on later runs; what
// would fail every message alike (login, TLS, connection: smtp-errors.ts)
// leaves the mail pending, uncounted, and stops the send with one line naming
// the setting to fix; a connection lost after the message data was sent is
// ambiguous (the server may have taken it): sent again by itself once, with
// the same Message-ID, after transport.ambiguousResendMinutes (or left to the
// GM with transport.ambiguous: ask).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { sendingSocket } from './nodemailer-pool.js';
import { secretFromEnv } from '../../config.js';
import type { Judge } from '../../context.js';
import { nowIso } from '../../context.js';
import {
  claim,
  markBlocked,
  markFailed,
  markRetry,
  markSent,
  pendingMail,
  recoverStaleSending,
  resendAmbiguous,
  setStage,
  type OutboxRow,
} from '../../store/outbox.js';
import { transact, withSync } from '../../store/db.js';
import { walSync } from '../../store/wal-sync.js';
import { ambiguousCutoff } from './ambiguous.js';
import { htmlOptions } from './html-parts.js';
import { classifySmtpError, smtpSetup, type Outcome, type SmtpError } from './smtp-errors.js';
import { smtpConnection, type SmtpConfig } from './smtp-options.js';

export type { Outcome } from './smtp-errors.js';

export interface SendSummary {
  sent: number;
  failed: number;
  retry: number;
  ambiguous: number;
  /** Rows a killed earlier run had left in 'sending' after the message data went out, now ambiguous. */
  interrupted: number;
  /** Rows a killed earlier run had left in 'sending' before the message data went out: sent again now. */
  requeued: number;
  files: string[];
  /** Ambiguous mails sent again by themselves this run (same Message-ID), the ambiguity window past. */
  resent: number;
  /**
   * Set when the judge's setup stopped the send (login, TLS, connection: smtp-errors.ts):
   * the line naming the setting to fix. The mail stays pending, with no attempt counted.
   */
  blocked?: string;
  /** How many mails that stop left waiting (those it met, and those it did not reach). */
  held: number;
}

/** The headers every judge mail carries: it is automated, and replies go to the judge. */
export function standardHeaders(row: OutboxRow): Record<string, string> {
  return {
    'Auto-Submitted': row.kind === 'ack' || row.kind === 'error' ? 'auto-replied' : 'auto-generated',
    'X-Auto-Response-Suppress': 'All',
    'X-PBEM-Judge': `${row.kind}${row.game_id ? ` ${row.game_id}` : ''}${row.phase_number ? ` ${row.phase_number}` : ''}`,
    ...JSON.parse(row.headers_json),
  };
}

export function mailOptions(j: Judge, row: OutboxRow): SendMailOptions {
  const from = { name: j.config.judge.name, address: j.config.judge.address };
  return {
    from,
    replyTo: j.config.judge.address,
    sender: j.config.judge.address,
    to: JSON.parse(row.to_addrs),
    cc: JSON.parse(row.cc_addrs),
    subject: row.subject,
    text: row.body,
    messageId: row.message_id,
    date: new Date(row.created_at),
    headers: standardHeaders(row),
    envelope: {
      from: j.config.judge.bounceAddress ?? j.config.judge.address,
      to: [...JSON.parse(row.to_addrs), ...JSON.parse(row.cc_addrs)],
    },
    textEncoding: 'quoted-printable',
    // The HTML part and its pictures (html-parts.ts), unless the mail goes out as text only.
    ...htmlOptions(j, row),
  };
}

/**
 * How far an SMTP delivery got, recorded on the row as it happens, so that a
 * run killed mid-way leaves the truth behind: before 'data-sent' the server
 * cannot have the message (retried automatically); 'data-sent' (on disk
 * before the data goes out) without a reply is the one ambiguous case;
 * 'reply-read:<code>' says how the server answered (written with the outcome).
 */
export type SmtpStage = 'connecting' | 'connected' | 'data-sent' | `reply-read:${number}`;

/**
 * Told each stage as it is reached. With `hold` (at 'data-sent' only), the
 * deliverer keeps the message data back until the promise handed to it
 * settles: the stage may then be written in a commit shared with other
 * connections; without it the stage must be on disk when this returns.
 */
export type StageListener = (s: SmtpStage, hold?: (ready: Promise<void>) => void) => void;

/** Delivers one message; the send loop below is the same for every transport. */
export interface Deliverer {
  deliver(j: Judge, row: OutboxRow, stage?: StageListener): Promise<Outcome>;
  /** How many deliveries may run at once (SMTP: the connections of the pool); default 1. */
  lanes?: number;
  close(): void;
}

/** What one message's delivery has reached on its connection. */
interface Attempt {
  messageId: string;
  stage: StageListener;
  /** The pool handed the message to a ready connection (greeting, EHLO, TLS and AUTH done). */
  started: boolean;
  /** The server answered DATA with 354: from here on a lost connection is ambiguous. */
  accepted: boolean;
  replied: boolean;
}

/**
 * One connection of the pool: a nodemailer pooled transporter with a single
 * connection, reused for messagesPerConnection messages (and opened again
 * after that, or when the server closed it before a message went out: the pool
 * hands the message to the new connection), carrying one message at a time.
 * Its silent logger follows that message: the pool's "sending" line (connected),
 * the server's 354 to DATA (data-sent) and the reply to the data (reply-read).
 */
interface Lane {
  t: Transporter;
  attempt: Attempt | null;
}

function laneLogger(lane: Lane): Record<string, (...a: unknown[]) => void> {
  const watch = (entry: unknown, ...msg: unknown[]) => {
    const a = lane.attempt;
    const e = entry as { tnx?: string; messageId?: string } | null;
    if (!a || !e) return;
    if (e.tnx === 'send' && e.messageId === a.messageId) {
      // A (re)start on a ready connection: whatever an earlier connection saw is gone with it.
      a.started = true;
      a.accepted = a.replied = false;
      return a.stage('connected');
    }
    if (e.tnx !== 'server' || !a.started) return;
    const line = msg.find((m): m is string => typeof m === 'string' && /^\d{3}\b/.test(m));
    if (!line) return;
    const code = Number(line.slice(0, 3));
    if (a.accepted && !a.replied) {
      a.replied = true;
      a.stage(`reply-read:${code}`);
    } else if (code === 354 && !a.accepted) {
      a.accepted = true;
      // nodemailer pipes the data into the socket right after this line: corked, the socket keeps it
      // until the stage is on disk (when the socket cannot be found, the stage is written at once).
      const socket = sendingSocket(lane.t);
      a.stage(
        'data-sent',
        socket &&
          ((ready) => {
            socket.cork();
            void ready.then(
              () => socket.uncork(),
              () => socket.destroy(),
            );
          }),
      );
    }
  };
  const noop = () => {};
  return { trace: noop, debug: watch, info: watch, warn: noop, error: noop, fatal: noop };
}

/** SMTP through a pool of c.connections connections; `name` is the client's name in EHLO. */
export function smtpDeliverer(c: SmtpConfig, name: string, sender = 'the judge'): Deliverer {
  const setup = smtpSetup(c, sender);
  const auth = c.user ? { user: c.user, pass: secretFromEnv(c.passwordEnv, 'transport (smtp)') } : undefined;
  const lanes: Lane[] = [];
  const free: Lane[] = [];
  const waiting: ((l: Lane) => void)[] = [];
  const newLane = (): Lane => {
    const lane: Lane = { t: undefined as unknown as Transporter, attempt: null };
    lane.t = nodemailer.createTransport({
      pool: true,
      maxConnections: 1,
      maxMessages: c.messagesPerConnection,
      ...smtpConnection(c, name),
      auth,
      logger: laneLogger(lane) as never,
      transactionLog: true,
    });
    lanes.push(lane);
    return lane;
  };
  const take = (): Promise<Lane> => {
    const l = free.pop() ?? (lanes.length < c.connections ? newLane() : undefined);
    return l ? Promise.resolve(l) : new Promise((resolve) => waiting.push(resolve));
  };
  const give = (l: Lane) => {
    const w = waiting.shift();
    if (w) w(l);
    else free.push(l);
  };
  return {
    lanes: c.connections,
    async deliver(j, row, stage = () => {}) {
      const lane = await take();
      const a: Attempt = { messageId: row.message_id, stage, started: false, accepted: false, replied: false };
      lane.attempt = a;
      try {
        await lane.t.sendMail(mailOptions(j, row));
        return { kind: 'sent' };
      } catch (e) {
        return classifySmtpError(e as SmtpError, a.accepted, setup);
      } finally {
        lane.attempt = null;
        give(lane);
      }
    },
    close() {
      for (const l of lanes) l.t.close();
    },
  };
}

export function fileDeliverer(dir: string): Deliverer {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  mkdirSync(dir, { recursive: true });
  return {
    async deliver(j, row) {
      try {
        const info = await t.sendMail(mailOptions(j, row));
        const file = join(dir, `${String(row.id).padStart(6, '0')}-${row.kind}.eml`);
        try {
          writeFileSync(file, info.message as Buffer);
        } catch (e) {
          // Not the mail's fault: the folder cannot be written (missing, full, not ours).
          const error = (e as Error).message;
          return { kind: 'blocked', error, fix: `cannot write into ${dir} (${error}): check transport.dir` };
        }
        return { kind: 'sent', file };
      } catch (e) {
        return { kind: 'failed', error: (e as Error).message };
      }
    },
    close() {
      t.close();
    },
  };
}

export function delivererFor(j: Judge): Deliverer {
  const c = j.config.transport;
  return c.type === 'smtp'
    ? smtpDeliverer(c, j.domain, j.config.judge.bounceAddress ?? j.config.judge.address)
    : fileDeliverer(j.outboxDir);
}

/** Wait before attempt n+1 (n ≥ 1): firstMinutes, doubling, at most maxMinutes. */
export function backoffMinutes(attempts: number, firstMinutes: number, maxMinutes: number): number {
  return Math.min(maxMinutes, firstMinutes * 2 ** Math.max(0, attempts - 1));
}

/** How long a row may stay in 'sending' before it is taken for a killed run's (when the run lock is not held). */
const STALE_SENDING_MS = 30 * 60 * 1000;

export interface SendOptions {
  /** The caller holds the run lock: every row left in 'sending' is a stopped run's. */
  locked?: boolean;
  /** Ignore the backoff: pending mail waiting for a later retry goes now too (`judge send --now`). */
  now?: boolean;
}

/**
 * Flush the outbox through the configured transport: every due pending row,
 * each at most once, over deliverer.lanes connections at once. The stage a
 * row reaches is written as it happens; only 'data-sent' is synced to disk
 * before the message data goes out: a power cut must not lose it, or the row
 * would be sent again. The loop's writes of all connections go into one
 * transaction per turn of the event loop (group commit), committed without
 * waiting for the disk (NORMAL); when it holds a 'data-sent', the WAL is
 * then synced on the thread pool (store/wal-sync.ts) — the sockets of those
 * connections hold the message data until that is done, and the other
 * connections go on meanwhile. A kill or a power cut
 * loses at most the last moment's writes, which then read as "not sent yet"
 * (before 'data-sent': sent again, rightly) or as ambiguous (after it) —
 * never as sent when they were not.
 */
export async function sendPending(
  j: Judge,
  deliverer: Deliverer = delivererFor(j),
  o: SendOptions = {},
): Promise<SendSummary> {
  const out: SendSummary = {
    sent: 0,
    failed: 0,
    retry: 0,
    ambiguous: 0,
    interrupted: 0,
    requeued: 0,
    files: [],
    resent: 0,
    held: 0,
  };
  const stale = recoverStaleSending(
    j.db,
    o.locked ? nowIso(j) : new Date(j.clock().getTime() - STALE_SENDING_MS).toISOString(),
    nowIso(j),
    !!o.locked,
  );
  out.interrupted = stale.ambiguous;
  out.requeued = stale.requeued;
  const retry =
    j.config.transport.type === 'smtp'
      ? j.config.transport.retry
      : { firstMinutes: 5, maxMinutes: 360, maxAttempts: 10 };
  // Ambiguous mail whose window has passed goes again, once, with its Message-ID (before the selection).
  const cutoff = ambiguousCutoff(j);
  if (cutoff) out.resent = resendAmbiguous(j.db, cutoff);
  const rows = pendingMail(j.db, o.now ? null : nowIso(j));
  let next = 0;
  // Group commit: the loop's writes of all connections, in order, one transaction per turn of the event
  // loop, committed without waiting for the disk (NORMAL). When it holds a 'data-sent', whose message data
  // waits for it, the WAL is then synced on the thread pool (walSync), so the other connections go on
  // meanwhile; a write that must be on disk before flush returns (`now`) is committed FULL.
  type Write = { write: () => void; durable?: { done: () => void; fail: (e: unknown) => void }; now?: boolean };
  let queue: Write[] = [];
  let failure: unknown = null;
  const wal = walSync(j.db);
  const flush = () => {
    const batch = queue;
    queue = [];
    const durable = batch.some((w) => w.durable);
    // Synced by the commit itself (FULL): when there is no WAL to sync, or a write must be on disk as flush returns.
    const full = durable && (!wal || batch.some((w) => w.now));
    const settle = (e: unknown) => {
      if (e) failure ??= e;
      for (const w of batch) if (w.durable) e ? w.durable.fail(e) : w.durable.done();
    };
    try {
      withSync(j.db, full ? 'FULL' : 'NORMAL', () => transact(j.db, () => batch.forEach((w) => w.write())));
    } catch (e) {
      return settle(e);
    }
    if (durable && !full) wal!.sync().then(() => settle(null), settle);
    else settle(null);
  };
  const later = (w: Write) => {
    if (queue.push(w) === 1) setImmediate(flush);
  };
  const durably = (write: () => void): Promise<void> =>
    new Promise((done, fail) => later({ write, durable: { done, fail } }));
  const one = async (row: OutboxRow): Promise<void> => {
    // Under the run lock no other sender can take the row: its claim joins the group commit (and is on
    // disk no later than its 'data-sent'); without the lock the claim is the atomic test, written at once.
    const at = nowIso(j);
    if (o.locked) later({ write: () => claim(j.db, row.id, at) });
    else if (!claim(j.db, row.id, at)) return;
    const attempts = row.attempts + 1;
    let r: Outcome;
    // The server's reply is written with the outcome, a moment later (one write instead of two).
    let reply: string | null = null;
    try {
      r = await deliverer.deliver(j, { ...row, attempts }, (s, hold) => {
        const write = () => setStage(j.db, row.id, s);
        if (s.startsWith('reply-read:')) reply = s;
        else if (s !== 'data-sent') later({ write });
        else if (hold) hold(durably(write));
        else {
          // The data goes out when this returns: on disk now, with what is queued before it.
          queue.push({ write, durable: { done() {}, fail() {} }, now: true });
          flush();
          if (failure) throw failure;
        }
      });
    } catch (e) {
      r = { kind: 'retry', error: (e as Error).message };
    }
    if (r.kind === 'retry' && attempts >= retry.maxAttempts)
      r = { kind: 'failed', error: `gave up after ${attempts} attempts: ${r.error}` };
    const [done, error, stage] = [nowIso(j), 'error' in r ? r.error : '', reply];
    switch (r.kind) {
      case 'sent':
        later({ write: () => markSent(j.db, row.id, done, stage) });
        out.sent++;
        if (r.file) out.files.push(r.file);
        break;
      case 'failed':
        later({ write: () => markFailed(j.db, row.id, 'failed', error, stage) });
        out.failed++;
        break;
      case 'ambiguous':
        later({ write: () => markFailed(j.db, row.id, 'ambiguous', error, stage) });
        out.ambiguous++;
        break;
      case 'blocked':
        // Not the mail's fault: pending as it was, the attempt not counted; the send stops.
        later({ write: () => markBlocked(j.db, row.id, error, stage) });
        out.blocked ??= r.fix;
        out.held++;
        break;
      case 'retry': {
        const nextTry = new Date(
          j.clock().getTime() + backoffMinutes(attempts, retry.firstMinutes, retry.maxMinutes) * 60_000,
        ).toISOString();
        later({ write: () => markRetry(j.db, row.id, error, nextTry, stage) });
        out.retry++;
        break;
      }
    }
  };
  const lane = async (): Promise<void> => {
    // Stopped by the setup: the rest waits for the next run (what is under way finishes).
    while (!out.blocked && next < rows.length) await one(rows[next++]!);
  };
  try {
    // The loop's writes without waiting for the disk, but 'data-sent' (see above).
    await withSync(j.db, 'NORMAL', () => Promise.all(Array.from({ length: Math.max(1, deliverer.lanes ?? 1) }, lane)));
  } finally {
    if (queue.length) flush();
    deliverer.close();
    wal?.close();
  }
  if (failure) throw failure;
  out.held += rows.length - next;
  return out;
}
