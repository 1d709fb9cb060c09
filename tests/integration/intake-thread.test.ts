// A poll that finds many new mails handles them on a worker thread while it
// fetches the next batches (src/mail/inbound/handler.ts). Against a real
// Dovecot: the worker gives exactly what handling on this thread gives — each
// mail's status and reason, the orders stored, the answers queued, in the
// order the mails came — and when the worker fails, this thread handles the
// rest and nothing is lost or handled twice.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollAndHandle } from '../../src/cli/poll.js';
import { openJudge, type Judge } from '../../src/context.js';
import { clientMail } from '../../src/cli/demo.js';
import { startHandler, THREAD_MIN } from '../../src/mail/inbound/handler.js';
import { storeIncoming } from '../../src/mail/inbound/ingest.js';
import { count, packageCopy, tavern, tempDir } from '../helpers.js';
import { startDovecot, type Dovecot } from './dovecot.js';
import { append, folderCounts, freshUser, writeConfig } from './mailenv.js';

let dc: Dovecot;
beforeAll(async () => {
  dc = await startDovecot();
}, 30_000);
afterAll(async () => {
  await dc?.stop();
});

/** THREAD_MIN + 30 mails: orders of both seats, rolls, a few wrong passwords, a HELP, a mail with no block. */
async function mails(): Promise<Buffer[]> {
  const out: Buffer[] = [];
  const n = THREAD_MIN + 30;
  for (let i = 0; i < n; i++) {
    const who =
      i % 2
        ? { from: 'Boris <boris@example.ru>', seat: 'boris', pw: 'berry' }
        : { from: 'Alice <alice@example.org>', seat: 'alice', pw: 'apple' };
    const pw = i % 37 === 5 ? `${who.pw}x` : who.pw;
    const text =
      i === 17
        ? 'HELP\n'
        : i === 23
          ? 'Just saying hello.\n'
          : `GAME tavern ${who.seat} ${pw}\nROLL ${1 + (i % 3)}d6 try ${i}\n${i % 4 === 0 ? 'MEDIAN 2 steady hands\n' : ''}END\n`;
    out.push(
      await clientMail({
        from: who.from,
        to: 'judge@localhost',
        subject: `orders ${i}`,
        text,
        date: new Date(Date.UTC(2026, 10, 29, 8, 0, i)),
      }),
    );
  }
  return out;
}

/** A data directory reading a fresh mailbox holding these mails, opened as `judge run` opens it (the real clock). */
async function judgeWith(raws: Buffer[]): Promise<{ j: Judge; user: string }> {
  const user = freshUser();
  const dir = tempDir();
  writeConfig(dir, dc, user, 9, { transport: { type: 'file', dir: `${dir}/sent` } });
  const j = openJudge({ data: dir, create: true });
  tavern(j);
  await append(dc, user, raws);
  return { j, user };
}

/** What intake did, without ids and times. */
function outcome(j: Judge) {
  const strip = (s: string) => s.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'T').replace(/\b\d{1,2}:\d\d\b/g, 'HH:MM');
  return {
    inbound: j.db.prepare('SELECT status, reason, subject FROM inbound ORDER BY imap_uid').all(),
    submissions: j.db
      .prepare(
        'SELECT player_id, text, orders_json, errors_json, replaced_by IS NULL AS live FROM submissions ORDER BY id',
      )
      .all(),
    outbox: (
      j.db.prepare('SELECT kind, to_addrs, subject, body FROM outbox ORDER BY id').all() as { body: string }[]
    ).map((r) => ({ ...r, body: strip(r.body) })),
  };
}

describe('intake on a worker thread', { timeout: 120_000 }, () => {
  it('gives what handling on this thread gives, in the same order; the log says which it was', async () => {
    const raws = await mails();
    const a = await judgeWith(raws);
    const logA: string[] = [];
    const resultsA = await pollAndHandle(a.j, (s) => logA.push(s));
    expect(logA[0]).toMatch(
      new RegExp(
        `^poll .*: ${raws.length} new, ${raws.length} stored, .*; handled beside the fetching, on a worker thread$`,
      ),
    );
    // The poll's thread parsed every mail for the worker: the worker handles only the mails it was told of, whose parses came first.
    const said =
      /^intake: (\d+) mails handled on a worker thread, (\d+) of them parsed on the poll's thread, and the orders of (\d+) blocks$/m.exec(
        logA.join('\n'),
      );
    expect(Number(said?.[2] ?? -1)).toBe(raws.length);
    // And the orders of every block that was taken (orders-ahead.ts): one submission each, none with a wrong password.
    expect(Number(said?.[3] ?? -1)).toBe(count(a.j, 'submissions'));
    expect(count(a.j, 'submissions')).toBeGreaterThan(THREAD_MIN);

    process.env.JUDGE_INTAKE_THREAD = '0';
    const b = await judgeWith(raws);
    const logB: string[] = [];
    let resultsB;
    try {
      resultsB = await pollAndHandle(b.j, (s) => logB.push(s));
    } finally {
      delete process.env.JUDGE_INTAKE_THREAD;
    }
    expect(logB[0]).not.toMatch(/worker thread/);

    expect(resultsA.map((r) => r.status)).toEqual(resultsB.map((r) => r.status));
    expect(resultsA.map((r) => r.inboundId)).toEqual([...resultsA.map((r) => r.inboundId)].sort((x, y) => x! - y!));
    expect(outcome(a.j)).toEqual(outcome(b.j));
    // One run: each seat's forecast is in the answer to its last mail, the earlier answers name that mail (forecast-release.ts).
    const acks = a.j.db.prepare("SELECT to_addrs, status, body FROM outbox WHERE kind = 'ack' ORDER BY id").all() as {
      to_addrs: string;
      status: string;
      body: string;
    }[];
    expect(acks.every((x) => x.status === 'pending' && !x.body.includes('[[forecast'))).toBe(true);
    expect(count(a.j, 'forecast_due')).toBe(0);
    for (const [seat, title, made, later] of [
      ['alice@', 'FORECAST (not a result)', 'every other player holds', 'your later mail “orders 128”'],
      ['boris@', 'ПРОГНОЗ (не результат)', 'остальные игроки бездействуют', 'ваше более позднее письмо «orders 129»'],
    ] as const) {
      // The acknowledgements of orders (not the answer to HELP).
      const mine = acks.filter((x) => x.to_addrs.includes(seat) && x.body.includes(title));
      expect(mine.length).toBeGreaterThan(THREAD_MIN / 3);
      expect(mine.filter((x) => x.body.includes(made))).toEqual([mine.at(-1)]);
      expect(
        mine
          .slice(0, -1)
          .filter((x) => !x.body.includes(later))
          .map((x) => x.body),
      ).toEqual([]);
    }
    const o = outcome(a.j);
    expect(o.inbound.filter((r) => (r as { status: string }).status === 'accepted').length).toBeGreaterThan(THREAD_MIN);
    expect(o.inbound.some((r) => (r as { status: string }).status === 'rejected')).toBe(true);
    expect(count(a.j, "inbound WHERE status = 'received'")).toBe(0);
    expect(await folderCounts(dc, a.user)).toEqual({ INBOX: 0, Processed: raws.length });
    a.j.db.close();
    b.j.db.close();
  });

  it('a worker that fails: this thread handles every mail, each once', async () => {
    const raws = await mails();
    const a = await judgeWith(raws);
    process.env.JUDGE_FAULT = 'intake-worker:start:throw';
    let results;
    const log: string[] = [];
    try {
      results = await pollAndHandle(a.j, (s) => log.push(s));
    } finally {
      delete process.env.JUDGE_FAULT;
    }
    expect(results).toHaveLength(raws.length);
    expect(log).toContain(
      "intake: the worker thread failed (injected fault at intake-worker:start); the poll's thread handled the mail",
    );
    expect(count(a.j, "inbound WHERE status = 'received'")).toBe(0);
    expect(count(a.j, 'inbound')).toBe(raws.length);
    expect(count(a.j, "outbox WHERE kind = 'ack'")).toBe(count(a.j, "inbound WHERE status = 'accepted'"));
    expect(await folderCounts(dc, a.user)).toEqual({ INBOX: 0, Processed: raws.length });
    a.j.db.close();
  });

  it('the built CLI (`judge poll`, the bundle) runs its worker too, with a code cache of its own', async () => {
    const pkg = packageCopy();
    const workerCaches = () =>
      existsSync(join(pkg, '.cache', 'v8'))
        ? readdirSync(join(pkg, '.cache', 'v8')).flatMap((d) =>
            readdirSync(join(pkg, '.cache', 'v8', d))
              .filter((f) => f === 'intake-worker.bin')
              .map((f) => join(pkg, '.cache', 'v8', d, f)),
          )
        : [];
    const raws = await mails();
    const a = await judgeWith(raws);
    a.j.db.close();
    const poll = () =>
      spawnSync(process.execPath, [join(pkg, 'bin', 'judge.js'), 'poll', '--data', a.j.dataDir], { encoding: 'utf8' });
    const r = poll();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/handled beside the fetching, on a worker thread/);
    expect(r.stdout).toMatch(
      new RegExp(
        `^intake: ${raws.length} mails handled on a worker thread, ${raws.length} of them parsed on the poll's thread, and the orders of \\d+ blocks$`,
        'm',
      ),
    );
    const k = openJudge({ data: a.j.dataDir });
    expect(count(k, 'inbound')).toBe(raws.length);
    expect(count(k, "inbound WHERE status = 'received'")).toBe(0);
    expect(r.stdout.match(/^ingest #\d+: /gm)).toHaveLength(raws.length);
    // The worker's run made its code cache; the next poll's worker runs from it and leaves it as it is.
    const [cache] = workerCaches();
    expect(cache).toBeDefined();
    const made = readFileSync(cache!);
    expect(made.length).toBeGreaterThan(10_000);
    await append(dc, a.user, await mails());
    const again = poll();
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/handled beside the fetching, on a worker thread/);
    expect(count(k, "inbound WHERE status = 'received'")).toBe(0);
    expect(count(k, 'inbound')).toBe(2 * raws.length);
    expect(readFileSync(cache!).equals(made)).toBe(true);
    k.db.close();
  });

  it("the worker stands aside while the poll's thread stores a batch", async () => {
    const dir = tempDir();
    writeConfig(dir, dc, freshUser(), 9, { transport: { type: 'file', dir: `${dir}/sent` } });
    const j = openJudge({ data: dir, create: true });
    tavern(j);
    const raws = [...(await mails()), ...(await mails()), ...(await mails())];
    const rows = raws.map((raw, i) => {
      const r = storeIncoming(j, raw, `<turns-${i}@test>`, 'test', '2026-11-29T08:00:00Z');
      return { id: r.id, raw, size: raw.length };
    });
    const handled = () => count(j, "inbound WHERE status != 'received'");
    const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
    const handler = startHandler(j, rows.length);
    expect(handler.thread).toBe(true);
    handler.stored(rows);
    const done = handler.finish();
    // Once the worker is well under way, the poll's thread "stores a batch" for a while: the worker
    // ends its write group after the mail it is at, and commits nothing more until the poll's write is over.
    while (handled() < 40) await new Promise((r) => setTimeout(r, 5));
    const during: number[] = [];
    handler.storing(() => {
      pause(150);
      during.push(handled());
      pause(150);
      during.push(handled());
      j.db.transaction(() => j.db.prepare('UPDATE imap_state SET mailbox = mailbox WHERE 0').run()).immediate();
    });
    const results = await done;
    expect(handler.failure).toBeNull();
    expect(during[0]).toBeLessThan(rows.length);
    expect(during[1]).toBe(during[0]);
    expect(results).toHaveLength(rows.length);
    expect(count(j, "inbound WHERE status = 'received'")).toBe(0);
    j.db.close();
  });
});
