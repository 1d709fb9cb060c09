// Reports: what each reader may see, and the cs/en templates.
import { describe, expect, it } from 'vitest';
import { ForcedRng, SeededRng } from '../../src/engine/rng.js';
import { rules } from '../../src/games/fandi/index.js';
import { parseState } from '../../src/games/fandi/cases.js';
import type { FandiEvent, FandiState } from '../../src/games/fandi/state.js';
import { render } from '../../src/render/templates.js';
import { NO_GM_INPUTS } from '../../src/engine/types.js';

const state = parseState(`
  map
    |a b %|
    |%   c|
  player alfa
  player brana science=1
  player cerna
  city A1 spies=1 cash=30
  city C1 value=200 cash=77 walls=1 wallsInvested=200
  units A1 alfa 2 pesi
  units C1 brana 2 pesi
  units D2 cerna 1 pesi
  units D1 alfa 1 pesi
`);

function play(s: FandiState, text: Record<string, string>, dice: number[] = []) {
  const orders = new Map<string, ReturnType<typeof rules.parseOrders>['orders']>();
  for (const [p, t] of Object.entries(text))
    orders.set(p, rules.parseOrders(t, { state: s, player: p, lang: 'en' }).orders);
  return rules.adjudicate(s, orders, dice.length ? new ForcedRng(dice, 1, [0]) : new SeededRng(1), {
    phase: 1,
    deadline: null,
    messages: [],
    gm: NO_GM_INPUTS,
  });
}

// alfa spies on C1; cerna's infantry (#5) meets alfa's (#6) on D1 (a battle brana does not see);
// brana builds walls; alfa writes a bad line.
const out = play(
  state,
  { alfa: 'A1 spion C1\nA1 hradby 5\n3 trolls A1 A2', brana: 'C1 hradby 10', cerna: '1 pesi D2 D1' },
  [6, 1],
);

function reportData(reader: string | 'gm', lang: 'cs' | 'en', correction = false) {
  const model = rules.view(out.state, out.events as FandiEvent[], reader, lang);
  const p = reader === 'gm' ? null : out.state.players.find((x) => x.id === reader)!;
  return {
    game: { id: 'g1', title: 'Test' },
    phase: { number: 1, label: 'turn 1' },
    player: p ? { id: p.id, name: p.name, email: p.email } : null,
    correction,
    ...model,
  };
}

describe('FanDi reports', () => {
  it('a player sees their own spy results and economy, never another player’s', () => {
    const a = JSON.stringify(rules.view(out.state, out.events, 'alfa', 'en'));
    const b = JSON.stringify(rules.view(out.state, out.events, 'brana', 'en'));
    const c = JSON.stringify(rules.view(out.state, out.events, 'cerna', 'en'));
    expect(a).toContain('Spy from A1 in C1');
    expect(b).not.toContain('Spy from');
    expect(c).not.toContain('Spy from');
    // brana's economy line (C1) is brana's only; alfa learns C1's cash only through the spy
    const bm = rules.view(out.state, out.events, 'brana', 'en') as { economy: { rows: unknown[][] } };
    const am = rules.view(out.state, out.events, 'alfa', 'en') as {
      economy: { rows: unknown[][] };
      orders: { player: string }[];
    };
    expect(bm.economy.rows.map((r) => r[0])).toEqual(['C1']);
    expect(am.economy.rows.map((r) => r[0])).toEqual(['A1']);
    expect(am.orders.every((o) => o.player === 'alfa')).toBe(true);
    // brana did not fight: no battle, no dice
    expect(b).not.toContain('UC ');
    expect(a).toContain('UC ');
  });

  it('the GM sees everything', () => {
    const g = rules.view(out.state, out.events, 'gm', 'en') as {
      economy: { rows: unknown[][] };
      spies: unknown[];
      orders: { player: string }[];
    };
    expect(g.economy.rows.map((r) => r[0])).toEqual(['A1', 'C1', 'E2']);
    expect(g.spies).toHaveLength(1);
    expect(new Set(g.orders.map((o) => o.player))).toEqual(new Set(['alfa', 'brana', 'cerna']));
  });

  it('every event has an audience and secret ones name only their owner', () => {
    for (const e of out.events) {
      expect(e.audience).toBeDefined();
      if (e.type === 'spy' || e.type === 'economy' || e.type === 'order') expect(e.audience).not.toBe('all');
    }
  });

  it('renders in Czech: map with coordinates, economy, battle dice, order error, spy', () => {
    const m = render('fandi', 'cs', 'report', reportData('alfa', 'cs'));
    expect(m.subject).toContain('tah 1');
    expect(m.text).toContain('\n  ABCDE\n');
    expect(m.text).toContain('\n1|a b %|1\n');
    expect(m.text).toContain('== HOSPODÁŘSTVÍ ==');
    // God names, not player ids, in the battle, spy and war-table lines.
    expect(m.text).toContain('Pěší #5 Cerna (UC 0)+6=6 vs Pěší #6 Alfa (OC 0)+1=1 → pěší #6 zničen');
    expect(m.text).toContain('  Jednotky: Brana: 2 pěší');
    expect(m.text).toMatch(/^ +Alfa +Brana +Cerna$/m);
    expect(m.text).toContain('výnos 10 % z 200 = 20 xc; hotovost');
    expect(m.text).toContain('neznámý druh jednotky „trolls“');
    expect(m.text).toContain('Špión z A1 v C1');
    expect(m.text).toContain('brana@example.org');
    expect(m.text).toContain('VÁLEČNÁ TABULKA');
    expect(m.text).not.toContain('OPRAVENÁ ZPRÁVA');
    for (const line of m.text.split('\n')) expect(line).not.toMatch(/[ \t]$/);
  });

  it('renders in English, with the correction banner when asked', () => {
    const m = render('fandi', 'en', 'report', reportData('alfa', 'en', true));
    expect(m.subject).toContain('turn 1');
    expect(m.text).toContain('CORRECTED REPORT');
    expect(m.text).toContain('unknown unit type "trolls"');
    expect(m.text).toContain('== WAR TABLE ==');
    const cs = render('fandi', 'cs', 'report', reportData('alfa', 'cs', true));
    expect(cs.text).toContain('OPRAVENÁ ZPRÁVA');
  });

  it('renders the GM report', () => {
    const m = render('fandi', 'en', 'report', reportData('gm', 'en'));
    expect(m.text).toContain("Game Master's report");
    expect(m.text).toContain('[brana]');
  });

  it('units are destroyed in their grammatical gender', () => {
    const s = parseState(`
      map
        |a   b|
      player alfa science=2
      player brana science=2
      units C1 alfa 1 legie 1 jezdectvo
      units C1 brana 2 rytir
    `);
    const seen = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const r = rules.adjudicate(s, new Map(), new SeededRng(seed), {
        phase: 1,
        deadline: null,
        messages: [],
        gm: NO_GM_INPUTS,
      });
      const cs = JSON.stringify(rules.view(r.state, r.events, 'gm', 'cs'));
      const en = JSON.stringify(rules.view(r.state, r.events, 'gm', 'en'));
      for (const b of r.events.filter((e) => e.type === 'battle'))
        for (const round of (b as Extract<FandiEvent, { type: 'battle' }>).rounds) {
          const dead = round.loser === 'attacker' ? round.attacker : round.loser === 'defender' ? round.defender : null;
          if (!dead) continue;
          const word = { legie: 'legie', jezdectvo: 'jezdectvo', rytir: 'rytíř' }[dead.type as 'legie']!;
          const ending = { legie: 'zničena', jezdectvo: 'zničeno', rytir: 'zničen' }[dead.type as 'legie']!;
          expect(cs).toContain(`→ ${word} #${dead.id} ${ending}`);
          expect(en).toContain(`#${dead.id} destroyed`);
          seen.add(ending);
        }
    }
    expect([...seen].sort()).toEqual(['zničen', 'zničena', 'zničeno']);
  });

  it('the spy labels extra yield apart, so the arithmetic reads', () => {
    const s = parseState(`
      map
        |a b %|
      player alfa
      player brana
      city A1 spies=1
      city C1 value=300 tech=crafts
    `);
    const r = play(s, { alfa: 'A1 spion C1', brana: 'C1 navic 20' });
    const m = rules.view(r.state, r.events, 'alfa', 'cs') as { spies: { lines: string[] }[] };
    expect(m.spies[0]!.lines[0]).toBe(
      'Majitel: Brana (brana); hodnota 280; výnos 20 % z 300 = 60 xc + navíc 20 xc (z hodnoty) = 80 xc; hotovost 72 xc',
    );
    const e = rules.view(r.state, r.events, 'alfa', 'en') as { spies: { lines: string[] }[] };
    expect(e.spies[0]!.lines[0]).toContain('yield 20 % of 300 = 60 xc + extra 20 xc (from the value) = 80 xc');
  });

  it('the map in the document notation: #, space, %, letters', () => {
    const model = rules.view(out.state, out.events, 'cerna', 'en') as { map: string };
    expect(model.map.split('\n')).toEqual(['  ABCDE', ' +-----+', '1|a b %|1', '2|%   c|2', ' +-----+', '  ABCDE']);
  });
});
