// The outage suite (issue #28, intake): `judge run` against a real Dovecot on
// 127.0.0.1 that is stopped across a deadline, or refuses the judge's
// password, and a judge that was not run for two deadlines. The mail is
// appended with its INTERNALDATE (when the server received it), as the players'
// mail would reach the mailbox; the judge's clock is the test's. What must
// hold: a phase is adjudicated only with its mail read, with every order that
// arrived in time and none that came later; the GM is told once per outage,
// each player once per waiting phase (in the player's language, without any
// server detail); a mail that came after the deadline counts for the next
// phase and its acknowledgement says so.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runOnce } from '../../src/cli/mail.js';
import { clientMail } from '../../src/cli/demo.js';
import { createGame } from '../../src/engine/create-game.js';
import { getInbound } from '../../src/store/inbound.js';
import { getMeta } from '../../src/store/judge-meta.js';
import { listOutbox } from '../../src/store/outbox.js';
import { livePhases } from '../../src/store/phases.js';
import { tavernSetup, tempDir, testJudge, type TestJudge } from '../helpers.js';
import { startDovecot, type Dovecot } from './dovecot.js';
import { appendDated, folderCounts, freshUser, IMAP_PASSWORD_ENV, writeConfig } from './mailenv.js';

const H = 3_600_000;
const M = 60_000;

let dc: Dovecot;
beforeAll(async () => {
  dc = await startDovecot();
}, 30_000);
afterAll(async () => {
  await dc?.stop();
});
afterEach(async () => {
  // A failed intake sets the exit status of the run; the test has looked at it.
  process.exitCode = 0;
  process.env[IMAP_PASSWORD_ENV] = dc.password;
  await dc.resume();
});

/** A judge reading its own mailbox of the test Dovecot, its mail written to files, with the tavern on a 24 h schedule. */
function judgeFor(user: string): TestJudge {
  const dir = tempDir();
  writeConfig(dir, dc, user, 1, { transport: { type: 'file' } });
  const j = testJudge(dir);
  createGame(j, {
    id: 'tavern',
    kind: 'rpg',
    setup: { ...structuredClone(tavernSetup), schedule: { every: '24h', grace: '30m', reminders: ['2h'] } },
    seed: '7',
    // The two stores of the outage test must roll the same dice: the seed as given, not combined with a secret.
    exactSeed: true,
    actor: 'test',
  });
  return j;
}

let n = 0;
/** A player's mail as a mail client writes it. */
function orders(who: 'alice' | 'boris', roll: string): Promise<Buffer> {
  const seat = tavernSetup.seats.find((s) => s.id === who)!;
  return clientMail({
    from: seat.email,
    to: 'judge@localhost',
    subject: 'orders',
    text: `GAME tavern ${who} ${seat.password}\nROLL ${roll}\nEND\n`,
    date: new Date(Date.UTC(2026, 10, 29, 10, n++ % 60)),
  });
}

/** One cron run at t (ms after the judge's start), with its log and exit status. */
async function runAt(j: TestJudge, t0: number, t: number): Promise<{ log: string[]; failed: boolean }> {
  j.advance(t0 + t - j.clock().getTime());
  const log: string[] = [];
  process.exitCode = 0;
  await runOnce(j, (s) => log.push(s));
  const failed = process.exitCode === 1;
  process.exitCode = 0;
  return { log, failed };
}

/** The rolls a processed phase was adjudicated with, "player:spec". */
function rolls(j: TestJudge, phase: number): string[] {
  const p = livePhases(j.db, 'tavern').find((x) => x.number === phase)!;
  return JSON.parse(p.events_json ?? '[]')
    .map((e: { player: string; spec: string }) => `${e.player}:${e.spec}`)
    .sort();
}

/** The notices of one kind in the outbox, by address. */
function notices(j: TestJudge, kind: string) {
  return listOutbox(j.db).filter((m) => m.dedupe_key.startsWith(`notice:${kind}:`));
}

/** The submissions of a phase, "player:inbound arrived_at". */
function submitted(j: TestJudge, phase: number): string[] {
  return (
    j.db
      .prepare('SELECT player_id, text FROM submissions WHERE game_id = ? AND phase_number = ? ORDER BY id')
      .all('tavern', phase) as { player_id: string; text: string }[]
  ).map((s) => `${s.player_id}:${/ROLL (\S+)/.exec(s.text)![1]}`);
}

describe('intake outages against Dovecot', { timeout: 120_000 }, () => {
  it('IMAP stopped across a deadline: the phase waits, one GM notice, one delay notice each, then the orders count where they arrived', async () => {
    // Two judges of the same game: one whose IMAP server is down from before the deadline to 3 h after it, one with no outage.
    const [outUser, refUser] = [freshUser(), freshUser()];
    const out = judgeFor(outUser);
    const ref = judgeFor(refUser);
    const t0 = out.clock().getTime();
    const d1 = t0 + 24 * H;
    // Alice in good time, Boris in the grace, Alice again after the grace (for phase 2).
    const mails: [Buffer, number][] = [
      [await orders('alice', '1d6'), t0 + 10 * H],
      [await orders('boris', '2d6'), d1 + 10 * M],
      [await orders('alice', '3d6'), d1 + 1 * H],
    ];

    // The reference: each mail reaches the mailbox at its time, and a run follows soon after.
    let sent = 0;
    for (const t of [1 * H, 10 * H + 5 * M, 24 * H + 15 * M, 24 * H + 35 * M, 25 * H + 5 * M]) {
      const now = mails.filter(([, at]) => at <= t0 + t).slice(sent);
      sent += now.length;
      await appendDated(
        dc,
        refUser,
        now.map(([raw, at]) => [raw, new Date(at)]),
      );
      expect((await runAt(ref, t0, t)).failed).toBe(false);
    }

    // The outage: the mail reaches the mailbox (dated as it came), and the server stops before the deadline.
    expect((await runAt(out, t0, 1 * H)).failed).toBe(false);
    await appendDated(
      dc,
      outUser,
      mails.map(([raw, at]) => [raw, new Date(at)]),
    );
    await dc.halt();
    const runs = [];
    for (const t of [12 * H, 24 * H + 15 * M, 24 * H + 35 * M, 24 * H + 40 * M, 25 * H, 26 * H, 27 * H])
      runs.push(await runAt(out, t0, t));
    expect(runs.every((r) => r.failed)).toBe(true);
    expect(runs.every((r) => r.log.some((l) => /intake: FAILED: IMAP .*127\.0\.0\.1/.test(l)))).toBe(true);
    expect(livePhases(out.db, 'tavern').filter((p) => p.processed_at)).toEqual([]);
    expect(runs[2]!.log.some((l) => /^wait tavern phase 1 /.test(l))).toBe(true);
    // Nothing chases the players while their mail cannot be read.
    expect(runs.every((r) => r.log.includes('reminders: none sent while the mail cannot be read'))).toBe(true);
    expect(notices(out, 'late')).toEqual([]);

    // The GM: exactly one notice, with the error and what waits.
    const gm = notices(out, 'intake-down');
    expect(gm.map((m) => JSON.parse(m.to_addrs))).toEqual([['gm@example.org']]);
    expect(gm[0]!.body).toMatch(/ECONNREFUSED|connect/);
    expect(gm[0]!.body).toContain('Phase 1 of Test Tavern (tavern)');
    expect(gm[0]!.body).toContain('judge process tavern');
    // Each player: one notice that the results are delayed, in the player's language, without any server detail.
    const delayed = notices(out, 'delayed');
    expect(delayed.map((m) => JSON.parse(m.to_addrs)[0]).sort()).toEqual(['alice@example.org', 'boris@example.ru']);
    const boris = delayed.find((m) => m.to_addrs.includes('boris'))!;
    expect(boris.subject).toContain('Результаты задерживаются');
    expect(delayed.find((m) => m.to_addrs.includes('alice'))!.body).toContain('the judge cannot read its mail');
    for (const m of delayed) expect(m.body).not.toMatch(/127\.0\.0\.1|IMAP|ECONN|judge\.yaml|player\d|:\d{4,5}/i);

    // The server back: the first good run adjudicates phase 1 with the orders that arrived in time for it.
    await dc.resume();
    const back = await runAt(out, t0, 27 * H + 5 * M);
    expect(back.failed).toBe(false);
    expect(await folderCounts(dc, outUser)).toEqual({ INBOX: 0, Processed: 3 });
    expect(rolls(out, 1)).toEqual(['alice:1d6', 'boris:2d6']);
    expect(rolls(ref, 1)).toEqual(['alice:1d6', 'boris:2d6']);
    // As if nothing had happened: the same state, the same next deadline, the late mail in phase 2 in both.
    const [o1, r1] = [livePhases(out.db, 'tavern'), livePhases(ref.db, 'tavern')];
    expect(o1[1]!.state_hash).toBe(r1[1]!.state_hash);
    expect(o1[0]!.result_hash).toBe(r1[0]!.result_hash);
    expect(o1[1]!.deadline).toBe(r1[1]!.deadline);
    expect(o1[1]!.deadline).toBe(new Date(d1 + 24 * H).toISOString());
    expect(submitted(out, 2)).toEqual(['alice:3d6']);
    expect(submitted(ref, 2)).toEqual(['alice:3d6']);
    // Alice's late mail waited while phase 1 did, and its acknowledgement names phase 2, saying why.
    const late = out.db
      .prepare("SELECT inbound_id FROM submissions WHERE game_id = 'tavern' AND phase_number = 2")
      .get() as { inbound_id: number };
    expect(getInbound(out.db, late.inbound_id)).toMatchObject({
      status: 'accepted',
      arrived_at: new Date(d1 + H).toISOString(),
    });
    const ack = listOutbox(out.db).find((m) => m.dedupe_key === `ack:${late.inbound_id}:0`)!;
    expect(ack.phase_number).toBe(2);
    expect(ack.body).toMatch(/too late for phase 1:\s+it counts for this phase, 2\./);
    // In time, but read after the deadline: that acknowledgement says it counts for phase 1.
    const early = listOutbox(out.db).find(
      (m) => m.kind === 'ack' && m.phase_number === 1 && m.to_addrs.includes('alice'),
    );
    expect(early!.body).toMatch(/in time: it counts for this phase, whose deadline has\s+passed/);
    // Its phase is closed: no word of sending new orders for it.
    expect(early!.body).not.toContain('until the deadline');
    expect(back.log.filter((l) => /^wait /.test(l))).toEqual([]);
    expect(getMeta(out.db, 'intake-failure')).toBeNull();
    expect(getMeta(out.db, 'last-intake-ok')?.value).toBe(new Date(t0 + 27 * H + 5 * M).toISOString());

    // Told once, however many runs: no second GM notice, no second delay notice.
    await runAt(out, t0, 27 * H + 10 * M);
    expect(notices(out, 'intake-down')).toHaveLength(1);
    expect(notices(out, 'delayed')).toHaveLength(2);
    // Nor a late notice for phase 1, nor a reminder for it (its deadline was past before the mail could be read).
    expect(notices(out, 'late')).toEqual([]);
    expect(notices(out, 'reminder')).toEqual([]);
    out.db.close();
    ref.db.close();
  });

  it('a wrong IMAP password: the phase waits with the GM told what to mend; once mended, it is processed with its orders', async () => {
    const user = freshUser();
    const j = judgeFor(user);
    const t0 = j.clock().getTime();
    await appendDated(dc, user, [
      [await orders('alice', '1d8'), new Date(t0 + 23 * H)],
      [await orders('boris', '1d10'), new Date(t0 + 24 * H + 20 * M)],
    ]);
    process.env[IMAP_PASSWORD_ENV] = 'not-the-password';
    for (const t of [24 * H + 35 * M, 25 * H]) {
      const r = await runAt(j, t0, t);
      expect(r.failed).toBe(true);
      expect(r.log.join('\n')).toMatch(/IMAP login refused for .*wrong user or password/);
    }
    const gm = notices(j, 'intake-down');
    expect(gm).toHaveLength(1);
    expect(gm[0]!.body).toMatch(/IMAP login refused/);
    expect(gm[0]!.body).toContain('judge.yaml');
    expect(notices(j, 'delayed')).toHaveLength(2);
    for (const m of notices(j, 'delayed')) expect(m.body).not.toMatch(/password|парол|login/i);
    expect(livePhases(j.db, 'tavern').filter((p) => p.processed_at)).toEqual([]);

    process.env[IMAP_PASSWORD_ENV] = dc.password;
    expect((await runAt(j, t0, 25 * H + 5 * M)).failed).toBe(false);
    expect(rolls(j, 1)).toEqual(['alice:1d8', 'boris:1d10']);
    j.db.close();
  });

  it('the judge not run for two deadlines: both phases adjudicated in order, each with the orders that arrived in time for it; the GM told how long', async () => {
    const user = freshUser();
    const j = judgeFor(user);
    const t0 = j.clock().getTime();
    const d1 = t0 + 24 * H;
    const d2 = d1 + 24 * H;
    expect((await runAt(j, t0, 1 * H)).failed).toBe(false);
    // While nothing runs: one mail in time for phase 1, two between deadline 1 and 2 (phase 2), one after deadline 2.
    await appendDated(dc, user, [
      [await orders('alice', '1d4'), new Date(t0 + 2 * H)],
      [await orders('boris', '2d4'), new Date(d1 + 2 * H)],
      [await orders('alice', '3d4'), new Date(d1 + 5 * H)],
      [await orders('boris', '4d4'), new Date(d2 + 3 * H)],
    ]);
    const r = await runAt(j, t0, 2 * 24 * H + 5 * H);
    expect(r.failed).toBe(false);
    const phases = livePhases(j.db, 'tavern');
    expect(phases.map((p) => [p.number, !!p.processed_at])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
    // In order, each as of its deadline: the schedule's rhythm kept (deadline 2 was past when phase 2 opened).
    expect(phases.map((p) => p.deadline)).toEqual([d1, d2, d2 + 24 * H].map((t) => new Date(t).toISOString()));
    expect(r.log.filter((l) => /^process tavern/.test(l)).map((l) => /phase (\d)/.exec(l)![1])).toEqual(['1', '2']);
    expect(rolls(j, 1)).toEqual(['alice:1d4']);
    expect(rolls(j, 2)).toEqual(['alice:3d4', 'boris:2d4']);
    expect(submitted(j, 3)).toEqual(['boris:4d4']);
    // The acknowledgement of Boris's phase-2 mail: too late for phase 1, counts for phase 2.
    const ackOf = (phase: number, who: string) =>
      listOutbox(j.db).find((m) => m.kind === 'ack' && m.phase_number === phase && m.to_addrs.includes(who))!;
    expect(ackOf(2, 'boris').body).toMatch(
      /слишком поздно для фазы 1:\s+оно учитывается в этой фазе, 2, срок\s+которой уже прошёл/,
    );
    expect(ackOf(1, 'alice').body).toMatch(/in time: it counts for this phase, whose deadline has\s+passed/);
    // Reports of both phases went out; no reminder or late notice for either.
    expect(
      listOutbox(j.db)
        .filter((m) => m.kind === 'report')
        .map((m) => m.phase_number),
    ).toEqual([1, 1, 1, 2, 2, 2]);
    expect(notices(j, 'late')).toEqual([]);
    expect(notices(j, 'reminder')).toEqual([]);
    // The GM: how long the judge was down, and what was processed late; once.
    const down = notices(j, 'judge-down');
    expect(down).toHaveLength(1);
    expect(down[0]!.subject).toBe('[tavern] The judge was not run for 52 hours');
    expect(down[0]!.body).toMatch(/phase 1, due .*\n\s+phase 2, due /);
    expect(r.log.some((l) => /the judge was not run since/.test(l))).toBe(true);
    expect(notices(j, 'intake-down')).toEqual([]);
    await runAt(j, t0, 2 * 24 * H + 5 * H + 5 * M);
    expect(notices(j, 'judge-down')).toHaveLength(1);
    j.db.close();
  });
});
