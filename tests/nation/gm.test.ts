// The GM in the loop: the decisions of each stage, the ad-hoc adjustments, the worksheet mail.
import { describe, expect, it } from 'vitest';
import { render } from '../../src/render/templates.js';
import { parseState } from '../../src/games/nation/case-prestate.js';
import { checkDecision, decisions, narrativeTargets } from '../../src/games/nation/gm.js';
import { worksheet } from '../../src/games/nation/worksheet.js';
import { parseOrders } from '../../src/games/nation/orders.js';
import type { NationOrder, NationState } from '../../src/games/nation/types.js';

const STAGE2 = `
turn 2 stage 2
country alba name=Альба area=1 population=1
country bob name=Бордурия
order guild in=alba name="Гильдия"
figure ivan in=alba name="Иван" age=45 influentiality=good
influence ivan on=guild degree=fair pi=2
strategic S1 by=alba goal="осушить болота" direction=wisdom visibility=secret mode=ask-time started=2
strategic S2 by=bob goal="построить флот" direction=intellect visibility=public mode=ask-difficulty estimate=3 planned=3 started=2
strategic S3 by=alba goal="изобрести порох" direction=intellect visibility=secret estimate=4 started=1 progress=1
declared A1 by=alba visibility=public direction=wisdom text="построить дамбу"
declared A2 by=alba visibility=secret strategic=S1 text="осушить болота"
declared A3 by=guild visibility=public direction=intellect scale=2 text="открыть школу"
declared A4 by=bob visibility=public strategic=S2 text="построить флот"
`;

function withOrders(
  state: NationState,
  player: string,
  text: string,
  lang: 'ru' | 'en' = 'ru',
): Map<string, NationOrder[]> {
  const r = parseOrders(text, { state, player, lang });
  expect(r.errors).toEqual([]);
  return new Map([[player, r.orders]]);
}

describe('nation GM decisions', () => {
  it('stage 1 asks nothing', () => {
    const s = parseState('country alba');
    expect(decisions(s, new Map(), 'ru')).toEqual([]);
  });

  it('stage 2 asks the brief’s ids, with their defaults', () => {
    const s = parseState(STAGE2);
    const orders = withOrders(s, 'alba', 'Иван поддержать A3\nИван публично мудрость произнести речь');
    const specs = decisions(s, orders, 'ru');
    const byId = Object.fromEntries(specs.map((x) => [x.id, x]));
    expect(Object.keys(byId)).toEqual([
      'A1.dif',
      'A1.scale',
      'A1.mod',
      'A2.mod',
      'A3.dif',
      'A3.scale',
      'A3.mod',
      'A4.mod',
      // Ivan's public speech comes first (everybody knows of Ivan), his secret influence on A3 after it.
      'F1.dif',
      'F1.mod',
      'S1.time',
      'S2.dif',
      'alba.growth',
      'bob.growth',
    ]);
    expect(byId['A1.dif']!.default).toBe(0);
    expect(byId['A1.dif']!.names!['хорошо']).toBe(1);
    expect(byId['A1.scale']!.default).toBe(1); // РР of alba
    expect(byId['A3.scale']!.default).toBe(2); // the declared scale
    expect(byId['S1.time']!.default).toBeNull();
    expect([byId['S1.time']!.min, byId['S1.time']!.max]).toEqual([1, 50]);
    expect(byId['S2.dif']!.default).toBeNull();
    expect([byId['A1.dif']!.min, byId['A1.dif']!.max]).toEqual([-3, 6]);
    expect([byId['A1.mod']!.min, byId['A1.mod']!.max]).toEqual([-5, 5]);
    expect(byId['A1.dif']!.ask).toContain('Альба');
    expect(narrativeTargets(s, orders)).toEqual(
      expect.arrayContaining(['A1', 'F1', 'F2', 'S1', 'S3', 'alba', 'guild', 'ivan']),
    );
  });

  it('checks the ad-hoc adjustments', () => {
    const s = parseState(STAGE2 + '\nstyle alba wisdom=1');
    expect(checkDecision(s, 'set:alba.gold', 'хорошо', 'ru')).toEqual({ value: 1 });
    expect(checkDecision(s, 'set:alba.party.либералы', '+2', 'ru')).toEqual({ value: 2 });
    expect(checkDecision(s, 'style:alba.aggression', '0', 'ru')).toEqual({ value: 0 });
    const refusedStyle = checkDecision(s, 'style:alba.aggression', '1', 'ru');
    expect(refusedStyle).toHaveProperty('error');
    expect((refusedStyle as { error: string }).error).toContain('по абсолютной величине');
    expect((refusedStyle as { error: string }).error).toContain('style:alba aggression=+1 wisdom=-1');
    expect(checkDecision(s, 'style:alba', 'aggression=+1 wisdom=0', 'en')).toEqual({ value: 'aggression=1 wisdom=0' });
    expect(checkDecision(s, 'style:alba', 'агрессивность=+1 мудрость=0', 'ru')).toEqual({
      value: 'aggression=1 wisdom=0',
    });
    expect(checkDecision(s, 'size:guild', '2', 'en')).toHaveProperty('error');
    expect(checkDecision(s, 'size:guild', '1', 'en')).toEqual({ value: 1 });
    expect(checkDecision(s, 'secrecy:guild', 'bob', 'en')).toHaveProperty('error'); // guild is public: bob knows
    expect(checkDecision(s, 'secrecy:guild', 'partial', 'en')).toHaveProperty('error'); // a public order cannot become partial
    expect(checkDecision(s, 'secrecy:guild', 'underground', 'en')).toEqual({ value: 'underground' });
    expect(checkDecision(s, 'secrecy:ivan', 'подпольный', 'ru')).toEqual({ value: 'underground' });
    expect(checkDecision(s, 'degree:ivan.alba', '1', 'en')).toEqual({ value: 1 });
    expect(checkDecision(s, 'influentiality:ivan', 'fair', 'en')).toEqual({ value: 0 }); // Fair: one order, Ivan has one
    const two = parseState(STAGE2 + '\ninfluence ivan on=alba degree=0');
    expect(checkDecision(two, 'influentiality:ivan', 'fair', 'en')).toHaveProperty('error'); // two orders need Good
    expect(checkDecision(two, 'degree:ivan.bob', '1', 'en')).toHaveProperty('error'); // a third order is beyond Good
    expect(checkDecision(s, 'set:alba.wealth', '1', 'en')).toHaveProperty('error');
    expect(checkDecision(s, 'set:nobody.gold', '1', 'en')).toHaveProperty('error');
    expect(checkDecision(s, 'set:alba.gold', 'lots', 'en')).toHaveProperty('error');
  });

  it('renders the worksheet in both languages, telling the GM how to answer', () => {
    const s = parseState(STAGE2);
    const orders = withOrders(s, 'alba', 'Иван поддержать A3\nИван публично мудрость произнести речь');
    for (const lang of ['ru', 'en'] as const) {
      const specs = decisions(s, orders, lang);
      const model = worksheet(s, orders, specs, lang);
      const mail = render('nation', lang, 'worksheet', {
        ...model,
        game: { id: 'nat1', title: 'Две страны' },
        phase: { label: 'Ход 2, этап 2: действия фигур' },
        gmDeadlineText: '2024-05-01 12:00 UTC',
      });
      expect(mail.subject).toContain('[nat1]');
      for (const part of [
        'GM nat1',
        'DECIDE <id>',
        'NARRATIVE <',
        'BULLETIN <',
        'ROLL <',
        'RELEASE',
        'END',
        'DECIDE S1.time ?',
        'DECIDE S2.dif ?',
        'A3.scale',
        'F2',
        'F1.dif',
        'alba.growth',
        '2024-05-01 12:00 UTC',
        'set:<',
      ])
        expect(mail.text, `${lang}: ${part}\n${mail.text}`).toContain(part);
      if (process.env.SHOW_WORKSHEET) console.log(mail.subject + '\n\n' + mail.text);
      if (lang === 'ru') {
        expect(mail.text).toContain('стиль (Мудрость) 0');
        expect(mail.text).toContain('размер (РР +1, масштаб +1) 0');
        expect(mail.text).toContain('влияние F2: Иван (ivan), поддержка, степень Нормально (0) → +1');
        expect(mail.text).toContain('возраст (45) +3');
      }
    }
  });
});
