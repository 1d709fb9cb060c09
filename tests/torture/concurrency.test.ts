// Torture, part "concurrency": overlapping `judge run`s, `.forward` intake
// (`judge ingest --stdin`) while they run and while phases are processed, and
// intake while another process holds the store's write lock longer than the
// intake may wait: exit 75 (the mail server retries), never a bounce, never a loss.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { createGame } from '../../src/engine/create-game.js';
import { count, mail, tavern, tavernSetup, tempDir, testJudge } from '../helpers.js';
import { figures, size } from './figures.js';

function judge(args: string[], input?: Buffer): Promise<{ code: number | null; out: string; ms: number }> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const p = spawn(process.execPath, ['bin/judge.js', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('close', (code) => resolve({ code, out, ms: Date.now() - t0 }));
    p.stdin.end(input ?? Buffer.alloc(0));
  });
}

/** A process that holds the store's write lock (BEGIN IMMEDIATE) for `ms`, then lets go. */
function holdLock(dir: string, ms: number): Promise<void> {
  const code = `
    const Database = (await import(${JSON.stringify(new URL('../../node_modules/better-sqlite3/lib/index.js', import.meta.url).href)})).default;
    const db = new Database(process.argv[1]);
    db.exec('BEGIN IMMEDIATE');
    console.log('HELD');
    setTimeout(() => { db.exec('COMMIT'); process.exit(0); }, ${ms});
  `;
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['--input-type=module', '-e', code, join(dir, 'judge.sqlite')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    p.stdout.once('data', () => resolve());
  });
}

const f = {
  runs: 0,
  working: 0,
  intakes: 0,
  exits: {} as Record<string, number>,
  mails: 0,
  stored: 0,
  acks: 0,
  phases: 0,
  tempfail: 0,
  retried: 0,
};
afterAll(() => {
  figures('concurrency', {
    'overlapping runs': f.runs,
    'runs that worked': f.working,
    'pipe intakes': f.intakes,
    'intake exits': Object.entries(f.exits)
      .map(([k, v]) => `${v}×${k}`)
      .join(' '),
    'mails sent in': f.mails,
    'stored once': f.stored,
    'acks (one per mail)': f.acks,
    'phases processed meanwhile': f.phases,
    'exit 75 while locked': f.tempfail,
    'stored on the retry': f.retried,
  });
});

describe('torture: concurrency', { timeout: 600_000 }, () => {
  it('overlapping runs and pipe intake while they work and process: one run works, every intake exits 0, every mail stored and acknowledged once', async () => {
    const runs = size(4, 8);
    const pipes = size(8, 40);
    const dir = tempDir();
    const j = testJudge(dir);
    // Deadlines a second apart, so the runs process phases while mail comes in: from now, as the runs' clock has it
    // (a game begun days before its first run would have days of overdue phases to catch up first).
    j.advance(Date.now() - j.clock().getTime());
    createGame(j, {
      id: 'tavern',
      kind: 'rpg',
      seed: '7',
      actor: 'test',
      setup: { ...structuredClone(tavernSetup), schedule: { every: '1s' } },
    });
    mkdirSync(j.inboxDir, { recursive: true });
    for (let i = 0; i < 30; i++)
      writeFileSync(
        join(j.inboxDir, `m${String(i).padStart(2, '0')}.eml`),
        await mail('alice@example.org', `GAME tavern alice apple\nROLL 1d6 dir ${i}\nEND\n`),
      );
    j.db.close();
    const piped = await Promise.all(
      Array.from({ length: pipes }, (_, i) =>
        mail('boris@example.ru', `ИГРА tavern boris berry\nБРОСОК 2d6 pipe ${i}\nКОНЕЦ\n`),
      ),
    );
    const results = await Promise.all([
      ...Array.from({ length: runs }, () =>
        judge(['--data', dir, 'run']).then((r) => ({ kind: 'run' as const, ...r })),
      ),
      ...piped.map((raw, i) =>
        new Promise((r) => setTimeout(r, i * 40))
          .then(() => judge(['--data', dir, 'ingest', '--stdin'], raw))
          .then((r) => ({ kind: 'pipe' as const, ...r })),
      ),
    ]);
    const runResults = results.filter((r) => r.kind === 'run');
    const pipeResults = results.filter((r) => r.kind === 'pipe');
    f.runs += runResults.length;
    f.working += runResults.filter((r) => !/holds the lock/.test(r.out)).length;
    f.intakes += pipeResults.length;
    for (const r of pipeResults) f.exits[String(r.code)] = (f.exits[String(r.code)] ?? 0) + 1;
    // What the next run finds still to do, it does.
    expect((await judge(['--data', dir, 'run'])).code).toBe(0);
    const k = testJudge(dir);
    f.mails += 30 + pipes;
    f.stored += count(k, 'inbound');
    f.acks += count(k, "outbox WHERE kind = 'ack'");
    f.phases += count(k, 'phases WHERE processed_at IS NOT NULL');
    expect(runResults.every((r) => r.code === 0)).toBe(true);
    expect(f.working).toBe(1);
    expect(pipeResults.map((r) => r.code)).toEqual(pipeResults.map(() => 0));
    expect(count(k, 'inbound')).toBe(30 + pipes);
    expect(count(k, "inbound WHERE status NOT IN ('accepted')")).toBe(0);
    expect(count(k, "outbox WHERE kind = 'ack'")).toBe(30 + pipes);
    expect(count(k, 'submissions')).toBe(30 + pipes);
  });

  it('intake while `judge process` adjudicates (slowly): the adjudication holds no write lock, the pipe stores at once; the phase is adjudicated again with the new orders', async () => {
    const dir = tempDir();
    const j = testJudge(dir);
    tavern(j);
    writeFileSync(join(dir, 'judge.yaml'), stringify({ inbox: { pipeWaitSeconds: 1 } }));
    j.db.close();
    const slow = new Promise<{ code: number | null; out: string }>((resolve) => {
      const p = spawn(process.execPath, ['bin/judge.js', '--data', dir, 'process', 'tavern'], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, JUDGE_FAULT: 'process:adjudicate:sleep4000' },
      });
      let out = '';
      p.stdout.on('data', (d) => (out += d));
      p.stderr.on('data', (d) => (out += d));
      p.on('close', (code) => resolve({ code, out }));
    });
    let adjudicated = false;
    void slow.then(() => (adjudicated = true));
    await new Promise((r) => setTimeout(r, 1200)); // well inside the adjudication
    const piped = await judge(
      ['--data', dir, 'ingest', '--stdin'],
      await mail('alice@example.org', 'GAME tavern alice apple\nROLL 3d6 in the middle\nEND\n'),
    );
    expect(piped.code, piped.out).toBe(0);
    // Stored while the adjudication still ran (it sleeps four seconds): the pipe did not wait for it.
    expect(adjudicated).toBe(false);
    f.intakes++;
    f.exits['0'] = (f.exits['0'] ?? 0) + 1;
    const done = await slow;
    expect(done.code, done.out).toBe(0);
    const k = testJudge(dir);
    // The orders that came in during the adjudication are in the result: it was done again with them.
    const events = (
      k.db.prepare("SELECT events_json FROM phases WHERE game_id = 'tavern' AND number = 1").get() as {
        events_json: string;
      }
    ).events_json;
    expect(events).toMatch(/in the middle/);
    f.phases++;
  });

  it('intake while another process holds the write lock past the wait: exit 75, nothing stored half; the retry stores it once', async () => {
    const dir = tempDir();
    const j = testJudge(dir);
    tavern(j);
    writeFileSync(join(dir, 'judge.yaml'), stringify({ inbox: { pipeWaitSeconds: 1 } }));
    j.db.close();
    const raw = await mail('alice@example.org', 'GAME tavern alice apple\nROLL 1d6 locked out\nEND\n');
    await holdLock(dir, 3000);
    const locked = await judge(['--data', dir, 'ingest', '--stdin'], raw);
    expect(locked.code, locked.out).toBe(75);
    expect(locked.out).toMatch(/could not be stored .*exit 75: the mail server will try again/);
    f.tempfail++;
    // The mail server tries again later.
    await new Promise((r) => setTimeout(r, 2500));
    const retry = await judge(['--data', dir, 'ingest', '--stdin'], raw);
    expect(retry.code, retry.out).toBe(0);
    const k = testJudge(dir);
    expect(count(k, 'inbound')).toBe(1);
    expect(count(k, "inbound WHERE status = 'accepted'")).toBe(1);
    f.retried++;
    // A lock shorter than the wait: the pipe waits and stores it (exit 0).
    writeFileSync(join(dir, 'judge.yaml'), stringify({ inbox: { pipeWaitSeconds: 10 } }));
    k.db.close();
    await holdLock(dir, 1500);
    const waited = await judge(
      ['--data', dir, 'ingest', '--stdin'],
      await mail('boris@example.ru', 'ИГРА tavern boris berry\nБРОСОК 1d6\nКОНЕЦ\n'),
    );
    expect(waited.code, waited.out).toBe(0);
    expect(waited.ms).toBeGreaterThan(1000);
    // A broken configuration is not the mail's fault either: 75, not a bounce.
    writeFileSync(join(dir, 'judge.yaml'), 'inbox: [not: valid');
    const broken = await judge(['--data', dir, 'ingest', '--stdin'], raw);
    expect(broken.code).toBe(75);
  });
});
