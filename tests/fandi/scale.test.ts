// Issue #15: FanDi at scale. The generator of the benchmark's game (bench/scale/fandi.ts)
// is deterministic and makes a valid 100×100 setup; the indexed upkeep search gives
// every unit the payer the rule's own definition gives (one walk from the unit);
// a turn of a generated game is adjudicated the same way twice.
import { describe, expect, it } from 'vitest';
import { scaleGame } from '../../bench/scale/fandi.js';
import { canonicalJson, stateHash } from '../../src/engine/hash.js';
import { SeededRng } from '../../src/engine/rng.js';
import { NO_GM_INPUTS } from '../../src/engine/types.js';
import { payerOf, type PayerCache } from '../../src/games/fandi/economy.js';
import { rules } from '../../src/games/fandi/index.js';
import { citiesOf, cityAt, compareSquares, distances, isRock, regions } from '../../src/games/fandi/map.js';
import { validateSetup } from '../../src/games/fandi/setup.js';
import type { FandiOrder, FandiState, FandiUnit } from '../../src/games/fandi/state.js';

/** RULING fandi/field-upkeep as written: the city on the unit's square, else the nearest own city by walking (ties: reading order). */
function payerByDefinition(state: FandiState, u: FandiUnit): string | null {
  const here = cityAt(state, u.at);
  if (here && here.owner === u.owner) return here.at;
  const own = citiesOf(state, u.owner);
  if (!own.length) return null;
  const d = distances(state, u.at);
  let best = own[0]!;
  for (const c of own) if ((d.get(c.at) ?? Infinity) < (d.get(best.at) ?? Infinity)) best = c;
  return best.at;
}

/** RULING fandi/spy-neighbour's surroundings as written: every square to the cities nearest to it, one walk from each city. */
function regionsByDefinition(state: FandiState): Map<string, string[]> {
  const best = new Map<string, { d: number; cities: string[] }>();
  for (const c of [...state.cities].sort((a, b) => compareSquares(a.at, b.at)))
    for (const [sq, d] of distances(state, c.at)) {
      const b = best.get(sq);
      if (!b || d < b.d) best.set(sq, { d, cities: [c.at] });
      else if (d === b.d) b.cities.push(c.at);
    }
  return new Map([...best].map(([sq, b]) => [sq, b.cities]));
}

function ordersOf(state: FandiState, texts: Map<string, string>): Map<string, FandiOrder[]> {
  return new Map([...texts].map(([p, text]) => [p, rules.parseOrders(text, { state, player: p, lang: 'cs' }).orders]));
}

describe('FanDi at scale', { timeout: 120_000 }, () => {
  it('the generator makes the same game every time: a valid 100×100 board, 100 gods, 2,000 cities, the units asked for', () => {
    const a = scaleGame({ units: 2000 });
    const b = scaleGame({ units: 2000 });
    expect(JSON.stringify(a.setup)).toBe(JSON.stringify(b.setup));
    expect([...a.orders]).toEqual([...b.orders]);
    expect('setup' in validateSetup(a.setup)).toBe(true);
    expect([
      a.state.width,
      a.state.height,
      a.state.players.length,
      a.state.cities.length,
      a.state.units.length,
    ]).toEqual([100, 100, 100, 2000, 2000]);
    // Orders for most units: nine of ten groups move.
    const ordered = new Set<string>();
    for (const [p, os] of ordersOf(a.state, a.orders))
      for (const o of os) if (o.kind === 'move') ordered.add(`${p} ${o.units.at}`);
    const named = a.state.units.filter((u) => ordered.has(`${u.owner} ${u.at}`)).length;
    expect(named / a.state.units.length).toBeGreaterThan(0.7);
    expect(scaleGame({ units: 2001 }).state.units).toHaveLength(2001);
  });

  it('upkeep: one search per owner gives every unit the payer of a walk from the unit itself (rocks, ties, foreign cities, no city)', () => {
    // A denser, smaller board: more rocks between, units in foreign and neutral cities after a turn of moves.
    for (const seedUnits of [300, 301, 302]) {
      const g = scaleGame({ units: seedUnits, side: 24, players: 9, cities: 54 });
      const after = rules.adjudicate(g.state, ordersOf(g.state, g.orders), new SeededRng(seedUnits), {
        phase: 1,
        deadline: null,
        messages: [],
        gm: NO_GM_INPUTS,
      }).state;
      for (const state of [g.state, after]) {
        const cache: PayerCache = new Map();
        const got = state.units.map((u) => payerOf(state, u, cache));
        expect(got).toEqual(state.units.map((u) => payerByDefinition(state, u)));
        expect(got.some((p) => p !== null)).toBe(true);
      }
    }
  });

  it('spies: the surroundings of every city from one search give what a walk from each city gives (ties to all nearest)', () => {
    for (const n of [54, 90]) {
      const g = scaleGame({ units: 100, side: 30, players: 9, cities: n });
      const got = regions(g.state);
      const want = regionsByDefinition(g.state);
      expect(new Map([...got].sort(([a], [b]) => compareSquares(a, b)))).toEqual(
        new Map([...want].sort(([a], [b]) => compareSquares(a, b))),
      );
      expect([...got.values()].some((cs) => cs.length > 1)).toBe(true);
    }
  });

  it('a turn of 4,000 units: the same state and events twice, no unit on a rock, builds added, every reader its own units and the one map', () => {
    const g = scaleGame({ units: 4000 });
    const orders = ordersOf(g.state, g.orders);
    const one = rules.adjudicate(g.state, orders, new SeededRng('scale'), {
      phase: 1,
      deadline: null,
      messages: [],
      gm: NO_GM_INPUTS,
    });
    const two = rules.adjudicate(g.state, orders, new SeededRng('scale'), {
      phase: 1,
      deadline: null,
      messages: [],
      gm: NO_GM_INPUTS,
    });
    expect(stateHash(one.state)).toBe(stateHash(two.state));
    expect(canonicalJson(one.events)).toBe(canonicalJson(two.events));
    expect(one.state.units.filter((u) => isRock(one.state, u.at))).toEqual([]);
    expect(one.state.units.length).toBeGreaterThan(
      4000 -
        one.events
          .filter((e) => e.type === 'battle')
          .reduce((n, e) => n + (e as { destroyed: number[] }).destroyed.length, 0),
    );
    const moved = one.events.filter((e) => e.type === 'move').length;
    expect(moved).toBeGreaterThan(1000);
    // Every reader's view: own units only, the same map for all.
    const views = ['b001', 'b050', 'gm'].map(
      (r) => rules.view(one.state, one.events, r, 'cs') as unknown as { map: string; units: { rows: unknown[][] } },
    );
    expect(new Set(views.map((v) => v.map)).size).toBe(1);
    const own = (p: string) => new Set(one.state.units.filter((u) => u.owner === p).map((u) => u.at)).size;
    expect(views[0]!.units.rows.length).toBe(own('b001'));
    expect(views[2]!.units.rows.length).toBeGreaterThanOrEqual(new Set(one.state.units.map((u) => u.at)).size);
  });
});
