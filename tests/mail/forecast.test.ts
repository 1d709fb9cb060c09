// The forecast in acknowledgements (issue #33), through the real intake: it is
// in the text and the HTML part, in the reader's language, marked with its
// assumption; FORECAST OFF / ON (PŘEDPOVĚĎ VYP, ПРОГНОЗ ВЫКЛ) in a block switch it
// for that very acknowledgement and the later ones; the setup's forecast: false
// switches it off for a game (a player's FORECAST ON wins); a block of commands
// only forecasts nothing; amended orders (Godfather) are forecast as they stand.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createGame } from '../../src/engine/create-game.js';
import { readSetupFile } from '../../src/engine/setup-file.js';
import { SetupError } from '../../src/errors.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { forecastSwitch } from '../../src/mail/inbound/forecast.js';
import { listOutbox } from '../../src/store/outbox.js';
import { unpackPage } from '../../src/render/page-css.js';
import { mail, testJudge, type TestJudge } from '../helpers.js';

const fandiSetup = (extra: Record<string, unknown> = {}) => {
  const s = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8')) as Record<string, unknown>;
  s.seats = (s.seats as { id: string }[]).map((x) => ({
    ...x,
    password: `${x.id}-pw`,
    lang: x.id === 'brana' ? 'en' : 'cs',
  }));
  return { ...s, ...extra };
};

/** The acknowledgements so far, newest last. */
const acks = (j: TestJudge) => listOutbox(j.db).filter((m) => m.kind === 'ack');
const lastAck = (j: TestJudge) => acks(j).at(-1)!;

describe('the forecast in acknowledgements', () => {
  it('FanDi: in the text and the HTML, in Czech and English, marked as a forecast with its assumption', async () => {
    const j = testJudge();
    createGame(j, { id: 'fd', kind: 'fandi', setup: fandiSetup(), seed: '1', actor: 'test' });
    await ingest(
      j,
      await mail('alfa@example.org', 'HRA fd alfa alfa-pw\nB2 postav 2 pěší\nB2 věda 5\n3 pěší B2 C2\nKONEC'),
      'test',
    );
    const cs = lastAck(j);
    expect(cs.body).toContain('PŘEDPOVĚĎ (ne výsledek)');
    expect(cs.body).toContain('ostatní hráči stojí');
    expect(cs.body).toContain('B2 (hodnota 200, výnos 20\u00a0%):');
    expect(cs.body).toContain('utraceno: 2 pěší 4 xc, věda 5 xc');
    expect(cs.body).toContain('B2 → C2 (B2 C2): 3 pěší');
    expect(cs.body).toContain('věda: v B2 investováno 5 xc z 200 xc');
    expect(cs.body).toContain('PŘEDPOVĚĎ VYP');
    // The HTML part as it is sent: the acknowledgement's page, made from its text.
    const html = unpackPage(cs.html!, { subject: cs.subject, body: cs.body });
    expect(html).toContain('PŘEDPOVĚĎ (ne výsledek)');
    expect(html).toContain('B2 → C2');
    await ingest(j, await mail('brana@example.org', 'GAME fd brana brana-pw\nI2 build 2 infantry\nEND'), 'test');
    const en = lastAck(j);
    expect(en.body).toContain('FORECAST (not a result)');
    expect(en.body).toContain('every other player holds');
    expect(en.body).toContain('No battles are fought');
    expect(en.body).not.toMatch(/výnos|hotovost/);
  });

  it('FORECAST OFF / ON in a block: for this acknowledgement and the later ones; a block of commands only forecasts nothing', async () => {
    const j = testJudge();
    createGame(j, { id: 'fd', kind: 'fandi', setup: fandiSetup(), seed: '1', actor: 'test' });
    const send = async (text: string) => {
      await ingest(j, await mail('alfa@example.org', `HRA fd alfa alfa-pw\n${text}\nKONEC`), 'test');
      return lastAck(j).body;
    };
    const off = await send('PŘEDPOVĚĎ VYP\nB2 postav 1 pěší');
    expect(off).not.toContain('PŘEDPOVĚĎ (ne výsledek)');
    expect(off).toContain('od teď potvrzení rozkazů předpověď neobsahují');
    expect(await send('B2 postav 2 pěší')).not.toContain('PŘEDPOVĚĎ (ne výsledek)');
    // Only commands: nothing new to forecast, whatever the choice.
    const on = await send('forecast on');
    expect(on).toContain('od teď potvrzení rozkazů obsahují předpověď');
    expect(on).not.toContain('PŘEDPOVĚĎ (ne výsledek)');
    expect(await send('B2 postav 2 pěší')).toContain('PŘEDPOVĚĎ (ne výsledek)');
    const bad = await send('PŘEDPOVĚĎ možná\nB2 postav 2 pěší');
    expect(bad).toContain('PŘEDPOVĚĎ bere ZAP nebo VYP');
    expect(bad).toContain('PŘEDPOVĚĎ (ne výsledek)');
  });

  it("setup forecast: false turns it off for the game; a player's FORECAST ON wins; the value is checked", async () => {
    const j = testJudge();
    createGame(j, { id: 'fd', kind: 'fandi', setup: fandiSetup({ forecast: false }), seed: '1', actor: 'test' });
    await ingest(j, await mail('alfa@example.org', 'HRA fd alfa alfa-pw\nB2 postav 1 pěší\nKONEC'), 'test');
    expect(lastAck(j).body).not.toContain('PŘEDPOVĚĎ (ne výsledek)');
    await ingest(
      j,
      await mail('alfa@example.org', 'HRA fd alfa alfa-pw\nPŘEDPOVĚĎ ZAP\nB2 postav 1 pěší\nKONEC'),
      'test',
    );
    expect(lastAck(j).body).toContain('PŘEDPOVĚĎ (ne výsledek)');
    await ingest(j, await mail('cerna@example.org', 'HRA fd cerna cerna-pw\nI9 postav 1 pěší\nKONEC'), 'test');
    expect(lastAck(j).body).not.toContain('PŘEDPOVĚĎ (ne výsledek)');
    expect(() =>
      createGame(j, { id: 'fd2', kind: 'fandi', setup: fandiSetup({ forecast: 'no' }), seed: '1', actor: 'test' }),
    ).toThrow(SetupError);
  });

  it('nation, in Russian: the odds over the ladder; ПРОГНОЗ ВЫКЛ turns it off', async () => {
    const j = testJudge();
    const setup = readSetupFile('games/nation/setups/default.yaml') as Record<string, unknown>;
    createGame(j, { id: 'luk', kind: 'nation', setup, seed: '2026', actor: 'test' });
    const order = 'Страна публично, Агрессивность: снарядить флот к южным берегам';
    await ingest(j, await mail('ivan@example.org', `ИГРА luk ivan hyperborea\n${order}\nКОНЕЦ`), 'test');
    const ru = lastAck(j).body;
    expect(ru).toContain('ПРОГНОЗ (не результат)');
    expect(ru).toMatch(/строка 1: страна Гиперборея: публично, Агрессивность/);
    expect(ru).toMatch(/4dF[+−]\d: .*%/);
    expect(ru).toMatch(/при сложности Нормально \(0\) \(её назначает ведущий\): успех \d+,\d\u00a0%/);
    expect(ru).toContain('Прирост населения в конце хода');
    // No English in a Russian forecast (dice notation aside).
    const section = ru.slice(ru.indexOf('ПРОГНОЗ (не результат)'), ru.indexOf('ПРОГНОЗ ВЫКЛ'));
    expect(section.replace(/\d*dF|FD/g, '')).not.toMatch(/[A-Za-z]/);
    await ingest(j, await mail('ivan@example.org', `ИГРА luk ivan hyperborea\nПРОГНОЗ ВЫКЛ\n${order}\nКОНЕЦ`), 'test');
    expect(lastAck(j).body).not.toContain('ПРОГНОЗ (не результат)');
  });

  it('Godfather: the forecast is of the orders as they stand after a mail amends them', async () => {
    const j = testJudge();
    const setup = readSetupFile('games/godfather/setups/default.yaml') as Record<string, unknown>;
    setup.seats = (setup.seats as { id: string }[]).map((s) => ({ ...s, password: `${s.id}-pw` }));
    createGame(j, { id: 'mafia', kind: 'godfather', setup, seed: '5', actor: 'test' });
    const { currentPhase } = await import('../../src/store/phases.js');
    const { heldActions } = await import('../../src/games/godfather/access.js');
    const state = JSON.parse(currentPhase(j.db, 'mafia')!.state_json);
    const day = heldActions(state, 'ivan').find((a) => a.kind === 'day')!;
    expect(day.targets).toBe(1);
    const choice = day.choice === 'sign' ? ' +' : day.choice === 'stat' ? ' ВО' : '';
    await ingest(j, await mail('ivan@example.ru', `ИГРА mafia ivan ivan-pw\nДЕНЬ Пётр${choice}\nКОНЕЦ`), 'test');
    const first = lastAck(j).body;
    expect(first).toContain('ПРОГНОЗ (не результат)');
    expect(first).toContain(`строка 1: ${day.name.ru} → Пётр`);
    expect(first).toContain('займёт ваше действие этого дня');
    // A later mail with only a vote (none is open): the day's action still stands and is still forecast.
    await ingest(j, await mail('ivan@example.ru', 'ИГРА mafia ivan ivan-pw\nГолос: Анна\nКОНЕЦ'), 'test');
    const second = lastAck(j).body;
    expect(second).toContain(`строка 1: ${day.name.ru} → Пётр`);
    expect(second).not.toContain('ВНИМАНИЕ: вы ещё не действовали');
  });

  it('FORECAST words: on and off in the three languages, nothing else', () => {
    expect(['ON', 'zap', 'ZAPNOUT', 'вкл', 'ВКЛЮЧИТЬ'].map(forecastSwitch)).toEqual([true, true, true, true, true]);
    expect(['off', 'VYP', 'vypnout', 'ВЫКЛ', 'выключить'].map(forecastSwitch)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['maybe', '', 'onn'].map(forecastSwitch)).toEqual([null, null, null]);
  });
});
