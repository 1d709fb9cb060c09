// Issue #6, "Must show": a full scripted 8-day game of 13 players, from real order mails
// in the inbox folder through `judge run` every 30 simulated minutes (intake, the due
// phases, reminders, sending) to the winner announced on the morning of day 8; a rerun
// from day 3 reproduces every hash. The mails are in tests/godfather/game8/script.ts.
//
// The story, by day (P = period, the judge's phase number):
//  D1  P1 Иван (Стратег) picks his ВО bonus and posts anonymous №1; Олег (Хитрец) tells
//      tales on Анна and, by his trick, on Иван (ВО 5 → 8 with Nikita's beads → 9);
//      Мария's patent gives Анна ТВ 10, Анна uses Влияние (ТВ +4 for the thresholds);
//      Пётр's password blocks Kate, whose espionage in the same period counts as her
//      turn (her afternoon intrigue is refused: already acted); Jack's hero line and
//      vote are refused. Vera writes to everyone; Мария writes to Пётр and Ольга.
//      P2 more ordinary acts; the Тактик Vera publishes one private of the day at 21:00.
//  N1  P3 two factions: Мария (Харизматичная, two invitations) with Пётр and Ольга (F2),
//      Дмитрий (Двойной) with Елена (F1). Анна (ТВ 10 + 4 ≥ 12) baptises Сергей, Nikita
//      and Kate (absent for day 2 and night 2); Kate's diversion blocks Олег's rum;
//      Иван's tasting keeps Дмитрий's whisper off Мария; the lamp keeps Елена's study
//      off Пётр. Елена (−2) and Ольга (−1) end the night below zero.
//  D2  P4 the vote on Елена and Ольга: Анна votes with strength 4 (ТВ 13: 1 + 2, and the
//      Влиятельный's +1); Иван (ВО 8) gathers gossip (hero); Vera poisons Jack (fish);
//      Дмитрий learns everyone's ТВ; Мария, as leader, uses Пётр's password on Олег,
//      whose tales are blocked; Анна's sermon lifts Елена to 0 (still on the list, no
//      longer jailable); absent Сергей's orders and private are refused; Иван's second
//      mail replaces his first. P5 Дмитрий changes his vote (his one change a game).
//      Ольга sends nothing all day: −2/−2 for not acting and −2/−2 for not voting; the
//      tally (Елена 4, Ольга 9) sends her to prison.
//  N2  P6 the Тактик compares Пётр and Мария (same faction, not an action); Елена's
//      strikeback finds nothing; Ольга in prison cannot act.
//  D3  P7 (the rerun starts here) Анна's indulgence (+10) and Иван's rumour bring Ольга
//      to 6: released at 21:00 (and not fined for idling, she could not act); Nikita
//      (Бывалый) threatens the prisoner Ольга and learns her character; Kate unmasks
//      anonymous №1 (Иван); Jack buys the pigeons of Мария, whose private in P8 is refused.
//  N3  P9 Анна founds F3 with Иван; Дмитрий accepts Мария's invitation (now in F1 and F2,
//      F2 has four: Харизматичная) and brings Kate into F1; Vera's lamp saves Олег.
//  D4  P10 Jack dies of the poison (three periods × 2); Nikita (+1 day: the game would
//      end on day 9) is voted into prison (14 votes) — Мария does not vote and is
//      reprimanded; Kate's intrigue blocks Jack's last coins. P11 Дмитрий is hit four
//      times (−6) and goes to prison automatically at 21:00, losing F1's lead to Елена.
//  N4  P12 Елена (Подлая) leaves F1 (+3/+3) and joins Анна's F3 the same night; Мария
//      expels Ольга from F2; Kate leads F1.
//  D5  P13 Vera poisons Пётр again (72 h later); Иван learns the end day (9, "ОКОНЧАНИЕ":
//      "КОНЕЦ" would end the block); Ольга opens Мария's next privates; P14 Мария's remedy
//      cures Пётр; Ольга reads Мария's letter to him, the Тактик publishes it.
//  N5  P15 Елена (ТВ 10 + 3 = 13 vs Анна's 12 − 3 = 9) displaces Анна; Иван's attempt
//      against the new leader fails silently (−3/−3).
//  D6  P16 Nikita, in prison, still acts (Бывалый): he learns Дмитрий's character; Анна
//      (ВО −2 after the displacement) is voted into prison.
//  D7  P19 Nikita's shaman takes the day back (the game ends on day 8 again); anonymous №2;
//      Vera's last public message.
//  N7  P21 the last night. Day 8, 09:00: F3 has the highest total (21) but its leader is
//      the Подлая Елена, who cannot win as a member; Ольга, free with 12, is the Godfather.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runOnce } from '../../src/cli/mail.js';
import { createGame } from '../../src/engine/create-game.js';
import { rerun } from '../../src/engine/rerun.js';
import { getGame } from '../../src/store/games.js';
import type { OutboxRow } from '../../src/store/outbox.js';
import { allPhaseRows, livePhases, type PhaseRow } from '../../src/store/phases.js';
import type { GEvent, GState } from '../../src/games/godfather/state.js';
import { count, mail, testJudge, type TestJudge } from '../helpers.js';
import { game8Setup, MAILS, SEATS, type Id, type ScriptMail } from './game8/script.js';

const GAME = 'mafia';
const GM = 'gm@example.ru';
const MIN = 60_000;
const IDS = SEATS.map((s) => s.id);
const seat = (id: Id) => SEATS.find((s) => s.id === id)!;
/** "<day> HH:MM" Moscow (UTC+3, no summer time) → epoch ms. */
const moscow = (at: string) => {
  const [d, hm] = at.split(' ');
  const [h, m] = hm!.split(':').map(Number);
  return Date.UTC(2026, 11, Number(d), h! - 3, m!);
};

function blockText(m: ScriptMail): string {
  const s = seat(m.from);
  return s.lang === 'ru'
    ? `Добрый день!\n\nИГРА ${GAME} ${s.id} ${s.password}\n${m.lines.join('\n')}\nКОНЕЦ\n\n-- \n${s.name}\n`
    : `Hi,\n\nGAME ${GAME} ${s.id} ${s.password}\n${m.lines.join('\n')}\nEND\n\nCheers,\n${s.name}\n`;
}

let j: TestJudge;
const log: string[] = [];
let phases: PhaseRow[] = [];
let outbox: OutboxRow[] = [];
/** Outbox row id of each script mail's acknowledgement (by index in MAILS). */
const ackOf: OutboxRow[] = [];

async function play(): Promise<void> {
  j = testJudge();
  // the evening before: 30 November, 18:00 Moscow
  j.advance(Date.UTC(2026, 10, 30, 15, 0) - j.clock().getTime());
  createGame(j, {
    id: GAME,
    kind: 'godfather',
    seed: 'game8',
    actor: 'test',
    setup: {
      ...game8Setup(),
      lang: 'ru',
      gm: { email: GM, name: 'Ведущий', password: 'gm-secret' },
      seats: SEATS.map((s) => ({ id: s.id, name: s.name, email: s.email, password: s.password, lang: s.lang })),
    },
  });
  mkdirSync(j.inboxDir, { recursive: true });
  let k = 0;
  const end = moscow('8 09:30');
  for (let t = j.clock().getTime(); t <= end; t += 30 * MIN) {
    j.advance(t - j.clock().getTime());
    while (k < MAILS.length && moscow(MAILS[k]!.at) <= t) {
      const m = MAILS[k]!;
      writeFileSync(
        join(j.inboxDir, `m${String(k).padStart(3, '0')}.eml`),
        await mail(seat(m.from).email, blockText(m), `${GAME}: ${m.at}`),
      );
      k++;
    }
    const before =
      (j.db.prepare("SELECT max(id) AS n FROM outbox WHERE kind = 'ack'").get() as { n: number | null }).n ?? 0;
    await runOnce(j, (s) => log.push(`${new Date(t).toISOString()} ${s}`));
    // the acks of this run, in the order the mails were written (one each)
    const acks = j.db
      .prepare("SELECT * FROM outbox WHERE kind = 'ack' AND id > ? ORDER BY id")
      .all(before) as OutboxRow[];
    ackOf.push(...acks);
  }
  expect(k).toBe(MAILS.length);
  phases = livePhases(j.db, GAME);
  outbox = j.db.prepare('SELECT * FROM outbox ORDER BY id').all() as OutboxRow[];
}

const stateAfter = (n: number) => JSON.parse(phases[n]!.state_json) as GState; // the snapshot of phase n+1
const stateBefore = (n: number) => JSON.parse(phases[n - 1]!.state_json) as GState;
const events = (n: number) => JSON.parse(phases[n - 1]!.events_json!) as GEvent[];
const ofType = (n: number, type: string) => events(n).filter((e) => e.type === type);
const to = (r: OutboxRow) => JSON.parse(r.to_addrs) as string[];
const cc = (r: OutboxRow) => JSON.parse(r.cc_addrs) as string[];
const reportsOf = (n: number, email: string) =>
  outbox.filter(
    (r) =>
      r.kind === 'report' &&
      r.phase_number === n &&
      to(r).includes(email) &&
      !r.subject.includes('ИСПРАВЛ') &&
      !r.subject.includes('CORRECTED'),
  );
const report = (n: number, id: Id | 'gm') => {
  const rs = reportsOf(n, id === 'gm' ? GM : seat(id).email);
  expect(rs, `report ${n} for ${id}`).toHaveLength(1);
  return rs[0]!.body;
};
const ack = (at: string, from: Id) => ackOf[MAILS.findIndex((m) => m.at === at && m.from === from)]!.body;
const publicPart = (body: string) => {
  const start = body.search(/^== (ОБЩИЙ ОТЧЁТ|PUBLIC REPORT) ==$/m);
  const end = body.search(/^== (ЛИЧНО ДЛЯ ВАС|FOR YOU ONLY)/m);
  return body.slice(start, end);
};
const privatePart = (body: string) => body.slice(body.search(/^== (ЛИЧНО ДЛЯ ВАС|FOR YOU ONLY)/m));
const player = (s: GState, id: Id) => s.players.find((p) => p.id === id)!;

describe('godfather: a scripted 8-day game of 13 players under cron', { timeout: 120_000 }, () => {
  beforeAll(play, 120_000);

  it('runs on the Moscow schedule: 21 periods, each processed by the first run after its deadline', () => {
    expect(log.filter((l) => /FAILED/.test(l))).toEqual([]);
    expect(phases).toHaveLength(22);
    const processed = phases.filter((p) => p.processed_at);
    expect(processed.map((p) => p.number)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    // 15:00, 21:00, 09:00 Moscow = 12:00, 18:00, 06:00 UTC, day after day
    const expected = Array.from({ length: 21 }, (_, i) => {
      const day = Math.floor(i / 3) + 1;
      return new Date(
        [Date.UTC(2026, 11, day, 12), Date.UTC(2026, 11, day, 18), Date.UTC(2026, 11, day + 1, 6)][i % 3]!,
      ).toISOString();
    });
    expect(processed.map((p) => p.deadline)).toEqual(expected);
    for (const p of processed) {
      expect(Date.parse(p.processed_at!)).toBeGreaterThanOrEqual(Date.parse(p.deadline!));
      expect(Date.parse(p.processed_at!)).toBeLessThan(Date.parse(p.deadline!) + 30 * MIN);
    }
    expect(phases.map((p) => p.label).slice(0, 4)).toEqual([
      'День 1, 09–15',
      'День 1, 15–21',
      'Ночь 1',
      'День 2, 09–15',
    ]);
    expect(phases[21]).toMatchObject({ label: 'Игра окончена (утро дня 8)', deadline: null, processed_at: null });
    expect(getGame(j.db, GAME)!.status).toBe('over');
    expect(count(j, "audit WHERE action = 'phase.process' AND game_id = ?", GAME)).toBe(21);
    // every mail was answered once, nothing left unsent
    expect(ackOf).toHaveLength(MAILS.length);
    expect(count(j, "outbox WHERE status <> 'sent'")).toBe(0);
    // Missed phases count only where the game expects orders (rules.expectsOrders): the baptised (Kate,
    // Nikita), the imprisoned (Дмитрий) and the dead (Jack) are neither chased nor offered for replacement.
    const abandoned = outbox
      .filter((r) => r.dedupe_key.startsWith('notice:abandoned:') && to(r).includes(GM))
      .map((r) => r.dedupe_key.split(':')[3]);
    expect(abandoned).toEqual([]);
  });

  it('every player and the GM get exactly one report per period; its public part is the same for all', () => {
    for (let n = 1; n <= 21; n++) {
      const pubs = new Map<string, Set<string>>();
      for (const id of IDS) {
        const body = report(n, id);
        const lang = seat(id).lang;
        if (!pubs.has(lang)) pubs.set(lang, new Set());
        pubs.get(lang)!.add(publicPart(body));
        expect(body).toContain(
          seat(id).lang === 'ru' ? `== ЛИЧНО ДЛЯ ВАС (${seat(id).name})` : `== FOR YOU ONLY (${seat(id).name})`,
        );
      }
      expect(report(n, 'gm')).toContain('== ДЛЯ ВЕДУЩЕГО ==');
      expect(pubs.get('ru')!.size, `public part of period ${n} (ru)`).toBe(1);
      expect(pubs.get('en')!.size, `public part of period ${n} (en)`).toBe(1);
    }
    expect(count(j, "outbox WHERE kind = 'report' AND dedupe_key NOT LIKE 'final:%'")).toBe(21 * 14);
    // The negotiations ended: every player and the GM got the final mail, every secret character revealed.
    const finals = j.db.prepare("SELECT body FROM outbox WHERE dedupe_key LIKE 'final:%'").all() as { body: string }[];
    expect(finals).toHaveLength(14);
    for (const f of finals) expect(f.body).toMatch(/тайный характер|secret character/);
  });

  it('acknowledgements: understood orders, refused lines with reasons, replaced orders', () => {
    expect(ack('1 09:40', 'ivan')).toContain('Тайный бонус: +2 ВО');
    expect(ack('1 09:40', 'ivan')).toContain('анонимно, будет опубликовано в конце периода: переслано');
    expect(ack('1 10:05', 'oleg')).toMatch(/Упомянуть в местных байках → Анна/);
    expect(ack('1 10:05', 'oleg')).toMatch(/\(хитрость\)|Хитрость/);
    expect(ack('1 10:20', 'maria')).toContain('лично pyotr, olga: переслано');
    // Jack's hero action and vote: refused with reasons, the coins accepted
    const jack = ack('1 13:15', 'jack');
    expect(jack).toContain('hero actions need ВО 8 or more (you have 2)');
    expect(jack).toContain('no prison vote is open now');
    expect(jack).toMatch(/3 {2}ACT coins sergey\n {7}= /);
    expect(ack('1 19:00', 'kate')).toContain('you have already acted this day');
    // absent (baptised): the orders and the private are refused
    const sergey = ack('2 10:30', 'sergey');
    expect(sergey).toContain('сейчас вы не можете действовать');
    expect(sergey).toContain('лично oleg: НЕ переслано — вы отсутствуете в игре и не можете общаться');
    // a second block in the same period: its orders join (or replace) the first ones; the private goes out
    expect(ack('2 13:20', 'ivan')).toMatch(/ЗАМЕНЯЮТ|ДОПОЛНЯЮТ/);
    expect(ack('2 13:20', 'ivan')).toContain('лично anna: переслано');
    expect(ack('3 07:30', 'olga')).toContain('в тюрьме действовать нельзя');
    expect(ack('3 10:30', 'kate')).toContain('the action is available again in 24 h');
    expect(ack('3 10:50', 'kate')).toMatch(/1 {2}ACT guess 1\n {7}= /);
    // pigeons: Мария cannot write privates
    expect(ack('3 15:30', 'maria')).toContain('лично pyotr: НЕ переслано — вы лишены приватных сообщений');
    expect(ack('5 09:30', 'ivan')).toContain('Узнать день окончания переговоров');
  });

  it('relays privates and public messages at once with the GM in copy once; anonymous ones only through the report', () => {
    const notices = outbox.filter((r) => r.kind === 'notice' && r.dedupe_key.startsWith('msg:'));
    const p1 = notices.filter((r) => r.body.includes('Ночью пришлю вам приглашения.'));
    expect(p1.map((r) => to(r)[0]).sort()).toEqual(['olga@example.ru', 'pyotr@example.ru']);
    // One copy per message for the GM (the game's language is the GM's: a Russian reader's mail), not one per reader.
    expect(p1.flatMap(cc)).toEqual([GM]);
    const messages = new Set(notices.map((r) => r.dedupe_key.split(':')[1]));
    expect(messages.size).toBeGreaterThan(3);
    for (const id of messages) {
      const rows = notices.filter((r) => r.dedupe_key.split(':')[1] === id);
      const copied = rows.filter((r) => cc(r).includes(GM));
      expect(copied, `message ${id}`).toHaveLength(1);
      const langOf = (r: OutboxRow) => SEATS.find((x) => x.email === to(r)[0])!.lang;
      // A reader of the GM's language where there is one.
      if (rows.some((r) => langOf(r) === 'ru')) expect(langOf(copied[0]!), `message ${id}`).toBe('ru');
    }
    // No case after a preposition: the sender is named in the nominative after a label.
    expect(p1[0]!.subject).toBe(`[${GAME}] Личное сообщение. Отправитель: Мария`);
    expect(p1[0]!.body).toMatch(/^Отправитель: Мария \(maria\)$/m);
    const pub = notices.filter((r) => r.body.includes('Good morning, gentlemen of the coast.'));
    expect(pub.map((r) => to(r)[0]).sort()).toEqual(
      SEATS.filter((s) => s.id !== 'vera')
        .map((s) => s.email)
        .sort(),
    );
    // refused messages are not relayed; anonymous ones never go out as mail
    expect(notices.some((r) => r.body.includes('Меня крестят'))).toBe(false);
    expect(notices.some((r) => r.body.includes('Голуби выкуплены'))).toBe(false);
    expect(notices.some((r) => r.body.includes('двойную бухгалтерию'))).toBe(false);
    // the anonymous message appears in the next report, numbered, without its author
    for (const id of IDS) {
      const line = report(1, id)
        .split('\n')
        .find((l) => l.includes('двойную бухгалтерию'))!;
      expect(line).toMatch(/^ {2}(№|#)1: /);
      expect(line).not.toContain('Иван');
    }
    expect(report(19, 'kate')).toMatch(/#2: Кто-то в тюрьме знает больше/);
    // the Тактик: one private of the day published to all at 21:00, three to her with names
    expect(ofType(2, 'published').map((e) => e.text)).toEqual(['Ночью пришлю вам приглашения. Соглашайтесь.']);
    expect(report(2, 'oleg')).toContain('«Ночью пришлю вам приглашения. Соглашайтесь.»');
    expect(
      ofType(2, 'message')
        .filter((e) => e.how === 'tactician')
        .map((e) => e.from),
    ).toEqual(['olga', 'dmitry', 'elena']);
    // the Хитрец's letter is never among them
    for (let n = 1; n <= 21; n++) for (const id of IDS) expect(report(n, id)).not.toContain('Предлагаю союз трактира');
  });

  it('day 1 and night 1: tales, a trick, a patent, a block, two factions, a baptism, protections', () => {
    const s1 = stateAfter(1);
    expect(player(s1, 'ivan').vo).toBe(9); // 5 + 3 (trick) + 1 (beads)
    expect(player(s1, 'anna')).toMatchObject({ vo: 1, tv: 10 }); // +3 tales −2 patent; +5 ТВ
    expect(ofType(1, 'result').find((e) => e.player === 'kate')).toMatchObject({
      action: 'courtier.individual',
      outcome: 'r-blocked',
    });
    const s3 = stateAfter(3);
    expect(s3.factions.map((f) => `${f.id} ${f.leader}: ${f.members.join(',')}`)).toEqual([
      'F1 dmitry: dmitry,elena',
      'F2 maria: maria,olga,pyotr',
    ]);
    expect(ofType(3, 'result').find((e) => e.player === 'anna')).toMatchObject({
      action: 'jesuit.manipulation',
      outcome: 'r-done',
      targets: ['sergey', 'nikita', 'kate'],
    });
    expect(
      s3.lasting
        .filter((l) => l.type === 'absent')
        .map((l) => `${l.target} ${l.from}-${l.until}`)
        .sort(),
    ).toEqual(['kate 3-6', 'nikita 3-6', 'sergey 3-6']);
    expect(ofType(3, 'result').find((e) => e.player === 'oleg')).toMatchObject({ outcome: 'r-blocked' }); // Kate's diversion
    expect(player(s3, 'maria').vo).toBe(3); // the tasting kept Дмитрий's −1 off
    expect(player(s3, 'pyotr').tv).toBe(5); // the lamp kept Елена's −1 off
    expect(s3.vote).toMatchObject({ day: 2, list: ['elena', 'olga'] });
    expect(report(3, 'vera')).toContain('absent');
  });

  it('day 2: vote strength, a changed vote, the not-voting and not-acting fines, prison, poison, hero and checks', () => {
    const s4 = stateBefore(4);
    expect(s4.vote!.strength).toMatchObject({ anna: 4, pyotr: 2, maria: 1, dmitry: 1 });
    expect(ofType(4, 'learned').find((e) => e.player === 'ivan')).toMatchObject({
      action: 'aristocrat.hero',
      what: 'secretLog',
    });
    expect(ofType(4, 'learned').find((e) => e.player === 'dmitry')).toMatchObject({
      what: 'allTv',
      data: { tv: expect.objectContaining({ anna: 15, maria: 4 }) },
    });
    expect(
      ofType(4, 'result')
        .filter((e) => e.player === 'oleg')
        .map((e) => e.outcome),
    ).toEqual(['r-blocked']);
    expect(ofType(4, 'result').find((e) => e.player === 'maria')).toMatchObject({
      via: 'leader',
      outcome: 'r-done',
      targets: ['oleg'],
    });
    expect(player(stateAfter(4), 'jack').poisonedAt).toBe(3);
    // the result is public, the tally (strengths follow from ТВ) is the GM's (ruling godfather/public-ballots)
    expect(ofType(5, 'vote-result')).toEqual([
      expect.objectContaining({ audience: 'all', day: 2, prisoner: 'olga', list: ['elena', 'olga'] }),
    ]);
    expect(ofType(5, 'vote-tally')).toEqual([
      expect.objectContaining({
        audience: 'gm',
        day: 2,
        prisoner: 'olga',
        tally: [
          { player: 'elena', votes: 4 },
          { player: 'olga', votes: 9 },
        ],
      }),
    ]);
    expect(player(stateAfter(5), 'dmitry').voteChanges).toBe(1);
    // every fine of the day comes before "в конце дня": not acting, then not voting, then the vote and the thresholds
    expect(ofType(5, 'reprimand').map((e) => `${e.player} ${e.what}`)).toEqual(['olga action', 'olga vote']);
    expect(player(stateAfter(5), 'olga')).toMatchObject({ prison: true, vo: -5, tv: 0 });
    // who voted for whom is public ("проголосовать в теме"), the strengths are not
    for (const id of IDS) {
      expect(report(5, id)).toMatch(
        /Голосование на посадку \(день 2\): Елена, Ольга\n(?: {2}.+ за посадку: .+\n)+ {2}В тюрьму: Ольга|Prison vote \(day 2\): Елена, Ольга\n(?: {2}.+\n)* {2}To prison: Ольга/,
      );
      expect(report(5, id)).not.toMatch(/Елена: 4|Ольга: 9/);
    }
    expect(report(4, 'pyotr')).toMatch(/Анна голосует за посадку: (Елена|Ольга)/);
    expect(report(5, 'gm')).toContain('Голоса с силой: Елена: 4; Ольга: 9');
  });

  it('days 3–4: release, the veteran’s threats, the unmasked author, pigeons, the poison kills, prison by vote and at −6', () => {
    expect(ofType(7, 'learned').find((e) => e.player === 'nikita')).toMatchObject({
      what: 'character',
      data: { target: 'olga', character: 'attentive' },
    });
    expect(ofType(7, 'learned').find((e) => e.player === 'kate')).toMatchObject({
      what: 'author',
      data: { no: 1, author: 'ivan' },
    });
    expect(report(7, 'kate')).toContain('Иван');
    expect(ofType(8, 'status')).toEqual([expect.objectContaining({ player: 'olga', status: 'free' })]);
    expect(ofType(8, 'reprimand')).toEqual([]);
    const s9 = stateAfter(9);
    expect(s9.factions.map((f) => `${f.id} ${f.leader}: ${f.members.join(',')}`)).toEqual([
      'F1 dmitry: dmitry,elena,kate',
      'F2 maria: dmitry,maria,olga,pyotr',
      'F3 anna: anna,ivan',
    ]);
    expect(ofType(10, 'status')).toEqual([expect.objectContaining({ player: 'jack', status: 'dead' })]);
    expect(stateAfter(10).endDay).toBe(9);
    expect(ofType(11, 'vote-result')).toEqual([
      expect.objectContaining({ day: 4, prisoner: 'nikita', list: ['nikita'] }),
    ]);
    expect(ofType(11, 'vote-tally')).toEqual([
      expect.objectContaining({ day: 4, prisoner: 'nikita', tally: [{ player: 'nikita', votes: 14 }] }),
    ]);
    expect(ofType(11, 'reprimand').map((e) => `${e.player} ${e.what}`)).toEqual(['maria vote']);
    expect(player(stateAfter(11), 'dmitry')).toMatchObject({ vo: -6, prison: true });
    expect(stateAfter(11).factions.find((f) => f.id === 'F1')!.leader).toBe('elena');
  });

  it('nights 4–5 and day 5: leaving and joining the same night, expelling, a cured poisoning, two displacements', () => {
    const s12 = stateAfter(12);
    expect(s12.factions.map((f) => `${f.id} ${f.leader}: ${f.members.join(',')}`)).toEqual([
      'F1 kate: dmitry,kate',
      'F2 maria: dmitry,maria,pyotr',
      'F3 anna: anna,elena,ivan',
    ]);
    expect(player(s12, 'elena')).toMatchObject({ vo: 5, tv: 5 });
    expect(ofType(13, 'status')).toEqual([expect.objectContaining({ player: 'pyotr', status: 'free+poisoned' })]);
    expect(ofType(14, 'status')).toEqual([expect.objectContaining({ player: 'pyotr', status: 'free' })]);
    expect(ofType(13, 'learned').find((e) => e.player === 'ivan')).toMatchObject({ what: 'endDay', data: { day: 9 } });
    expect(ofType(14, 'message').find((e) => e.how === 'watch')).toMatchObject({
      player: 'olga',
      from: 'maria',
      text: 'Держись, лекарство уже в пути.',
    });
    expect(stateAfter(15).factions.find((f) => f.id === 'F3')!.leader).toBe('elena');
    expect(
      ofType(15, 'notice')
        .filter((e) => /displace/.test(String(e.code)))
        .map((e) => `${e.player} ${e.code}`),
    ).toEqual(['elena n-displace-won', 'anna n-displaced', 'ivan n-displace-lost']);
  });

  it('the end: the final state, the standings and the winner in every last report', () => {
    const s = stateAfter(21);
    expect(s).toMatchObject({ over: true, t: 21, endDay: 8, winners: ['olga'] });
    const table = Object.fromEntries(
      s.players.map((p) => [p.id, `${p.vo}/${p.tv}${p.prison ? ' prison' : ''}${p.alive ? '' : ' dead'}`]),
    );
    expect(table).toEqual({
      ivan: '7/3',
      pyotr: '5/5',
      anna: '-2/10 prison',
      maria: '3/3',
      oleg: '4/3',
      sergey: '5/0',
      olga: '12/5',
      dmitry: '-4/13 prison',
      elena: '8/8',
      nikita: '-1/5 prison',
      kate: '6/0',
      jack: '5/0 dead',
      vera: '9/4',
    });
    expect(s.factions.map((f) => `${f.id} ${f.leader}: ${f.members.join(',')}`)).toEqual([
      'F1 kate: dmitry,kate',
      'F2 maria: dmitry,maria,pyotr',
      'F3 elena: anna,elena,ivan',
    ]);
    // F3 = (−2) + 8 + (7 + 2, the Стратег's ВО bonus) + 3 × ⌊13/5⌋ = 21; F2 = −4 + 3 + 5 = 4 (bonus 0);
    // F1 = −4 + 6 = 2 (Дмитрий counts in both); the free Ольга 12, Vera 9, Сергей 5, Олег 4 (ahead of F2's 4: smaller)
    expect(ofType(21, 'standings')[0]!.table).toEqual([
      expect.objectContaining({ player: 'elena', faction: 'F3', vo: 21, tv: 21, eligible: false, why: 'member' }),
      expect.objectContaining({ player: 'olga', faction: null, vo: 12, tv: 5, eligible: true }),
      expect.objectContaining({ player: 'vera', vo: 9 }),
      expect.objectContaining({ player: 'sergey', vo: 5 }),
      expect.objectContaining({ player: 'oleg', vo: 4 }),
      expect.objectContaining({ player: 'maria', faction: 'F2', vo: 4, tv: 21 }),
      expect.objectContaining({ player: 'kate', faction: 'F1', vo: 2 }),
      expect.objectContaining({ player: 'nikita', vo: -1, eligible: true }),
    ]);
    expect(report(21, 'gm')).toContain('Елена (F3): ВО 21, ТВ 21 — характер не даёт побеждать во фракции');
    const st = ofType(21, 'standings')[0]!.table as {
      player: string;
      faction: string | null;
      vo: number;
      eligible: boolean;
      why: string | null;
    }[];
    expect(st[0]).toMatchObject({ player: 'elena', faction: 'F3', vo: 21, eligible: false, why: 'member' });
    expect(st[1]).toMatchObject({ player: 'olga', faction: null, vo: 12, eligible: true });
    for (const id of IDS) {
      const body = report(21, id);
      expect(body).toMatch(
        seat(id).lang === 'ru'
          ? /ПЕРЕГОВОРЫ ОКОНЧЕНЫ\. Место крестного отца занимает: Ольга/
          : /THE NEGOTIATIONS ARE OVER\. The new Godfather: Ольга/,
      );
    }
  });

  it('secrecy: nobody sees another’s character, ТВ, letters or the anonymous author unless an ability told him', () => {
    const CH: Record<string, [string, string]> = {
      loyal: ['Преданный', 'Loyal'],
      loner: ['Одиночка', 'Loner'],
      charismatic: ['Харизматичный', 'Charismatic'],
      attentive: ['Внимательный', 'Attentive'],
      trickster: ['Хитрец', 'Trickster'],
      double: ['Двойной игрок', 'Double Agent'],
      vile: ['Подлый', 'Vile'],
      veteran: ['Бывалый', 'Veteran'],
      smart: ['Умный', 'Smart'],
      influential: ['Влиятельный', 'Influential'],
      gossip: ['Сплетник', 'Gossip'],
      tactician: ['Тактик', 'Tactician'],
      strategist: ['Стратег', 'Strategist'],
    };
    const learnedBy: Record<string, string[]> = { nikita: ['attentive', 'double'] };
    for (let n = 1; n <= 21; n++)
      for (const id of IDS) {
        const body = report(n, id);
        const lang = seat(id).lang === 'ru' ? 0 : 1;
        expect(publicPart(body)).not.toMatch(/ТВ[ :]+\d|TV[ :]+\d/);
        const mine = privatePart(body)
          .split('\n')
          .filter((l) => !/^ {2}\S/.test(l) || !l.includes('—')); // own action list lines name actions, not characters
        const text = mine
          .join('\n')
          .replace(seat(id).lang === 'ru' ? /^Тайный характер: .*\n.*$/m : /^Secret character: .*\n.*$/m, '');
        for (const [slug, names] of Object.entries(CH)) {
          if (slug === seat(id).character || (learnedBy[id] ?? []).includes(slug)) continue;
          expect(text.includes(names[lang]!), `${id} period ${n}: ${names[lang]}`).toBe(false);
        }
      }
    // what Nikita learned is in his report only
    expect(report(7, 'nikita')).toContain('Attentive');
    for (const id of IDS.filter((x) => x !== 'nikita' && x !== 'olga'))
      expect(report(7, id)).not.toMatch(/Внимательный|Attentive/);
    // a private letter only in the private parts of those entitled: Ольга (her READ) and the Тактик Vera
    // (who also publishes one letter of the day to all, without names)
    expect(privatePart(report(14, 'olga'))).toContain('Мария → Пётр: «Держись, лекарство уже в пути.»');
    for (const id of IDS.filter((x) => x !== 'olga' && x !== 'vera'))
      expect(privatePart(report(14, id))).not.toContain('Держись');
    for (const id of IDS.filter((x) => x !== 'vera')) expect(report(2, id)).not.toContain('Вступай ко мне ночью');
    // the anonymous author: only Kate, by her guess
    for (let n = 1; n <= 21; n++)
      for (const id of IDS.filter((x) => x !== 'kate'))
        expect(report(n, id)).not.toMatch(/author of anonymous|Автор анонимки/);
  });

  it('a rerun from day 3 (phase 7) reproduces every hash and queues corrected reports', () => {
    const before = allPhaseRows(j.db, GAME).filter((r) => r.superseded_by === null);
    const steps = rerun(j, GAME, 7, { actor: 'test' });
    expect(steps.map((x) => x.phase)).toEqual(Array.from({ length: 15 }, (_, i) => i + 7));
    expect(steps.every((x) => x.same)).toBe(true);
    for (const x of steps) expect(x.newHash).toBe(before.find((r) => r.number === x.phase)!.result_hash);
    const superseded = before
      .filter((r) => allPhaseRows(j.db, GAME).find((x) => x.id === r.id)!.superseded_by !== null)
      .map((r) => r.number);
    expect(superseded).toEqual(Array.from({ length: 16 }, (_, i) => i + 7));
    const live = livePhases(j.db, GAME);
    expect(live.map((p) => p.state_hash)).toEqual(before.map((p) => p.state_hash));
    expect(getGame(j.db, GAME)!.status).toBe('over');
    const corrected = j.db
      .prepare("SELECT * FROM outbox WHERE kind = 'report' AND status = 'pending'")
      .all() as OutboxRow[];
    expect(corrected).toHaveLength(15 * 14);
    expect(corrected.filter((r) => r.subject.includes('(ИСПРАВЛЕНО)')).length).toBe(15 * 10); // 9 Russian players and the GM
    expect(corrected.filter((r) => r.subject.includes('(CORRECTED)')).length).toBe(15 * 4);
  });
});
