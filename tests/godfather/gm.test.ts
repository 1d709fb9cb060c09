// The GM in the loop for the Godfather (issue 13): «Поссорить англичан и французов»
// has no description in the document, so its effect is not invented — the phase
// asks the GM (a decision without a default), waits for him after the players'
// deadline with a worksheet, and resolves with his words and ВО/ТВ changes.
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { runOnce } from '../../src/cli/mail.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { listOutbox } from '../../src/store/outbox.js';
import { currentPhase, livePhases } from '../../src/store/phases.js';
import { rules } from '../../src/games/godfather/index.js';
import type { GOrder } from '../../src/games/godfather/order-types.js';
import type { GState } from '../../src/games/godfather/state.js';
import { mail, testJudge } from '../helpers.js';
import { newGame } from './helpers.js';

const H = 3_600_000;
const SEATS = [
  'ivan',
  'pyotr',
  'anna',
  'maria',
  'oleg',
  'sergey',
  'olga',
  'dmitry',
  'elena',
  'nikita',
  'tatiana',
  'boris',
  'vera',
];
const NAMES = [
  'Иван',
  'Пётр',
  'Анна',
  'Мария',
  'Олег',
  'Сергей',
  'Ольга',
  'Дмитрий',
  'Елена',
  'Никита',
  'Татьяна',
  'Борис',
  'Вера',
];

function setup() {
  return {
    title: 'Наследие',
    lang: 'ru',
    gm: { email: 'gm@example.ru', password: 'gm-secret' },
    timezone: 'Europe/Moscow',
    schedule: { every: '6h', gm: { every: '12h' } },
    roles: { ivan: 'privateer', pyotr: 'innkeeper' },
    seats: SEATS.map((id, i) => ({ id, name: NAMES[i], email: `${id}@example.ru`, password: `${id}-pw` })),
  };
}

describe('godfather: the GM decides what the document leaves undescribed', { timeout: 60_000 }, () => {
  it('rules.gm: a quarrel asks one decision without a default; other periods ask nothing', () => {
    const s: GState = newGame({
      roles: [
        'privateer',
        'innkeeper',
        'jesuit',
        'aristocrat',
        'planter',
        'buccaneer',
        'commander',
        'shipwright',
        'usurer',
        'asiento',
        'scholar',
        'indian',
        'courtier',
      ],
    });
    const parse = (id: string, text: string) => rules.parseOrders(text, { state: s, player: id, lang: 'ru' }).orders;
    const orders = new Map<string, GOrder[]>([
      ['p01', parse('p01', 'ДЕЙСТВИЕ поссорить Бориславу и Всеволоду, пусть спорят о пошлинах')],
      ['p02', parse('p02', 'ДЕЙСТВИЕ байки p03')],
    ]);
    const specs = rules.gm!.decisions(s, orders, 'ru');
    expect(specs).toEqual([expect.objectContaining({ id: 'p01.quarrel', type: 'text', default: null })]);
    expect(specs[0]!.ask).toContain(
      'Аркадий: «Поссорить англичан и французов» → Борислав, Всеволод («пусть спорят о пошлинах»)',
    );
    expect(rules.gm!.decisions(s, new Map([['p02', orders.get('p02')!]]), 'ru')).toEqual([]);
    // ВО/ТВ changes are ad-hoc decisions, checked
    expect(rules.gm!.checkDecision!(s, 'p01.quarrel.p02.vo', '-2', 'ru')).toEqual({ value: -2 });
    expect(rules.gm!.checkDecision!(s, 'p01.quarrel.p02.vo', 'много', 'ru')).toMatchObject({
      error: expect.stringContaining('целое число'),
    });
    expect(rules.gm!.checkDecision!(s, 'p01.quarrel.zz.vo', '1', 'ru')).toMatchObject({
      error: expect.stringContaining('нет такого игрока'),
    });
    const ws = rules.gm!.worksheet(s, orders, specs, 'ru') as {
      gmActs: { id: string; note: string }[];
      allOrders: { orders: string[] }[];
    };
    expect(ws.gmActs).toEqual([expect.objectContaining({ id: 'p01.quarrel', note: 'пусть спорят о пошлинах' })]);
    expect(ws.allOrders.flatMap((o) => o.orders)).toContain('Упомянуть в местных байках → Всеволод');
  });

  it('the phase waits for the GM after the deadline, the worksheet shows the act, the answer by mail resolves it', async () => {
    const j = testJudge();
    createGame(j, { id: 'mafia', kind: 'godfather', setup: setup(), seed: '5', actor: 'test' });
    await ingest(
      j,
      await mail('ivan@example.ru', 'ИГРА mafia ivan ivan-pw\nДЕЙСТВИЕ поссорить Петра и Анну\nКОНЕЦ'),
      't',
    );
    await ingest(j, await mail('pyotr@example.ru', 'ИГРА mafia pyotr pyotr-pw\nбайки Анне\nКОНЕЦ'), 't');
    j.advance(7 * H);
    await runOnce(j, () => {});
    const p = currentPhase(j.db, 'mafia')!;
    expect(p.number).toBe(1);
    expect(p.processed_at).toBeNull();
    expect(p.gm_opened_at).toBeTruthy();
    const sheet = listOutbox(j.db).find((m) => m.kind === 'worksheet')!;
    expect(sheet.body).toContain('ivan.quarrel: Иван — «Поссорить англичан и французов» → Пётр, Анна');
    expect(sheet.body).toContain('НЕТ ЗНАЧЕНИЯ ПО УМОЛЧАНИЮ');
    expect(sheet.body).toContain('Упомянуть в местных байках → Анна');
    // a run without an answer does not proceed
    await runOnce(j, () => {});
    expect(currentPhase(j.db, 'mafia')!.number).toBe(1);
    await ingest(
      j,
      await mail(
        'gm@example.ru',
        'ВЕДУЩИЙ mafia gm-secret\nDECIDE ivan.quarrel Англичане и французы подрались в порту; виноватым сочли Петра.\nDECIDE ivan.quarrel.pyotr.vo -2\nBULLETIN В порту драка.\nКОНЕЦ',
      ),
      't',
    );
    await runOnce(j, () => {});
    const live = livePhases(j.db, 'mafia');
    expect(live.find((x) => x.number === 1)!.processed_at).toBeTruthy();
    const after = JSON.parse(live.find((x) => x.number === 2)!.state_json) as GState;
    expect(after.players.find((x) => x.id === 'pyotr')!.vo).toBe(0); // 2 − 2
    expect(after.players.find((x) => x.id === 'anna')!.vo).toBe(3);
    const ivanReport = listOutbox(j.db).find(
      (m) => m.kind === 'report' && JSON.parse(m.to_addrs)[0] === 'ivan@example.ru',
    )!;
    expect(ivanReport.body).toContain(
      'Поссорить англичан и французов → Пётр, Анна: решение ведущего: Англичане и французы подрались в порту',
    );
    const annaReport = listOutbox(j.db).find(
      (m) => m.kind === 'report' && JSON.parse(m.to_addrs)[0] === 'anna@example.ru',
    )!;
    expect(annaReport.body).toContain('Ведущий сообщает всем:\n  В порту драка.');
    expect(annaReport.body).not.toContain('виноватым сочли Петра');
  });

  it('a period without such an act does not wait for the GM', async () => {
    const j = testJudge();
    createGame(j, { id: 'mafia', kind: 'godfather', setup: setup(), seed: '5', actor: 'test' });
    await ingest(j, await mail('pyotr@example.ru', 'ИГРА mafia pyotr pyotr-pw\nбайки Анне\nКОНЕЦ'), 't');
    j.advance(7 * H);
    await runOnce(j, () => {});
    expect(livePhases(j.db, 'mafia').find((x) => x.number === 1)!.processed_at).toBeTruthy();
    expect(listOutbox(j.db).some((m) => m.kind === 'worksheet')).toBe(false);
  });
});
