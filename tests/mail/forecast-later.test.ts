// A seat's orders in several mails of one run (issue #33, later-orders.ts):
// every mail is acknowledged, and only the last one's answer carries the
// forecast of the orders that then stand; an earlier one names the later mail
// instead. A later mail counts only when it gives the seat orders as surely as
// the one acknowledged: the same sender, the same password, order lines, no
// FORECAST line; a block that changes the password or the address keeps its
// forecast. A mail alone in its run, or the last of its seat, is forecast as
// before.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createGame } from '../../src/engine/create-game.js';
import { handleUnhandled } from '../../src/mail/inbound/batch.js';
import { rawMessageId, storeIncoming } from '../../src/mail/inbound/ingest.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { LaterOrders } from '../../src/mail/inbound/later-orders.js';
import { GivenParses, parseForHandler } from '../../src/mail/inbound/parse-ahead.js';
import { READ_AHEAD } from '../../src/mail/inbound/write-group.js';
import type { OrderBlock } from '../../src/mail/inbound/envelope.js';
import { listOutbox, type OutboxRow } from '../../src/store/outbox.js';
import { mail, tavernSetup, testJudge, type TestJudge } from '../helpers.js';

const fandiSetup = () => {
  const s = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8')) as Record<string, unknown>;
  s.seats = (s.seats as { id: string }[]).map((x) => ({
    ...x,
    password: `${x.id}-pw`,
    lang: x.id === 'brana' ? 'en' : x.id === 'cerna' ? 'ru' : 'cs',
  }));
  return s;
};

const FORECAST = { cs: 'PŘEDPOVĚĎ (ne výsledek)', en: 'FORECAST (not a result)' };
/** The assumption line: only a forecast made here has it. */
const MADE = { cs: 'ostatní hráči stojí', en: 'every other player holds' };

function game(): TestJudge {
  const j = testJudge();
  createGame(j, { id: 'fd', kind: 'fandi', setup: fandiSetup(), seed: '1', actor: 'test' });
  return j;
}

/** Store these mails (not handled yet), then take them in by one run. */
async function oneRun(
  j: TestJudge,
  mails: { from: string; text: string; subject?: string; refused?: true }[],
): Promise<OutboxRow[]> {
  for (const m of mails) {
    const raw = await mail(m.from, m.text, m.subject);
    storeIncoming(j, raw, rawMessageId(raw), 'test', new Date().toISOString());
  }
  const results = await handleUnhandled(j);
  expect(results.map((r) => r.status)).toEqual(mails.map((m) => (m.refused ? 'rejected' : 'accepted')));
  return listOutbox(j.db).filter((m) => m.kind === 'ack');
}

describe('a forecast once per seat and run', () => {
  it('three mails of one seat: the first two name the next mail, the last carries the forecast of the orders that stand', async () => {
    const j = game();
    const acks = await oneRun(j, [
      { from: 'alfa@example.org', text: 'HRA fd alfa alfa-pw\nB2 postav 2 pěší\nKONEC', subject: 'první' },
      { from: 'brana@example.org', text: 'GAME fd brana brana-pw\nI2 build 2 infantry\nEND' },
      { from: 'alfa@example.org', text: 'HRA fd alfa alfa-pw\nB2 věda 5\nKONEC', subject: 'druhý' },
      { from: 'alfa@example.org', text: 'HRA fd alfa alfa-pw\nB2 postav 1 pěší\nB2 věda 7\nKONEC', subject: 'třetí' },
    ]);
    expect(acks.map((a) => a.to_addrs)).toEqual([
      '["alfa@example.org"]',
      '["brana@example.org"]',
      '["alfa@example.org"]',
      '["alfa@example.org"]',
    ]);
    const [first, brana, second, third] = acks.map((a) => a.body);
    // Every acknowledgement echoes its own orders and has the forecast's title.
    for (const b of [first, second, third]) expect(b).toContain(FORECAST.cs);
    expect(first).toContain('váš pozdější e-mail „druhý“ tyto rozkazy znovu mění');
    expect(first).not.toContain(MADE.cs);
    expect(second).toContain('váš pozdější e-mail „třetí“ tyto rozkazy znovu mění');
    expect(second).not.toContain(MADE.cs);
    // The last: the forecast of the orders as they stand after it (the third mail replaces the others).
    expect(third).toContain(MADE.cs);
    expect(third).toContain('utraceno: 1 pěší 2 xc, věda 7 xc');
    expect(third).not.toContain('pozdější e-mail');
    // Another seat's mail in between neither takes nor gives anything.
    expect(brana).toContain(MADE.en);
    expect(brana).toContain(FORECAST.en);
  });

  it('the last forecast is the one a run of that mail alone makes', async () => {
    const many = game();
    const acks = await oneRun(many, [
      { from: 'alfa@example.org', text: 'HRA fd alfa alfa-pw\nB2 postav 2 pěší\nKONEC' },
      { from: 'alfa@example.org', text: 'HRA fd alfa alfa-pw\nB2 postav 1 pěší\nB2 věda 7\nKONEC' },
    ]);
    const alone = game();
    await ingest(
      alone,
      await mail('alfa@example.org', 'HRA fd alfa alfa-pw\nB2 postav 1 pěší\nB2 věda 7\nKONEC'),
      'test',
    );
    const own = listOutbox(alone.db).find((m) => m.kind === 'ack')!;
    const forecastOf = (body: string) => body.slice(body.indexOf(FORECAST.cs));
    expect(forecastOf(acks[1]!.body)).toBe(forecastOf(own.body));
    expect(forecastOf(acks[1]!.body)).toContain(MADE.cs);
  });

  it('a later mail that may not be taken as surely leaves the forecast where it is', async () => {
    const j = game();
    const made = async (mails: Parameters<typeof oneRun>[1]) => {
      const before = listOutbox(j.db).length;
      await oneRun(j, mails);
      return listOutbox(j.db)
        .slice(before)
        .filter((m) => m.kind === 'ack')
        .map((a) => (a.body.includes('pozdější e-mail') ? 'later' : a.body.includes(MADE.cs) ? 'made' : 'none'));
    };
    const A = 'alfa@example.org';
    // [why, the mails of the run (a first block and a later one), what each acknowledgement carries]
    const cases: [string, Parameters<typeof oneRun>[1], string[]][] = [
      [
        'a later block with another password (here a wrong one: refused)',
        [
          { from: A, text: 'HRA fd alfa alfa-pw\nB2 postav 2 pěší\nKONEC' },
          { from: A, text: 'HRA fd alfa jiné-heslo\nB2 věda 5\nKONEC', refused: true },
        ],
        ['made'],
      ],
      [
        'a block that changes the password: a later block with the old one is refused',
        [
          { from: A, text: 'HRA fd alfa alfa-pw\nHESLO nove-heslo-7\nB2 postav 1 pěší\nKONEC' },
          { from: A, text: 'HRA fd alfa alfa-pw\nB2 věda 6\nKONEC', refused: true },
        ],
        ['made'],
      ],
      [
        'from another sender (the right password): each keeps its own',
        [
          { from: A, text: 'HRA fd alfa nove-heslo-7\nB2 postav 4 pěší\nKONEC' },
          { from: 'spojenec@example.org', text: 'HRA fd alfa nove-heslo-7\nB2 věda 8\nKONEC' },
        ],
        ['made', 'made'],
      ],
      [
        'a later mail of commands only gives no orders (nor a forecast)',
        [
          { from: A, text: 'HRA fd alfa nove-heslo-7\nB2 postav 5 pěší\nKONEC' },
          { from: A, text: 'HRA fd alfa nove-heslo-7\nFORMAT text\nKONEC' },
        ],
        ['made', 'none'],
      ],
      [
        'the same pair as the first, with the same password: the forecast goes to the later one',
        [
          { from: A, text: 'HRA fd alfa nove-heslo-7\nB2 postav 2 pěší\nKONEC' },
          { from: A, text: 'HRA fd alfa nove-heslo-7\nB2 věda 5\nKONEC' },
        ],
        ['later', 'made'],
      ],
      [
        'a later block with a FORECAST line of its own (here it turns it off)',
        [
          { from: A, text: 'HRA fd alfa nove-heslo-7\nB2 postav 3 pěší\nKONEC' },
          { from: A, text: 'HRA fd alfa nove-heslo-7\nPŘEDPOVĚĎ VYP\nB2 věda 5\nKONEC' },
        ],
        ['made', 'none'],
      ],
    ];
    // In this order, each in a run of its own: the password changes on the way.
    for (const [why, mails, expected] of cases) expect(await made(mails), why).toEqual(expected);
  });
});

describe('a kind whose forecast may be empty (rpg: only rolls that wait for the round have odds)', () => {
  it('an acknowledgement that would have had no forecast names no later mail; one with a waiting roll does', async () => {
    const j = testJudge();
    // Rolls answered at once (instant: true); `wait` keeps one for the round's end.
    createGame(j, {
      id: 'tavern',
      kind: 'rpg',
      setup: { ...structuredClone(tavernSetup), instant: true },
      seed: '7',
      actor: 'test',
    });
    const ALICE = 'alice@example.org';
    const bodies = (
      await oneRun(j, [
        { from: ALICE, text: 'GAME tavern alice apple\nROLL 2d6 now\nEND', subject: 'one' },
        { from: ALICE, text: 'GAME tavern alice apple\nROLL 3d6 wait\nEND', subject: 'two' },
        { from: ALICE, text: 'GAME tavern alice apple\nROLL 1d20 wait\nEND', subject: 'three' },
      ])
    ).map((a) => a.body);
    // Answered at once: no forecast of its own, so none to pass on either.
    expect(bodies[0]).not.toContain(FORECAST.en);
    expect(bodies[1]).toContain('your later mail “three” changes these orders again');
    expect(bodies[2]).toContain(MADE.en);
    expect(bodies[2]).toContain('1d20');
  });
});

describe("on intake's worker: every mail the poll's thread has parsed counts", () => {
  it('a later mail of the seat beyond the read-ahead is found among the parses handed over', async () => {
    const run = async (handOver: boolean) => {
      const j = game();
      const raws = [await mail('alfa@example.org', 'HRA fd alfa alfa-pw\nB2 postav 2 pěší\nKONEC', 'první')];
      // More mails of other seats between them than a run reads ahead.
      for (let i = 0; i < READ_AHEAD + 6; i++)
        raws.push(await mail('brana@example.org', `GAME fd brana brana-pw\nI2 build ${1 + (i % 3)} infantry\nEND`));
      raws.push(await mail('alfa@example.org', 'HRA fd alfa alfa-pw\nB2 věda 5\nKONEC', 'druhý'));
      const ids = raws.map((raw) => storeIncoming(j, raw, rawMessageId(raw), 'test', new Date().toISOString()).id);
      const given = new GivenParses();
      if (handOver) {
        for (const [i, id] of ids.entries()) given.add(id, (await parseForHandler(j, raws[i]!, raws[i]!.length))!);
        given.checkEarly(j);
      }
      const rs = await handleUnhandled(j, handOver ? { given } : {});
      expect(rs.every((r) => r.status === 'accepted')).toBe(true);
      const alfa = listOutbox(j.db).filter((m) => m.kind === 'ack' && m.to_addrs.includes('alfa@'));
      return alfa.map((a) =>
        a.body.includes('pozdější e-mail „druhý“') ? 'later' : a.body.includes(MADE.cs) ? 'made' : 'none',
      );
    };
    // Read ahead alone, the later mail is too far to be known: both are forecast.
    expect(await run(false)).toEqual(['made', 'made']);
    // With the poll's parses handed over (as intake's worker has them), it is known.
    expect(await run(true)).toEqual(['later', 'made']);
    // A copy of the first mail (the same Message-ID) after it is never handled as orders: it takes nothing.
    const j = game();
    const first = await mail('alfa@example.org', 'HRA fd alfa alfa-pw\nB2 postav 2 pěší\nKONEC', 'první');
    const copy = Buffer.from(first.toString('latin1').replace('KONEC', 'B2 hradby 1\nKONEC'), 'latin1');
    const ids = [first, copy].map((raw) => storeIncoming(j, raw, rawMessageId(raw), 'test', new Date().toISOString()));
    expect(ids[1]).toMatchObject({ stored: true, duplicateOf: ids[0]!.id });
    const given = new GivenParses();
    for (const [i, raw] of [first, copy].entries()) given.add(ids[i]!.id, (await parseForHandler(j, raw, raw.length))!);
    given.checkEarly(j);
    await handleUnhandled(j, { given });
    const acks = listOutbox(j.db).filter((m) => m.kind === 'ack');
    expect(acks).toHaveLength(1);
    expect(acks[0]!.body).toContain(MADE.cs);
  });
});

describe('LaterOrders', () => {
  const block = (o: Partial<OrderBlock>): OrderBlock => ({
    kind: 'player',
    game: 'fd',
    player: 'alfa',
    password: 'pw',
    lang: 'cs',
    keyword: 'HRA',
    lines: ['B2 postav 1 pěší'],
    startLine: 1,
    end: 'end-line',
    headerError: null,
    commands: [],
    final: false,
    ...o,
  });

  const yes = () => true;
  it('finds a later mail of the same sender, seat and password; never an earlier one, nor one whose turn came', () => {
    const l = new LaterOrders();
    l.note(5, 'a@x.org', 's5', [block({ player: 'ALFA' })]);
    l.note(7, 'a@x.org', 's7', [block({ password: 'other' })]);
    l.note(8, 'a@x.org', 's8', [block({ lines: ['', '  '] })]);
    l.note(9, 'a@x.org', 's9', [block({ kind: 'gm' }), block({ headerError: 'no seat' })]);
    l.note(10, 'a@x.org', 's10', [
      block({ commands: [{ name: 'forecast', arg: 'off' } as OrderBlock['commands'][0]] }),
    ]);
    expect(l.after(3, 'a@x.org', 'fd', 'alfa', 'pw', yes)).toEqual({ subject: 's5' });
    expect(l.after(3, 'a@x.org', 'fd', 'alfa', 'other', yes)).toEqual({ subject: 's7' });
    expect(l.after(3, 'b@x.org', 'fd', 'alfa', 'pw', yes)).toBeNull();
    expect(l.after(3, 'a@x.org', 'fe', 'alfa', 'pw', yes)).toBeNull();
    expect(l.after(3, null, 'fd', 'alfa', 'pw', yes)).toBeNull();
    expect(l.after(5, 'a@x.org', 'fd', 'alfa', 'pw', yes)).toBeNull();
    // One no longer waiting to be handled (a copy of an earlier mail) is passed over.
    expect(l.after(4, 'a@x.org', 'fd', 'alfa', 'pw', (id) => id !== 5)).toBeNull();
    l.reached(6);
    // A read that ends after its mail's turn came is not noted.
    l.note(6, 'a@x.org', 's6', [block({ player: 'beta' })]);
    l.note(11, 'a@x.org', 's11', [block({ player: 'gama' })]);
    expect(l.after(4, 'a@x.org', 'fd', 'beta', 'pw', yes)).toBeNull();
    expect(l.after(4, 'a@x.org', 'fd', 'gama', 'pw', yes)).toEqual({ subject: 's11' });
  });
});
