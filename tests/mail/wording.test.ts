// Mails as they read (#32): a name after a Russian or Czech preposition needs
// a case no template can give it, so a sender is named after a label; a report
// is in one language, its dates too; a phase is named once, by its label; the
// GM's worksheet never asks about an empty «»; Czech calls the judge "sudí"
// everywhere; an acknowledgement says truly where it goes; the CLI counts in
// the singular and the plural.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeIngest } from '../../src/cli/ingest-log.js';
import { runDemo } from '../../src/cli/demo.js';
import { demoScenarios } from '../../src/cli/demo-scenarios.js';
import { openJudge } from '../../src/context.js';
import { queueNotice } from '../../src/engine/notices.js';
import { createGame } from '../../src/engine/create-game.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { counted } from '../../src/render/plural.js';
import { render } from '../../src/render/templates.js';
import { getGame, getPlayer } from '../../src/store/games.js';
import { listOutbox } from '../../src/store/outbox.js';
import { mail, tavern, testJudge } from '../helpers.js';

const game = { id: 'g', title: 'Hra' };

/** A FanDi game of the default setup with these seats. */
function fandi(seats: { id: string; name: string; email: string; password: string; lang: string }[]) {
  const j = testJudge();
  const setup = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
  createGame(j, {
    id: 'f',
    kind: 'fandi',
    seed: '1',
    actor: 'test',
    setup: { ...setup, seats, schedule: { every: '72h' } },
  });
  return j;
}

describe('a private message names its sender without a case', () => {
  it('Russian and Czech: the name after a label, never after «от» / "od"', () => {
    for (const name of ['Анна', 'Иван', 'Мария Искусница']) {
      const ru = render('common', 'ru', 'message-private', {
        game,
        from: { id: 'anna', name },
        to: { id: 'ivan', name: 'Иван' },
        text: 'Встретимся вечером.',
      });
      expect(ru.subject).toBe(`[g] Личное сообщение. Отправитель: ${name}`);
      expect(ru.text).toContain(`Отправитель: ${name} (anna)`);
      expect(`${ru.subject}\n${ru.text}`).not.toMatch(/(^|\s)[Оо]т\s+\S/);
      const pub = render('common', 'ru', 'message-public', { game, from: { id: 'anna', name }, text: 'Всем привет.' });
      expect(pub.text).not.toMatch(/(^|\s)[Оо]т:?\s+\S/);
    }
    const cs = render('common', 'cs', 'message-private', {
      game,
      from: { id: 'jana', name: 'Jana' },
      to: { id: 'adam', name: 'Adam' },
      text: 'Ahoj.',
    });
    expect(cs.subject).toBe('[g] Soukromá zpráva — píše Jana');
  });
});

describe('one language a mail', () => {
  it("an English FanDi report for a Russian-speaking seat has an English deadline (FanDi's reports are cs and en)", () => {
    const j = fandi([
      { id: 'alfa', name: 'Иван', email: 'ivan@example.ru', password: 'pw-alfa', lang: 'ru' },
      { id: 'brana', name: 'Brana', email: 'brana@example.org', password: 'pw-brana', lang: 'en' },
    ]);
    processPhase(j, 'f', 'test');
    const report = listOutbox(j.db).find((m) => m.kind === 'report' && m.to_addrs.includes('ivan@example.ru'))!;
    expect(report.body).toMatch(/^Result of turn 1; orders are now due for turn 2\.$/m);
    expect(report.body).toMatch(/^Deadline for turn 2: (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2} 20\d\d/m);
    // The map's legend names the board's last column and row.
    expect(report.body).toContain('(columns A–J, rows 1–10 from the top;');
    // Not a Cyrillic letter in it but the seat's own name.
    expect(report.body.replaceAll('Иван', '')).not.toMatch(/\p{Script=Cyrillic}/u);
    expect(report.html).not.toMatch(/\p{Script=Cyrillic}{2,}/u);
  });
});

describe('a phase is named once', () => {
  it('acknowledgements: the label under one heading ("Fáze: Kolo 1", "Фаза: Раунд 1"), no number before it', async () => {
    const j = testJudge();
    tavern(j);
    await ingest(j, await mail('boris@example.ru', 'ИГРА tavern boris berry\nБРОСОК 2d6\nКОНЕЦ'), 't');
    await ingest(j, await mail('alice@example.org', 'GAME tavern alice apple\nROLL 2d6\nEND'), 't');
    const [ru, en] = listOutbox(j.db).filter((m) => m.kind === 'ack');
    expect(ru!.body).toMatch(/^Фаза: +Раунд 1$/m);
    expect(en!.body).toMatch(/^Phase: +Round 1$/m);
    const f = fandi([
      { id: 'alfa', name: 'Adam', email: 'adam@example.cz', password: 'pw-a', lang: 'cs' },
      { id: 'brana', name: 'Brana', email: 'brana@example.org', password: 'pw-b', lang: 'en' },
    ]);
    await ingest(f, await mail('adam@example.cz', 'HRA f alfa pw-a\nB2 hradby 5\nKONEC'), 't');
    const cs = listOutbox(f.db).find((m) => m.kind === 'ack')!;
    expect(cs.body).toMatch(/^Fáze: +tah 1$/m);
    expect(cs.body).not.toMatch(/^Kolo:/m);
  });

  it('notices name the phase by its label, without "kolo 1, tah 1"', () => {
    const j = fandi([
      { id: 'alfa', name: 'Adam', email: 'adam@example.cz', password: 'pw-a', lang: 'cs' },
      { id: 'brana', name: 'Brana', email: 'brana@example.org', password: 'pw-b', lang: 'en' },
    ]);
    const g = getGame(j.db, 'f')!;
    const adam = getPlayer(j.db, 'f', 'alfa')!;
    for (const kind of ['reminder', 'deadline', 'late'] as const)
      queueNotice(j, g, kind, kind, [adam], {
        phase: { number: 1, label: 'tah 1' },
        deadline: '2026-12-03T19:00:00.000Z',
        graceEnd: '2026-12-03T21:00:00.000Z',
      });
    const notices = listOutbox(j.db).filter((m) => m.kind === 'notice' || m.kind === 'reminder');
    expect(notices).toHaveLength(3);
    for (const n of notices) {
      expect(n.body, n.subject).toContain('tah 1');
      expect(n.body, n.subject).not.toMatch(/kolo 1|tah 1, tah 1/i);
    }
  });

  it('the dice report: "Фаза: Раунд 1", not "1, Раунд 1"', () => {
    const j = testJudge();
    tavern(j);
    processPhase(j, 'tavern', 'test');
    const ru = listOutbox(j.db).find((m) => m.kind === 'report' && m.to_addrs.includes('boris@example.ru'))!;
    expect(ru.body).toMatch(/^Фаза: +Раунд 1$/m);
    expect(ru.html).toContain('<td>Раунд 1</td>');
  });
});

describe('an acknowledgement says where it goes', () => {
  it('orders from another address: the acknowledgement goes to the address of record only, and says so', async () => {
    const j = fandi([
      { id: 'alfa', name: 'Adam', email: 'adam@example.cz', password: 'pw-a', lang: 'cs' },
      { id: 'brana', name: 'Brana', email: 'brana@example.org', password: 'pw-b', lang: 'en' },
    ]);
    await ingest(j, await mail('someone@elsewhere.example', 'HRA f alfa pw-a\nB2 hradby 5\nKONEC'), 't');
    await ingest(j, await mail('other@elsewhere.example', 'GAME f brana pw-b\nI2 walls 5\nEND'), 't');
    const [cs, en] = listOutbox(j.db).filter((m) => m.kind === 'ack');
    expect(JSON.parse(cs!.to_addrs)).toEqual(['adam@example.cz']);
    expect(JSON.parse(cs!.cc_addrs ?? '[]')).toEqual([]);
    expect(cs!.body).toContain('someone@elsewhere.example');
    expect(cs!.body).toMatch(/toto potvrzení jde jen na evidovanou adresu, odesílateli ne/);
    expect(cs!.body).not.toMatch(/kopie/i);
    expect(JSON.parse(en!.to_addrs)).toEqual(['brana@example.org']);
    expect(en!.body.replace(/\s+/g, ' ')).toContain(
      'this acknowledgement goes to your address of record only, not to the sender',
    );
    expect(en!.body).not.toMatch(/a copy/i);
  });
});

describe('Czech calls the judge "sudí" everywhere', () => {
  it('no Czech message file, template or order help says "rozhodčí"', () => {
    const files = [
      ...['templates/common/cs', 'templates/fandi/cs', 'templates/rpg/cs'].flatMap((d) =>
        readdirSync(d).map((f) => join(d, f)),
      ),
      'games/fandi/ORDERS.md',
      'games/rpg/ORDERS.md',
    ];
    for (const f of files) expect(readFileSync(f, 'utf8'), f).not.toMatch(/rozhodč/i);
  });
});

describe("the demos: the worksheet, the CLI's counts", () => {
  it("the nation worksheet asks about an influence increase by what it is, never about «»; the demo's log counts in the singular and plural", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'judge-wording-'));
    const log: string[] = [];
    await runDemo(dir, demoScenarios.nation!, (s) => log.push(s));
    const j = openJudge({ data: dir });
    try {
      const sheet = listOutbox(j.db).find((m) => m.kind === 'worksheet')!;
      expect(sheet.body).not.toContain('«»');
      expect(sheet.body).toMatch(/F4\.dif .*Кузьма Рудник \(фигура kuzma\): увеличение влияния — Артель рудознатцев/);
      expect(sheet.body).toContain('увеличить влияние: Артель рудознатцев (орден miners)');
    } finally {
      j.db.close();
    }
    const text = log.join('\n');
    expect(text).toMatch(/^wrote \d+ order mails? into/m);
    expect(text).toMatch(/^wrote (1 mail|[2-9] mails) with the GM's answers into/m);
    expect(text).not.toMatch(/\b1 (orders|bad lines|mails)\b|wrote 1 the/);
    expect(text).toMatch(/: \d+ orders?(, \d+ bad lines?)?[;\]]/);
  });

  it('counted and the ingest line: "1 order, 1 bad line", "2 orders, 3 bad lines"', () => {
    expect(counted(1, 'order')).toBe('1 order');
    expect(counted(0, 'order')).toBe('0 orders');
    expect(counted(2, 'mail', 'mails with the GM’s answers')).toBe('2 mails with the GM’s answers');
    const line = (orders: number, errors: number) =>
      describeIngest({
        inboundId: 7,
        status: 'accepted',
        reason: null,
        blocks: [{ game: 'g', player: 'p', accepted: true, orders, errors }],
        mailsQueued: 1,
        kinds: ['ack'],
      } as never);
    expect(line(1, 1)).toBe('#7 accepted [g/p: 1 order, 1 bad line]');
    expect(line(2, 3)).toBe('#7 accepted [g/p: 2 orders, 3 bad lines]');
    expect(line(1, 0)).toBe('#7 accepted [g/p: 1 order]');
  });
});
