import { describe, expect, it } from 'vitest';
import { ForcedRng, SeededRng } from '../../src/engine/rng.js';
import type { Lang, PlayerSeat } from '../../src/engine/types.js';
import { rules, type RpgOrder, type RpgState } from '../../src/games/rpg/index.js';
import { render } from '../../src/render/templates.js';
import { NO_GM_INPUTS } from '../../src/engine/types.js';

const seats: PlayerSeat[] = [
  { id: 'bara', name: 'Bára', email: 'bara@example.org', lang: 'cs' },
  { id: 'alfa', name: 'Alice', email: 'alice@example.org', lang: 'en' },
  { id: 'vanya', name: 'Ваня', email: 'vanya@example.org', lang: 'ru' },
];
const fresh = (): RpgState => rules.setup({ title: 'Crypt', luck: { alfa: 7, vanya: 3 } }, seats, new SeededRng(0));
const parse = (text: string, lang: Lang = 'en', player = 'alfa') =>
  rules.parseOrders(text, { state: fresh(), player, lang });
const ordersOf = (text: string, lang: Lang = 'en', player = 'alfa'): RpgOrder[] => {
  const r = parse(text, lang, player);
  expect(r.errors).toEqual([]);
  return r.orders;
};

describe('rpg setup and phase', () => {
  it('starts at round 1 with an empty log', () => {
    const s = fresh();
    expect(s).toMatchObject({ kind: 'rpg', title: 'Crypt', luck: { alfa: 7, vanya: 3 }, round: 1, log: [] });
    expect(rules.phase(s)).toEqual({ kind: 'rolls', label: 'Round 1', over: false });
    expect(rules.phase(rules.setup({ phaseLabel: 'Раунд' }, seats, new SeededRng(0))).label).toBe('Раунд 1');
  });

  it('rejects bad luck and unknown seats', () => {
    expect(rules.setupSchema.safeParse({ luck: { alfa: 10 } }).success).toBe(false);
    expect(rules.setupSchema.safeParse({ lukc: {} }).success).toBe(false);
    expect(() => rules.setup({ luck: { zed: 5 } }, seats, new SeededRng(0))).toThrow(/luck\.zed: no seat "zed"/);
  });
});

describe('rpg parseOrders: malformed options and echoes in the player’s words (issue #35)', () => {
  const table = () =>
    rules.setup(
      {
        system: 'success',
        sheets: { vanya: { name: 'Ваня', skills: { к3: 3, нож: 'gauss20+4' }, luck: 6, defence: 'нож' } },
        npcs: { орк: { name: 'Орк', skills: { нож: 'gauss20+2' }, defence: 'нож' } },
        trials: [{ id: 's1', name: 'Побег', progress: 3, risk: 2, difficulty: 2 }],
      },
      seats,
      new SeededRng(0),
    );
  const ru = (text: string) => rules.parseOrders(text, { state: table(), player: 'vanya', lang: 'ru' });
  it('refuses an option with no value, a number option with no number, a sign with no number, a conflicting difficulty', () => {
    const r = ru(
      'ПРОВЕРКА к3 испытание:\nБРОСОК 5dS vs:x\nБЕЗУМИЕ +x\nПРОВЕРКА к3 Тяжело испытание:s1\nБРОСОК 3d6+1 - +2',
    );
    expect(r.orders).toEqual([]);
    expect(r.errors.map((e) => e.reason)).toEqual([
      '«испытание:»: после двоеточия ничего нет',
      '«vs:x»: нужно целое число',
      '«+x»: модификатор — целое число со знаком, например +2 или -1',
      '«Тяжело (4)»: проверка в испытании s1 делается со сложностью испытания, Легко (2); не указывайте сложность',
      '«+2»: модификатор пишется вместе с кубиками, например 3d6+2',
    ]);
  });
  it('echoes what is rolled, in Russian words', () => {
    const r = ru(
      'ПРОВЕРКА к3 Легко испытание:s1 преимущество\nМЕДИАНА 6-15 вне +1\nБЕЗУМИЕ +1 серия\nАТАКА орк нож пассивно\nПРОТИВ орк защита:+2 беспомощен\nБРОСОК gauss20+2 удача:7 сложность:-8',
    );
    expect(r.errors).toEqual([]);
    expect(r.echo.map((e) => e.understood)).toEqual([
      'ПРОВЕРКА к3 (Знаток, 3dS), сложность Легко (2) (со сложностью испытания), преимущество, испытание s1',
      'МЕДИАНА 6-15 (не попасть в центр) +1',
      'БЕЗУМИЕ +1 (вся серия)',
      'АТАКА Орк, нож, пассивно: только доспех',
      'ПРОТИВ Орк, защита +2, цель беспомощна: автоматический успех',
      expect.stringMatching(/^БРОСОК gauss20\+2 удача:7 сложность:-8 \(/),
    ]);
  });
});

describe('rpg parseOrders', () => {
  it('reads the keywords in English, Czech and Russian', () => {
    const text = [
      'ROLL 3d6+2',
      'roll 4dF',
      'HOD 2d10',
      'hoď 5dS vs:3',
      'HOĎ d20',
      'БРОСОК gauss20+4',
      'бросить 3dS adv',
    ].join('\n');
    expect(parse(text).orders.map((o) => o.line)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('takes comments after #, -- or trailing words, and echoes the understanding', () => {
    const r = parse(
      'ROLL 3dF+2 stealth\n\nroll gauss20+10 vs:-8 # pick the lock\nROLL 5dS vs:3 adv -- climb the wall\n# a note\nROLL 2d6 — damage',
    );
    expect(r.errors).toEqual([]);
    expect(r.orders.map((o) => o.comment)).toEqual(['stealth', 'pick the lock', 'climb the wall', 'damage']);
    expect(r.echo.map((e) => e.line)).toEqual([1, 3, 4, 6]);
    expect(r.echo[0]!.understood).toBe('ROLL 3dF+2 (3 × FUDGE die (-1/0/+1), +2) — stealth');
    expect(r.echo[1]!.understood).toBe(
      'ROLL gauss20+10 vs:-8 (GaussD20 = round(3d20/3), mod +10, difficulty -8 (normal)) — pick the lock',
    );
    expect(r.echo[2]!.understood).toBe(
      'ROLL 5dS vs:3 adv (5 × success die (0,0,0,1,1,2), difficulty 3 (medium), advantage, best of two) — climb the wall',
    );
  });

  it('echoes in the player language', () => {
    expect(parse('HOD 5dS vs:2 plížení', 'cs').echo[0]!.understood).toBe(
      'HOD 5dS obtížnost:2 (5 × kostka úspěchů (0,0,0,1,1,2), obtížnost 2 (snadné)) — plížení',
    );
    expect(parse('БРОСОК gauss20+2 luck:6 скрытность', 'ru').echo[0]!.understood).toBe(
      'БРОСОК gauss20+2 удача:6 (GaussD20 = round(3к20/3), мод +2, удача 6) — скрытность',
    );
  });

  it('a roll for everybody reads in each language\'s case ("kopie pro všechny", "копии всем")', () => {
    expect(parse('HOD 2d6 všem', 'cs', 'bara').echo[0]!.understood).toMatch(/\[kopie pro všechny\]/);
    expect(parse('БРОСОК 2d6 всем', 'ru', 'vanya').echo[0]!.understood).toMatch(/\[копии всем\]/);
    expect(parse('ROLL 2d6 all', 'en').echo[0]!.understood).toMatch(/\[copies to everybody\]/);
  });

  it('turns every bad line into a LineError with a reason, in the player language', () => {
    const r = parse('ROLL 3d6\nATTACK orc\nROLL\nROLL 3x6\nROLL gauss20 luck:12\nROLL 3d6 luck:4', 'en');
    expect(r.orders).toHaveLength(1);
    expect(r.errors).toEqual([
      { line: 2, text: 'ATTACK orc', reason: expect.stringContaining('unknown order "ATTACK": write ROLL <dice>') },
      { line: 3, text: 'ROLL', reason: expect.stringContaining('no dice spec given') },
      { line: 4, text: 'ROLL 3x6', reason: expect.stringContaining('"3x6" is not a dice spec') },
      { line: 5, text: 'ROLL gauss20 luck:12', reason: '"luck:12": luck must be 1 to 9' },
      { line: 6, text: 'ROLL 3d6 luck:4', reason: '"luck:4": luck applies only to gauss20' },
    ]);
    expect(parse('ÚTOK skřet', 'cs').errors[0]!.reason).toContain('neznámý rozkaz "ÚTOK"');
    expect(parse('БРОСОК 0d6', 'ru').errors[0]!.reason).toBe('«0d6»: число кубиков должно быть от 1 до 100');
  });

  it('limits the rolls per round', () => {
    const r = parse(Array.from({ length: 52 }, () => 'ROLL d6').join('\n'));
    expect(r.orders).toHaveLength(50);
    expect(r.errors.map((e) => e.line)).toEqual([51, 52]);
    expect(r.errors[0]!.reason).toContain('at most 50');
  });
});

describe('rpg adjudicate', () => {
  const orders = () =>
    new Map<string, RpgOrder[]>([
      ['vanya', ordersOf('БРОСОК gauss20 # удача 3', 'ru', 'vanya')],
      ['alfa', ordersOf('ROLL gauss20+2 stealth\nROLL 3d6\nROLL gauss20 luck:5')],
      ['bara', ordersOf('HOD 4dF+1', 'cs', 'bara')],
    ]);
  const run = (seed: string) =>
    rules.adjudicate(fresh(), orders(), new SeededRng(seed), {
      phase: 1,
      deadline: null,
      messages: [],
      gm: NO_GM_INPUTS,
    });

  it('is deterministic for a seed and differs for another', () => {
    expect(run('s1')).toEqual(run('s1'));
    expect(run('s1').events.map((e) => e.dice)).not.toEqual(run('s2').events.map((e) => e.dice));
  });

  it('rolls players by id, orders as given, with the player luck for gauss20', () => {
    const { state, events } = run('s1');
    expect(events.map((e) => [e.player, e.spec])).toEqual([
      ['alfa', 'gauss20+2 luck:7'],
      ['alfa', '3d6'],
      ['alfa', 'gauss20 luck:5'],
      ['bara', '4dF+1'],
      ['vanya', 'gauss20 luck:3'],
    ]);
    expect(events.every((e) => e.type === 'roll' && JSON.stringify(e.audience) === JSON.stringify([e.player]))).toBe(
      true,
    );
    expect(state.round).toBe(2);
    expect(state.log).toHaveLength(5);
    expect(state.log[0]).toMatchObject({ phase: 1, round: 1, player: 'alfa', comment: 'stealth' });
    expect(rules.phase(state).label).toBe('Round 2');
    expect(JSON.parse(JSON.stringify(state))).toEqual(state); // plain JSON
  });

  it('uses forced dice in order', () => {
    const { events } = rules.adjudicate(
      fresh(),
      new Map([['alfa', ordersOf('ROLL gauss20+2\nROLL 2d6')]]),
      new ForcedRng([4, 6, 2, 3, 5]),
      { phase: 4, deadline: null, messages: [], gm: NO_GM_INPUTS },
    );
    expect(events.map((e) => [e.result, e.outcome, e.dice])).toEqual([
      [8, 'success', [[4, 6, 2]]], // round(12/3)=4, luck 7 → 6, +2 → 8
      [8, null, [[3, 5]]],
    ]);
  });

  it('appends to the log over rounds', () => {
    const one = run('a');
    const two = rules.adjudicate(one.state, orders(), new SeededRng('b'), {
      phase: 2,
      deadline: null,
      messages: [],
      gm: NO_GM_INPUTS,
    });
    expect(two.state.round).toBe(3);
    expect(two.state.log.map((r) => r.round)).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
  });
});

describe('rpg view and templates', () => {
  const { state, events } = rules.adjudicate(
    fresh(),
    new Map<string, RpgOrder[]>([
      ['alfa', ordersOf('ROLL gauss20+2 stealth')],
      ['bara', ordersOf('HOD 3dS vs:2 plížení', 'cs', 'bara')],
    ]),
    new ForcedRng([4, 6, 2, 6, 4, 1]),
    { phase: 1, deadline: null, messages: [], gm: NO_GM_INPUTS },
  );

  it('a player sees only their own rolls, the GM sees all', () => {
    expect(rules.view(state, events, 'alfa', 'en').rolls).toEqual([
      expect.objectContaining({
        player: 'alfa',
        spec: 'gauss20+2 luck:7',
        comment: 'stealth',
        result: 8,
        outcome: 'success',
      }),
    ]);
    expect((rules.view(state, events, 'bara', 'cs').rolls as { player: string }[]).map((r) => r.player)).toEqual([
      'bara',
    ]);
    expect(rules.view(state, events, 'vanya', 'ru').rolls as unknown[]).toEqual([]);
    const gm = rules.view(state, events, 'gm', 'en');
    expect(gm.gm).toBe(true);
    expect((gm.rolls as { player: string }[]).map((r) => r.player)).toEqual(['alfa', 'bara']);
  });

  const data = (reader: string | 'gm', lang: Lang, correction = false) => ({
    ...rules.view(state, events, reader, lang),
    game: { id: 'crypt', title: 'The Crypt' },
    phase: { number: 1, label: 'Round 1' },
    player: reader === 'gm' ? null : { id: reader, name: seats.find((s) => s.id === reader)!.name },
    correction,
  });

  it('renders the English report with every die', () => {
    const m = render('rpg', 'en', 'report', data('alfa', 'en'));
    expect(m.subject).toBe('[crypt] Dice, Round 1: Alice');
    expect(m.text).toContain('ROLL gauss20+2 luck:7 — stealth');
    expect(m.text).toContain('3d20: 4+6+2=12 → round(12/3)=4, luck +2 → 6, mod +2 → 8: success');
    expect(m.text).not.toContain('3dS');
    expect(m.text).not.toContain('CORRECTED');
  });

  it('renders the Czech and Russian reports', () => {
    const cs = render('rpg', 'cs', 'report', data('bara', 'cs'));
    expect(cs.subject).toBe('[crypt] Kostky, Round 1: Bára');
    // The spec's options in the reader's words (obtížnost:, as a Czech player writes vs:).
    expect(cs.text).toContain('HOD 3dS obtížnost:2 — plížení');
    expect(cs.text).toContain('3dS: [2][1][0] = 3, obtížnost 2: úspěch');
    const ru = render('rpg', 'ru', 'report', data('vanya', 'ru'));
    expect(ru.subject).toBe('[crypt] Броски, Round 1: Ваня');
    expect(ru.text).toContain('В этом раунде бросков не было.');
  });

  it('renders the GM copy with every player, and corrections', () => {
    for (const lang of ['en', 'cs', 'ru'] as const) {
      const m = render('rpg', lang, 'report', data('gm', lang, true));
      // The banner in the reader's language, with no English twin in a Czech or Russian mail.
      expect(m.text).toContain({ en: 'CORRECTED REPORT', cs: 'OPRAVENÁ ZPRÁVA', ru: 'ИСПРАВЛЕННЫЙ ОТЧЁТ' }[lang]);
      if (lang !== 'en') expect(m.text).not.toContain('CORRECTED');
      expect(m.text).toContain('Alice (alfa): ');
      expect(m.text).toContain('Bára (bara): ');
    }
    expect(render('rpg', 'en', 'report', data('gm', 'en', true)).subject).toBe('[crypt] CORRECTED: Dice, Round 1');
  });
});
