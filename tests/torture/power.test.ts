// Torture, part "power cut": while `judge run` takes mail in (each message
// moved out of the inbox only after it is stored: the acknowledgement), the
// store is copied at random moments — the database file and its WAL — and
// what a power cut would lose is thrown away: with synchronous = FULL a commit
// is on disk (WAL synced) before it returns, so only frames after the last
// commit frame can be lost; they are cut at a random point, and half the time
// replaced by garbage (a torn write). Every copy must open, pass
// integrity_check and hold every message acknowledged before it was taken.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { rawMessageId } from '../../src/mail/inbound/ingest.js';
import { dbPath } from '../../src/store/db.js';
import { mail, tavern, tempDir, testJudge } from '../helpers.js';
import { figures, rng, size } from './figures.js';

/** Where each commit frame of the WAL's current generation ends (a commit is synced up to there with FULL). */
function commitEnds(wal: Buffer): number[] {
  if (wal.length < 32) return [];
  const pageSize = wal.readUInt32BE(8);
  const salt = wal.subarray(16, 24);
  const ends: number[] = [];
  for (let off = 32; off + 24 + pageSize <= wal.length; off += 24 + pageSize) {
    if (!wal.subarray(off + 8, off + 16).equals(salt)) break;
    if (wal.readUInt32BE(off + 4) !== 0) ends.push(off + 24 + pageSize);
  }
  return ends;
}

describe('torture: power cut', { timeout: 3_600_000 }, () => {
  it('copies of the store taken at random moments, unsynced WAL tails lost or torn: every acknowledged mail is in every copy', async () => {
    const mails = size(60, 400);
    const random = rng();
    const dir = tempDir();
    const j = testJudge(dir);
    tavern(j);
    mkdirSync(j.inboxDir, { recursive: true });
    const ids = new Map<string, string>();
    for (let i = 0; i < mails; i++) {
      const raw = await mail(
        i % 2 ? 'alice@example.org' : 'boris@example.ru',
        `${i % 2 ? 'GAME tavern alice apple' : 'GAME tavern boris berry'}\nROLL ${1 + (i % 6)}d6 n${i}\nEND\n`,
      );
      const name = `m${String(i).padStart(4, '0')}.eml`;
      writeFileSync(join(j.inboxDir, name), raw);
      ids.set(name, rawMessageId(raw)!);
    }
    j.db.close();
    const db = dbPath(dir);
    const processed = join(j.inboxDir, 'processed');
    const p = spawn(process.execPath, ['bin/judge.js', '--data', dir, 'run'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    let running = true;
    const exited = new Promise<number | null>((resolve) => p.on('close', (code) => ((running = false), resolve(code))));
    const f = { snapshots: 0, skipped: 0, gone: 0, torn: 0, cut: 0, acknowledged: 0, lost: 0, integrity: 0 };
    while (running) {
      await new Promise((r) => setTimeout(r, 10 + random() * 60));
      // What the outside world was told first, then the store as it is on disk.
      const acked = existsSync(processed) ? readdirSync(processed) : [];
      const walFile = `${db}-wal`;
      if (!existsSync(walFile)) continue;
      let h1: Buffer, before: number, main: Buffer, wal: Buffer, h2: Buffer;
      try {
        h1 = readFileSync(walFile).subarray(0, 32);
        // Every commit acknowledged above ended before this point of the WAL: FULL synced it.
        before = statSync(walFile).size;
        main = readFileSync(db);
        wal = readFileSync(walFile);
        h2 = readFileSync(walFile).subarray(0, 32);
      } catch (e) {
        if ((e as { code?: string }).code !== 'ENOENT') throw e;
        f.gone++; // the run closed the store while copying (the last connection removes the WAL): no copy
        continue;
      }
      if (!h1.equals(h2)) {
        f.skipped++; // checkpointed while copying: not a state a power cut could leave
        continue;
      }
      // The power cut: what was committed after the acknowledgements may be gone (any commit boundary
      // from there on), and the frames of a transaction not yet committed are lost or torn.
      const ends = commitEnds(wal);
      const allowed = ends.filter((e) => e >= before);
      const keep = allowed.length ? allowed[Math.floor(random() * allowed.length)]! : (ends.at(-1) ?? 32);
      let tail = wal.subarray(0, keep);
      if (keep < wal.length) f.cut++;
      if (random() < 0.5) {
        tail = Buffer.concat([
          tail,
          Buffer.from(Array.from({ length: Math.floor(random() * 9000) }, () => Math.floor(random() * 256))),
        ]);
        f.torn++;
      }
      const snap = tempDir('judge-power-');
      writeFileSync(join(snap, 'judge.sqlite'), main);
      writeFileSync(join(snap, 'judge.sqlite-wal'), tail);
      const s = new Database(join(snap, 'judge.sqlite'));
      try {
        f.snapshots++;
        if (s.pragma('integrity_check', { simple: true }) === 'ok') f.integrity++;
        const stored = new Set(
          (s.prepare('SELECT message_id FROM inbound').all() as { message_id: string }[]).map((r) => r.message_id),
        );
        for (const name of acked) {
          f.acknowledged++;
          if (!stored.has(ids.get(name)!)) f.lost++;
        }
      } finally {
        s.close();
      }
    }
    const code = await exited;
    expect(code, out).toBe(0);
    // The live store itself, after the run, holds everything.
    copyFileSync(db, join(tempDir(), 'check.sqlite'));
    const k = testJudge(dir);
    const all = (k.db.prepare('SELECT count(*) AS n FROM inbound').get() as { n: number }).n;
    figures('power', {
      'copies taken': f.snapshots,
      'skipped (checkpoint while copying)': f.skipped,
      'skipped (the run ended while copying)': f.gone,
      'unsynced tails cut': f.cut,
      'torn tails': f.torn,
      'integrity ok': `${f.integrity}/${f.snapshots}`,
      'acknowledged mails checked': f.acknowledged,
      lost: f.lost,
      'mails stored at the end': `${all}/${mails}`,
    });
    expect(f.snapshots).toBeGreaterThan(5);
    expect(f.integrity).toBe(f.snapshots);
    expect(f.lost).toBe(0);
    expect(f.acknowledged).toBeGreaterThan(0);
    expect(all).toBe(mails);
  });
});
