// One `judge run` at a time.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openJudge } from '../../src/context.js';
import { acquireLock } from '../../src/store/lock.js';
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
    const dir = tempDir();
    const a = acquireLock(dir);
    expect(a.ok).toBe(true);
    const b = acquireLock(dir);
    expect(b.ok).toBe(false);
    if (!b.ok) expect(b.holder).toContain(String(process.pid));
    if (a.ok) a.lock.release();
    expect(acquireLock(dir).ok).toBe(true);
    const stale = tempDir();
    writeFileSync(join(stale, 'run.lock'), '999999999 2026-01-01T00:00:00.000Z\n');
    expect(acquireLock(stale).ok).toBe(true);
  });

  it('two `judge run` started together: exactly one does the work', async () => {
    const dir = tempDir();
    const j = openJudge({ data: dir });
    tavern(j);
    mkdirSync(j.inboxDir, { recursive: true });
    // Enough mail that the first run is still busy when the second starts.
    for (let i = 0; i < 80; i++)
      writeFileSync(join(j.inboxDir, `m${String(i).padStart(2, '0')}.eml`), await mail('alice@example.org', `GAME tavern alice apple\nROLL ${1 + (i % 9)}d6 try ${i}\nEND\n`));
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
});
