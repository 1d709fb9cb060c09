// What the integration tests share: a judge whose judge.yaml points at the
// test Dovecot and SMTP servers, and helpers to put mail into a mailbox and
// count what is where.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { stringify } from 'yaml';
import { tavern, tempDir, testJudge, type TestJudge } from '../helpers.js';
import type { Dovecot } from './dovecot.js';

export const IMAP_PASSWORD_ENV = 'JUDGE_TEST_IMAP_PASSWORD';

let users = 0;
/** A mailbox of its own for each test: the static passdb takes any user name. */
export function freshUser(): string {
  return `player${process.pid}x${++users}`;
}

export function writeConfig(
  dir: string,
  dc: Dovecot,
  user: string,
  smtpPort: number,
  extra: Record<string, unknown> = {},
): void {
  process.env[IMAP_PASSWORD_ENV] = dc.password;
  const cfg = {
    judge: { address: 'judge@localhost', name: 'Test Judge', bounceAddress: 'bounces@localhost' },
    transport: { type: 'smtp', host: '127.0.0.1', port: smtpPort, secure: false, starttls: false, timeoutSeconds: 10 },
    imap: {
      host: dc.host,
      port: dc.port,
      secure: false,
      starttls: false,
      user,
      passwordEnv: IMAP_PASSWORD_ENV,
      mailbox: 'INBOX',
      processedFolder: 'Processed',
      batchSize: 2,
      timeoutSeconds: 10,
    },
    ...extra,
  };
  writeFileSync(join(dir, 'judge.yaml'), stringify(cfg));
}

/** A judge on a fresh data directory, with the tavern game, reading user's mailbox and sending to smtpPort. */
export function mailJudge(dc: Dovecot, user: string, smtpPort: number, extra: Record<string, unknown> = {}): TestJudge {
  const dir = tempDir();
  writeConfig(dir, dc, user, smtpPort, extra);
  const j = testJudge(dir);
  tavern(j);
  return j;
}

/** The same data directory opened again: what the next cron run sees. */
export function reopen(j: TestJudge, minutesLater = 0): TestJudge {
  j.db.close();
  const next = testJudge(j.dataDir);
  next.advance(j.clock().getTime() - next.clock().getTime() + minutesLater * 60_000);
  return next;
}

async function client(dc: Dovecot, user: string): Promise<ImapFlow> {
  const c = new ImapFlow({
    host: dc.host,
    port: dc.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user, pass: dc.password },
    logger: false,
  });
  c.on('error', () => {});
  await c.connect();
  return c;
}

export async function append(dc: Dovecot, user: string, raws: Buffer[], mailbox = 'INBOX'): Promise<void> {
  const c = await client(dc, user);
  try {
    for (const raw of raws) await c.append(mailbox, raw);
  } finally {
    await c.logout();
  }
}

/** Put mail into a mailbox as delivered at the given times (IMAP APPEND with an INTERNALDATE). */
export async function appendDated(
  dc: Dovecot,
  user: string,
  mails: [Buffer, Date][],
  mailbox = 'INBOX',
): Promise<void> {
  const c = await client(dc, user);
  try {
    for (const [raw, date] of mails) await c.append(mailbox, raw, [], date);
  } finally {
    await c.logout();
  }
}

/** How many messages each folder holds (a missing folder counts 0). */
export async function folderCounts(
  dc: Dovecot,
  user: string,
  folders = ['INBOX', 'Processed'],
): Promise<Record<string, number>> {
  const c = await client(dc, user);
  try {
    const out: Record<string, number> = {};
    const existing = new Set((await c.list()).map((m) => m.path));
    for (const f of folders)
      out[f] = existing.has(f) ? (((await c.status(f, { messages: true })) || { messages: 0 }).messages ?? 0) : 0;
    return out;
  } finally {
    await c.logout();
  }
}
