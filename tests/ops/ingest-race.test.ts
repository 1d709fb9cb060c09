// Two `judge ingest --dir` on one folder at once (two cron jobs, or cron and a
// GM by hand): a file the other process took meanwhile (gone when read or
// renamed) is that process's, not an error. Both exit 0 and every mail is
// stored once, for a folder of .eml files and for a Maildir.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { count, mail, tavern, tempDir, testJudge } from '../helpers.js';

function ingest(dataDir: string, dir: string) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const p = spawn(process.execPath, ['bin/judge.js', '--data', dataDir, 'ingest', '--dir', dir], {
      env: { ...process.env, JUDGE_DATA: '' },
    });
    let out = '';
    let err = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('close', (code) => resolve({ code, out, err }));
  });
}

async function race(n: number, place: (dir: string, i: number, raw: Buffer) => void, maildir: boolean) {
  const data = tempDir();
  const j = testJudge(data);
  tavern(j);
  j.db.close();
  const dir = join(tempDir(), 'mail');
  mkdirSync(maildir ? join(dir, 'new') : dir, { recursive: true });
  if (maildir) for (const d of ['cur', 'tmp']) mkdirSync(join(dir, d));
  for (let i = 0; i < n; i++)
    place(
      dir,
      i,
      await mail(
        i % 2 ? 'alice@example.org' : 'boris@example.ru',
        `GAME tavern ${i % 2 ? 'alice apple' : 'boris berry'}\nROLL 2d6 try ${i}\nEND`,
      ),
    );
  const [a, b] = await Promise.all([ingest(data, dir), ingest(data, dir)]);
  const k = testJudge(data);
  return { a, b, dir, stored: count(k, 'inbound') };
}

describe('two `judge ingest --dir` on one folder', { timeout: 180_000 }, () => {
  it('a folder of .eml files: both exit 0, every mail stored once, every file moved to processed/', async () => {
    const n = 150;
    const r = await race(n, (dir, i, raw) => writeFileSync(join(dir, `${String(i).padStart(4, '0')}.eml`), raw), false);
    expect(r.a.code, r.a.err).toBe(0);
    expect(r.b.code, r.b.err).toBe(0);
    expect(r.a.err + r.b.err).toBe('');
    expect(r.stored).toBe(n);
    expect(readdirSync(r.dir).filter((f) => f.endsWith('.eml'))).toEqual([]);
    expect(readdirSync(join(r.dir, 'processed'))).toHaveLength(n);
  });

  it('a Maildir: both exit 0, every mail stored once, every file in cur/', async () => {
    const n = 80;
    const r = await race(n, (dir, i, raw) => writeFileSync(join(dir, 'new', `1700000000.${i}.host`), raw), true);
    expect(r.a.code, r.a.err).toBe(0);
    expect(r.b.code, r.b.err).toBe(0);
    expect(r.stored).toBe(n);
    expect(readdirSync(join(r.dir, 'new'))).toEqual([]);
    expect(readdirSync(join(r.dir, 'cur'))).toHaveLength(n);
  });
});
