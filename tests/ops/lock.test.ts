// One `judge run` at a time.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { openJudge } from '../../src/context.js';
import { acquireLock } from '../../src/store/lock.js';
import { rawMessageId, storeIncoming } from '../../src/mail/inbound/ingest.js';
import { count, mail, tavern, tempDir } from '../helpers.js';

function judge(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['bin/judge.js', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('close', (code) => resolve({ code, out }));
  });
}

describe('the run lock', { timeout: 120_000 }, () => {
  it('a second lock fails while the first is held; a stale lock (dead pid) is taken over', () => {
    const j = openJudge({ data: tempDir(), create: true });
    const a = acquireLock(j.db);
    expect(a.ok).toBe(true);
    const b = acquireLock(j.db);
    expect(b.ok).toBe(false);
    if (!b.ok) expect(b.holder).toContain(String(process.pid));
    if (a.ok) a.lock.release();
    expect(acquireLock(j.db).ok).toBe(true);
    const stale = openJudge({ data: tempDir(), create: true });
    stale.db
      .prepare(
        "INSERT INTO run_locks (name, pid, host, token, at) VALUES ('run', 999999999, ?, 'old', '2026-01-01T00:00:00.000Z')",
      )
      .run(hostname());
    expect(acquireLock(stale.db).ok).toBe(true);
  });

  it('many processes racing to take over one stale lock: exactly one gets it', async () => {
    const dir = tempDir();
    const j = openJudge({ data: dir, create: true });
    j.db
      .prepare(
        "INSERT INTO run_locks (name, pid, host, token, at) VALUES ('run', 999999999, ?, 'old', '2026-01-01T00:00:00.000Z')",
      )
      .run(hostname());
    j.db.close();
    // Each child takes the lock, reports, and keeps it (never releases) until every child has reported: the
    // parent then closes their stdin. A holder that exited earlier would leave a stale lock a slow starter may
    // rightly take over, so the holders stay alive however far apart the children start.
    const code = `
      await new Promise((res) => setTimeout(res, Number(process.argv[2])));
      const { openJudge } = await import(${JSON.stringify(new URL('../../dist/context.js', import.meta.url).href)});
      const { acquireLock } = await import(${JSON.stringify(new URL('../../dist/store/lock.js', import.meta.url).href)});
      const j = openJudge({ data: process.argv[1] });
      const r = acquireLock(j.db);
      console.log(r.ok ? 'GOT' : 'BUSY');
      process.stdin.resume();
      await new Promise((res) => process.stdin.on('end', res));
    `;
    // Started 300 ms apart, as cron runs on a loaded machine may be: the late ones find the first holder alive.
    const children = Array.from({ length: 8 }, (_, i) =>
      spawn(process.execPath, ['--input-type=module', '-e', code, dir, String(i * 300)], {
        stdio: ['pipe', 'pipe', 'pipe'],
      }),
    );
    // Each child's first line, read while every child is still alive.
    const runs = await Promise.all(
      children.map(
        (p) =>
          new Promise<string>((resolve) => {
            let out = '';
            const done = () => resolve(out.trim());
            p.stdout.on('data', (d) => {
              out += d;
              if (out.includes('\n')) done();
            });
            p.stderr.on('data', (d) => (out += d));
            p.on('close', done);
          }),
      ),
    );
    for (const p of children) p.stdin.end();
    await Promise.all(
      children.map((p) => new Promise((res) => (p.exitCode !== null ? res(null) : p.on('close', res)))),
    );
    expect(runs.filter((r) => r === 'GOT')).toHaveLength(1);
    expect(runs.filter((r) => r === 'BUSY')).toHaveLength(7);
  });

  it('two `judge run` started together: exactly one does the work', async () => {
    const dir = tempDir();
    const j = openJudge({ data: dir, create: true });
    tavern(j);
    mkdirSync(j.inboxDir, { recursive: true });
    // Enough mail that the first run is still busy when the second starts.
    for (let i = 0; i < 80; i++)
      writeFileSync(
        join(j.inboxDir, `m${String(i).padStart(2, '0')}.eml`),
        await mail('alice@example.org', `GAME tavern alice apple\nROLL ${1 + (i % 9)}d6 try ${i}\nEND\n`),
      );
    j.db.close();
    const [r1, r2] = await Promise.all([judge(['--data', dir, 'run']), judge(['--data', dir, 'run'])]);
    expect([r1.code, r2.code]).toEqual([0, 0]);
    const outs = [r1.out, r2.out];
    expect(outs.filter((o) => /holds the lock.*nothing done/.test(o))).toHaveLength(1);
    expect(outs.filter((o) => /ingest .*accepted/.test(o))).toHaveLength(1);
    const after = openJudge({ data: dir });
    expect(count(after, 'inbound')).toBe(80);
    expect(count(after, 'submissions')).toBe(80);
    expect(count(after, "outbox WHERE kind = 'ack'")).toBe(80);
    // The lock is gone afterwards: the next run works.
    const r3 = await judge(['--data', dir, 'run']);
    expect(r3.out).not.toMatch(/holds the lock/);
  });

  it('`judge run` stamps every line it prints, each mail it handles on a line of its own', async () => {
    const dir = tempDir();
    const j = openJudge({ data: dir, create: true });
    tavern(j);
    // Stored by an earlier run that stopped before handling them: this run handles them all at once (one text of many lines).
    for (let i = 0; i < 5; i++) {
      const raw = await mail('alice@example.org', `GAME tavern alice apple\nROLL ${1 + i}d6 try ${i}\nEND\n`);
      storeIncoming(j, raw, rawMessageId(raw), 'test', '2026-12-01T08:00:00.000Z');
    }
    j.db.close();
    const r = await judge(['--data', dir, 'run']);
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines.filter((l) => / ingest #\d+: #\d+ accepted/.test(l))).toHaveLength(5);
    for (const l of lines) expect(l).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /);
  });
});
