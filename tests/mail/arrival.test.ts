// When a mail's orders count (issue #28): at its arrival, not when the judge
// reads it — a Maildir file's delivery time (its name), an .eml file's
// modification time, a pipe mail's storing. A mail read after its phase's
// deadline counts for that phase if it arrived in time; one that arrived
// after it waits for the next phase. The inbox folder is an intake that
// succeeds when it can be read; early processing waits for the mail to be read.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { openJudge } from '../../src/context.js';
import { runOnce } from '../../src/cli/mail.js';
import { createGame } from '../../src/engine/create-game.js';
import { handleStored, rawMessageId, storeIncoming } from '../../src/mail/inbound/ingest.js';
import { getInbound } from '../../src/store/inbound.js';
import { listOutbox } from '../../src/store/outbox.js';
import { livePhases } from '../../src/store/phases.js';
import { mail, tavernSetup, tempDir, testJudge, type TestJudge } from '../helpers.js';

const H = 3_600_000;
const M = 60_000;
const iso = (t: number) => new Date(t).toISOString();

afterEach(() => {
  process.exitCode = 0;
});

function game(j: TestJudge, schedule: Record<string, unknown> = { every: '24h', grace: '30m' }): void {
  createGame(j, {
    id: 'tavern',
    kind: 'rpg',
    setup: { ...structuredClone(tavernSetup), schedule },
    seed: '7',
    actor: 'test',
  });
}

/** A judge whose inbox folder is `inbox` (relative to its data directory). */
function judgeWithInbox(inbox: string): TestJudge {
  const dir = tempDir();
  writeFileSync(join(dir, 'judge.yaml'), stringify({ inbox: { dir: join(dir, inbox) } }));
  return testJudge(dir);
}

const orders = (who: 'alice' | 'boris', roll: string) => {
  const seat = tavernSetup.seats.find((s) => s.id === who)!;
  return mail(seat.email, `GAME tavern ${who} ${seat.password}\nROLL ${roll}\nEND\n`);
};

async function run(j: TestJudge, at: number): Promise<string[]> {
  j.advance(at - j.clock().getTime());
  const log: string[] = [];
  await runOnce(j, (s) => log.push(s));
  return log;
}

function submitted(j: TestJudge, phase: number): string[] {
  return (
    j.db
      .prepare("SELECT player_id, text FROM submissions WHERE game_id = 'tavern' AND phase_number = ? ORDER BY id")
      .all(phase) as { player_id: string; text: string }[]
  ).map((s) => `${s.player_id}:${/ROLL (\S+)/.exec(s.text)![1]}`);
}

const byFrom = (j: TestJudge, from: string) =>
  j.db.prepare('SELECT id, arrived_at, received_at, status FROM inbound WHERE from_addr = ? ORDER BY id').all(from) as {
    id: number;
    arrived_at: string;
    received_at: string;
    status: string;
  }[];

describe('a mail counts when it arrived', { timeout: 60_000 }, () => {
  it('Maildir: the delivery time in the file name (else its mtime) decides the phase, whatever the time it is read', async () => {
    const j = judgeWithInbox('Maildir');
    for (const d of ['new', 'cur', 'tmp']) mkdirSync(join(j.inboxDir, d), { recursive: true });
    game(j);
    const t0 = j.clock().getTime();
    const d1 = t0 + 24 * H;
    // Delivered an hour before the deadline (the file's mtime is now, days later); and a file named otherwise, dated by its mtime after the grace.
    writeFileSync(join(j.inboxDir, 'new', `${(d1 - H) / 1000}.M1P2.mailhost`), await orders('alice', '1d6'));
    const other = join(j.inboxDir, 'new', 'delivered-by-hand');
    writeFileSync(other, await orders('boris', '2d6'));
    utimesSync(other, new Date(d1 + H), new Date(d1 + H));
    // The judge reads the Maildir three hours after the deadline.
    await run(j, d1 + 3 * H);
    expect(byFrom(j, 'alice@example.org').map((r) => r.arrived_at)).toEqual([iso(d1 - H)]);
    expect(byFrom(j, 'boris@example.ru').map((r) => r.arrived_at)).toEqual([iso(d1 + H)]);
    expect(byFrom(j, 'alice@example.org')[0]!.received_at).toBe(iso(d1 + 3 * H));
    // Alice's orders counted for phase 1, Boris's (after deadline and grace) for phase 2.
    expect(submitted(j, 1)).toEqual(['alice:1d6']);
    expect(submitted(j, 2)).toEqual(['boris:2d6']);
    expect(livePhases(j.db, 'tavern')[0]!.processed_at).toBe(iso(d1 + 3 * H));
    expect(byFrom(j, 'boris@example.ru').map((r) => r.status)).toEqual(['accepted']);
  });

  it('an .eml file in the inbox folder: its modification time', async () => {
    const j = testJudge();
    game(j);
    const t0 = j.clock().getTime();
    mkdirSync(j.inboxDir, { recursive: true });
    const f = join(j.inboxDir, 'a.eml');
    writeFileSync(f, await orders('alice', '1d8'));
    utimesSync(f, new Date(t0 + 20 * H), new Date(t0 + 20 * H));
    await run(j, t0 + 26 * H);
    expect(byFrom(j, 'alice@example.org').map((r) => r.arrived_at)).toEqual([iso(t0 + 20 * H)]);
    expect(submitted(j, 1)).toEqual(['alice:1d8']);
  });

  it('a pipe mail: the time it is stored; one stored after the deadline while the phase waits counts for the next phase, and says so', async () => {
    const j = testJudge();
    game(j);
    const t0 = j.clock().getTime();
    const d1 = t0 + 24 * H;
    // What `judge ingest --stdin` does: store (its arrival), then handle.
    const pipe = async (raw: Buffer) => {
      const s = storeIncoming(j, raw, rawMessageId(raw), 'stdin', j.clock().toISOString());
      if (!s.stored) throw new Error('not stored');
      return handleStored(j, s.id);
    };
    j.advance(d1 + 20 * M - t0);
    expect((await pipe(await orders('alice', '1d4'))).status).toBe('accepted');
    // The cron run did not come before this one (after deadline and grace): it waits, unanswered, nothing lost.
    j.advance(40 * M);
    const late = await pipe(await orders('boris', '2d4'));
    expect(late).toMatchObject({ status: 'waiting', mailsQueued: 0 });
    expect(late.reason).toMatch(/after game "tavern" phase 1 stopped taking orders .* counts for the next phase/);
    expect(getInbound(j.db, late.inboundId!)).toMatchObject({ status: 'waiting', arrived_at: iso(d1 + 60 * M) });
    expect(listOutbox(j.db).filter((m) => m.kind === 'ack')).toHaveLength(1);
    // The run: phase 1 with Alice's orders; then Boris's mail for phase 2, acknowledged for it.
    const log = await run(j, d1 + 65 * M);
    expect(log.some((l) => /^process tavern phase 1 /.test(l))).toBe(true);
    expect(submitted(j, 1)).toEqual(['alice:1d4']);
    expect(submitted(j, 2)).toEqual(['boris:2d4']);
    const ack = listOutbox(j.db).find((m) => m.dedupe_key === `ack:${late.inboundId}:0`)!;
    expect(ack).toMatchObject({ phase_number: 2, to_addrs: JSON.stringify(['boris@example.ru']) });
    expect(ack.body).toMatch(/слишком поздно для фазы 1:\s+оно учитывается в этой фазе, 2\./);
    expect(getInbound(j.db, late.inboundId!)!.status).toBe('accepted');
  });

  it('`judge ingest --stdin`: the arrival is the moment the pipe stored it', async () => {
    const dir = tempDir();
    const j = openJudge({ data: dir, create: true });
    createGame(j, { id: 'tavern', kind: 'rpg', setup: structuredClone(tavernSetup), seed: '7', actor: 'test' });
    j.db.close();
    const r = spawnSync(process.execPath, ['bin/judge.js', '--data', dir, 'ingest', '--stdin'], {
      input: await orders('alice', '1d12'),
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    const k = openJudge({ data: dir });
    const [row] = k.db.prepare('SELECT arrived_at, received_at, status FROM inbound').all() as {
      arrived_at: string;
      received_at: string;
      status: string;
    }[];
    expect(row).toEqual({ arrived_at: row!.received_at, received_at: row!.received_at, status: 'accepted' });
    k.db.close();
  });
});

describe('an intake without a mail server', { timeout: 60_000 }, () => {
  it('the inbox folder counts as read when it can be read; when it cannot, the due phase waits and the GM is told once', async () => {
    const j = testJudge();
    game(j);
    const t0 = j.clock().getTime();
    expect((await run(j, t0 + H)).join('\n')).not.toMatch(/FAILED/); // no folder: no mail waiting, read
    // Something else where the folder should be: it cannot be read.
    writeFileSync(j.inboxDir, 'not a folder');
    const failing = await run(j, t0 + 25 * H);
    expect(process.exitCode).toBe(1);
    expect(failing.some((l) => /^intake: FAILED: .*ENOTDIR/.test(l))).toBe(true);
    expect(failing.some((l) => /^wait tavern phase 1 /.test(l))).toBe(true);
    await run(j, t0 + 26 * H);
    expect(listOutbox(j.db).filter((m) => m.dedupe_key.startsWith('notice:intake-down:'))).toHaveLength(1);
    expect(livePhases(j.db, 'tavern').filter((p) => p.processed_at)).toEqual([]);
    rmSync(j.inboxDir);
    mkdirSync(j.inboxDir);
    process.exitCode = 0;
    const back = await run(j, t0 + 27 * H);
    expect(back.some((l) => /^process tavern phase 1 \(deadline\)/.test(l))).toBe(true);
    expect(process.exitCode).toBe(0);
  });

  it('early processing (every player FINAL) waits for an intake that read the mail up to its moment, then goes on', async () => {
    const j = testJudge();
    game(j, { every: '48h', early: { delay: '10m' } });
    const t0 = j.clock().getTime();
    await run(j, t0 + H);
    // Both FINAL by pipe at t0 + 2 h: due early at t0 + 2 h 10 m; the inbox folder broken before that.
    j.advance(H);
    for (const [who, pw] of [
      ['alice', 'apple'],
      ['boris', 'berry'],
    ] as const) {
      const raw = await mail(
        `${who}@example.${who === 'alice' ? 'org' : 'ru'}`,
        `GAME tavern ${who} ${pw}\nROLL 1d6\nFINAL\nEND\n`,
      );
      const s = storeIncoming(j, raw, rawMessageId(raw), 'stdin', j.clock().toISOString());
      await handleStored(j, s.id);
    }
    writeFileSync(j.inboxDir, 'not a folder');
    const waiting = await run(j, t0 + 3 * H);
    expect(waiting.some((l) => /^wait tavern phase 1 \(due .*T14:10:00\.000Z\)/.test(l))).toBe(true);
    expect(livePhases(j.db, 'tavern')[0]!.processed_at).toBeNull();
    // Its deadline is two days off: nobody is told of a delay.
    expect(listOutbox(j.db).filter((m) => m.dedupe_key.startsWith('notice:'))).toEqual([]);
    rmSync(j.inboxDir);
    process.exitCode = 0;
    const done = await run(j, t0 + 3 * H + 5 * M);
    expect(done.some((l) => /^process tavern phase 1 \(early\)/.test(l))).toBe(true);
  });
});
