// Outgoing mail: the outbox worker builds each message with nodemailer and
// hands it to a transport: the file transport writes .eml files (the embedded
// default); SMTP comes with the real-mail work.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Judge } from '../../context.js';
import { nowIso } from '../../context.js';
import { claim, markFailed, markSent, pendingMail, type OutboxRow } from '../../store/outbox.js';

export interface SendSummary {
  sent: number;
  failed: number;
  retry: number;
  files: string[];
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

/** Flush pending rows through the file transport: each mail becomes data/outbox/<id>.eml. */
export async function sendPending(j: Judge): Promise<SendSummary> {
  const out: SendSummary = { sent: 0, failed: 0, retry: 0, files: [] };
  if (j.config.transport.type !== 'file') throw new Error(`transport "${j.config.transport.type}" is not available in this build`);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  mkdirSync(j.outboxDir, { recursive: true });
  for (const row of pendingMail(j.db, nowIso(j))) {
    if (!claim(j.db, row.id)) continue;
    try {
      const info = await transport.sendMail(mailOptions(j, row));
      const file = join(j.outboxDir, `${String(row.id).padStart(6, '0')}-${row.kind}.eml`);
      writeFileSync(file, info.message as Buffer);
      markSent(j.db, row.id, nowIso(j));
      out.sent++;
      out.files.push(file);
    } catch (e) {
      markFailed(j.db, row.id, 'failed', (e as Error).message);
      out.failed++;
    }
  }
  return out;
}
