// Issue 11, "Must show": a GM-run game by mail in Russian under `judge run`,
// as cron calls it — character sheets, checks by skill name, a median roll,
// an opposed combat exchange, a trial with a team check, a hidden GM roll,
// rolls answered within the run that takes the mail in — then `judge dice
// verify` recomputes every roll from the reports, and fails when one recorded
// roll is altered. (The language of every mail: rpg-language.test.ts.)
//
//  R1  Ирина: ПРОВЕРКА взлом (at once), МЕДИАНА 2 with a copy to Олег (at once), ЛИСТ.
//      Олег: АТАКА страж (an NPC: at once), ПРОТИВ irina (a player: waits for the round).
//      The GM: ROLL страж: АТАКА oleg (hidden), opens the trial «ворота», notes a wound.
//  R2  Ирина and Олег: ПРОВЕРКА сила команда:таран испытание:ворота (a team check: waits);
//      Олег: ПРОВЕРКА внимание (at once). The GM reveals the dice: DECIDE dice:reveal yes.
import { diceCli } from './dice-cli.js';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientMail } from '../../src/cli/demo.js';
import { runOnce } from '../../src/cli/mail.js';
import { commitment } from '../../src/engine/dice-trust.js';
import { diceLog } from '../../src/engine/dice-log.js';
import { createGame } from '../../src/engine/create-game.js';
import { rerun } from '../../src/engine/rerun.js';
import { diceLines, verifyDiceLog } from '../../src/dice/index.js';
import { gmInputHistory } from '../../src/store/gm-inputs.js';
import { listOutbox, type OutboxRow } from '../../src/store/outbox.js';
import { livePhase, livePhases } from '../../src/store/phases.js';
import type { RpgState } from '../../src/games/rpg/types.js';
import { tempDir, testJudge, type TestJudge } from '../helpers.js';

const H = 3_600_000;
const setup = parse(readFileSync('games/rpg/setups/krepost.yaml', 'utf8'));
const pw: Record<string, string> = { irina: 'sova', oleg: 'volk' };
const block = (id: string, lines: string) =>
  `Добрый вечер!\n\nИГРА krepost ${id} ${pw[id]}\n${lines}\nКОНЕЦ\n\n-- \n${id}\n`;
const gmBlock = (lines: string) => `ВЕДУЩИЙ krepost gm-secret\n${lines}\nКОНЕЦ\n`;

let j: TestJudge;
let mailNo = 0;
const log: string[] = [];
const at: Record<string, number> = {};

async function drop(from: string, text: string): Promise<void> {
  const raw = await clientMail({
    from,
    to: 'judge@localhost',
    subject: 'ход',
    text,
    date: new Date(j.clock().getTime()),
  });
  writeFileSync(join(j.inboxDir, `${String(++mailNo).padStart(3, '0')}.eml`), raw);
}
const run = () => runOnce(j, (s) => log.push(s));
const to = (m: OutboxRow) => JSON.parse(m.to_addrs)[0] as string;
const outbox = () => listOutbox(j.db);
const stateAfter = (phase: number) => JSON.parse(livePhase(j.db, 'krepost', phase + 1)!.state_json) as RpgState;

describe('a GM-run game by mail in Russian: sheets, checks, combat, a trial with a team check, hidden rolls, answers at once', {
  timeout: 120_000,
}, () => {
  beforeAll(async () => {
    j = testJudge();
    mkdirSync(j.inboxDir, { recursive: true });
    createGame(j, { id: 'krepost', kind: 'rpg', setup: structuredClone(setup), actor: 'test' });
    // Round 1.
    await drop(
      'irina@example.ru',
      block('irina', 'ПРОВЕРКА взлом сложная # замок ворот\nМЕДИАНА 2 копия:oleg # ровно держать отмычку\nЛИСТ'),
    );
    await run();
    at.afterIrina = outbox().length;
    await drop('oleg@example.ru', block('oleg', 'АТАКА страж # рублю стража\nПРОТИВ irina # шуточная борьба у костра'));
    await drop(
      'gm@example.ru',
      gmBlock(
        'ROLL страж: АТАКА oleg # страж отвечает ударом\nDECIDE trial:ворота Выбить ворота; прогресс 3; риск 2; сложность Средне; успех ворота пали; провал подняли тревогу\nDECIDE set:oleg.resource.раны 1\nNARRATIVE oleg Страж пошатнулся, но устоял.',
      ),
    );
    await run();
    j.advance(49 * H);
    await run(); // the deadline: round 1 is reported
    // Round 2.
    await drop('irina@example.ru', block('irina', 'ПРОВЕРКА сила команда:таран испытание:ворота # тараним ворота'));
    await drop(
      'oleg@example.ru',
      block('oleg', 'ПРОВЕРКА сила команда:таран испытание:ворота\nПРОВЕРКА внимание нормальная # нет ли засады'),
    );
    await drop('gm@example.ru', gmBlock('DECIDE dice:reveal yes'));
    await run();
    j.advance(49 * H);
    await run();
  });

  it('plays two rounds without a failure', () => {
    expect(log.filter((l) => /FAILED|error|[1-9]\d* failed/.test(l))).toEqual([]);
    expect(
      livePhases(j.db, 'krepost')
        .filter((p) => p.processed_at)
        .map((p) => p.number),
    ).toEqual([1, 2]);
  });

  it('answers the rolls that need nobody else within the run that took the mail in, with copies', () => {
    const first = outbox().slice(0, at.afterIrina!);
    const instant = first.filter((m) => m.kind === 'instant');
    expect(instant.map(to).sort()).toEqual(['gm@example.ru', 'irina@example.ru', 'oleg@example.ru']);
    const irina = instant.find((m) => to(m) === 'irina@example.ru')!;
    // Her acknowledgement says the rolls answered at once stand (her three orders), and is queued before their answers.
    const ack = first.find((m) => m.kind === 'ack' && to(m) === 'irina@example.ru')!;
    expect(ack.body).toMatch(/Броски, ответ на которые придёт отдельным письмом \(всего: 3\), остаются\s+в силе/);
    expect(instant.every((m) => m.id > ack.id)).toBe(true);
    expect(irina.body).toContain('ПРОВЕРКА взлом, сложная (-12)');
    expect(irina.body).toMatch(/3к20: \d+\+\d+\+\d+=\d+/);
    expect(irina.body).toContain('МЕДИАНА 9-12');
    expect(irina.body).toMatch(/попадание|промах вниз|промах вверх/);
    expect(irina.body).toContain('Ваш лист персонажа, Ирина Ловкая');
    expect(irina.body).toContain('взлом +10 (опытный работник)');
    const copy = instant.find((m) => to(m) === 'oleg@example.ru')!;
    expect(copy.body).toContain('Копия для вас: бросала Ирина');
    expect(copy.body).toContain('МЕДИАНА');
    expect(copy.body).not.toContain('взлом'); // only the roll Ирина named him for
    expect(first.filter((m) => m.kind === 'ack').map(to)).toEqual(['irina@example.ru']);
  });

  it('the phase counts the recorded rolls and the ones that waited', () => {
    const s = stateAfter(1);
    const r1 = s.log.filter((r) => r.round === 1);
    expect(r1.map((r) => [r.player, r.kind, r.via])).toEqual([
      ['gm', 'attack', 'gm'],
      ['irina', 'check', 'instant'],
      ['irina', 'median', 'instant'],
      ['oleg', 'attack', 'instant'],
      ['oleg', 'opposed', 'deadline'],
    ]);
    const inputs = gmInputHistory(j.db, 'krepost', 1).filter((r) => r.kind === 'instant');
    expect(inputs.map((r) => r.key)).toEqual(['0', '1', '2', '3']); // ЛИСТ is answered too, with no dice
    expect(s.trials).toEqual([
      expect.objectContaining({ id: 'ворота', status: 'open', progress: 3, risk: 2, difficulty: 3 }),
    ]);
    expect(s.sheets.oleg!.resources).toEqual({ раны: 1 });
  });

  it('the hidden GM roll: the GM sees the numbers, the target only that it was rolled', () => {
    const reports = outbox().filter((m) => m.kind === 'report' && m.phase_number === 1);
    const gm = reports.find((m) => to(m) === 'gm@example.ru')!;
    const oleg = reports.find((m) => to(m) === 'oleg@example.ru')!;
    expect(gm.body).toContain('Страж ворот: АТАКА Олег Секира');
    expect(gm.body).toContain('атака: 3к20');
    expect(oleg.body).toContain('Страж ворот: АТАКА Олег Секира');
    expect(oleg.body).toContain('брошено; результат у ведущего');
    expect(oleg.body).toContain('Страж пошатнулся, но устоял.');
    const irina = reports.find((m) => to(m) === 'irina@example.ru')!;
    expect(irina.body).not.toContain('Страж ворот: АТАКА');
    expect(irina.body).toContain('ПРОТИВ Ирина Ловкая'); // the defender sees the opposed check against her
    expect(irina.body).toContain('Выбить ворота');
  });

  it('the team check counts toward the trial once, at its difficulty + 2 per participant', () => {
    const s = stateAfter(2);
    expect(s.teams).toEqual([expect.objectContaining({ id: 'таран', difficulty: 3, teamDifficulty: 7 })]);
    const t = s.trials[0]!;
    expect(t.checks).toBe(1);
    expect(t.successes + t.failures).toBeGreaterThan(0);
    const report = outbox().find((m) => m.kind === 'report' && m.phase_number === 2 && to(m) === 'irina@example.ru')!;
    expect(report.body).toContain('командная проверка таран: Ирина Ловкая');
    expect(report.body).toMatch(/испытание ворота \(\+\d (прогресс|риск)\)/);
    expect(s.log.filter((r) => r.round === 2).map((r) => [r.player, r.kind, r.via, r.team])).toEqual([
      ['oleg', 'check', 'instant', null],
      ['irina', 'check', 'deadline', 'таран'],
      ['oleg', 'check', 'deadline', 'таран'],
    ]);
  });

  it('publishes the commitments first and the keys after each round; the reveal gives the seed', () => {
    const game = j.db.prepare('SELECT seed FROM games WHERE id = ?').get('krepost') as { seed: string };
    expect(game.seed).toMatch(/^[0-9a-f]{32}$/); // 128 random bits
    const p1 = livePhase(j.db, 'krepost', 1)!;
    const p2 = livePhase(j.db, 'krepost', 2)!;
    const instant = outbox().find((m) => m.kind === 'instant')!;
    expect(instant.body).toContain(commitment(p1.seed));
    const r1 = outbox().find((m) => m.kind === 'report' && m.phase_number === 1 && to(m) === 'irina@example.ru')!;
    expect(r1.body).toContain(`Ключ этого раунда: ${p1.seed}`);
    expect(r1.body).toContain(`Обязательство следующего раунда: ${commitment(p2.seed)}`);
    expect(r1.body).not.toContain(game.seed);
    const r2 = outbox().find((m) => m.kind === 'report' && m.phase_number === 2 && to(m) === 'irina@example.ru')!;
    expect(r2.body).toContain(`Зерно игры раскрыто: ${game.seed}`);
  });

  it('judge dice verify recomputes every roll from the mails, and fails when one is altered', async () => {
    const mails = outbox()
      .filter((m) => m.kind === 'report' && to(m) === 'irina@example.ru')
      .map((m) => m.body);
    const ok = verifyDiceLog(mails.flatMap(diceLines));
    expect(ok.problems).toEqual([]);
    expect(ok.ok).toBe(true);
    expect(ok.checked).toBe(8); // every roll of the game, the GM's hidden one included, after the reveal
    // Round 1 alone, before the reveal: its own key checks its rolls Ирина could see.
    const round1 = verifyDiceLog(diceLines(mails[0]!));
    expect(round1).toMatchObject({ ok: true, checked: 3 });
    // One die changed in one recorded roll.
    const lines = [...new Set(mails.flatMap(diceLines))]; // a roll comes in its round's report and again with the reveal
    const i = lines.findIndex((l) => l.startsWith('#dice {') && l.includes('"kind":"median"'));
    const altered = [...lines];
    altered[i] = altered[i]!.replace(
      /"draws":\[\[20,(\d+)\]/,
      (_m, f: string) => `"draws":[[20,${(Number(f) % 20) + 1}]`,
    );
    const bad = verifyDiceLog(altered);
    expect(bad.ok).toBe(false);
    expect(bad.problems.join('\n')).toMatch(/die 1 \(d20\) is recorded as \d+, the stream of this request gives \d+/);
    // A result changed, the dice left alone.
    const cheat = lines.map((l, k) =>
      k === i ? l.replace(/"result":(\d+)/, (_m, r: string) => `"result":${Number(r) + 1}`) : l,
    );
    expect(verifyDiceLog(cheat).problems.join('\n')).toMatch(/recorded \d+ \w+, the dice give/);
    // The CLI on saved mails, and on the judge's own log.
    const dir = tempDir();
    const files = mails.map((b, k) => {
      const f = join(dir, `r${k}.txt`);
      writeFileSync(f, b);
      return f;
    });
    expect(await cli('verify', ...files)).toMatch(/^OK: 8 rolls recomputed/m);
    const logFile = join(dir, 'log.txt');
    writeFileSync(logFile, diceLog(j, 'krepost', { reveal: true, hidden: true }).join('\n'));
    expect(await cli('verify', logFile)).toMatch(/^OK: 8 rolls recomputed/m);
    const badFile = join(dir, 'bad.txt');
    writeFileSync(badFile, altered.join('\n'));
    await expect(cli('verify', badFile)).rejects.toThrow(/dice verification failed/);
  });

  it('a rerun of the game reproduces every roll, those answered at once included', () => {
    const before = livePhases(j.db, 'krepost').map((p) => p.result_hash);
    const steps = rerun(j, 'krepost', 1, { actor: 'test' });
    expect(steps.every((s) => s.same)).toBe(true);
    expect(livePhases(j.db, 'krepost').map((p) => p.result_hash)).toEqual(before);
  });
});

afterEach(() => vi.restoreAllMocks());

const cli = diceCli;
