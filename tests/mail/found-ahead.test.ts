// What the poll's thread found of a mail it parsed for intake's worker (its
// blocks, its automated-mail verdict: src/mail/inbound/parse-ahead.ts) comes
// with the parse through the structured clone, equal to what the worker would
// find itself, and the worker uses it instead of finding it again.
import { describe, expect, it } from 'vitest';
import { blocksOf, GivenParses, parseForHandler, robotReason } from '../../src/mail/inbound/parse-ahead.js';
import { findBlocksIn } from '../../src/mail/inbound/envelope.js';
import { automatedReason } from '../../src/mail/inbound/loops.js';
import { judgeAddresses } from '../../src/mail/inbound/address-target.js';
import { mail, tavern, testJudge } from '../helpers.js';

describe('the blocks and the automated verdict found on the poll thread', () => {
  it('come with the parse, equal to what the worker finds, and are used there', async () => {
    const j = testJudge();
    tavern(j);
    const raw = await mail(
      'Alice <alice@example.org>',
      'Hi,\n\nGAME tavern alice\nROLL 2d6 attack\nEND\n\nGAME tavern alice\nROLL 1d20 look\nFINAL\nEND\n-- \nAlice\n',
    );
    const p = await parseForHandler(j, raw, raw.length);
    expect(p?.found).toBeDefined();
    // As postMessage carries it.
    const handed = structuredClone(p!);
    const own = findBlocksIn(handed.m.sections);
    expect(own).toHaveLength(2);
    expect(handed.found!.blocks).toStrictEqual(own);
    expect(handed.found!.robot).toBe(automatedReason(handed.m, judgeAddresses(j)) || null);
    const given = new GivenParses();
    given.add(7, handed);
    const taken = given.take(7)!;
    // The very arrays handed over: nothing was found again.
    expect(blocksOf(j, taken.m)).toBe(handed.found!.blocks);
    expect(robotReason(j, taken.m)).toBeNull();
  });

  it("an automated mail's verdict comes along, and a mail with none found is found on the worker", async () => {
    const j = testJudge();
    tavern(j);
    const raw = Buffer.from(
      [
        'From: Alice <alice@example.org>',
        'To: judge@localhost',
        'Subject: Out of office',
        'Auto-Submitted: auto-replied',
        'Message-ID: <ooo-1@example.org>',
        'Date: Sun, 29 Nov 2026 09:00:00 +0000',
        '',
        'I am away. GAME tavern alice',
        '',
      ].join('\r\n'),
    );
    const p = structuredClone((await parseForHandler(j, raw, raw.length))!);
    const reason = automatedReason(p.m, judgeAddresses(j));
    expect(reason).toBeTruthy();
    expect(p.found).toEqual({ robot: reason, blocks: undefined });
    const given = new GivenParses();
    given.add(1, p);
    expect(robotReason(j, given.take(1)!.m)).toBe(reason);
    // A parse handed over without them (an older sender's): the worker finds them itself.
    const q = structuredClone((await parseForHandler(j, raw, raw.length))!);
    delete q.found;
    given.add(2, q);
    const m = given.take(2)!.m;
    expect(robotReason(j, m)).toBe(reason);
    expect(blocksOf(j, m)).toStrictEqual(findBlocksIn(m.sections));
  });

  it('blocks found before a game was made are found again: its name now makes a start line', async () => {
    const j = testJudge();
    tavern(j);
    // "game inn …" in small letters, a seat no game has, no END: a start line only if "inn" is a game.
    const raw = await mail('Alice <alice@example.org>', 'Hi,\ngame inn zed apple\nROLL 2d6\n');
    const given = new GivenParses();
    given.add(3, structuredClone((await parseForHandler(j, raw, raw.length))!));
    tavern(j, 'inn');
    expect(blocksOf(j, given.take(3)!.m).map((b) => b.game)).toEqual(['inn']);
  });
});
