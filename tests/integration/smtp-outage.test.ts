// When the SMTP server fails (issue #28): what is the judge's setup — a wrong
// password, TLS set up wrong, a server down — leaves every mail pending (never
// failed, no attempt counted), stops the send and makes `judge send` and
// `judge run` exit 1 with one line naming the setting to fix; once mended,
// every mail goes exactly once. Only an answer about the message itself (a 5xx
// to RCPT TO) fails it. The GM settles mail in one step (`--retry failed`,
// several ids, `send --now`), and ambiguous mail resolves itself: sent again
// once, with the same Message-ID, after the ambiguity window.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stringify } from 'yaml';
import { main } from '../../src/cli/index.js';
import { sendAndLog } from '../../src/cli/mail.js';
import { sendPending } from '../../src/mail/outbound/transport.js';
import { enqueue, listOutbox } from '../../src/store/outbox.js';
import { tempDir, testJudge, type TestJudge } from '../helpers.js';
import { selfSigned } from './dovecot.js';
import { startSmtp, type TestSmtp } from './smtp.js';

const PASSWORD_ENV = 'JUDGE_TEST_SMTP_PASSWORD';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
  process.exitCode = undefined;
});

async function smtp(...a: Parameters<typeof startSmtp>): Promise<TestSmtp> {
  const s = await startSmtp(...a);
  cleanup.push(() => s.stop());
  return s;
}

/** A judge sending to 127.0.0.1:port (plain SMTP unless `transport` says otherwise), with n mails queued. */
function judgeWith(
  port: number,
  n: number,
  transport: Record<string, unknown> = {},
  to = (i: number) => `p${i}@example.org`,
): TestJudge {
  const dir = tempDir();
  writeFileSync(
    join(dir, 'judge.yaml'),
    stringify({
      judge: { address: 'judge@localhost' },
      transport: {
        type: 'smtp',
        host: '127.0.0.1',
        port,
        secure: false,
        starttls: false,
        timeoutSeconds: 5,
        ...transport,
      },
    }),
  );
  const j = testJudge(dir);
  for (let i = 1; i <= n; i++)
    enqueue(
      j.db,
      { dedupeKey: `k${i}`, kind: 'notice', to: [to(i)], subject: `mail ${i}`, body: `body ${i}` },
      j.domain,
      j.clock().toISOString(),
    );
  return j;
}

/** `judge <args>` in a child process (the SMTP server of the test lives in this one). */
function cli(
  dir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['bin/judge.js', '--data', dir, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** `judge <args>` in this process: its exit code and what it printed. */
async function judge(dir: string, ...args: string[]): Promise<{ code: number; out: string }> {
  const out: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  const err = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((c: string | Uint8Array) => !!out.push(String(c)));
  process.exitCode = undefined;
  try {
    return { code: await main(['node', 'judge', '--data', dir, ...args]), out: out.join('\n') };
  } finally {
    log.mockRestore();
    err.mockRestore();
    write.mockRestore();
    process.exitCode = undefined;
  }
}

const statuses = (j: TestJudge) => listOutbox(j.db).map((r) => r.status);
const count = (ids: (string | undefined)[]) => {
  const m = new Map<string, number>();
  for (const id of ids) m.set(id ?? '', (m.get(id ?? '') ?? 0) + 1);
  return m;
};

describe('SMTP outages: the judge setup is not the mail’s fault', { timeout: 120_000 }, () => {
  it('a wrong password: nothing failed, send and run exit 1 with one line naming the setting; mended, every mail goes exactly once', async () => {
    const s = await smtp('accept', 0, undefined, { auth: { user: 'judge@localhost', pass: 'right' } });
    const j = judgeWith(s.port, 6, { user: 'judge@localhost', passwordEnv: PASSWORD_ENV });
    const rows = listOutbox(j.db);
    j.db.close();
    const line =
      /^(\S+ )?send: the SMTP server 127\.0\.0\.1:\d+ refused the login of judge@localhost \(535 .*\): check transport\.user and the password in \$JUDGE_TEST_SMTP_PASSWORD \(6 mail\(s\) wait, none failed\)$/;
    for (const command of ['send', 'run']) {
      const r = await cli(j.dataDir, [command], { [PASSWORD_ENV]: 'wrong' });
      expect(r.status, r.stdout + r.stderr).toBe(1);
      // One line says what to fix; no other line speaks of it.
      const lines = (r.stdout + r.stderr).split('\n').filter((l) => /535|transport\.|password/.test(l));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(line);
    }
    const k = testJudge(j.dataDir);
    expect(listOutbox(k.db).map((r) => [r.status, r.attempts])).toEqual(rows.map(() => ['pending', 0]));
    expect(s.received).toHaveLength(0);
    // Mended: the next send delivers each mail once; a later one sends nothing again.
    const mended = await cli(j.dataDir, ['send'], { [PASSWORD_ENV]: 'right' });
    expect(mended.status, mended.stdout + mended.stderr).toBe(0);
    expect(mended.stdout).toMatch(/send: 6 sent, 0 failed/);
    const again = await cli(j.dataDir, ['run'], { [PASSWORD_ENV]: 'right' });
    expect(again.status, again.stdout + again.stderr).toBe(0);
    const atSink = count(s.received.map((m) => m.parsed.messageId));
    expect([...atSink.keys()].sort()).toEqual(rows.map((r) => r.message_id).sort());
    expect([...atSink.values()].every((n) => n === 1)).toBe(true);
    expect(statuses(k)).toEqual(rows.map(() => 'sent'));
  });

  it('a server that wants a login the judge does not give (530 to MAIL FROM) is the setup too: set transport.user', async () => {
    const s = await smtp('accept', 0, undefined, { auth: { user: 'judge@localhost', pass: 'right' } });
    const j = judgeWith(s.port, 2);
    const r = await sendPending(j);
    expect(r.blocked).toMatch(
      /wants a login \(530 .*\): set transport\.user and the password in \$JUDGE_SMTP_PASSWORD/,
    );
    expect(listOutbox(j.db).map((x) => [x.status, x.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
  });

  it('the server down (connection refused): `judge send` exits 1 naming host and port, stops at once, the mail waits uncounted', async () => {
    const gone = await startSmtp();
    await gone.stop();
    const j = judgeWith(gone.port, 20, { connections: 2 });
    j.db.close();
    const r = await cli(j.dataDir, ['send']);
    expect(r.status, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(
      /send: cannot reach the SMTP server 127\.0\.0\.1:\d+ \(ECONNREFUSED\): is it running\? check transport\.host and transport\.port \(20 mail\(s\) wait, none failed\)/,
    );
    const rows = listOutbox(testJudge(j.dataDir).db);
    expect(rows.every((x) => x.status === 'pending' && x.attempts === 0 && x.next_attempt_at === null)).toBe(true);
    // Stopped at once: only the mails the two connections had in hand were tried.
    expect(rows.filter((x) => x.last_error).length).toBeLessThanOrEqual(2);
  });

  describe('TLS set up wrong leaves the mail pending, naming secure / starttls', () => {
    const pair = () => selfSigned(mkdtempSync(join(tmpdir(), 'judge-tls-')));

    async function blocked(j: TestJudge): Promise<string> {
      const r = await sendPending(j);
      expect(r.sent + r.failed + r.ambiguous).toBe(0);
      expect(listOutbox(j.db).every((x) => x.status === 'pending' && x.attempts === 0)).toBe(true);
      return r.blocked ?? '';
    }

    it('secure: true against a plain SMTP port ("wrong version number")', async () => {
      const s = await smtp();
      expect(await blocked(judgeWith(s.port, 2, { secure: true }))).toMatch(
        /TLS with the SMTP server 127\.0\.0\.1:\d+ failed \(.*wrong version number.*\): the port speaks plain SMTP; set transport\.secure: false .*transport\.port/,
      );
    });

    it('plain SMTP against a port that speaks TLS from the first byte: no greeting', async () => {
      const s = await smtp('accept', 0, { ...pair(), implicit: true });
      // 3 s: on a loaded machine even a loopback connect can take longer than 1 s (then it reads as unreachable).
      expect(await blocked(judgeWith(s.port, 1, { timeoutSeconds: 3 }))).toMatch(
        /the SMTP server 127\.0\.0\.1:\d+ sent no greeting in 3s: if the port speaks TLS from the first byte \(465\) set transport\.secure: true/,
      );
    });

    it('STARTTLS required but not offered (a 5xx to STARTTLS, or 454 TLS not available)', async () => {
      const s = await smtp();
      expect(await blocked(judgeWith(s.port, 1, { starttls: true }))).toMatch(
        /does not offer STARTTLS \(5\d\d .*\): .*transport\.secure: true .*transport\.starttls: false/,
      );
      const t454 = await scripted({ STARTTLS: '454 4.7.0 TLS not available due to local problem' });
      expect(await blocked(judgeWith(t454, 1, { starttls: true }))).toMatch(
        /does not offer STARTTLS \(454 4\.7\.0 TLS not available due to local problem\): .*transport\.secure.*transport\.starttls/,
      );
    });

    it('a certificate the judge cannot verify', async () => {
      const s = await smtp('accept', 0, pair());
      expect(await blocked(judgeWith(s.port, 1, { starttls: true }))).toMatch(
        /the certificate of the SMTP server 127\.0\.0\.1:\d+ was not accepted \(.*self-signed.*\): .*transport\.rejectUnauthorized: false/,
      );
    });
  });

  it('a 550 to RCPT TO fails only that mail; the others go', async () => {
    const s = await smtp('accept', 0, undefined, { refuseRcpt: /^nobody@/ });
    const j = judgeWith(s.port, 3, {}, (i) => (i === 2 ? 'nobody@example.org' : `p${i}@example.org`));
    const r = await sendPending(j);
    expect(r).toMatchObject({ sent: 2, failed: 1 });
    expect(r.blocked).toBeUndefined();
    expect(statuses(j)).toEqual(['sent', 'failed', 'sent']);
    expect(listOutbox(j.db)[1]!.last_error).toMatch(/550 5\.1\.1 No such user here/);
    // The sender may deliver over more than one connection at once: the order of arrival is not the outbox's.
    expect(s.received.map((m) => m.parsed.subject).sort()).toEqual(['mail 1', 'mail 3']);
  });

  it('`judge outbox --retry`: several ids (repeated or in one), a whole class; --mark-sent; a wrong id named', async () => {
    const s = await smtp('accept', 0, undefined, { refuseRcpt: /^p/ });
    const j = judgeWith(s.port, 7);
    expect((await sendPending(j)).failed).toBe(7);
    s.refuseRcpt = null; // the addresses mended at the server
    expect(await judge(j.dataDir, 'outbox', '--retry', '1', '--retry', '2')).toMatchObject({ code: 0 });
    expect(statuses(j)).toEqual(['pending', 'pending', 'failed', 'failed', 'failed', 'failed', 'failed']);
    const mixed = await judge(j.dataDir, 'outbox', '--retry', '3', '4', '1');
    expect(mixed.code).toBe(2);
    expect(mixed.out).toMatch(/#1: not a failed or ambiguous mail/);
    expect(statuses(j).slice(2, 4)).toEqual(['pending', 'pending']);
    expect(await judge(j.dataDir, 'outbox', '--mark-sent', '7')).toMatchObject({ code: 0 });
    expect((await judge(j.dataDir, 'outbox', '--retry', 'failed')).out).toMatch(
      /#5: pending again[\s\S]*#6: pending again/,
    );
    expect((await judge(j.dataDir, 'outbox', '--retry', 'everything')).code).toBe(2);
    expect((await sendPending(j)).sent).toBe(6);
    expect(statuses(j)).toEqual(Array(7).fill('sent'));
    expect(s.received.map((m) => m.parsed.subject).sort()).toEqual([1, 2, 3, 4, 5, 6].map((i) => `mail ${i}`));
  });

  it('`judge send --now` sends the mail waiting out its backoff', async () => {
    const s = await smtp('tempfail-451');
    const j = judgeWith(s.port, 2);
    expect((await judge(j.dataDir, 'send')).out).toMatch(/2 to retry later/);
    s.mode = 'accept';
    const waiting = await judge(j.dataDir, 'send');
    expect(waiting.out).toMatch(/send: 0 sent[\s\S]*2 mails wait to be retried; .*judge send --now/);
    expect(s.received).toHaveLength(0);
    const now = await judge(j.dataDir, 'send', '--now');
    expect(now).toMatchObject({ code: 0 });
    expect(now.out).toMatch(/send: 2 sent/);
    expect(s.received).toHaveLength(2);
  });
});

describe('ambiguous mail resolves itself', { timeout: 120_000 }, () => {
  it('sent again by itself once the window passed, once, with the same Message-ID; ambiguous again after that: the GM’s', async () => {
    const s = await smtp('drop-after-data');
    const j = judgeWith(s.port, 2, { connections: 1 });
    const log: string[] = [];
    const send = async () => {
      log.length = 0;
      return sendAndLog(j, (l) => log.push(l), true);
    };
    expect((await send()).ambiguous).toBe(2);
    expect(log[0]).toMatch(/2 ambiguous \(sent again by itself after 10 min, once\)/);
    s.mode = 'accept';
    // Inside the window: not yet.
    j.advance(9 * 60_000);
    expect((await send()).resent).toBe(0);
    expect(s.dataSeen).toBe(2);
    const status = await judge(j.dataDir, 'status');
    expect(status.out).toMatch(
      /ambiguous \(data sent, no answer read\): 2; 2 to be sent again by itself with the same Message-ID \(the first from 2026-11-29T12:10:00\.000Z\); 0 for you/,
    );
    j.advance(2 * 60_000);
    const r = await send();
    expect(r).toMatchObject({ resent: 2, sent: 2 });
    expect(log[0]).toMatch(/2 ambiguous sent again by itself \(the same Message-ID\)/);
    const rows = listOutbox(j.db);
    expect(rows.map((x) => x.status)).toEqual(['sent', 'sent']);
    expect(s.received.map((m) => m.parsed.messageId).sort()).toEqual(rows.map((x) => x.message_id).sort());

    // Ambiguous again after its one resend: left for the GM, never sent again by itself.
    s.mode = 'drop-after-data';
    enqueue(
      j.db,
      { dedupeKey: 'k3', kind: 'notice', to: ['p3@example.org'], subject: 'mail 3', body: 'b' },
      j.domain,
      j.clock().toISOString(),
    );
    expect((await send()).ambiguous).toBe(1);
    j.advance(11 * 60_000);
    expect(await send()).toMatchObject({ resent: 1, ambiguous: 1 });
    s.mode = 'accept';
    j.advance(24 * 3_600_000);
    expect((await send()).resent).toBe(0);
    expect(s.dataSeen).toBe(6);
    const json = JSON.parse((await judge(j.dataDir, 'status', '--json')).out) as {
      ambiguousMail: { total: number; bySelf: number; forGm: number };
    };
    expect(json.ambiguousMail).toMatchObject({ total: 1, bySelf: 0, forGm: 1 });
    expect((await judge(j.dataDir, 'outbox', '--retry', 'ambiguous')).code).toBe(0);
    await send();
    expect(s.received.filter((m) => m.parsed.subject === 'mail 3').map((m) => m.parsed.messageId)).toEqual([
      listOutbox(j.db)[2]!.message_id,
    ]);
  });

  it('transport.ambiguous: ask leaves every ambiguous mail to the GM: --mark-sent one, --retry ambiguous the rest', async () => {
    const s = await smtp('drop-after-data');
    const j = judgeWith(s.port, 3, { connections: 1, ambiguous: 'ask' });
    expect((await sendPending(j)).ambiguous).toBe(3);
    s.mode = 'accept';
    j.advance(7 * 24 * 3_600_000);
    expect((await sendPending(j)).resent).toBe(0);
    expect(s.dataSeen).toBe(3);
    const json = JSON.parse((await judge(j.dataDir, 'status', '--json')).out) as {
      ambiguousMail: { total: number; bySelf: number; forGm: number };
    };
    expect(json.ambiguousMail).toMatchObject({ total: 3, bySelf: 0, forGm: 3 });
    expect((await judge(j.dataDir, 'outbox', '--mark-sent', '1')).code).toBe(0);
    expect((await judge(j.dataDir, 'outbox', '--retry', 'ambiguous')).out).toMatch(
      /#2: pending again\noutbox #3: pending again/,
    );
    expect((await sendPending(j)).sent).toBe(2);
    const rows = listOutbox(j.db);
    expect(rows.map((x) => x.status)).toEqual(['sent', 'sent', 'sent']);
    expect(s.received.map((m) => m.parsed.messageId).sort()).toEqual([rows[1]!.message_id, rows[2]!.message_id].sort());
  });
});

/** A loopback "SMTP server" that answers some commands as told (STARTTLS: '454 …'), the rest with 250. */
async function scripted(answers: Record<string, string>): Promise<number> {
  const sockets: Socket[] = [];
  const server = createServer((sock) => {
    sockets.push(sock);
    sock.on('error', () => {});
    sock.write('220 scripted.test ESMTP\r\n');
    let buf = '';
    sock.on('data', (d) => {
      buf += d.toString('latin1');
      let i: number;
      while ((i = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const cmd = line.split(' ')[0]!.toUpperCase();
        if (answers[cmd]) sock.write(`${answers[cmd]}\r\n`);
        else if (cmd === 'EHLO') sock.write('250-scripted.test\r\n250 STARTTLS\r\n');
        else if (cmd === 'QUIT') sock.end('221 bye\r\n');
        else sock.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  cleanup.push(() => {
    for (const x of sockets) x.destroy();
    server.close();
  });
  return (server.address() as { port: number }).port;
}
