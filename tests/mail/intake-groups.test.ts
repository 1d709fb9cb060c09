// The writes of handleUnhandled's mails share commits, but the write lock is
// never held while the run waits: here every password check waits for the test
// to release it, and meanwhile the mails written so far are committed (another
// connection sees them) and the store takes another writer at once.
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { dbPath } from '../../src/store/db.js';
import { handleUnhandled } from '../../src/mail/inbound/batch.js';
import { rawMessageId, storeIncoming } from '../../src/mail/inbound/ingest.js';
import { count, mail, tavern, testJudge } from '../helpers.js';

const gate = vi.hoisted(() => ({ waiting: [] as { password: string; release: () => void }[] }));

vi.mock('../../src/store/passwords.js', async (original) => {
  const real = await original<typeof import('../../src/store/passwords.js')>();
  return {
    ...real,
    // The real verification, answered only when the test says so.
    verifyPasswordAsync: async (password: string, stored: string) => {
      const ok = await real.verifyPasswordAsync(password, stored);
      await new Promise<void>((release) => gate.waiting.push({ password, release }));
      return ok;
    },
  };
});

const tick = () => new Promise((r) => setTimeout(r, 5));
async function until(what: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !what(); i++) await tick();
  expect(what()).toBe(true);
}

describe('intake write groups', { timeout: 60_000 }, () => {
  it('commits what it wrote before it waits, and never holds the write lock while waiting', async () => {
    const j = testJudge();
    tavern(j);
    // Passwords the game does not know yet for these mails: each block waits for its own check.
    const passwords = ['apple', 'apple2', 'apple3'];
    for (const [i, p] of passwords.entries()) {
      const raw = await mail('alice@example.org', `GAME tavern alice ${p}\nROLL 2d6 try ${i}\nEND\n`);
      storeIncoming(j, raw, rawMessageId(raw), 'test', '2026-11-29T09:00:00Z');
    }
    const other = new Database(dbPath(j.dataDir));
    other.pragma('busy_timeout = 0');
    const handledNow = () =>
      (other.prepare("SELECT count(*) AS n FROM inbound WHERE status != 'received'").get() as { n: number }).n;
    const storeIsFree = () => {
      other.exec('BEGIN IMMEDIATE');
      other.exec('ROLLBACK');
      return true;
    };
    const run = handleUnhandled(j);
    // All three checks were started ahead (read-ahead); the first mail waits for its answer.
    await until(() => gate.waiting.length === 3);
    expect(handledNow()).toBe(0);
    expect(storeIsFree()).toBe(true);
    for (let k = 0; k < 3; k++) {
      gate.waiting.find((w) => w.password === passwords[k])!.release();
      // Mail k is written; the run then waits for mail k+1's check: by then mail k's writes are committed.
      await until(() => handledNow() === k + 1);
      expect(storeIsFree()).toBe(true);
    }
    const results = await run;
    expect(results.map((r) => r.status)).toEqual(['accepted', 'rejected', 'rejected']);
    expect(count(j, "submissions WHERE player_id = 'alice'")).toBe(1);
    other.close();
  });

  it('a shared commit that fails: its mails stay stored for the next run, say so, and are then handled once', async () => {
    const j = testJudge();
    tavern(j);
    for (let i = 0; i < 5; i++) {
      const raw = await mail('alice@example.org', `GAME tavern alice apple\nROLL 1d6 try ${i}\nEND\n`);
      storeIncoming(j, raw, rawMessageId(raw), 'test', '2026-11-29T09:00:00Z');
    }
    gate.waiting.length = 0;
    // The disk refuses the first commit of handling (SQLite then rolls the transaction back).
    const exec = j.db.exec.bind(j.db);
    let refused = 0;
    j.db.exec = ((sql: string) => {
      if (sql === 'COMMIT' && refused === 0) {
        refused++;
        exec('ROLLBACK');
        throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
      }
      return exec(sql);
    }) as typeof j.db.exec;
    const release = setInterval(() => gate.waiting.splice(0).forEach((w) => w.release()), 2);
    try {
      const first = await handleUnhandled(j);
      expect(refused).toBe(1);
      const lost = first.filter((r) => r.status === 'received');
      expect(lost.length).toBeGreaterThan(0);
      for (const r of lost)
        expect(r.reason).toMatch(/could not commit its handling \(disk I\/O error\); the next run handles it/);
      expect(count(j, "inbound WHERE status = 'received'")).toBe(lost.length);
      const second = await handleUnhandled(j);
      expect(second.map((r) => r.status)).toEqual(lost.map(() => 'accepted'));
    } finally {
      clearInterval(release);
    }
    expect(count(j, "inbound WHERE status = 'accepted'")).toBe(5);
    expect(count(j, "outbox WHERE kind = 'ack'")).toBe(5);
    expect(count(j, "submissions WHERE player_id = 'alice' AND replaced_by IS NULL")).toBe(1);
  });
});
