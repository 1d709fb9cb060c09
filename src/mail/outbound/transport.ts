// Outgoing mail: one outbox worker builds each message with nodemailer and
// hands it to the configured transport: "file" writes .eml files (the
// embedded default), "smtp" delivers through a mail server. Every row goes
// pending → sending → sent; a 5xx (or a refused envelope) is a permanent
// failure; a 4xx or a failed connection is retried with backoff on later runs;
// a connection lost after the message data was sent is ambiguous (the server
// may have taken it) and waits for the GM instead of being sent twice.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { secretFromEnv, type JudgeConfig } from '../../config.js';
import type { Judge } from '../../context.js';
import { nowIso } from '../../context.js';
import { claim, markFailed, markRetry, markSent, pendingMail, recoverStaleSending, setStage, type OutboxRow } from '../../store/outbox.js';

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
  /** Set when the mail server could not be reached: the rest of the outbox waits for the next run. */
  unreachable?: string;
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
    envelope: { from: j.config.judge.bounceAddress ?? j.config.judge.address, to: [...JSON.parse(row.to_addrs), ...JSON.parse(row.cc_addrs)] },
    textEncoding: 'quoted-printable',
  };
}

/** What happened to one attempt. */
export type Outcome =
  | { kind: 'sent'; file?: string }
  | { kind: 'failed'; error: string }
  | { kind: 'retry'; error: string; unreachable?: boolean }
  | { kind: 'ambiguous'; error: string };

/**
 * How far an SMTP delivery got, recorded on the row as it happens (committed
 * at once), so that a run killed mid-way leaves the truth behind: before
 * 'data-sent' the server cannot have the message (retried automatically);
 * 'data-sent' without a reply is the one ambiguous case; 'reply-read:<code>'
 * says how the server answered.
 */
export type SmtpStage = 'connecting' | 'connected' | 'data-sent' | `reply-read:${number}`;

/** Delivers one message; the send loop below is the same for every transport. */
export interface Deliverer {
  deliver(j: Judge, row: OutboxRow, stage?: (s: SmtpStage) => void): Promise<Outcome>;
  close(): void;
}

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  command?: string;
  response?: string;
}

/**
 * Sort an SMTP error: a 5xx reply or a refused envelope is permanent, a 4xx
 * is transient, and a connection that broke after the server accepted DATA
 * (354) but before its final reply is ambiguous.
 */
export function classifySmtpError(e: SmtpError, dataAccepted: boolean): Outcome {
  const code = e.responseCode;
  const text = `${e.code ? `${e.code}: ` : ''}${e.message}`;
  if (code && code >= 500) return { kind: 'failed', error: text };
  if (code && code >= 400) return { kind: 'retry', error: text };
  if (e.code === 'EENVELOPE') return { kind: 'failed', error: text };
  if (dataAccepted) return { kind: 'ambiguous', error: `${text} (the connection broke after the message was sent; it may or may not have been delivered)` };
  // No reply at all: the server is down or unreachable; the other rows wait for the next run.
  return { kind: 'retry', error: text, unreachable: !code && (e.command === 'CONN' || /^E(CONNECTION|SOCKET|TIMEDOUT|DNS)$/.test(e.code ?? '')) };
}

type SmtpConfig = Extract<JudgeConfig['transport'], { type: 'smtp' }>;

/**
 * A silent logger that follows the server's replies: the greeting (connected),
 * the 354 to DATA (from then on a lost connection is ambiguous) and the reply
 * to the message data.
 */
function dataWatcher(stage: (s: SmtpStage) => void = () => {}): { logger: Record<string, (...a: unknown[]) => void>; accepted(): boolean } {
  let accepted = false;
  let connected = false;
  let replied = false;
  const watch = (entry: unknown, ...msg: unknown[]) => {
    const tnx = (entry as { tnx?: string } | null)?.tnx;
    if (tnx !== 'server') return;
    const line = msg.find((m): m is string => typeof m === 'string' && /^\d{3}\b/.test(m));
    if (!line) return;
    const code = Number(line.slice(0, 3));
    if (!connected) {
      connected = true;
      stage('connected');
    }
    if (accepted && !replied) {
      replied = true;
      stage(`reply-read:${code}`);
    } else if (code === 354 && !accepted) {
      accepted = true;
      stage('data-sent');
    }
  };
  const noop = () => {};
  return { logger: { trace: noop, debug: watch, info: watch, warn: noop, error: noop, fatal: noop }, accepted: () => accepted };
}

export function smtpDeliverer(c: SmtpConfig): Deliverer {
  const auth = c.user ? { user: c.user, pass: secretFromEnv(c.passwordEnv, 'transport (smtp)') } : undefined;
  return {
    async deliver(j, row, stage) {
      const watch = dataWatcher(stage);
      // A transport per message: the watcher's state belongs to one delivery.
      const t: Transporter = nodemailer.createTransport({
        host: c.host,
        port: c.port,
        secure: c.secure,
        requireTLS: !c.secure && c.starttls,
        ignoreTLS: !c.secure && !c.starttls,
        tls: { rejectUnauthorized: c.rejectUnauthorized },
        auth,
        name: j.domain,
        connectionTimeout: c.timeoutSeconds * 1000,
        greetingTimeout: c.timeoutSeconds * 1000,
        socketTimeout: c.timeoutSeconds * 1000,
        logger: watch.logger as never,
        transactionLog: true,
      });
      try {
        await t.sendMail(mailOptions(j, row));
        return { kind: 'sent' };
      } catch (e) {
        return classifySmtpError(e as SmtpError, watch.accepted());
      } finally {
        t.close();
      }
    },
    close() {},
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
        writeFileSync(file, info.message as Buffer);
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
  return c.type === 'smtp' ? smtpDeliverer(c) : fileDeliverer(j.outboxDir);
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
}

/** Flush the outbox through the configured transport: every due pending row, each at most once. */
export async function sendPending(j: Judge, deliverer: Deliverer = delivererFor(j), o: SendOptions = {}): Promise<SendSummary> {
  const out: SendSummary = { sent: 0, failed: 0, retry: 0, ambiguous: 0, interrupted: 0, requeued: 0, files: [] };
  const stale = recoverStaleSending(j.db, o.locked ? nowIso(j) : new Date(j.clock().getTime() - STALE_SENDING_MS).toISOString(), nowIso(j), !!o.locked);
  out.interrupted = stale.ambiguous;
  out.requeued = stale.requeued;
  const retry = j.config.transport.type === 'smtp' ? j.config.transport.retry : { firstMinutes: 5, maxMinutes: 360, maxAttempts: 10 };
  try {
    for (const row of pendingMail(j.db, nowIso(j))) {
      if (!claim(j.db, row.id, nowIso(j))) continue;
      const attempts = row.attempts + 1;
      let r: Outcome;
      try {
        r = await deliverer.deliver(j, { ...row, attempts }, (s) => setStage(j.db, row.id, s));
      } catch (e) {
        r = { kind: 'retry', error: (e as Error).message };
      }
      if (r.kind === 'retry' && attempts >= retry.maxAttempts) r = { kind: 'failed', error: `gave up after ${attempts} attempts: ${r.error}` };
      switch (r.kind) {
        case 'sent':
          markSent(j.db, row.id, nowIso(j));
          out.sent++;
          if (r.file) out.files.push(r.file);
          break;
        case 'failed':
          markFailed(j.db, row.id, 'failed', r.error);
          out.failed++;
          break;
        case 'ambiguous':
          markFailed(j.db, row.id, 'ambiguous', r.error);
          out.ambiguous++;
          break;
        case 'retry': {
          const next = new Date(j.clock().getTime() + backoffMinutes(attempts, retry.firstMinutes, retry.maxMinutes) * 60_000);
          markRetry(j.db, row.id, r.error, next.toISOString());
          out.retry++;
          break;
        }
      }
      if (r.kind === 'retry' && r.unreachable) {
        out.unreachable = r.error;
        break;
      }
    }
  } finally {
    deliverer.close();
  }
  return out;
}
