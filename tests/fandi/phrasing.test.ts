// Orders as Czech players write them (issue 14): the document's own words, the common
// verbs and prepositions, any grammatical case, natural word order, with and without
// diacritics, in any letter case. Each phrasing must give exactly the order in the table;
// the same line without diacritics and in capitals must give the same order.
import { describe, expect, it } from 'vitest';
import { rules } from '../../src/games/fandi/index.js';
import { parseState } from '../../src/games/fandi/cases.js';
import type { FandiState } from '../../src/games/fandi/state.js';
import { normalize } from '../../src/games/fandi/words.js';

// Alfa has one city (A1), so orders may leave it out; a spy is ready in A1.
const one = parseState(`
  map
    |abc  |
    |     |
    |%   %|
  player alfa science=2
  player brana god=Brána
  player cerna god=Černá
  city A1 spies=1 cash=100
  units A1 alfa 3 pesi 2 luk 1 rytir
  units A2 alfa 2 pesi
`);
// Alfa has two cities (A1, A3): an order for a city must say which.
const two = parseState(`
  map
    |abc  |
    |     |
    |a   %|
  player alfa science=2
  player brana god=Brána
  player cerna god=Černá
  city A1 spies=1 cash=100
  units A1 alfa 3 pesi 2 luk 1 rytir
`);

// The same, one science level lower (science can still be raised).
const sci = { ...one, players: one.players.map((p) => (p.id === 'alfa' ? { ...p, science: 1 } : p)) };

const parse = (text: string, state: FandiState = one, lang: 'cs' | 'en' = 'cs') =>
  rules.parseOrders(text, { state, player: 'alfa', lang });

type Want = Record<string, unknown>;
const mv = (type: string | null, count: number | null, path: string[], at = path[0]): Want => ({
  kind: 'move',
  units: { at, type, count, ids: null },
  path,
});
const build = (unitType: string, count: number, city = 'A1'): Want => ({ kind: 'build', city, unitType, count });
const inv = (target: string, amount: number | 'rest', city = 'A1'): Want => ({ kind: 'invest', city, target, amount });

// [phrasing, state, the order it must give]
const TABLE: [string, FandiState, Want][] = [
  // ---- moves
  ['3 pěší z A1 na A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['3x pesi z A1 na A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['3× pěší A1 A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['3 x pěší A1 A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['přesuň 3 pěší z A1 do A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['přesuňte 3 pěšáky z A1 na A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['táhni 3 pěšími z A1 na A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['pošli 3 pěší z A1 na A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['jděte 3 pěší z A1 na A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['pochodujte s 3 pěšími z A1 na A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['na A2 přesuň 3 pěší z A1', one, mv('pesi', 3, ['A1', 'A2'])],
  ['z A1 na A2 3 pěší', one, mv('pesi', 3, ['A1', 'A2'])],
  ['3 pěší: A1 → A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['3 pěší A1->A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['3 pěší A1-A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['3 pěší A1 – A2.', one, mv('pesi', 3, ['A1', 'A2'])],
  // the minus sign, the Unicode hyphens and dashes, the small and full-width ones
  ['3 pěší A1 − A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['3 pěší A1−A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['3 pěší A1‐A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['3 pěší A1‑A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['3 pěší A1 ‒ A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['3 pěší A1 ― A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['3 pěší A1 ﹘ A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['3 pěší A1﹣A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['3 pěší A1 － A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['2 lukostřelci A1−A3', one, mv('lukostrelec', 2, ['A1', 'A2', 'A3'])],
  ['přesuň 2 lukostřelce z A1 přes A2 na A3', one, mv('lukostrelec', 2, ['A1', 'A2', 'A3'])],
  ['2 lukostřelci A1-A3', one, mv('lukostrelec', 2, ['A1', 'A2', 'A3'])],
  ['přesuň všechny jednotky z A1 na A2', one, mv(null, null, ['A1', 'A2'])],
  ['přesuň všechny pěší z A1 na A2', one, mv('pesi', null, ['A1', 'A2'])],
  ['všichni pěšáci z A1 do A2', one, mv('pesi', null, ['A1', 'A2'])],
  ['A1 A2', one, mv(null, null, ['A1', 'A2'])],
  ['rytíř z A1 na A2', one, mv('rytir', null, ['A1', 'A2'])],
  ['přesuň rytíře z A1 na A2', one, mv('rytir', null, ['A1', 'A2'])],
  ['1 rytíře A1 A2', one, mv('rytir', 1, ['A1', 'A2'])],
  ['přesuň pěchotu z A1 na A2', one, mv('pesi', null, ['A1', 'A2'])],
  ['#6 z A1 na A2', one, { kind: 'move', units: { at: 'A1', ids: [6] }, path: ['A1', 'A2'] }],
  ['#1 #2 A1 A2', one, { kind: 'move', units: { at: 'A1', ids: [1, 2] }, path: ['A1', 'A2'] }],
  ['zaútoč rytířem z A1 na B1', one, mv('rytir', null, ['A1', 'B1'])],
  ['move 3 infantry from A1 to A2', one, mv('pesi', 3, ['A1', 'A2'])],
  ['march the knight from A1 to A2', one, mv('rytir', null, ['A1', 'A2'])],
  ['move 2 archers A1 to A3 via A2', one, mv('lukostrelec', 2, ['A1', 'A2', 'A3'])],
  // ---- building units ("Armada - zold a vybudovani jednotek")
  ['A1 postav 2 pěší', one, build('pesi', 2)],
  ['A1 postav 2 pěšáky', one, build('pesi', 2)],
  ['postav 2 pěší v A1', one, build('pesi', 2)],
  ['v A1 postav 2 pěší', one, build('pesi', 2)],
  ['A1 kup 1 pěší', one, build('pesi', 1)],
  ['A1 kup 1 pěšího', one, build('pesi', 1)],
  ['kup v A1 2 pěší', one, build('pesi', 2)],
  ['A1 vyrob 2 lukostřelce', one, build('lukostrelec', 2)],
  ['A1 naverbuj 3 pěšáky', one, build('pesi', 3)],
  ['A1 verbuj 2 kopiníky', one, build('kopinik', 2)],
  ['A1 vytvoř 1 legii', one, build('legie', 1)],
  ['A1 armáda 2 pěší', one, build('pesi', 2)],
  ['A1: postav 2× pěší', one, build('pesi', 2)],
  ['A1 postavte 1 rytíře', one, build('rytir', 1)],
  ['A1 postav jezdectvo', one, build('jezdectvo', 1)],
  ['A1 kup 2 jízdy', one, build('jezdectvo', 2)],
  ['A1 najmi 1 templáře', one, build('templar', 1)],
  ['A1 postav katapult', one, build('katapult', 1)],
  ['A1 vycvič 2 kleriky', one, build('klerik', 2)],
  ['postav 2 pěší', one, build('pesi', 2)],
  ['A1 build 2 infantry', one, build('pesi', 2)],
  ['buy 1 knight in A1', one, build('rytir', 1)],
  ['A1 recruit 3 foot', one, build('pesi', 3)],
  // ---- city value ("Hodnota mesta")
  ['A1 hodnota města 5', one, inv('value', 5)],
  ['A1 hodnota 5', one, inv('value', 5)],
  ['A1 hodnotu 5', one, inv('value', 5)],
  ['zvyš hodnotu o 5', one, inv('value', 5)],
  ['zvyš hodnotu A1 o 5', one, inv('value', 5)],
  ['A1 zvyš hodnotu o 5 xc', one, inv('value', 5)],
  ['zvýšit hodnotu města A1 o 5', one, inv('value', 5)],
  ['investuj 5 do hodnoty A1', one, inv('value', 5)],
  ['A1 do hodnoty zbytek', one, inv('value', 'rest')],
  ['A1 rozvoj 5', one, inv('value', 5)],
  ['A1 value 5', one, inv('value', 5)],
  // ---- walls ("Hradby")
  ['A1 hradby 20', one, inv('walls', 20)],
  ['A1 do hradeb 20', one, inv('walls', 20)],
  ['dej 20 do hradeb v A1', one, inv('walls', 20)],
  ['investuj 20 xc do hradeb A1', one, inv('walls', 20)],
  ['A1 postav hradby za 20', one, inv('walls', 20)],
  ['A1 posil hradby o 20', one, inv('walls', 20)],
  ['A1 opevnění 20', one, inv('walls', 20)],
  ['A1 hradby 20xc', one, inv('walls', 20)],
  ['A1 walls 20', one, inv('walls', 20)],
  ['put 20 into walls in A1', one, inv('walls', 20)],
  // ---- science ("Veda")
  ['A1 věda 50', sci, inv('science', 50)],
  ['A1 veda 50', sci, inv('science', 50)],
  ['A1 do vědy 50', sci, inv('science', 50)],
  ['investuj 50 do vědy v A1', sci, inv('science', 50)],
  ['vlož 50 do vědy A1', sci, inv('science', 50)],
  ['A1 výzkum 50', sci, inv('science', 50)],
  ['A1 věda zbytek', sci, inv('science', 'rest')],
  ['A1 věda vše', sci, inv('science', 'rest')],
  ['A1 zbytek do vědy', sci, inv('science', 'rest')],
  ['A1 všechno do vědy', sci, inv('science', 'rest')],
  ['A1 science 50', sci, inv('science', 50)],
  // ---- technology ("Technika": rozvinuta remesla, rozvinuty obchod)
  ['A1 technika 10', one, inv('tech', 10)],
  ['A1 do techniky 10', one, inv('tech', 10)],
  ['A1 řemesla 10', one, inv('tech', 10)],
  ['A1 rozvinutý obchod 10', one, inv('tech', 10)],
  ['A1 technologie 10', one, inv('tech', 10)],
  ['A1 tech 10', one, inv('tech', 10)],
  // ---- cash ("Hotovost")
  ['A1 hotovost', one, inv('cash', 'rest')],
  ['A1 do hotovosti', one, inv('cash', 'rest')],
  ['A1 hotovost 30', one, inv('cash', 30)],
  ['A1 ušetři 30', one, inv('cash', 30)],
  ['A1 odlož 30 do hotovosti', one, inv('cash', 30)],
  ['A1 zbytek do hotovosti', one, inv('cash', 'rest')],
  ['A1 cash', one, inv('cash', 'rest')],
  ['A1 save 30', one, inv('cash', 30)],
  // ---- extra yield ("Je mozne ziskat i vetsi vynos")
  ['A1 navíc 10', one, { kind: 'extra', city: 'A1', amount: 10 }],
  ['A1 výnos navíc 10', one, { kind: 'extra', city: 'A1', amount: 10 }],
  ['A1 větší výnos 10', one, { kind: 'extra', city: 'A1', amount: 10 }],
  ['A1 extra 10', one, { kind: 'extra', city: 'A1', amount: 10 }],
  // ---- spies ("Spion")
  ['A1 špión', one, { kind: 'spy-build', city: 'A1', count: 1 }],
  ['vytvoř špióna', one, { kind: 'spy-build', city: 'A1', count: 1 }],
  ['A1 vytvoř špióna', one, { kind: 'spy-build', city: 'A1', count: 1 }],
  ['vytvoř špióna v A1', one, { kind: 'spy-build', city: 'A1', count: 1 }],
  ['A1 kup špióna', one, { kind: 'spy-build', city: 'A1', count: 1 }],
  ['A1 postav 2 špióny', one, { kind: 'spy-build', city: 'A1', count: 2 }],
  ['A1 spy', one, { kind: 'spy-build', city: 'A1', count: 1 }],
  ['make a spy in A1', one, { kind: 'spy-build', city: 'A1', count: 1 }],
  ['A1 špión B1', one, { kind: 'spy-send', city: 'A1', target: 'B1' }],
  ['pošli špióna z A1 do B1', one, { kind: 'spy-send', city: 'A1', target: 'B1' }],
  ['vyšli špióna z A1 na B1', one, { kind: 'spy-send', city: 'A1', target: 'B1' }],
  ['špión z A1 do B1', one, { kind: 'spy-send', city: 'A1', target: 'B1' }],
  ['vyšli špióna do B1', one, { kind: 'spy-send', city: 'A1', target: 'B1' }],
  ['do B1 pošli špióna z A1', one, { kind: 'spy-send', city: 'A1', target: 'B1' }],
  ['vyšli špióna do B1', two, { kind: 'spy-send', city: 'A1', target: 'B1' }],
  ['send a spy from A1 to B1', one, { kind: 'spy-send', city: 'A1', target: 'B1' }],
  // ---- messengers ("Posel")
  ['A1 posel C1 10', one, { kind: 'messenger', city: 'A1', target: 'C1', amount: 10 }],
  ['pošli posla do C1 s 10', one, { kind: 'messenger', city: 'A1', target: 'C1', amount: 10 }],
  ['pošli posla z A1 do C1 s 10', one, { kind: 'messenger', city: 'A1', target: 'C1', amount: 10 }],
  ['do C1 pošli z A1 posla s 10 xc', one, { kind: 'messenger', city: 'A1', target: 'C1', amount: 10 }],
  ['posel z A1 do B1 10 xc', one, { kind: 'messenger', city: 'A1', target: 'B1', amount: 10 }],
  ['A1 pošli posla do B1 se 20', one, { kind: 'messenger', city: 'A1', target: 'B1', amount: 20 }],
  ['vyšli posla z A1 do B1 se zbytkem', one, { kind: 'messenger', city: 'A1', target: 'B1', amount: 'rest' }],
  ['A1 posel B1 zbytek', one, { kind: 'messenger', city: 'A1', target: 'B1', amount: 'rest' }],
  ['pošli posla do A3 s 10', two, { kind: 'messenger', city: 'A1', target: 'A3', amount: 10 }],
  ['A1 kurýr C1 10', one, { kind: 'messenger', city: 'A1', target: 'C1', amount: 10 }],
  ['messenger from A1 to B1 with 10', one, { kind: 'messenger', city: 'A1', target: 'B1', amount: 10 }],
  ['send a messenger from A1 to C1 with 10', one, { kind: 'messenger', city: 'A1', target: 'C1', amount: 10 }],
  // ---- changes of coat ("Zmena kabatu")
  ['kabát A1 Brána', one, { kind: 'coat-city', city: 'A1', to: 'brana' }],
  ['kabat A1 brana', one, { kind: 'coat-city', city: 'A1', to: 'brana' }],
  ['změna kabátu A1 Brána', one, { kind: 'coat-city', city: 'A1', to: 'brana' }],
  ['předej A1 Bráně', one, { kind: 'coat-city', city: 'A1', to: 'brana' }],
  ['předej město A1 hráči Brána', one, { kind: 'coat-city', city: 'A1', to: 'brana' }],
  ['předej Bráně město A1', one, { kind: 'coat-city', city: 'A1', to: 'brana' }],
  ['daruj A1 Černé', one, { kind: 'coat-city', city: 'A1', to: 'cerna' }],
  ['dej A1 Černou', one, { kind: 'coat-city', city: 'A1', to: 'cerna' }],
  ['kabát 2 pěší A1 Bráně', one, { kind: 'coat-units', units: { at: 'A1', type: 'pesi', count: 2 }, to: 'brana' }],
  ['předej 2 pěší z A1 Bráně', one, { kind: 'coat-units', units: { at: 'A1', type: 'pesi', count: 2 }, to: 'brana' }],
  [
    'daruj 2 pěšáky na A1 hráči Brána',
    one,
    { kind: 'coat-units', units: { at: 'A1', type: 'pesi', count: 2 }, to: 'brana' },
  ],
  ['předej Bráně 2 pěší na A1', one, { kind: 'coat-units', units: { at: 'A1', type: 'pesi', count: 2 }, to: 'brana' }],
  ['dej 2 pěší v A1 Černé', one, { kind: 'coat-units', units: { at: 'A1', type: 'pesi', count: 2 }, to: 'cerna' }],
  ['předej #1 A1 Černá', one, { kind: 'coat-units', units: { at: 'A1', ids: [1] }, to: 'cerna' }],
  ['kabát A2 Brána', one, { kind: 'coat-units', units: { at: 'A2', type: null, count: null }, to: 'brana' }],
  ['coat A1 b', one, { kind: 'coat-city', city: 'A1', to: 'brana' }],
  [
    'give 2 infantry A1 to Brána',
    one,
    { kind: 'coat-units', units: { at: 'A1', type: 'pesi', count: 2 }, to: 'brana' },
  ],
  ['give A1 to brana', one, { kind: 'coat-city', city: 'A1', to: 'brana' }],
  // ---- home units attack ("chce-li hrac, aby utocili, musi jim to primo prikazat")
  ['útok pěší', one, { kind: 'attack', types: ['pesi'] }],
  ['útočí pěší', one, { kind: 'attack', types: ['pesi'] }],
  ['útoč pěšími', one, { kind: 'attack', types: ['pesi'] }],
  ['ať útočí pěší', one, { kind: 'attack', types: ['pesi'] }],
  ['zaútoč pěšími a rytíři', one, { kind: 'attack', types: ['pesi', 'rytir'] }],
  ['útok: rytíři, lukostřelci', one, { kind: 'attack', types: ['lukostrelec', 'rytir'] }],
  [
    'útok vše',
    one,
    {
      kind: 'attack',
      types: ['pesi', 'lukostrelec', 'kopinik', 'klerik', 'legie', 'jezdectvo', 'rytir', 'templar', 'katapult'],
    },
  ],
  [
    'útočte všemi',
    one,
    {
      kind: 'attack',
      types: ['pesi', 'lukostrelec', 'kopinik', 'klerik', 'legie', 'jezdectvo', 'rytir', 'templar', 'katapult'],
    },
  ],
  ['attack infantry', one, { kind: 'attack', types: ['pesi'] }],
  ['attack with knights', one, { kind: 'attack', types: ['rytir'] }],
];

describe('FanDi: orders as Czech players write them', () => {
  it('the table is large', () => expect(TABLE.length).toBeGreaterThanOrEqual(150));

  it.each(TABLE)('%s', (text, state, want) => {
    for (const variant of [text, normalize(text), text.toUpperCase()]) {
      const r = parse(variant, state);
      expect(r.errors, `"${variant}"`).toEqual([]);
      expect(r.orders, `"${variant}"`).toHaveLength(1);
      expect(r.orders[0], `"${variant}"`).toMatchObject(want);
    }
  });

  it('every understood line is echoed, in Czech with diacritics', () => {
    for (const [text, state] of TABLE) {
      const r = parse(text, state);
      expect(r.echo, text).toHaveLength(1);
      expect(r.echo[0]!.understood, text).not.toBe('');
    }
    expect(parse('pošli posla do C1 s 10').echo[0]!.understood).toBe('A1: posel do C1 nese 10 xc z výnosu');
    expect(parse('zvyš hodnotu o 5').echo[0]!.understood).toBe('A1: 5 xc do hodnoty města');
    expect(parse('vytvoř špióna').echo[0]!.understood).toBe('A1: vytvořit špióna (1×)');
    expect(parse('útočí pěší').echo[0]!.understood).toBe('domácí pěší útočí');
  });

  // What stays refused, and says why.
  const REFUSED: [string, FandiState, string][] = [
    ['postav 2 pěší', two, 'chybí město: máte jich víc (A1 A3), napište které, např. „A1 postav 2 pěší“'],
    ['zvyš hodnotu o 5', two, 'chybí město: máte jich víc (A1 A3)'],
    ['A1 postav 2 draky', one, 'neznámý druh jednotky „draky“'],
    ['tancuj polku', one, 'nerozumím tomuto příkazu'],
    ['A1 investuj 20', one, 'chybí, do čeho investovat'],
    ['A1 hradby', one, 'chybí částka'],
    ['předej A1', one, 'chybí hráč, kterému se předává'],
    ['předej A1 Zeusovi', one, 'neznámý hráč „zeusovi“'],
    ['A1 hradby 20 věda 10', one, 'nadbytečná slova'],
    ['přesuň 3 pěší na A2', one, 'chybí cesta'],
    ['pošli posla do C1 s 10', two, 'chybí město: máte jich víc'],
  ];
  it.each(REFUSED)('refused: %s', (text, state, reason) => {
    for (const variant of [text, normalize(text)]) {
      const r = parse(variant, state);
      expect(
        r.orders.map((o) => o.kind),
        variant,
      ).toEqual(['rejected']);
      expect(r.errors[0]!.reason, variant).toContain(variant === text ? reason : reason.split(' „')[0]!);
    }
  });

  it('an X column is a square, not a count: "2 pesi X2 X3", "B2 X2"', () => {
    const wide = parseState(`
      map
        |a                          b|
        |                            |
        |                            |
      player alfa
      player brana
      units X2 alfa 2 pesi
      units B2 alfa 1 pesi
    `);
    expect(parse('2 pesi X2 X3', wide).orders[0]).toMatchObject(mv('pesi', 2, ['X2', 'X3']));
    expect(parse('2x pesi X2 X3', wide).orders[0]).toMatchObject(mv('pesi', 2, ['X2', 'X3']));
    expect(parse('B2 B3', wide).orders[0]).toMatchObject(mv(null, null, ['B2', 'B3']));
    expect(parse('X2 X1', wide).orders[0]).toMatchObject(mv(null, null, ['X2', 'X1']));
    expect(parse('kabat X2 brana', wide).orders[0]).toMatchObject({
      kind: 'coat-units',
      units: { at: 'X2' },
      to: 'brana',
    });
  });
});
