// Password checks started as intake's worker is handed each parsed mail
// (guard.ts EarlyChecks), long before the mail's turn: a seat's new password
// is verified on the thread pool while the mails before it are handled. A
// flood of wrong passwords for one seat, or from one sender, starts no more
// of them early than the lock lets through (perSeatSender, perSender) until those
// mails' turns have come; a password already verified or under way starts
// nothing; at most one verification per core and one more run at a time.
import { availableParallelism } from 'node:os';
import { describe, expect, it, vi } from 'vitest';

/** Verifications started, and a way to hold them back. */
const started: string[] = [];
const release: (() => void)[] = [];
let hold = false;
vi.mock('../../src/store/passwords.js', async (orig) => {
  const real = await orig<typeof import('../../src/store/passwords.js')>();
  return {
    ...real,
    verifyPasswordAsync: async (password: string, stored: string) => {
      started.push(password);
      if (hold) await new Promise<void>((go) => release.push(go));
      return real.verifyPasswordAsync(password, stored);
    },
  };
});

const { EarlyChecks, checkBlocks, prefetchChecks } = await import('../../src/mail/inbound/guard.js');
const { findBlocks } = await import('../../src/mail/inbound/envelope.js');
const { tavern, testJudge } = await import('../helpers.js');

const blocks = (player: string, password: string) => findBlocks(`GAME tavern ${player} ${password}\nROLL 1d6\nEND\n`);
const settle = (ms = 20) => new Promise((r) => setTimeout(r, ms));
/** Until no verification has started for a while (the queue has run dry: scrypt takes tens of ms here). */
async function quiet(): Promise<number> {
  for (let seen = -1; seen !== started.length; ) {
    seen = started.length;
    await settle(400);
  }
  return started.length;
}

/** Eight games, a mail of each with a new password handed over at once, every verification held: as many start as may at a time. */
async function eightHeld() {
  started.length = 0;
  release.length = 0;
  hold = true;
  const j = testJudge();
  for (let g = 0; g < 8; g++) tavern(j, `g${g}`);
  const early = new EarlyChecks(j);
  const mails = Array.from({ length: 8 }, (_, g) => findBlocks(`GAME g${g} alice apple\nROLL 1d6\nEND\n`));
  mails.forEach((b, g) => early.start(g, b, `p${g}@example.org`));
  await settle();
  return { j, mails, most: availableParallelism() + 1 };
}

describe('password checks started early', () => {
  it('starts each mail’s verification at once, once per (seat, password); its turn finds it done', async () => {
    started.length = 0;
    hold = false;
    const j = testJudge();
    tavern(j);
    const early = new EarlyChecks(j);
    early.start(1, blocks('alice', 'apple'), 'alice@example.org');
    early.start(2, blocks('alice', 'apple'), 'alice@example.org');
    early.start(3, blocks('boris', 'berry'), 'boris@example.ru');
    await settle();
    expect(started.sort()).toEqual(['apple', 'berry']);
    // The mails' turns: no verification again, and the right answers.
    const [a] = await checkBlocks(j, blocks('alice', 'apple'), 'alice@example.org');
    const [b] = await checkBlocks(j, blocks('boris', 'wrong'), 'boris@example.ru');
    expect(a!.ok).toBe(true);
    expect(b!.ok).toBe(false);
    expect(started.sort()).toEqual(['apple', 'berry', 'wrong']);
  });

  it('starts at most perSeatSender unknown passwords of one seat and perSender of one sender early, until their mails’ turns come', async () => {
    started.length = 0;
    hold = false;
    const j = testJudge();
    tavern(j);
    const { perSeatSender: perSeat, perSender } = j.config.inbox.authFailures;
    const early = new EarlyChecks(j);
    // One seat, many senders: the seat's bound.
    for (let i = 0; i < 3 * perSeat; i++) early.start(100 + i, blocks('alice', `guess${i}`), `s${i}@example.net`);
    expect(await quiet()).toBe(perSeat);
    // Their turns come: as many more may start.
    for (let i = 0; i < perSeat; i++) early.done(100 + i);
    for (let i = 3 * perSeat; i < 4 * perSeat; i++)
      early.start(100 + i, blocks('alice', `guess${i}`), `s${i}@example.net`);
    expect(await quiet()).toBe(2 * perSeat);
    // One sender, a new seat for every mail (no such seats: those wait for their turn, never started early),
    // then real seats of other games: the sender's bound.
    started.length = 0;
    for (let g = 0; g < 2 * perSender; g++) tavern(j, `t${g}`);
    for (let g = 0; g < 2 * perSender; g++)
      early.start(500 + g, findBlocks(`GAME t${g} alice x${g}\nROLL 1d6\nEND\n`), 'one@example.net');
    early.start(499, blocks('nobody', 'x'), 'one@example.net');
    expect(await quiet()).toBe(perSender);
    expect(early.counting).toBe(perSeat + perSender); // the second round of the seat's, and the sender's
  });

  it('runs at most one verification per core and one more at a time; the others wait in order', async () => {
    const { most } = await eightHeld();
    expect(started.length).toBe(Math.min(8, most));
    // Each one done lets the next start.
    for (let i = 0; i < 200 && started.length < 8; i++) {
      release.shift()?.();
      await settle();
    }
    expect(started.length).toBe(8);
    hold = false;
    for (const go of release.splice(0)) go();
  });

  it('the read-ahead leaves the blocks started or queued early alone: the queue keeps its bound; a block it did not see is started', async () => {
    const { j, mails, most } = await eightHeld();
    expect(started.length).toBe(Math.min(8, most));
    // The read-ahead reaches the same mails (the same parsed blocks): nothing more starts.
    mails.forEach((b, g) => prefetchChecks(j, b, `p${g}@example.org`));
    await settle();
    expect(started.length).toBe(Math.min(8, most));
    // A mail the worker was not handed (parsed at its turn: blocks of its own) is started by the read-ahead.
    prefetchChecks(j, findBlocks('GAME g0 alice other\nROLL 1d6\nEND\n'), 'p0@example.org');
    await settle();
    expect(started).toContain('other');
    hold = false;
    for (let i = 0; i < 200 && started.length < 9; i++) {
      for (const go of release.splice(0)) go();
      await settle();
    }
    expect(started.length).toBe(9);
  });
});
