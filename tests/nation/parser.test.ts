// The nation order language (games/nation/ORDERS.md): Russian in any word
// order and case form, English, Cyrillic look-alikes in ids, numbers in words,
// and every reason a line is refused.
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../src/engine/types.js';
import { parseOrders } from '../../src/games/nation/orders.js';
import { msg, type MessageCode } from '../../src/games/nation/texts.js';
import { messageVariables } from '../fluent-check.js';
import type { NationOrder, NationState } from '../../src/games/nation/types.js';
import { stage2, testState } from './helpers.js';

const s1 = testState();
const s2 = stage2();

const parse = (text: string, state: NationState = s1, lang: Lang = 'ru', player = 'rus') =>
  parseOrders(text, { state, player, lang });

function only(text: string, state: NationState = s1, lang: Lang = 'ru'): NationOrder {
  const r = parse(text, state, lang);
  expect(r.errors, text).toEqual([]);
  expect(r.orders).toHaveLength(1);
  return r.orders[0]!;
}

/** The line is refused with the message of this code (its words up to the first parameter). */
function refused(text: string, code: MessageCode, state: NationState = s1, lang: Lang = 'ru') {
  const r = parse(text, state, lang);
  expect(r.orders, text).toEqual([]);
  expect(r.errors).toHaveLength(1);
  const l = lang === 'ru' ? 'ru' : 'en';
  // The message with a marker for each parameter: its words up to the first are the head.
  const template = msg(code, l, Object.fromEntries(messageVariables('nation', l, code).map((v) => [v, '\u0001'])));
  const head = template.split('\u0001')[0]!;
  expect(r.errors[0]!.reason.startsWith(head), `${text}\n  got: ${r.errors[0]!.reason}\n  want: ${template}`).toBe(
    true,
  );
  expect(r.errors[0]!.line).toBe(1);
  expect(r.errors[0]!.text).toBe(text.trim());
  return r.errors[0]!.reason;
}

const action = (o: NationOrder) => {
  expect(o.type).toBe('action');
  return o as Extract<NationOrder, { type: 'action' }>;
};

describe('who acts', () => {
  const country: string[] = [
    'Страна публично, Мудрость: построить библиотеку',
    'страна: публично, мудрость — построить библиотеку',
    'Моя страна публично мудрость построить библиотеку',
    'Государство публично, мудрость: построить библиотеку',
    'Государство Рутения публично, Мудрость: построить библиотеку',
    'Рутения публично мудрость: построить библиотеку',
    'Рутении, публично, Мудрость — построить библиотеку',
    'ruthenia public wisdom: построить библиотеку',
    'Country public, Wisdom: построить библиотеку',
    'My country, publicly, wisdom — построить библиотеку',
    'Публично, мудрость, страна: построить библиотеку',
    'Мудрость, публично, страна — построить библиотеку',
    'Страна (публично, Мудрость): построить библиотеку',
    'Страна — публично — мудрость — построить библиотеку',
    'Страна; публично; мудрость; построить библиотеку',
    'The country, openly, wisdom — построить библиотеку',
    '1. Страна публично, Мудрость: построить библиотеку',
    '- Страна публично, Мудрость: построить библиотеку',
  ];
  it.each(country)('the home country: %s', (text) => {
    const o = action(only(text));
    expect(o).toMatchObject({
      actor: { type: 'country', id: 'ruthenia' },
      visibility: 'public',
      direction: 'wisdom',
      text: 'построить библиотеку',
      scale: null,
      strategic: null,
      gainInfluence: null,
    });
  });

  const order: string[] = [
    'Орден тамплиеров тайно, агрессивность: захватить порт',
    'ордену тамплиеров тайно агрессивность: захватить порт',
    'Ордена тамплиеров: тайно, агрессивность — захватить порт',
    'тамплиеры: тайно, агрессивность — захватить порт',
    'Тамплиерам тайно агрессивно: захватить порт',
    'templars secret strength: захватить порт',
    'Order Templars, secretly, Aggression — захватить порт',
    'орден templars тайно агрессия: захватить порт',
    'Тайно, агрессивность, тамплиеры: захватить порт',
    '«Орден тамплиеров» тайно агрессивность: захватить порт',
  ];
  it.each(order)('an order by its name or id: %s', (text) => {
    const o = action(only(text));
    expect(o).toMatchObject({
      actor: { type: 'order', id: 'templars' },
      visibility: 'secret',
      direction: 'aggression',
      text: 'захватить порт',
    });
  });

  it('an order whose name starts with a generic word, in any case form', () => {
    for (const t of [
      'Братство Розы публично мудрость: раздать хлеб',
      'братству Розы публично мудрость: раздать хлеб',
      'Розы публично мудрость: раздать хлеб',
      'rose public wisdom: раздать хлеб',
    ])
      expect(action(only(t)).actor, t).toEqual({ type: 'order', id: 'rose' });
  });

  const figure: string[] = [
    'фигура Иван Грозный тайно мудрость: молиться',
    'Иван Грозный тайно мудрость: молиться',
    'Ивану Грозному тайно мудрость: молиться',
    'Грозный Иван: тайно, мудрость — молиться',
    'Иван: тайно, мудрость — молиться',
    'figure ivan secret wisdom: молиться',
    'Ivan secret wisdom: молиться',
  ];
  it.each(figure)('a figure, in stage 2: %s', (text) => {
    expect(action(only(text, s2))).toMatchObject({
      actor: { type: 'figure', id: 'ivan' },
      visibility: 'secret',
      direction: 'wisdom',
      text: 'молиться',
    });
  });

  it('a name is told apart from an order word in the same form ("Олег Мудрый мудрость")', () => {
    expect(action(only('Олег Мудрый мудрость: размышлять', s2))).toMatchObject({
      actor: { type: 'figure', id: 'oleg' },
      direction: 'wisdom',
      text: 'размышлять',
    });
    expect(action(only('Мудрый Олег мудро: размышлять', s2))).toMatchObject({
      actor: { type: 'figure', id: 'oleg' },
      direction: 'wisdom',
    });
  });
});

describe('secret or public', () => {
  const secret = [
    'тайно',
    'Тайно',
    'секретно',
    'скрытно',
    'тайное действие',
    'Секретное действие',
    'втайне',
    'негласно',
    'secret',
    'secretly',
    'covertly',
  ];
  it.each(secret)('secret: %s', (w) => {
    expect(action(only(`Страна ${w}, мудрость: собрать совет`)).visibility).toBe('secret');
  });
  const pub = [
    'публично',
    'Публичное действие',
    'открыто',
    'явно',
    'открытое',
    'гласно',
    'public',
    'publicly',
    'openly',
  ];
  it.each(pub)('public: %s', (w) => {
    expect(action(only(`Тамплиеры ${w}, мудрость: собрать совет`)).visibility).toBe('public');
  });
  it('defaults: the country public, orders and figures secret', () => {
    expect(action(only('Страна мудрость: собрать совет')).visibility).toBe('public');
    expect(action(only('Тамплиеры мудрость: собрать совет')).visibility).toBe('secret');
    expect(action(only('Иван мудрость: собрать совет', s2)).visibility).toBe('secret');
  });
  it('a noun of the same stem is text, not an order word ("открытие", "тайна")', () => {
    expect(action(only('Страна тайно, интеллектуальность: открытие университета')).text).toBe('открытие университета');
    expect(action(only('Тамплиеры публично мудрость — тайна ордена раскрыта')).text).toBe('тайна ордена раскрыта');
  });
});

describe('directions', () => {
  const forms: [string, string][] = [
    ['Агрессивность', 'aggression'],
    ['агрессивности', 'aggression'],
    ['агрессивно', 'aggression'],
    ['агрессия', 'aggression'],
    ['Strength', 'aggression'],
    ['str', 'aggression'],
    ['Гибкость мышления', 'flexibility'],
    ['гибкости мышления', 'flexibility'],
    ['гибкость', 'flexibility'],
    ['гибко', 'flexibility'],
    ['Dexterity', 'flexibility'],
    ['Интеллектуальность', 'intellect'],
    ['интеллектуальности', 'intellect'],
    ['интеллект', 'intellect'],
    ['интеллектуально', 'intellect'],
    ['Intelligence', 'intellect'],
    ['Мудрость', 'wisdom'],
    ['мудростью', 'wisdom'],
    ['мудро', 'wisdom'],
    ['WISDOM', 'wisdom'],
    ['Коммуникативность', 'communication'],
    ['коммуникативности', 'communication'],
    ['коммуникабельность', 'communication'],
    ['Charisma', 'communication'],
    ['направление: мудрость', 'wisdom'],
  ];
  it.each(forms)('%s', (w, d) => {
    expect(action(only(`Страна публично, ${w} — провести реформу`)).direction).toBe(d);
  });
  it('Устойчивость (Constitution) on a strategic action', () => {
    for (const w of ['Устойчивость', 'устойчивости', 'constitution'])
      expect(action(only(`Страна стратегическое, ${w}: сменить строй`)).direction).toBe('constitution');
  });
});

describe('scale', () => {
  const forms: [string, number][] = [
    ['масштаб Хорошо', 1],
    ['масштаб хороший', 1],
    ['в масштабе хорошем', 1],
    ['масштаб +1', 1],
    ['масштаб: Отлично', 2],
    ['масштаб -1', -1],
    ['масштаб −2', -2],
    ['масштаб посредственно', -1],
    ['масштаб Нормально', 0],
    ['масштаб 0', 0],
    ['scale Good', 1],
    ['scale: superb', 3],
    ['scale terrible', -3],
  ];
  it.each(forms)('%s', (w, v) => {
    expect(action(only(`Тамплиеры тайно, агрессивность, ${w} — захватить порт`)).scale).toBe(v);
  });
  it('no scale: null (the GM or the reasonable size decides)', () => {
    expect(action(only('Тамплиеры тайно агрессивность: захватить порт')).scale).toBeNull();
  });
  it('"в масштабе страны" is text', () => {
    expect(action(only('Страна публично мудрость: в масштабе страны ввести налог')).text).toBe(
      'в масштабе страны ввести налог',
    );
  });
});

describe('strategic actions', () => {
  const askTime = [
    'Страна стратегическое, интеллектуальность: изобрести порох',
    'Страна, стратегия, интеллектуальность — изобрести порох',
    'Страна стратегическое действие интеллектуальность: изобрести порох, сколько времени?',
    'Страна интеллектуальность, цель: изобрести порох',
    'Страна интеллектуальность: изобрести порох, сколько времени?',
    'Страна интеллектуальность, оценить время — изобрести порох',
    'Country strategic intellect: изобрести порох',
    'Country intellect, how long? — изобрести порох',
    'Страна публично интеллектуальность стратегическое: изобрести порох, сколько времени?',
    'Страна, стратегическое действие, интеллектуальность, цель: изобрести порох, сколько времени?',
    'Country strategic intellect, goal: изобрести порох, how long?',
  ];
  it.each(askTime)('ask the time: %s', (t) => {
    expect(action(only(t))).toMatchObject({
      actor: { type: 'country' },
      direction: 'intellect',
      text: 'изобрести порох',
      strategic: { mode: 'ask-time' },
    });
  });

  const withTime: [string, number][] = [
    ['Страна стратегическое, мудрость, за 3 хода: осушить болота', 3],
    ['Страна мудрость за три хода — осушить болота', 3],
    ['Страна мудрость, за три года — осушить болота', 3],
    ['Страна мудрость, за пять ходов — осушить болота', 5],
    ['Страна мудрость, за один ход — осушить болота', 1],
    ['Страна мудрость, 4 хода — осушить болота', 4],
    ['Страна мудрость: осушить болота (за 2 хода)', 2],
    ['Страна мудрость, за двадцать пять ходов — осушить болота', 25],
    ['Country strategic, wisdom, in 3 turns: осушить болота', 3],
    ['Country wisdom, in four years — осушить болота', 4],
  ];
  it.each(withTime)('name the time (the GM gives the difficulty): %s', (t, n) => {
    expect(action(only(t))).toMatchObject({
      direction: 'wisdom',
      text: 'осушить болота',
      strategic: { mode: 'ask-difficulty', turns: n },
    });
  });

  it('years are turns by settings.yearsPerTurn', () => {
    const s = testState({ settings: { yearsPerTurn: 2, difficulty: 0 } });
    expect(action(only('Страна мудрость, за 4 года — осушить болота', s)).strategic).toEqual({
      mode: 'ask-difficulty',
      turns: 2,
    });
    expect(action(only('Страна мудрость, за 4 хода — осушить болота', s)).strategic).toEqual({
      mode: 'ask-difficulty',
      turns: 4,
    });
  });

  const cont: [string, number | null][] = [
    ['продолжить S2', null],
    ['Продолжаем S2', null],
    ['продолжаем S2 (за 3 хода)', 3],
    ['Продолжение С2', null],
    ['продолжить стратегическое действие S2', null],
    ['S2', null],
    ['Страна продолжить S2 за четыре хода', 4],
    ['Страна публично: продолжить S2 — копать каналы', null],
    ['continue S2', null],
    ['Continue s2 in 5 turns', 5],
    ['шаг S2', null],
  ];
  it.each(cont)('continue: %s', (t, planned) => {
    const o = action(only(t));
    expect(o).toMatchObject({
      actor: { type: 'country', id: 'ruthenia' },
      direction: 'intellect',
      visibility: 'public',
      strategic: { mode: 'continue', id: 'S2', planned },
    });
  });
  it('a step takes its strategic action’s direction and visibility, or the visibility written', () => {
    expect(action(only('продолжить S2 интеллектуальность')).direction).toBe('intellect');
    expect(action(only('продолжить S2 тайно')).visibility).toBe('secret');
    expect(action(only('Страна публично: продолжить S2 — копать каналы')).text).toBe('копать каналы');
  });

  const abandon = [
    'отказаться от S2',
    'Отказаться от С2',
    'прекратить S2',
    'отказ от S2',
    'Страна: отказаться от S2',
    'отказаться от стратегического действия S2',
    'abandon S2',
    'stop S2',
    'бросить S2',
  ];
  it.each(abandon)('abandon: %s', (t) => {
    expect(only(t)).toEqual({ type: 'abandon', line: 1, id: 'S2' });
  });
});

describe('influence (stage 2)', () => {
  const support = [
    'Иван поддержать A3',
    'Иван: поддержать А3',
    'Иван поддержка A3',
    'Иван тайно, в поддержку A3',
    'Иван поддержать действие A3',
    'Ivan support A3',
    'figure ivan: support a3',
    'Иван +A3',
    'Иван помочь A3',
  ];
  it.each(support)('support: %s', (t) => {
    expect(only(t, s2)).toEqual({
      type: 'influence',
      line: 1,
      figure: 'ivan',
      visibility: 'secret',
      target: 'A3',
      sign: 1,
      text: '',
    });
  });
  const oppose = [
    'Иван против A3',
    'Иван противодействовать A3',
    'Иван: противодействие А3',
    'Иван помешать A3',
    'Ivan oppose A3',
    'Ivan against A3',
    'Иван -A3',
    'Иван −A3',
  ];
  it.each(oppose)('oppose: %s', (t) => {
    expect(only(t, s2)).toMatchObject({ type: 'influence', figure: 'ivan', target: 'A3', sign: -1 });
  });
  it('with visibility and text', () => {
    expect(only('Иван Грозный публично против A3 — пусть провалится', s2)).toEqual({
      type: 'influence',
      line: 1,
      figure: 'ivan',
      visibility: 'public',
      target: 'A3',
      sign: -1,
      text: 'пусть провалится',
    });
  });
  it('on a country’s action the figure has influence on (a country counts as an order)', () => {
    const s = stage2();
    s.figures.find((f) => f.id === 'ivan')!.influence.push({ order: 'ruthenia', degree: 0, pi: 0, permanent: null });
    expect(only('Иван поддержать A1', s)).toMatchObject({ type: 'influence', target: 'A1' });
  });
  it('on the player’s own secret action', () => {
    expect(only('Иван поддержать A2', s2)).toMatchObject({ type: 'influence', target: 'A2' });
  });

  const gain: [string, string][] = [
    ['Иван: усилить влияние на орден тамплиеров', 'templars'],
    ['Иван увеличить своё влияние на тамплиеров', 'templars'],
    ['Иван Грозный усилить влияние на гильдию купцов', 'guild'],
    ['Иван: усилить влияние на «Гильдия купцов»', 'guild'],
    ['Ivan: increase influence on templars', 'templars'],
    ['Ivan gain influence over the guild', 'guild'],
    ['Иван: усилить влияние на страну', 'ruthenia'],
    ['Иван: усилить влияние на Рутению', 'ruthenia'],
  ];
  const s2c = stage2();
  s2c.figures.find((f) => f.id === 'ivan')!.influence.push({ order: 'ruthenia', degree: 0, pi: 0, permanent: null });
  it.each(gain)('increase influence: %s', (t, order) => {
    expect(action(only(t, s2c))).toMatchObject({
      actor: { type: 'figure', id: 'ivan' },
      gainInfluence: order,
      direction: 'communication',
      visibility: 'secret',
    });
  });
  it('increase influence with a direction and text', () => {
    expect(action(only('Иван публично, мудрость: усилить влияние на тамплиеров — проповедь', s2))).toMatchObject({
      gainInfluence: 'templars',
      direction: 'wisdom',
      visibility: 'public',
      text: 'проповедь',
    });
  });
});

describe('the text of the action', () => {
  it('after a colon, a dash, in quotes, or simply after the order words', () => {
    for (const t of [
      'Страна публично мудрость: построить мост',
      'Страна публично мудрость — построить мост',
      'Страна публично мудрость - построить мост',
      'Страна публично мудрость «построить мост»',
      'Страна публично мудрость построить мост',
      'Страна публично мудрость: «построить мост».',
    ])
      expect(action(only(t)).text, t).toBe('построить мост');
  });
  it('order words at the end after a comma', () => {
    expect(action(only('Братство Розы интеллект: строить школы, публично'))).toMatchObject({
      visibility: 'public',
      direction: 'intellect',
      text: 'строить школы',
    });
    expect(action(only('Страна: построить флот, агрессивность, тайно'))).toMatchObject({
      visibility: 'secret',
      direction: 'aggression',
      text: 'построить флот',
    });
    expect(action(only('Тамплиеры тайно мудрость: возвести собор (масштаб Хорошо)'))).toMatchObject({
      scale: 1,
      text: 'возвести собор',
    });
  });
  it('a second word of a kind already given is text', () => {
    expect(action(only('Страна публично, Мудрость, построить библиотеку, агрессивно')).text).toBe(
      'построить библиотеку, агрессивно',
    );
    expect(action(only('Страна публично агрессивность: агрессивные соседи нападут')).text).toBe(
      'агрессивные соседи нападут',
    );
  });
  it('order words inside quotes stay text', () => {
    expect(action(only('тамплиеры: секретное действие, Интеллектуальность — «изобрести компас, тайно»')).text).toBe(
      'изобрести компас, тайно',
    );
  });
  it('blank lines and comments are skipped; line numbers count every line', () => {
    const r = parse('# мои приказы\n\nСтрана публично мудрость: мост\n// ещё\nТамплиеры тайно агрессия: поход');
    expect(r.errors).toEqual([]);
    expect(r.orders.map((o) => o.line)).toEqual([3, 5]);
  });
});

describe('echo: every accepted line as understood, in the player’s language', () => {
  it('Russian', () => {
    const r = parse(
      'Страна публично, мудрость, масштаб +1: построить библиотеку\nТамплиеры стратегическое интеллект за 3 хода — изобрести порох\nпродолжаем S2 (за 4 хода)\nотказаться от S2',
    );
    expect(r.echo.map((e) => e.understood)).toEqual([
      'страна Рутения: публичное действие, Мудрость, масштаб Хорошо (+1) — «построить библиотеку»',
      'Орден тамплиеров: тайное действие, Интеллектуальность; новое стратегическое действие за 3 хода, сложность назначит ведущий — «изобрести порох»',
      'страна Рутения: публичное действие, Интеллектуальность; продолжение S2 «осушить болота», всего на него 4 хода',
      'отказ от стратегического действия S2 «осушить болота» (страна Рутения)',
    ]);
    expect(r.echo.map((e) => e.line)).toEqual([1, 2, 3, 4]);
  });
  it('English', () => {
    const r = parse(
      'Country public wisdom scale Good: build a library\nTemplars strategic intellect, how long? — invent gunpowder',
      s1,
      'en',
    );
    expect(r.echo.map((e) => e.understood)).toEqual([
      'country Рутения: public action, Wisdom, scale Good (+1) — "build a library"',
      'Орден тамплиеров: secret action, Intellect; a new strategic action, the GM estimates the time — "invent gunpowder"',
    ]);
  });
  it('influence and gain', () => {
    const r = parse('Иван поддержать A3\nИван: усилить влияние на тамплиеров', s2);
    expect(r.echo.map((e) => e.understood)).toEqual([
      'фигура Иван Грозный: тайное действие влияния — поддержка A3 (орден «Гильдия купцов»)',
      'фигура Иван Грозный: тайное действие, Коммуникативность; усиление влияния на «Орден тамплиеров»',
    ]);
  });
});

describe('refusals: every bad line with its reason', () => {
  it('no actor', () => refused('публично мудрость: построить', 'no-actor'));
  it('an order the player does not know of is unknown (its existence is not told)', () => {
    const reason = refused('Орден Сов тайно мудрость: ночь', 'unknown-order');
    expect(reason).toBe('неизвестный орден «Сов»');
    refused('Орден Единорога тайно мудрость: ночь', 'unknown-order');
    refused('order Unicorn secret wisdom: night', 'unknown-order', s1, 'en');
  });
  it('a figure the player does not know of', () =>
    refused('фигура Серый Кардинал тайно мудрость: интрига', 'unknown-figure', s2));
  it('an ambiguous name', () => {
    const s = stage2();
    s.figures.push({ ...s.figures[0]!, id: 'kalita', name: 'Иван Калита' });
    expect(refused('Иван мудрость: молиться', 'ambiguous', s)).toContain('Иван Грозный, Иван Калита');
    expect(action(only('Иван Калита мудрость: молиться', s)).actor.id).toBe('kalita');
  });
  it('not the player’s', () => {
    refused('Галлия публично мудрость: поход', 'not-yours');
    refused('Гильдия купцов публично мудрость: торговать', 'not-yours');
    refused('Мария: поддержать A3', 'not-yours', s2);
    refused('Maria: support A3', 'not-yours', s2, 'en');
  });
  it('the wrong stage', () => {
    refused('Иван мудрость: молиться', 'figure-stage-1');
    refused('Страна мудрость: собрать совет', 'order-stage-2', s2);
    refused('Тамплиеры тайно агрессия: поход', 'order-stage-2', s2);
    refused('Иван поддержать A3', 'influence-stage-1');
    refused('отказаться от S2', 'abandon-stage-2', s2);
  });
  it('no direction, no text, no goal', () => {
    expect(refused('Страна публично: построить', 'no-direction')).toContain('Агрессивность (Сила)');
    refused('Страна публично мудрость', 'no-text');
    refused('Страна стратегическое мудрость', 'no-goal');
    refused('Country public', 'no-direction', s1, 'en');
  });
  it('Гибкость only ordinary, Устойчивость only strategic', () => {
    refused('Страна Устойчивость: сменить строй', 'constitution-ordinary');
    refused('Страна стратегическое Гибкость мышления: дамба', 'flexibility-strategic');
    refused('Страна гибко, за 3 хода: дамба', 'flexibility-strategic');
  });
  it('strategic actions are not for figures; scale not for figures or strategic actions', () => {
    refused('Иван стратегическое мудрость: реформа', 'strategic-figure', s2);
    refused('Иван мудрость масштаб хорошо: пир', 'scale-figure', s2);
    refused('Страна стратегическое мудрость масштаб хорошо: реформа', 'scale-strategic');
    refused('Страна мудрость масштаб +5: реформа', 'scale-range');
  });
  it('strategic ids', () => {
    refused('продолжить S9', 'unknown-strategic');
    refused('продолжить S1', 'unknown-strategic'); // another player's
    expect(refused('продолжить S3', 'strategic-closed')).toBe('стратегическое действие S3 уже завершено');
    refused('отказаться от S9', 'unknown-strategic');
    refused('Тамплиеры продолжить S2', 'strategic-actor');
    refused('продолжить S2, мудрость', 'strategic-direction');
    refused('продолжить S2, сколько времени?', 'strategic-new-and-continue');
    refused('продолжить S2 за 2 хода', 'planned-too-short');
    refused('отказаться от S2 масштаб хорошо', 'abandon-extra');
  });
  it('time', () => {
    refused('Страна стратегическое мудрость, сколько времени, за 3 хода: реформа', 'ask-time-and-turns');
    refused('Страна мудрость за 60 ходов: реформа', 'turns-range');
    refused(
      'Страна мудрость за 3 года: реформа',
      'years-per-turn',
      testState({ settings: { yearsPerTurn: 2, difficulty: 0 } }),
    );
  });
  it('influence', () => {
    refused('Страна поддержать A3', 'influence-not-figure', s2);
    refused('Иван против A4', 'unknown-action', s2); // another player's secret action
    refused('Иван против A6', 'unknown-action', s2); // a public action of an order unknown to the player
    refused('Иван поддержать A99', 'unknown-action', s2);
    refused('Олег против A2', 'no-influence', s2);
    refused('Иван +A1', 'no-influence', s2); // a country's action, no influence on that country
    refused('Иван поддержать A3 масштаб хорошо', 'influence-extra', s2);
    const s = stage2();
    s.declared.push({
      ...s.declared[0]!,
      id: 'F1',
      stage: 2,
      actor: { type: 'figure', id: 'oleg' },
      player: 'rus',
      visibility: 'public',
    });
    refused('Иван поддержать F1', 'influence-figure-action', s);
  });
  it('increase influence', () => {
    refused('Тамплиеры мудрость: усилить влияние на гильдию купцов', 'gain-not-figure');
    refused('Иван: усилить влияние', 'gain-no-order', s2);
    refused('Иван: усилить влияние на Братство Розы', 'no-influence', s2);
    refused('Иван: усилить влияние на орден Единорога', 'unknown-order', s2);
  });
  it('reasons in English', () => {
    expect(refused('Ivan wisdom: pray', 'figure-stage-1', s1, 'en')).toMatch(/^figures act in stage 2/);
  });
  it('good and bad lines together: each bad one echoed, the good ones kept', () => {
    const r = parse('Страна публично мудрость: мост\nГаллия мудрость: поход\nТамплиеры тайно агрессия: поход');
    expect(r.orders.map((o) => o.line)).toEqual([1, 3]);
    expect(r.errors.map((e) => e.line)).toEqual([2]);
    expect(r.echo.map((e) => e.line)).toEqual([1, 3]);
  });
});
