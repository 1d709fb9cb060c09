// The FanDi order language: Czech with and without diacritics, English, and every error reason.
import { describe, expect, it } from 'vitest';
import { rules } from '../../src/games/fandi/index.js';
import { MESSAGE_IDS, hasMessage, message } from '../../src/games/fandi/messages.js';
import { parseState } from '../../src/games/fandi/cases.js';
import type { FandiOrder, FandiState } from '../../src/games/fandi/state.js';
import { newGame } from './helpers.js';

const game = newGame();
const parse = (text: string, lang: 'cs' | 'en' = 'en', state: FandiState = game, player = 'alfa') =>
  rules.parseOrders(text, { state, player, lang });
const only = (text: string, lang: 'cs' | 'en' = 'en', state: FandiState = game) => {
  const r = parse(text, lang, state);
  expect(r.errors).toEqual([]);
  expect(r.orders).toHaveLength(1);
  return r.orders[0]!;
};

describe('FanDi orders: the same order in three spellings', () => {
  const forms: [string, string][] = [
    ['3× pěší z B2 na B3', 'cs'],
    ['3x pesi z B2 na B3', 'cs'],
    ['přesuň 3 pěšáky B2-B3', 'cs'],
    ['move 3 infantry from B2 to B3', 'en'],
    ['3 foot B2 B3', 'en'],
  ];
  it.each(forms)('%s', (text, lang) => {
    const o = only(text, lang as 'cs' | 'en');
    expect(o).toMatchObject({
      kind: 'move',
      units: { at: 'B2', type: 'pesi', count: 3, ids: null },
      path: ['B2', 'B3'],
    });
  });

  it('echoes in Czech and English', () => {
    expect(parse('3× pěší z B2 na B3', 'cs').echo[0]!.understood).toBe('3× pěší z B2 na B3 — přesun (B2 B3)');
    expect(parse('3 pesi B2 B3', 'en').echo[0]!.understood).toBe('3× infantry from B2 to B3 — move (B2 B3)');
  });

  const invest: [string, Partial<FandiOrder>][] = [
    ['B2 hradby 20', { kind: 'invest', target: 'walls', amount: 20 }],
    ['B2 věda zbytek', { kind: 'invest', target: 'science', amount: 'rest' }],
    ['B2 veda vse', { kind: 'invest', target: 'science', amount: 'rest' }],
    ['B2 technology 15', { kind: 'invest', target: 'tech', amount: 15 }],
    ['B2 hodnota 30 xc', { kind: 'invest', target: 'value', amount: 30 }],
    ['B2 value all', { kind: 'invest', target: 'value', amount: 'rest' }],
    ['B2 hotovost', { kind: 'invest', target: 'cash', amount: 'rest' }],
    ['B2 hotovost 30', { kind: 'invest', target: 'cash', amount: 30 }],
    ['B2 výnos navíc 20', { kind: 'extra', amount: 20 }],
    ['B2 extra 20', { kind: 'extra', amount: 20 }],
    ['B2 postav 2 pěšáky', { kind: 'build', unitType: 'pesi', count: 2 }],
    ['build 2 infantry in B2', { kind: 'build', unitType: 'pesi', count: 2 }],
    ['B2 špión', { kind: 'spy-build', count: 1 }],
    ['B2 spy 2', { kind: 'spy-build', count: 2 }],
    ['B2 posel A4 30', { kind: 'messenger', target: 'A4', amount: 30 }],
    ['messenger from B2 to A4 rest', { kind: 'messenger', target: 'A4', amount: 'rest' }],
    ['kabát B2 brana', { kind: 'coat-city', city: 'B2', to: 'brana' }],
    ['give B2 to Brána', { kind: 'coat-city', city: 'B2', to: 'brana' }],
    ['kabat 1 pesi B2 b', { kind: 'coat-units', to: 'brana' }],
    ['útok pěší', { kind: 'attack', types: ['pesi'] }],
    ['attack knights infantry', { kind: 'attack', types: ['pesi', 'rytir'] }],
  ];
  it.each(invest)('%s', (text, want) => {
    expect(only(text, 'cs')).toMatchObject(want);
  });

  it('ignores blank lines, comments and quoted lines, and keeps line numbers', () => {
    const r = parse('; comment\n\n> quoted 3 pesi B2 B3\n// note\nB2 hradby 5');
    expect(r.orders).toHaveLength(1);
    expect(r.orders[0]!.line).toBe(5);
  });
});

describe('FanDi orders: every error reason', () => {
  const s = parseState(`
    map
      |ab  c|
      |  % #|
      |#  #a|
    player alfa science=1
    player brana
    player cerna out=yes
    city A1 spies=1 walls=2 wallsInvested=200 tech=trade
    units A1 alfa 2 pesi 1 luk
    units B2 alfa 1 pesi
  `);
  const cases: [string, string, string][] = [
    ['unknown-order', 'dance the polka', 'cannot understand'],
    ['bad-square', '1 pesi A1 K9', 'K9 is not on the map'],
    ['unknown-unit', '1 troll A1 A2', 'unknown unit type "troll"'],
    ['unknown-player', 'kabat A1 zeus', 'unknown player "zeus"'],
    ['extra-words', 'A1 postav 1 pesi 2 luk', 'unexpected words'],
    ['missing-amount', 'A1 hradby', 'the amount is missing'],
    ['bad-amount', 'A1 postav 0 pesi', 'positive whole number'],
    ['missing-city-which', 'hradby 20', 'you have several (A1 E3), write which, e.g. "A1 hradby 20"'],
    ['missing-target', 'A1 investuj 20', 'does not say what to invest in'],
    ['missing-path', '1 pesi A1', 'the path is missing'],
    ['missing-player', 'kabat A1', 'the player to hand over to is missing'],
    ['missing-unit', 'A1 postav 3', 'the unit type is missing'],
    ['not-a-city', 'D2 hradby 5', 'there is no city on D2'],
    ['not-your-city', 'B1 hradby 5', 'city B1 is not yours'],
    ['neutral-target', 'A1 posel C2 5', 'city C2 is neutral'],
    ['same-city', 'A1 posel A1 5', 'the target is the same city'],
    ['no-units', '1 rytir A1 A2', 'you have no such units on A1'],
    ['not-enough-units', '3 pesi A1 A2', 'only 2 such units are available on A1'],
    ['unit-unknown', '#99 A1 A2', 'unit #99 does not exist'],
    ['unit-elsewhere', '#4 A1 A2', 'unit #4 is on B2, not on A1'],
    ['path-rock', '1 luk A1 A2 A3', 'A3 is impassable'],

    ['path-blocked', '1 pesi B2 E3', 'no legal path from B2 to E3'],
    ['too-far', '1 pesi A1 A2 B2', 'the path has 2 steps'],
    ['science-needed', 'A1 postav 1 rytir', 'knight needs science 2 (you have 1)'],
    ['tech-max', 'A1 technika 5', 'trade is already developed'],
    ['walls-max', 'A1 hradby 5', 'walls are already at level 2'],
    ['extra-too-much', 'A1 navic 50', 'at most 20 xc'],
    ['spy-none', 'A1 spion B1\nA1 spion B1', 'no spy is ready in A1'],
    ['spy-not-neighbour', 'A1 spion E1', 'E1 is not a neighbouring city of A1'],
    ['spy-own', 'A1 spion A1', 'A1 is your own city'],
    ['coat-self', 'kabat A1 alfa', 'cannot hand over to yourself'],
    ['coat-out', 'kabat A1 cerna', 'player cerna is out of the game'],
    ['city-coat-busy', 'kabat A1 brana\nA1 hodnota 5', 'city A1 changes coat this turn'],
    [
      'after-rest',
      'A1 hodnota zbytek\nA1 postav 1 pesi',
      'the order "A1 hodnota zbytek" already spends all that is left in A1',
    ],
    ['duplicate', 'A1 navic 5\nA1 navic 5', 'this order was already given for A1'],
    ['unit-twice', '#4 B2 B3\n#4 B2 C2', 'unit #4 already has a move order'],
  ];
  it.each(cases)('%s', (code, text, reason) => {
    const r = parse(text, 'en', s);
    const rejected = r.orders.filter((o) => o.kind === 'rejected');
    expect(rejected.map((o) => (o as { code: string }).code)).toContain(code);
    expect(r.errors.map((e) => e.reason).join(' | ')).toContain(reason);
  });

  it('has Czech texts with diacritics for every reason', () => {
    const r = parse('A1 postav 1 rytir', 'cs', s);
    expect(r.errors[0]!.reason).toBe('rytíř vyžaduje vědu 2 (máte 1)');
    expect(MESSAGE_IDS.length).toBeGreaterThan(60);
    for (const code of MESSAGE_IDS) {
      expect(hasMessage('cs', code), code).toBe(true);
      expect(hasMessage('en', code), code).toBe(true);
      expect(message('cs', code, {}), code).not.toBe('');
    }
  });

  it('a player without a city gets "the city is missing"; one with one city need not name it', () => {
    const t = parseState(`
      map
        |a   %|
      player alfa
      player brana
      units C1 brana 1 pesi
    `);
    expect(parse('hradby 20', 'en', t, 'brana').errors.map((e) => e.reason)).toEqual([
      'the city is missing (a square, e.g. B4)',
    ]);
    expect(parse('hradby 20', 'en', t, 'alfa').orders[0]).toMatchObject({
      kind: 'invest',
      city: 'A1',
      target: 'walls',
      amount: 20,
    });
  });

  it('a name two gods share in some case is refused with both names', () => {
    const t = parseState(`
      map
        |al  %%|
      player alfa
      player dana
      player dano
    `);
    const r = parse('předej A1 Daně', 'cs', t, 'alfa');
    expect(r.orders[0]).toMatchObject({ kind: 'rejected', code: 'ambiguous-player' });
    expect(r.errors[0]!.reason).toBe('„daně“ může být Dana, Dano: napište jméno boha celé');
    expect(parse('předej A1 Daně', 'cs', t, 'alfa').errors).toHaveLength(1);
    expect(parse('předej A1 Dano', 'cs', t, 'alfa').orders[0]).toMatchObject({ kind: 'coat-city', to: 'dano' });
  });

  it('rejects everything from a player who is out, and after the game is over', () => {
    expect(parse('A1 hradby 5', 'en', s, 'cerna').errors[0]!.reason).toContain('out of the game');
    expect(parse('A1 hradby 5', 'en', { ...s, over: true }).errors[0]!.reason).toContain('game is over');
  });

  it('covers every parse-time reason in MESSAGES', () => {
    const tested = new Set(cases.map((c) => c[0]));
    const parseCodes = [
      'unknown-order',
      'bad-square',
      'unknown-unit',
      'unknown-player',
      'extra-words',
      'missing-amount',
      'bad-amount',
      'missing-city-which',
      'missing-target',
      'missing-path',
      'missing-player',
      'missing-unit',
      'not-a-city',
      'not-your-city',
      'neutral-target',
      'same-city',
      'no-units',
      'not-enough-units',
      'unit-unknown',
      'unit-elsewhere',
      'unit-twice',
      'path-rock',
      'path-blocked',
      'too-far',
      'science-needed',
      'tech-max',
      'walls-max',
      'extra-too-much',
      'duplicate',
      'spy-none',
      'spy-not-neighbour',
      'spy-own',
      'coat-self',
      'coat-out',
      'city-coat-busy',
      'after-rest',
    ];
    for (const c of parseCodes) {
      expect(hasMessage('en', c), c).toBe(true);
      expect(tested.has(c), c).toBe(true);
    }
  });
});
