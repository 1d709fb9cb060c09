// The rpg rule cases (games/rpg/cases/*.case) through the engine's case runner
// (tests/cases.test.ts runs each one as its own test too), and what they cover:
// every mechanic of seeds 001 and 004 has a case that names it.
import { describe, expect, it } from 'vitest';
import { ForcedRng } from '../../src/engine/rng.js';
import { loadCases, runCase } from '../../src/engine/cases.js';
import { rules } from '../../src/games/rpg/index.js';
import { NO_GM_INPUTS } from '../../src/engine/types.js';

const cases = loadCases('rpg');
const tags = cases.flatMap((c) => c.rules);
const named = (s: string) => tags.some((t) => t.includes(s));

describe('rpg rule cases', () => {
  it('there are cases for the 000, 001 and 004 rules', () => {
    expect(new Set(tags.filter((t) => t.startsWith('RULE ')).map((t) => t.slice(5, 8)))).toEqual(
      new Set(['000', '001', '004']),
    );
  });

  it.each([
    ['001 conversion table', 'Таблица соответствий значения 3D20 и GaussD20'],
    ['001 skill levels', '001:Умения'],
    ['001 difficulties', '001:Уровни сложности'],
    ['001 the nine bands', '001:Результат'],
    ['001 the 4..17 rule', '001:Уточнение'],
    ['001 luck', '001:Удача'],
    ['001 median roll', '001:Бросок медианы'],
    ['001 inverse median', 'НЕ попасть в центр'],
    ['001 madness', 'Проверка безумия'],
    ['001 madness series', 'кумулятивным штрафом'],
    ['001 horror', 'Проверка Ужаса'],
    ['001 horror series', 'кумулятивным бонусом'],
    ['001 opposed, defender first', 'Первый дайс gaussД20 кидает тот, кто защищается'],
    ['001 opposed bonuses', 'если доспех защищающемуся'],
    ['001 attack table', 'Проверка боевого навыка атакующего'],
    ['001 defence table', 'Проверка боевого навыка защищающегося'],
    ['001 damage x2', 'урон увеличивается в 2 раза'],
    ['001 damage max x3', 'Урон максимизируется'],
    ['001 damage /2', 'урон уменьшается в 2 раза'],
    ['001 helpless', 'беспомощна'],
    ['001 numbers hidden', 'литературные описания'],
    ['004 die', '004:Игровой кубик'],
    ['004 criticals', '004:Критические успехи и провалы'],
    ['004 advantage', '004:Преимущества и Помехи'],
    ['004 check by skill', 'равном значению Навыка'],
    ['004 difficulties', '004:Уровни сложности'],
    ['004 team check', '004:Командная проверка'],
    ['004 trial', '004:Испытание'],
    ['004 critical counts three', 'тремя успехами или провалами'],
    ['004 harder', '004:Усложение'],
    ['004 easier', '004:Упрощение'],
    ['004 exploration', '004:Исследование'],
    ['004 survival', '004:Выживание'],
    ['004 cheat', '004:Чит'],
    ['004 skill levels', '004:Навыки'],
    ['004 relations', '004:Отношения'],
    ['004 sheets', '004:ПЕРСОНАЖ ИГРОКА'],
  ])('%s has a case', (_what, rule) => expect(named(rule)).toBe(true));

  it('every case passes the engine runner', () => {
    const failed = cases.map((c) => runCase(rules, c)).filter((r) => !r.ok);
    expect(failed.map((r) => `${r.name}: ${r.failures.join('; ')}`)).toEqual([]);
  });

  it('checkState names each mismatch, parseState rejects bad input', () => {
    const state = rules.cases!.parseState('players: alfa\nluck: alfa=7');
    const after = rules.adjudicate(
      state,
      new Map([['alfa', rules.parseOrders('ROLL 2d6', { state, player: 'alfa', lang: 'en' }).orders]]),
      new ForcedRng([3, 4]),
      { phase: 1, deadline: null, messages: [], gm: NO_GM_INPUTS },
    );
    expect(
      rules.cases!.checkState(after.state, 'round: 3\nroll alfa 1: 8\nroll alfa 2: 1\nfoo: 1', after.events),
    ).toEqual([
      'round: 3: the round is 2',
      'roll alfa 1: 8: got 7',
      'roll alfa 2: 1: alfa has no roll 2 this round',
      expect.stringContaining('foo: 1: unknown POSTSTATE check'),
    ]);
    expect(() => rules.cases!.parseState('luck: alfa=7')).toThrow(/needs "players/);
    expect(() => rules.cases!.parseState('players: alfa\nluck: alfa=12')).toThrow(
      /luck of alfa "12" must be a whole number 1..9/,
    );
    expect(() => rules.cases!.parseState('players: alfa\nluck: bob=3')).toThrow(/unknown players bob/);
    expect(() => rules.cases!.parseState('players: alfa\nlcuk: 3')).toThrow(/unknown PRESTATE key "lcuk"/);
  });
});
