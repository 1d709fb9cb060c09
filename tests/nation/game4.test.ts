// Issue #9, "Must show": a scripted nation game of four turns (eight phases), from
// the players' and the GM's mails dropped into the inbox to the reports, under
// `judge run` as cron calls it; a rerun of turn 2 reproduces every hash, and a
// rerun with one changed GM decision gives corrected reports.
//
// The story (A = stage 1 actions, F = stage 2, S = strategic; ruling nation/action-ids:
// the ones everybody knows of first, by actor, then the others in a random order):
//  T1  S2 «сложить сагу» (skalds, secret; the GM estimates 2 turns), S1 «обсерватория»
//      (Беловодье, 2 turns named, the GM gives difficulty 1). Харальд backs A1 (Гиперборея's
//      fleet), the GM narrates the secret A9 (the wolves burn the Guild's stores: only Иван may
//      read it) and posts a bulletin.
//  T2  both strategic actions take their second step and end; the GM first sets
//      A2.dif 2 (Тмутаракань's lighthouse), then changes it to 3 in a second mail and
//      releases; Ольга's late orders are refused while the GM decides.
//  T3  S3 (the Гильдия, 3 turns named): its difficulty has no default; the GM says
//      nothing, so at the GM deadline the judge tells the GM what is missing and
//      waits; the GM answers and the turn goes on.
//  T4  the GM says nothing; at the GM deadline the defaults are used.
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientMail } from '../../src/cli/demo.js';
import { runOnce } from '../../src/cli/mail.js';
import { createGame } from '../../src/engine/create-game.js';
import { rerun } from '../../src/engine/rerun.js';
import { gmInputHistory } from '../../src/store/gm-inputs.js';
import { listInbound } from '../../src/store/inbound.js';
import { listOutbox, type OutboxRow } from '../../src/store/outbox.js';
import { currentPhase, livePhase, livePhases } from '../../src/store/phases.js';
import type { NationEvent } from '../../src/games/nation/types.js';
import { testJudge, type TestJudge } from '../helpers.js';

const H = 3_600_000;
const setup = parse(readFileSync('games/nation/setups/default.yaml', 'utf8'));
setup.schedule = { every: '48h', gm: { every: '24h', reminders: ['6h'], defaults: true } };
const pw: Record<string, string> = Object.fromEntries(
  setup.seats.map((s: { id: string; password: string }) => [s.id, s.password]),
);
const block = (id: string, lines: string) =>
  `Добрый день!\n\nИГРА luk ${id} ${pw[id]}\n${lines}\nКОНЕЦ\n\n-- \n${id}\n`;
const gmBlock = (lines: string) => `ВЕДУЩИЙ luk ${setup.gm.password}\n${lines}\nКОНЕЦ\n`;

/** Each stage: the players' mails; for stage 2 the GM's mails, in order, each followed by a run. */
const turns: { stage1: Record<string, string>; stage2: Record<string, string>; gm: string[] }[] = [
  {
    stage1: {
      ivan: 'Страна публично, Агрессивность: снарядить флот к южным берегам\nОрден Белого волка тайно, агрессивность: сжечь склады Гильдии купцов\nСкальды стратегическое, мудрость: сложить сагу о Гиперборее',
      marya:
        'Тмутаракань публично, Коммуникативность — устроить большую ярмарку\nГильдия купцов открыто, интеллект: открыть меняльную контору\nФонарщикам тайно, гибкость: осветить пристань',
      fedor:
        'Страна интеллектуальность, за 2 хода: построить обсерваторию\nОрден старцев публично, мудрость — проповедь о Белой воде',
      olga: 'Китеж тайно, мудрость: укрепить стены\nКнижная палата публично, интеллект: переписать летописи',
    },
    stage2: {
      ivan: 'Харальд Суровый поддержать A1\nСигрид Вещая тайно, мудрость: предсказать погоду шкиперам',
      marya: 'Князь Мстислав публично: в поддержку A2\nЗоя Хитрая тайно, коммуникативность — разузнать про рудознатцев',
      fedor: 'Старец Аввакум поддержать A3\nКузьма Рудник: усилить влияние на Артель рудознатцев',
      olga: 'Феврония Муромская публично, мудрость: помирить бояр',
    },
    gm: [
      'DECIDE S2.time 2\nDECIDE S1.dif 1\nDECIDE A1.dif 1\nNARRATIVE A9 Склады Гильдии горели всю ночь; виновных не нашли.\nBULLETIN Над Лукоморьем видели комету.\nROLL 4dF погода на море\nRELEASE',
    ],
  },
  {
    stage1: {
      ivan: 'продолжить S2\nСтрана публично, коммуникативность: торговать мехами с югом',
      marya: 'Страна публично, интеллект: построить маяк',
      fedor: 'продолжить S1',
      olga: 'Страна публично, агрессивность: собрать ополчение',
    },
    stage2: {
      marya: 'Князь Мстислав публично: поддержать A2',
      fedor: 'Старец Аввакум: поддержать A3',
    },
    gm: ['DECIDE A2.dif 2', 'DECIDE A2.dif 3\nNARRATIVE A2 Маяк виден за тридцать вёрст.\nRELEASE'],
  },
  {
    stage1: {
      ivan: 'Страна публично, мудрость: учредить школу скальдов',
      marya: 'Гильдия купцов публично, интеллект, за 3 хода: построить новый порт',
      fedor: 'Орден старцев публично, мудрость: паломничество к Белой воде',
      olga: 'Книжная палата публично, интеллект: перевести греческие книги',
    },
    stage2: { olga: 'Феврония Муромская публично, мудрость: помирить бояр' },
    gm: [],
  },
  {
    stage1: {
      marya: 'продолжить S3',
      ivan: 'Страна публично, агрессивность: набег на Тмутаракань',
      olga: 'Страна публично, мудрость: построить храм',
    },
    stage2: {},
    gm: [],
  },
];

let j: TestJudge;
let mailNo = 0;
const log: string[] = [];

async function drop(from: string, text: string): Promise<void> {
  const raw = await clientMail({
    from,
    to: 'judge@localhost',
    subject: 'ход',
    text,
    date: new Date(j.clock().getTime()),
  });
  const file = join(j.inboxDir, `${String(++mailNo).padStart(3, '0')}.eml`);
  writeFileSync(file, raw);
  // Delivered now, as the judge's clock has it: the file's time is when its orders count.
  utimesSync(file, j.clock(), j.clock());
}
const run = () => runOnce(j, (s) => log.push(s));
const addr = (id: string) => `${id}@example.org`;
const to = (m: OutboxRow) => JSON.parse(m.to_addrs)[0] as string;
const events = (phase: number) => JSON.parse(livePhase(j.db, 'luk', phase)!.events_json!) as NationEvent[];

describe('a scripted nation game: four turns from mail to reports under judge run', { timeout: 240_000 }, () => {
  const notes: Record<string, unknown> = {};
  beforeAll(async () => {
    j = testJudge();
    mkdirSync(j.inboxDir, { recursive: true });
    createGame(j, { id: 'luk', kind: 'nation', setup: structuredClone(setup), seed: '2026', actor: 'test' });
    for (const [t, turn] of turns.entries()) {
      for (const [id, lines] of Object.entries(turn.stage1)) await drop(addr(id), block(id, lines));
      j.advance(49 * H);
      await run();
      for (const [id, lines] of Object.entries(turn.stage2)) await drop(addr(id), block(id, lines));
      j.advance(49 * H);
      await run(); // the players' deadline: the worksheet goes to the GM
      if (t === 1) {
        await drop(addr('olga'), block('olga', 'Феврония Муромская публично, мудрость: опоздавший приказ'));
        await run();
      }
      for (const g of turn.gm) {
        await drop('gm@example.org', gmBlock(g));
        await run();
      }
      if (t === 2) {
        // No answer: past the GM deadline the phase waits, the GM is told once.
        j.advance(25 * H);
        await run();
        await run();
        notes.waitingAfterDeadline = livePhase(j.db, 'luk', 6)!.processed_at;
        await drop('gm@example.org', gmBlock('DECIDE S3.dif 1'));
        await run();
      }
      if (t === 3) {
        j.advance(25 * H);
        await run();
      }
    }
    // Eight phases of mail and runs: some 10 s alone, more on a loaded machine.
  }, 120_000);

  it('plays eight phases; the ninth is open for orders', () => {
    const phases = livePhases(j.db, 'luk');
    expect(phases.filter((p) => p.processed_at).map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(currentPhase(j.db, 'luk')!.number).toBe(9);
    expect(currentPhase(j.db, 'luk')!.label).toMatch(/Ход 5, этап 1/);
    expect(log.filter((l) => /FAILED/.test(l))).toEqual([]);
  });

  it('every player and the GM get a report for every phase; the GM a worksheet for every turn', () => {
    const out = listOutbox(j.db);
    for (const id of ['ivan', 'marya', 'fedor', 'olga'])
      expect(out.filter((m) => m.kind === 'report' && to(m) === addr(id))).toHaveLength(8);
    expect(out.filter((m) => m.kind === 'report' && to(m) === 'gm@example.org')).toHaveLength(8);
    const sheets = out.filter((m) => m.kind === 'worksheet' && /Лист ведущего/.test(m.subject));
    expect(sheets.map((m) => m.phase_number)).toEqual([2, 4, 6, 8]);
    expect(sheets[0]!.body).toMatch(/S2\.time/);
    expect(sheets[0]!.body).toMatch(/нужен ответ/);
  });

  it('the players’ Russian reports have no English words or raw codes (the kind’s words are Fluent messages)', () => {
    const players = ['ivan', 'marya', 'fedor', 'olga'].map(addr);
    // Latin a Russian report may hold: action and strategic ids, dice notation, the D&D column's name, the game id,
    // the time zone's IANA name (render/time.ts) and the path of the orders' guide.
    const allowed = /^([AFS]\d+|\d*dF|FD|D|FUDGE|luk|Europe|Moscow|[0-9a-f]{8,})$/;
    const latin = new Set<string>();
    for (const m of listOutbox(j.db).filter((x) => x.kind === 'report' && players.includes(to(x))))
      for (const w of `${m.subject}\n${m.body}`
        .replace(/^#dice.*$/gm, '')
        .replace('games/nation/ORDERS.md', '')
        .match(/[A-Za-z][A-Za-z0-9_-]*/g) ?? [])
        if (!allowed.test(w)) latin.add(w);
    expect([...latin].sort()).toEqual([]);
  });

  it('turn 1: dice, influence and narrative reach exactly who may know them; the hidden roll only the GM', () => {
    const ev = events(2);
    const a1 = ev.find((e) => e.type === 'result' && e.action === 'A1') as Extract<NationEvent, { type: 'result' }>;
    expect(a1.difficulty).toBe(1);
    expect(a1.modifiers.some((m) => m.source === 'influence' && m.value === 1)).toBe(true);
    const reports = listOutbox(j.db).filter((m) => m.kind === 'report' && m.phase_number === 2);
    const of = (who: string) => reports.find((m) => to(m) === who)!.body;
    expect(of(addr('ivan'))).toContain('Склады Гильдии горели всю ночь');
    for (const id of ['marya', 'fedor', 'olga']) {
      expect(of(addr(id))).not.toContain('Склады Гильдии горели');
      expect(of(addr(id))).not.toContain('сжечь склады');
      expect(of(addr(id))).toContain('Над Лукоморьем видели комету');
    }
    expect(of('gm@example.org')).toContain('Склады Гильдии горели всю ночь');
    const ack = listOutbox(j.db).find((m) => m.kind === 'ack' && to(m) === 'gm@example.org')!.body;
    expect(ack).toMatch(/скрытый бросок .*погода на море/);
    for (const id of ['ivan', 'marya', 'fedor', 'olga']) expect(of(addr(id))).not.toContain('погода на море');
  });

  it('turn 2: both strategic actions end by the formula; the changed decision counts; late orders are refused', () => {
    const done = events(4).filter((e) => e.type === 'strategic-done') as Extract<
      NationEvent,
      { type: 'strategic-done' }
    >[];
    expect(done.map((d) => d.strategic).sort()).toEqual(['S1', 'S2']);
    for (const d of done) {
      const fourDF = d.dice.reduce((a, b) => a + b, 0);
      expect(d.value).toBeCloseTo(
        ((fourDF + d.sum + d.timeModifier) * 4) / (d.estimate + 4) + d.timeModifier - d.difficulty,
        10,
      );
      expect(d.estimate).toBe(2);
      expect(d.timeModifier).toBe(0);
    }
    expect(done.find((d) => d.strategic === 'S1')!.difficulty).toBe(1);
    const lighthouse = events(4).find((e) => e.type === 'result' && e.action === 'A2') as Extract<
      NationEvent,
      { type: 'result' }
    >;
    expect(lighthouse.difficulty).toBe(3);
    const late = listInbound(j.db).find((m) => m.from_addr === addr('olga') && m.status === 'rejected');
    expect(late?.reason).toMatch(/ведущий решает|GM is deciding/);
  });

  it('turn 3: a decision without default is not guessed: the GM is told at the GM deadline, the turn waits for the answer', () => {
    expect(notes.waitingAfterDeadline).toBeNull();
    const missing = listOutbox(j.db).filter(
      (m) => to(m) === 'gm@example.org' && /не может продолжиться/.test(m.subject),
    );
    expect(missing).toHaveLength(1);
    expect(missing[0]!.body).toContain('S3.dif');
    expect(events(6).some((e) => e.type === 'progress' && e.strategic === 'S3')).toBe(true);
    expect(gmInputHistory(j.db, 'luk', 6).find((r) => r.key === 's3.dif')).toMatchObject({
      actor: 'mail:gm@example.org',
      value_json: '1',
    });
  });

  it('turn 4: the GM says nothing; at the GM deadline the defaults are used and recorded', () => {
    const rows = gmInputHistory(j.db, 'luk', 8);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.actor === 'judge:default')).toBe(true);
    expect(events(8).some((e) => e.type === 'result')).toBe(true);
  });

  it('a rerun of turn 2 reproduces every hash; a rerun with a corrected GM decision gives corrected reports', () => {
    const hashes = livePhases(j.db, 'luk').map((p) => p.result_hash);
    const same = rerun(j, 'luk', 3);
    expect(same.map((s) => s.phase)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(same.every((s) => s.same)).toBe(true);
    expect(livePhases(j.db, 'luk').map((p) => p.result_hash)).toEqual(hashes);
    const before = listOutbox(j.db).length;
    const lighthouseBefore = events(4).find((e) => e.type === 'result' && e.action === 'A2') as Extract<
      NationEvent,
      { type: 'result' }
    >;
    const fixed = rerun(j, 'luk', 4, { gmLines: ['DECIDE A2.dif -3'] });
    expect(fixed.map((s) => s.phase)).toEqual([4, 5, 6, 7, 8]);
    const lighthouse = events(4).find((e) => e.type === 'result' && e.action === 'A2') as Extract<
      NationEvent,
      { type: 'result' }
    >;
    expect(lighthouse.difficulty).toBe(-3);
    expect(lighthouse.total).toBe(lighthouseBefore.total + 6);
    const corrected = listOutbox(j.db)
      .slice(before)
      .filter((m) => m.kind === 'report');
    expect(corrected.length).toBe(5 * 5); // phases 4–8, four players and the GM
    expect(corrected.every((m) => /ИСПРАВЛ|CORRECTED/i.test(m.subject + m.body))).toBe(true);
    expect(corrected.find((m) => to(m) === addr('marya') && m.phase_number === 4)!.body).toMatch(
      /Маяк виден за тридцать вёрст/,
    );
  });
});
