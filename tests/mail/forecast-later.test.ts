// A seat's orders in several mails of one run (issue #33, forecast-release.ts):
// every mail is acknowledged, and only the answer to the last one whose
// acknowledgement has a forecast carries it, of the orders that then stand; an
// earlier one names that mail instead. The forecasts are made when the run's
// answers are complete, so only mails the run accepted count: a refused one, a
// block of commands only, a block that turns its forecast off never take a
// forecast away. Until then an acknowledgement is held (never sent); what a
// stopped run left held goes with its forecast at the next run or send.
import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGame } from '../../src/engine/create-game.js';
import { handleUnhandled } from '../../src/mail/inbound/batch.js';
import { rawMessageId, storeIncoming } from '../../src/mail/inbound/ingest.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { GivenParses, parseForHandler } from '../../src/mail/inbound/parse-ahead.js';
import { READ_AHEAD } from '../../src/mail/inbound/write-group.js';
import { listOutbox, pendingMail, type OutboxRow } from '../../src/store/outbox.js';
import { ingestDirectory, sendAndLog } from '../../src/cli/mail.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { count, mail, tavernSetup, testJudge, type TestJudge } from '../helpers.js';

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
  it('three mails of one seat: the first two name the last mail, whose answer carries the forecast of the orders that stand', async () => {
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
    expect(first).toContain('váš pozdější e-mail „třetí“ tyto rozkazy znovu mění');
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

  it('only a later mail the run accepted with a forecast of its own takes the forecast', async () => {
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
        'from another sender with the right password: accepted, so it carries the forecast',
        [
          { from: A, text: 'HRA fd alfa nove-heslo-7\nB2 postav 4 pěší\nKONEC' },
          { from: 'spojenec@example.org', text: 'HRA fd alfa nove-heslo-7\nB2 věda 8\nKONEC' },
        ],
        ['later', 'made'],
      ],
      [
        'a block that changes the password, then one with the new password: accepted, it carries the forecast',
        [
          { from: A, text: 'HRA fd alfa nove-heslo-7\nHESLO treti-heslo-9\nB2 postav 1 pěší\nKONEC' },
          { from: A, text: 'HRA fd alfa treti-heslo-9\nB2 věda 6\nKONEC' },
        ],
        ['later', 'made'],
      ],
      [
        'a later mail of commands only gives no orders (nor a forecast)',
        [
          { from: A, text: 'HRA fd alfa treti-heslo-9\nB2 postav 5 pěší\nKONEC' },
          { from: A, text: 'HRA fd alfa treti-heslo-9\nFORMAT text\nKONEC' },
        ],
        ['made', 'none'],
      ],
      [
        'the same pair as the first, with the same password: the forecast goes to the later one',
        [
          { from: A, text: 'HRA fd alfa treti-heslo-9\nB2 postav 2 pěší\nKONEC' },
          { from: A, text: 'HRA fd alfa treti-heslo-9\nB2 věda 5\nKONEC' },
        ],
        ['later', 'made'],
      ],
      [
        'a later block with a FORECAST line of its own (here it turns it off)',
        [
          { from: A, text: 'HRA fd alfa treti-heslo-9\nB2 postav 3 pěší\nKONEC' },
          { from: A, text: 'HRA fd alfa treti-heslo-9\nPŘEDPOVĚĎ VYP\nB2 věda 5\nKONEC' },
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

describe('the forecasts wait for the whole run', () => {
  const alfaAcks = (j: TestJudge) => listOutbox(j.db).filter((m) => m.kind === 'ack' && m.to_addrs.includes('alfa@'));
  const what = (a: OutboxRow) =>
    a.body.includes('pozdější e-mail „druhý“') ? 'later' : a.body.includes(MADE.cs) ? 'made' : 'none';

  it("a later mail of the seat far beyond the read-ahead counts; on intake's worker, across its rounds", async () => {
    const run = async (rounds: boolean) => {
      const j = game();
      const raws = [await mail('alfa@example.org', 'HRA fd alfa alfa-pw\nB2 postav 2 pěší\nKONEC', 'první')];
      // More mails of other seats between them than a run reads ahead.
      for (let i = 0; i < READ_AHEAD + 6; i++)
        raws.push(await mail('brana@example.org', `GAME fd brana brana-pw\nI2 build ${1 + (i % 3)} infantry\nEND`));
      raws.push(await mail('alfa@example.org', 'HRA fd alfa alfa-pw\nB2 věda 5\nKONEC', 'druhý'));
      const ids = raws.map((raw) => storeIncoming(j, raw, rawMessageId(raw), 'test', new Date().toISOString()).id);
      const given = new GivenParses();
      for (const [i, id] of ids.entries()) given.add(id, (await parseForHandler(j, raws[i]!, raws[i]!.length))!);
      given.checkEarly(j);
      if (rounds) {
        // As intake's worker runs: a round per batch the poll stored, more to come.
        const first = await handleUnhandled(j, { given, upTo: ids[10]!, more: true });
        expect(first).toHaveLength(11);
        // Held until the run ends: none of its acknowledgements of orders may be sent yet.
        expect(alfaAcks(j).map((a) => a.status)).toEqual(['held']);
        expect(pendingMail(j.db, null).filter((m) => m.kind === 'ack')).toHaveLength(0);
      }
      const rs = await handleUnhandled(j, { given });
      expect(rs.every((r) => r.status === 'accepted')).toBe(true);
      const acks = listOutbox(j.db).filter((m) => m.kind === 'ack');
      expect(acks.every((a) => a.status === 'pending')).toBe(true);
      expect(count(j, 'forecast_due')).toBe(0);
      // brana's many mails: only the last carries the forecast.
      const brana = acks.filter((a) => a.to_addrs.includes('brana@'));
      expect(brana.filter((a) => a.body.includes(MADE.en))).toHaveLength(1);
      expect(brana.at(-1)!.body).toContain(MADE.en);
      return alfaAcks(j).map(what);
    };
    expect(await run(false)).toEqual(['later', 'made']);
    expect(await run(true)).toEqual(['later', 'made']);
  });

  it('a copy of a mail (the same Message-ID) is never handled as orders: it takes nothing', async () => {
    const j = game();
    const first = await mail('alfa@example.org', 'HRA fd alfa alfa-pw\nB2 postav 2 pěší\nKONEC', 'první');
    const copy = Buffer.from(first.toString('latin1').replace('KONEC', 'B2 hradby 1\nKONEC'), 'latin1');
    const ids = [first, copy].map((raw) => storeIncoming(j, raw, rawMessageId(raw), 'test', new Date().toISOString()));
    expect(ids[1]).toMatchObject({ stored: true, duplicateOf: ids[0]!.id });
    await handleUnhandled(j);
    const acks = listOutbox(j.db).filter((m) => m.kind === 'ack');
    expect(acks).toHaveLength(1);
    expect(acks[0]!.body).toContain(MADE.cs);
  });

  it('what a stopped run left held goes, with its forecast, at the next send; a phase processed meanwhile is said', async () => {
    const j = game();
    for (const [text, subject] of [
      ['HRA fd alfa alfa-pw\nB2 postav 2 pěší\nKONEC', 'první'],
      ['HRA fd alfa alfa-pw\nB2 věda 5\nKONEC', 'druhý'],
    ] as const) {
      const raw = await mail('alfa@example.org', text, subject);
      storeIncoming(j, raw, rawMessageId(raw), 'test', new Date().toISOString());
    }
    // The run stopped before its end (more: true is a round that expects more).
    await handleUnhandled(j, { more: true });
    expect(alfaAcks(j).map((a) => a.status)).toEqual(['held', 'held']);
    // Held mail is never sent: the send releases it first, with its forecast.
    const log: string[] = [];
    await sendAndLog(j, (l) => log.push(l), true);
    expect(log.join('\n')).toMatch(/send: 2 sent/);
    const sent = alfaAcks(j);
    expect(sent.map((a) => a.status)).toEqual(['sent', 'sent']);
    expect(sent.map(what)).toEqual(['later', 'made']);
    expect(sent.every((a) => !a.body.includes('[[forecast'))).toBe(true);
    // Left held again, and the phase processed (the GM forced the turn) before the next send.
    const raw = await mail('alfa@example.org', 'HRA fd alfa alfa-pw\nB2 věda 6\nKONEC', 'třetí');
    storeIncoming(j, raw, rawMessageId(raw), 'test', new Date().toISOString());
    await handleUnhandled(j, { more: true });
    processPhase(j, 'fd');
    await sendAndLog(j, () => {}, true);
    const last = alfaAcks(j).at(-1)!;
    expect(last.status).toBe('sent');
    expect(last.body).toContain('PŘEDPOVĚĎ (ne výsledek)');
    expect(last.body).toContain('fáze byla vyhodnocena dřív, než tato odpověď odešla');
    expect(last.body).not.toContain(MADE.cs);
  });

  it('`judge ingest --dir`: the folder is one run', async () => {
    const j = game();
    const dir = join(j.dataDir, 'drop');
    mkdirSync(dir);
    // The files in the order they came (a folder is read by name).
    writeFileSync(
      join(dir, '1.eml'),
      await mail('alfa@example.org', 'HRA fd alfa alfa-pw\nB2 postav 2 pěší\nKONEC', 'první'),
    );
    writeFileSync(join(dir, '2.eml'), await mail('alfa@example.org', 'HRA fd alfa alfa-pw\nB2 věda 5\nKONEC', 'druhý'));
    const rs = await ingestDirectory(j, dir, () => {});
    expect(rs.map((r) => r.status)).toEqual(['accepted', 'accepted']);
    expect(alfaAcks(j).map((a) => [a.status, what(a)])).toEqual([
      ['pending', 'later'],
      ['pending', 'made'],
    ]);
  });

  it("a mark-like line of a player's is left as he wrote it", async () => {
    const j = game();
    await ingest(
      j,
      await mail('alfa@example.org', 'HRA fd alfa alfa-pw\nB2 postav 2 pěší\n[[forecast x.1.0]]\nKONEC'),
      'test',
    );
    const [ack] = alfaAcks(j);
    expect(ack!.status).toBe('pending');
    expect(ack!.body).toContain('[[forecast x.1.0]]');
    expect(ack!.body.split(FORECAST.cs)).toHaveLength(2);
    expect(ack!.body).toContain(MADE.cs);
  });
});
