// The SMTP stage an outbox row reached, recorded as it happens: a send killed
// before the message data went out is sent again by itself; one killed after
// the data went out, before the reply, is the only ambiguous case. And
// `judge send` says when mail waiting for a retry will be tried again.
import { spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { enqueue, listOutbox } from '../../src/store/outbox.js';
import { tempDir, testJudge } from '../helpers.js';
import { startSmtp } from './smtp.js';

/** A loopback "SMTP server" that stalls: at the greeting, or after the message data (never answering it). */
function stallingServer(
  stallAt: 'greeting' | 'after-data',
): Promise<{ port: number; server: Server; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createServer((s) => {
    sockets.push(s);
    s.on('error', () => {});
    if (stallAt === 'greeting') return;
    s.write('220 stall.test ESMTP\r\n');
    let data = false;
    let buf = '';
    s.on('data', (d) => {
      buf += d.toString('latin1');
      let i;
      while ((i = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (data) {
          if (line === '.') data = false; // the data is in; no answer ever comes
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') s.write('250 stall.test\r\n');
        else if (cmd === 'MAIL' || cmd === 'RCPT') s.write('250 OK\r\n');
        else if (cmd === 'DATA') {
          data = true;
          s.write('354 go ahead\r\n');
        } else if (cmd === 'QUIT') s.end('221 bye\r\n');
        else s.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ port: (server.address() as { port: number }).port, server, sockets }),
    ),
  );
}

/** `judge send` in a child process, without blocking this one (the SMTP sink lives here). */
function send(dir: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['bin/judge.js', '--data', dir, 'send'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

function config(dir: string, port: number) {
  writeFileSync(
    join(dir, 'judge.yaml'),
    stringify({
      transport: { type: 'smtp', host: '127.0.0.1', port, secure: false, starttls: false, timeoutSeconds: 30 },
    }),
  );
}

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

async function killedWhile(stage: string, stallAt: 'greeting' | 'after-data') {
  const stall = await stallingServer(stallAt);
  cleanup.push(() => {
    for (const s of stall.sockets) s.destroy();
    stall.server.close();
  });
  const dir = tempDir();
  config(dir, stall.port);
  const j = testJudge(dir);
  enqueue(
    j.db,
    { dedupeKey: 'k1', kind: 'notice', to: ['alice@example.org'], subject: 'hello', body: 'body' },
    'localhost',
    j.clock().toISOString(),
  );
  j.db.close();
  const p = spawn(process.execPath, ['bin/judge.js', '--data', dir, 'send'], { stdio: 'ignore' });
  const exited = new Promise((r) => p.on('close', r));
  // Wait until the row shows the stage, then kill the sender.
  const k = testJudge(dir);
  for (let i = 0; i < 200; i++) {
    const row = listOutbox(k.db)[0]!;
    if (row.status === 'sending' && row.smtp_stage === stage) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(listOutbox(k.db)[0]).toMatchObject({ status: 'sending', smtp_stage: stage });
  p.kill('SIGKILL');
  await exited;
  k.db.close();
  const sink = await startSmtp();
  cleanup.push(() => sink.stop());
  config(dir, sink.port);
  const r = await send(dir);
  expect(r.status, r.stderr).toBe(0);
  return { row: listOutbox(testJudge(dir).db)[0]!, sink, out: r.stdout };
}

describe('SMTP stages', { timeout: 60_000 }, () => {
  it('killed while connecting (no greeting yet): sent again by the next run, by itself', async () => {
    const { row, sink, out } = await killedWhile('connecting', 'greeting');
    expect(row.status).toBe('sent');
    expect(sink.received).toHaveLength(1);
    expect(out).toMatch(/1 left 'sending' by a stopped run before their data went out, sent again/);
  });

  it("killed after the message data went out, before the server's reply: ambiguous, not sent again within the ambiguity window", async () => {
    const { row, sink, out } = await killedWhile('data-sent', 'after-data');
    expect(row.status).toBe('ambiguous');
    expect(row.last_error).toMatch(/after the message data was sent, before the server answered/);
    expect(sink.received).toHaveLength(0);
    expect(out).toMatch(/1 left 'sending' by a stopped run after their data went out, now ambiguous/);
  });

  it('`judge send` with mail waiting for a retry says when the next try is', async () => {
    const s = await startSmtp('tempfail-451');
    cleanup.push(() => s.stop());
    const dir = tempDir();
    config(dir, s.port);
    const j = testJudge(dir);
    enqueue(
      j.db,
      { dedupeKey: 'k1', kind: 'notice', to: ['alice@example.org'], subject: 'hello', body: 'body' },
      'localhost',
      j.clock().toISOString(),
    );
    j.db.close();
    const first = await send(dir);
    expect(first.stdout).toMatch(/1 to retry later/);
    const second = await send(dir);
    expect(second.stdout).toMatch(/send: 0 sent, 0 failed/);
    expect(second.stdout).toMatch(
      /1 mail waits to be retried; the next try is at \d{4}-\d\d-\d\dT[\d:.]+Z .*#1: .*451/,
    );
  });
});
