// End to end against a real Dovecot (IMAP) and an in-process SMTP server,
// both on 127.0.0.1: mail appended to the INBOX → `judge run` → submissions,
// acknowledgements at the SMTP server, messages in Processed; and what
// happens when the run dies half-way or the mail server misbehaves.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import Database from 'better-sqlite3';
import { dbPath } from '../../src/store/db.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pollAndHandle } from '../../src/cli/poll.js';
import { pollImap } from '../../src/mail/inbound/imap.js';
import { runOnce } from '../../src/cli/mail.js';
import { main } from '../../src/cli/index.js';
import { clientMail } from '../../src/cli/demo.js';
import { listOutbox } from '../../src/store/outbox.js';
import { parse } from 'yaml';
import { createGame } from '../../src/engine/create-game.js';
import { count } from '../helpers.js';
import { startDovecot, type Dovecot } from './dovecot.js';
import { append, folderCounts, freshUser, mailJudge, reopen } from './mailenv.js';
import { startSmtp, type TestSmtp } from './smtp.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/mail');
let dc: Dovecot;
let smtp: TestSmtp;
const logs: string[] = [];
const log = (s: string) => {
  logs.push(s);
  if (process.env.JUDGE_TEST_LOG) console.error(s);
};

beforeAll(async () => {
  dc = await startDovecot();
  smtp = await startSmtp();
}, 30_000);
afterAll(async () => {
  await smtp?.stop();
  await dc?.stop();
});

let n = 0;
function orders(from: string, text: string, subject = 'orders'): Promise<Buffer> {
  return clientMail({
    from,
    to: 'judge@localhost',
    subject,
    text,
    date: new Date(Date.UTC(2026, 10, 29, 8, n++ % 60)),
  });
}

function receivedBy(s: TestSmtp, since: number) {
  return s.received.slice(since);
}

describe('judge run against Dovecot and SMTP', { timeout: 60_000 }, () => {
  it('stores the orders, answers through SMTP, moves the mail to Processed; a second run changes nothing', async () => {
    const user = freshUser();
    const j = mailJudge(dc, user, smtp.port, { inbox: { maxBytes: 200_000 } });
    const alice = await orders('Alice <alice@example.org>', 'GAME tavern alice apple\nROLL 2d6 attack\nEND\n');
    const boris = readFileSync(join(FIXTURES, 'charset-koi8-r-8bit.eml'));
    const wrong = await orders('Alice <alice@example.org>', 'GAME tavern alice pear\nROLL 2d6\nEND\n');
    const ooo = readFileSync(join(FIXTURES, 'loop-auto-submitted.eml'));
    const resent = readFileSync(join(FIXTURES, 'resend-a.eml'));
    const resentAgain = readFileSync(join(FIXTURES, 'resend-b.eml'));
    const big = await clientMail({
      from: 'Boris <boris@example.ru>',
      to: 'judge@localhost',
      subject: 'map',
      text: 'GAME tavern boris berry\nROLL 1d6\nEND\n' + 'x'.repeat(300_000),
      date: new Date(Date.UTC(2026, 10, 29, 9)),
    });
    await append(dc, user, [alice, boris, wrong, ooo, resent, resentAgain, big]);
    const before = smtp.received.length;

    await runOnce(j, log);

    expect(count(j, 'inbound')).toBe(7);
    expect(count(j, "inbound WHERE status = 'accepted'")).toBe(3);
    expect(count(j, "inbound WHERE status = 'duplicate'")).toBe(1);
    expect(count(j, "inbound WHERE status = 'ignored'")).toBe(1);
    expect(count(j, "inbound WHERE status = 'rejected'")).toBe(2); // wrong password, too large
    expect(count(j, "inbound WHERE source = 'imap:INBOX' AND imap_uid IS NOT NULL")).toBe(7);
    // Of the oversize message only its head was fetched and kept; its size is the server's (CRLF line ends).
    expect(
      j.db.prepare("SELECT size, length(raw) AS kept FROM inbound WHERE reason LIKE 'message too large%'").get(),
    ).toEqual({
      size: big.toString('latin1').replace(/\r?\n/g, '\r\n').length,
      kept: 256 * 1024,
    });
    expect(count(j, 'submissions')).toBe(3);
    const borisOrders = j.db.prepare("SELECT echo_json FROM submissions WHERE player_id = 'boris'").get() as {
      echo_json: string;
    };
    expect(JSON.parse(borisOrders.echo_json)[0].text).toBe('БРОСОК 3d6 Съешь же ещё этих мягких французских булок');
    expect(await folderCounts(dc, user)).toEqual({ INBOX: 0, Processed: 7 });

    const got = receivedBy(smtp, before);
    // 3 acknowledgements, an error reply (wrong password) and one (too large); nothing to the auto-reply or for the resend.
    expect(got).toHaveLength(5);
    expect(listOutbox(j.db).every((r) => r.status === 'sent')).toBe(true);
    const ack = got.find((m) => m.to.includes('alice@example.org') && /attack/.test(m.parsed.text ?? ''))!;
    expect(ack.from).toBe('bounces@localhost');
    const h = (name: string) => String(ack.parsed.headers.get(name) ?? '');
    expect(h('auto-submitted')).toBe('auto-replied');
    expect(h('x-auto-response-suppress')).toBe('All');
    expect(ack.parsed.replyTo?.value[0]?.address).toBe('judge@localhost');
    const original = alice.toString('latin1').match(/^Message-ID: (<[^>]+>)/im)![1];
    expect(ack.parsed.inReplyTo).toBe(original);
    expect(String(ack.parsed.references)).toContain(original!);
    const ids = got.map((m) => m.parsed.messageId);
    expect(new Set(ids).size).toBe(5);
    expect(ids.sort()).toEqual(
      listOutbox(j.db)
        .map((r) => r.message_id)
        .sort(),
    );
    for (const m of got) expect(m.raw.toString()).not.toMatch(/\b(apple|berry|pear)\b/);

    // The next cron run: nothing new in, nothing out.
    const k = reopen(j, 10);
    await runOnce(k, log);
    expect(count(k, 'inbound')).toBe(7);
    expect(count(k, 'submissions')).toBe(3);
    expect(smtp.received.length).toBe(before + 5);
    expect(await folderCounts(dc, user)).toEqual({ INBOX: 0, Processed: 7 });
  });

  /** A fresh mailbox holding three order mails (Alice, Boris, Alice), read by a fresh judge. */
  async function threeOrders() {
    const user = freshUser();
    const j = mailJudge(dc, user, smtp.port);
    await append(dc, user, [
      await orders('Alice <alice@example.org>', 'GAME tavern alice apple\nROLL 1d6 first\nEND\n'),
      await orders('Boris <boris@example.ru>', 'GAME tavern boris berry\nROLL 2d6 second\nEND\n'),
      await orders('Alice <alice@example.org>', 'GAME tavern alice apple\nROLL 3d6 third\nEND\n'),
    ]);
    return { user, j };
  }

  it('killed after the database commit but before the MOVE: the next run ingests nothing twice', async () => {
    const { user, j } = await threeOrders();
    const before = smtp.received.length;
    // The process "dies" right after the first batch (2 messages) is committed.
    await expect(
      pollImap(j, log, {
        afterCommit: () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(count(j, 'inbound')).toBe(2);
    expect(count(j, "inbound WHERE status = 'received'")).toBe(2); // stored, never handled
    expect(await folderCounts(dc, user)).toEqual({ INBOX: 3, Processed: 0 });

    const k = reopen(j, 5);
    await runOnce(k, log);
    expect(count(k, 'inbound')).toBe(3);
    expect(count(k, "inbound WHERE status = 'accepted'")).toBe(3);
    expect(count(k, 'submissions')).toBe(3);
    expect(count(k, "outbox WHERE kind = 'ack'")).toBe(3);
    expect(smtp.received.length - before).toBe(3);
    expect(await folderCounts(dc, user)).toEqual({ INBOX: 0, Processed: 3 });

    const l = reopen(k, 5);
    await runOnce(l, log);
    expect(count(l, 'inbound')).toBe(3);
    expect(smtp.received.length - before).toBe(3);
  });

  it('a batch refused by a store that another writer keeps locked (SQLITE_BUSY) is stored again, not the poll failed', async () => {
    const { user, j } = await threeOrders();
    const errors: string[] = [];
    let tries = 0;
    const summary = await pollImap(j, log, {
      storing: (write) => {
        if (++tries > 1) return write();
        // The first batch's first try: another connection holds the write lock, and this one waits no longer.
        const other = new Database(dbPath(j.dataDir));
        other.exec('BEGIN IMMEDIATE');
        const timeout = j.db.pragma('busy_timeout', { simple: true });
        j.db.pragma('busy_timeout = 0');
        try {
          return write();
        } catch (e) {
          errors.push(String((e as { code?: string }).code));
          throw e;
        } finally {
          j.db.pragma(`busy_timeout = ${timeout}`);
          other.exec('COMMIT');
          other.close();
        }
      },
    });
    expect(errors).toEqual(['SQLITE_BUSY']);
    expect(tries).toBe(3); // two tries of the first batch, one of the second
    expect(summary).toMatchObject({ found: 3, stored: 3, moved: 3 });
    expect(summary.warnings.join('\n')).toMatch(/locked by another writer; a batch was stored at try 2/);
    expect(count(j, 'inbound')).toBe(3);
    expect(await folderCounts(dc, user)).toEqual({ INBOX: 0, Processed: 3 });
  });

  it('a `judge poll` killed (SIGKILL) after the commit, before the MOVE: the next run ingests nothing twice', async () => {
    const { user, j } = await threeOrders();
    j.db.close();
    const killed = spawnSync(process.execPath, ['bin/judge.js', '--data', j.dataDir, 'poll'], {
      env: { ...process.env, JUDGE_FAULT: 'imap:after-commit' },
      encoding: 'utf8',
    });
    expect(killed.signal).toBe('SIGKILL');
    const k = reopen(j, 1);
    expect(count(k, 'inbound')).toBe(2); // the first batch of two was committed
    expect(await folderCounts(dc, user)).toEqual({ INBOX: 3, Processed: 0 });
    const before = smtp.received.length;
    await runOnce(k, log);
    expect(count(k, 'inbound')).toBe(3);
    expect(count(k, 'submissions')).toBe(3);
    expect(smtp.received.length - before).toBe(3);
    expect(await folderCounts(dc, user)).toEqual({ INBOX: 0, Processed: 3 });
  });

  it('a mailbox recreated under a new UIDVALIDITY is read anew; UIDs of the old one mean nothing', async () => {
    const user = freshUser();
    const j = mailJudge(dc, user, smtp.port);
    j.config.imap!.mailbox = 'Orders';
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
    try {
      await c.mailboxCreate('Orders');
      await c.append(
        'Orders',
        await orders('Alice <alice@example.org>', 'GAME tavern alice apple\nROLL 1d6 old box\nEND\n'),
      );
      await runOnce(j, log);
      const first = j.db.prepare("SELECT uidvalidity, last_uid FROM imap_state WHERE mailbox = 'Orders'").get() as {
        uidvalidity: string;
        last_uid: number;
      };
      expect(first.last_uid).toBe(1);
      await c.mailboxDelete('Orders');
      await c.mailboxCreate('Orders');
      await c.append(
        'Orders',
        await orders('Boris <boris@example.ru>', 'GAME tavern boris berry\nROLL 1d6 new box\nEND\n'),
      );
    } finally {
      await c.logout();
    }
    await runOnce(j, log);
    const second = j.db.prepare("SELECT uidvalidity, last_uid FROM imap_state WHERE mailbox = 'Orders'").get() as {
      uidvalidity: string;
      last_uid: number;
    };
    expect(second.last_uid).toBe(1); // UID 1 again, in a new generation
    expect(count(j, 'submissions')).toBe(2);
    expect(count(j, "inbound WHERE imap_mailbox = 'Orders' AND imap_uid = 1")).toBe(2);
    expect(logs.some((l) => /UIDVALIDITY changed/.test(l))).toBe(true);
  });

  it('the whole corpus through IMAP gives what `judge ingest` gives: each status, reason and stored order', async () => {
    const user = freshUser();
    const j = mailJudge(dc, user, smtp.port);
    createGame(j, {
      id: 'hospoda',
      kind: 'rpg',
      seed: '1',
      actor: 'test',
      setup: {
        title: 'Hospoda',
        lang: 'cs',
        seats: [
          { id: 'cyril', name: 'Cyril', email: 'cyril@example.cz', password: 'koruna', lang: 'cs' },
          { id: 'alice', name: 'Alice', email: 'alice@example.org', password: 'apple', lang: 'en' },
        ],
      },
    });
    const expected = parse(readFileSync(join(FIXTURES, 'expected.yaml'), 'utf8')) as Record<
      string,
      { status: string; reason?: string; orders?: Record<string, string[]> }
    >;
    const files = readdirSync(FIXTURES)
      .filter((f) => f.endsWith('.eml'))
      .sort();
    await append(
      dc,
      user,
      files.map((f) => readFileSync(join(FIXTURES, f))),
    );
    await runOnce(j, log);
    const rows = j.db.prepare('SELECT id, status, reason FROM inbound ORDER BY imap_uid').all() as {
      id: number;
      status: string;
      reason: string | null;
    }[];
    expect(rows).toHaveLength(files.length);
    const problems: string[] = [];
    files.forEach((f, i) => {
      const e = expected[f]!;
      const row = rows[i]!;
      const subs = j.db
        .prepare('SELECT game_id, player_id, echo_json FROM submissions WHERE inbound_id = ? ORDER BY id')
        .all(row.id) as { game_id: string; player_id: string; echo_json: string }[];
      const orders = Object.fromEntries(
        subs.map((s) => [
          `${s.game_id}/${s.player_id}`,
          (JSON.parse(s.echo_json) as { text: string }[]).map((x) => x.text),
        ]),
      );
      if (row.status !== e.status) problems.push(`${f}: status ${row.status}, expected ${e.status} (${row.reason})`);
      else if (e.reason && !new RegExp(e.reason).test(row.reason ?? '')) problems.push(`${f}: reason ${row.reason}`);
      else if (JSON.stringify(orders) !== JSON.stringify(e.orders ?? {}))
        problems.push(`${f}: orders ${JSON.stringify(orders)}`);
    });
    expect(problems).toEqual([]);
    expect(await folderCounts(dc, user)).toEqual({ INBOX: 0, Processed: files.length });
  });

  it('the loop corpus (auto-replies, bounces, list mail, own address) produces zero outgoing mail', async () => {
    const user = freshUser();
    const j = mailJudge(dc, user, smtp.port);
    const loops = readdirSync(FIXTURES).filter((f) => f.startsWith('loop-'));
    expect(loops.length).toBeGreaterThanOrEqual(14);
    await append(
      dc,
      user,
      loops.map((f) => readFileSync(join(FIXTURES, f))),
    );
    const before = smtp.received.length;
    const seen = smtp.dataSeen;
    await runOnce(j, log);
    expect(count(j, 'inbound')).toBe(loops.length);
    expect(count(j, "inbound WHERE status = 'ignored'")).toBe(loops.length);
    expect(count(j, 'outbox')).toBe(0);
    expect(smtp.received.length).toBe(before);
    expect(smtp.dataSeen).toBe(seen);
    expect(await folderCounts(dc, user)).toEqual({ INBOX: 0, Processed: loops.length });
  });
});

describe('IMAP over TLS', { timeout: 60_000 }, () => {
  it('reads the mailbox on the implicit-TLS port; an unverifiable certificate is refused unless allowed', async () => {
    const tls = await startDovecot({ tls: true });
    try {
      const user = freshUser();
      await append(tls, user, [
        await orders('Alice <alice@example.org>', 'GAME tavern alice apple\nROLL 1d6 over TLS\nEND\n'),
      ]);
      const j = mailJudge(tls, user, smtp.port);
      Object.assign(j.config.imap!, { port: tls.tlsPort, secure: true, rejectUnauthorized: true });
      await expect(pollAndHandle(j, log)).rejects.toThrow(/certificate/i);
      expect(count(j, 'inbound')).toBe(0);
      j.config.imap!.rejectUnauthorized = false; // the GM's own self-signed server
      await pollAndHandle(j, log);
      expect(count(j, "inbound WHERE status = 'accepted'")).toBe(1);
      expect(await folderCounts(tls, user)).toEqual({ INBOX: 0, Processed: 1 });
      // STARTTLS on the plain port: the same certificate rules; never a plain-text login when TLS is required.
      await append(tls, user, [
        await orders('Boris <boris@example.ru>', 'GAME tavern boris berry\nROLL 2d6 over STARTTLS\nEND\n'),
      ]);
      Object.assign(j.config.imap!, { port: tls.port, secure: false, starttls: true, rejectUnauthorized: true });
      await expect(pollAndHandle(j, log)).rejects.toThrow(/certificate/i);
      j.config.imap!.rejectUnauthorized = false;
      await pollAndHandle(j, log);
      expect(count(j, "inbound WHERE status = 'accepted'")).toBe(2);
      expect(await folderCounts(tls, user)).toEqual({ INBOX: 0, Processed: 2 });
    } finally {
      await tls.stop();
    }
  });

  it('refuses to log in without TLS when STARTTLS is required and the server has none', async () => {
    const user = freshUser();
    await append(dc, user, [await orders('Alice <alice@example.org>', 'GAME tavern alice apple\nROLL 1d6\nEND\n')]);
    const j = mailJudge(dc, user, smtp.port);
    Object.assign(j.config.imap!, { starttls: true });
    await expect(pollAndHandle(j, log)).rejects.toThrow();
    expect(count(j, 'inbound')).toBe(0);
    expect(await folderCounts(dc, user)).toEqual({ INBOX: 1, Processed: 0 });
  });
});

describe('SMTP failures', { timeout: 60_000 }, () => {
  it('SMTP down for one run: mail stays pending, the run exits 1; the next run sends each exactly once', async () => {
    const down = await startSmtp();
    const port = down.port;
    await down.stop(); // nothing listens there now
    const user = freshUser();
    const j = mailJudge(dc, user, port);
    await append(dc, user, [
      await orders('Alice <alice@example.org>', 'GAME tavern alice apple\nROLL 1d6\nEND\n'),
      await orders('Boris <boris@example.ru>', 'GAME tavern boris berry\nROLL 2d6\nEND\n'),
      await orders('Alice <alice@example.org>', 'no orders here, just hello'),
    ]);
    await runOnce(j, log);
    // The server down is not the mail's fault: nothing counted against it, and the run says so (exit 1).
    expect(process.exitCode).toBe(1);
    process.exitCode = undefined;
    const rows = listOutbox(j.db);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.status === 'pending' && r.attempts === 0)).toBe(true);
    expect(rows[0]!.last_error).toMatch(/ECONNREFUSED|ECONNECTION|connect/i);

    const up = await startSmtp('accept', port);
    try {
      const k = reopen(j, 10);
      await runOnce(k, log);
      expect(up.received).toHaveLength(3);
      expect(up.received.map((m) => m.parsed.messageId).sort()).toEqual(rows.map((r) => r.message_id).sort());
      expect(listOutbox(k.db).every((r) => r.status === 'sent')).toBe(true);
      const l = reopen(k, 60);
      await runOnce(l, log);
      expect(up.received).toHaveLength(3);
    } finally {
      await up.stop();
    }
  });

  it('a 550 marks the row failed with the reason, shown by `judge outbox --json`, and it is never retried', async () => {
    const s = await startSmtp('reject-550');
    try {
      const user = freshUser();
      const j = mailJudge(dc, user, s.port);
      await append(dc, user, [await orders('Alice <alice@example.org>', 'GAME tavern alice apple\nROLL 1d6\nEND\n')]);
      await runOnce(j, log);
      const [row] = listOutbox(j.db);
      expect(row!.status).toBe('failed');
      expect(row!.last_error).toMatch(/550/);
      expect(s.dataSeen).toBe(1);

      const out: string[] = [];
      const spy = vi.spyOn(process.stdout, 'write').mockImplementation((c: string | Uint8Array) => {
        out.push(String(c));
        return true;
      });
      let code: number;
      try {
        code = await main(['node', 'judge', '--data', j.dataDir, 'outbox', '--json']);
      } finally {
        spy.mockRestore();
      }
      expect(code).toBe(0);
      const listed = JSON.parse(out.join('')) as { status: string; last_error: string }[];
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ status: 'failed' });
      expect(listed[0]!.last_error).toMatch(/550 5\.7\.1 Message rejected/);

      const k = reopen(j, 600);
      await runOnce(k, log);
      expect(s.dataSeen).toBe(1);
    } finally {
      await s.stop();
    }
  });

  it('a 451 is retried later with backoff; a connection lost after DATA is ambiguous, sent again by itself once the window passed', async () => {
    const s = await startSmtp('tempfail-451');
    try {
      const user = freshUser();
      const j = mailJudge(dc, user, s.port);
      await append(dc, user, [await orders('Alice <alice@example.org>', 'GAME tavern alice apple\nROLL 1d6\nEND\n')]);
      await runOnce(j, log);
      let [row] = listOutbox(j.db);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row!.last_error).toMatch(/451/);
      expect(row!.next_attempt_at).toBe(new Date(j.clock().getTime() + 5 * 60_000).toISOString());
      // Too early: not tried again.
      const k = reopen(j, 1);
      await runOnce(k, log);
      expect(s.dataSeen).toBe(1);
      // Due, but now the connection breaks after the message was sent.
      s.mode = 'drop-after-data';
      const l = reopen(k, 10);
      await runOnce(l, log);
      expect(s.dataSeen).toBe(2);
      [row] = listOutbox(l.db);
      expect(row!.status).toBe('ambiguous');
      expect(row!.last_error).toMatch(/may or may not have been delivered/);
      s.mode = 'accept';
      const m = reopen(l, 5);
      await runOnce(m, log);
      expect(s.dataSeen).toBe(2); // not within the ambiguity window (transport.ambiguousResendMinutes: 10) …
      const o = reopen(m, 6);
      await runOnce(o, log);
      expect(s.received).toHaveLength(1); // … then once, with the same Message-ID
      expect(s.received[0]!.parsed.messageId).toBe(row!.message_id);
      expect(listOutbox(o.db)[0]!.status).toBe('sent');
    } finally {
      await s.stop();
    }
  });
});
