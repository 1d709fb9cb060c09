// The FanDi forecast (issue #33) against the real adjudication. Over many seeded
// random games, one player's random orders and nobody else's: whenever no battle
// and no capture touch him (the forecast fights none), the forecast's events —
// order results, moves, per-city economy (yield, upkeep, disbanded units,
// investments, cash after corruption), science and buildings, his messengers —
// and his units and cities after the turn are exactly what adjudication makes.
// And: the forecast rolls no dice; a move into another's or a neutral city is
// "contested"; its text names only his own squares and what his orders name.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../src/engine/rng.js';
import { canSee, NO_GM_INPUTS } from '../../src/engine/types.js';
import { forecastTurn, knownState } from '../../src/games/fandi/forecast.js';
import { rules } from '../../src/games/fandi/index.js';
import type { FandiEvent, FandiOrder, FandiState } from '../../src/games/fandi/state.js';
import { newGame } from './helpers.js';
import { scaleGame } from '../../bench/scale/fandi.js';
import { compareSquares } from '../../src/games/fandi/map.js';
import { randomOrders } from './random-orders.js';

const CTX = { phase: 1, deadline: null, messages: [], gm: NO_GM_INPUTS };

/** A game after `turns` turns of everybody's random orders. */
function playedGame(seed: number, turns: number): FandiState {
  let state = newGame();
  const rng = new SeededRng(`fc-play-${seed}`);
  for (let t = 0; t < turns && !state.over; t++) {
    const orders = new Map<string, FandiOrder[]>();
    for (const p of state.players)
      orders.set(p.id, rules.parseOrders(randomOrders(state, p.id, rng), { state, player: p.id, lang: 'cs' }).orders);
    state = rules.adjudicate(state, orders, new SeededRng(`fc-dice-${seed}-${t}`), CTX).state;
  }
  return state;
}

/** What both sides make of one player's turn, comparable: events without their audience (a capture's depends on who was there). */
const comparable = (events: FandiEvent[], player: string) =>
  events
    .filter((e) => canSee(e.audience, player))
    .filter((e) => ['order', 'move', 'coat', 'economy', 'disband', 'science', 'built', 'messenger'].includes(e.type))
    .filter((e) => !(e.type === 'order' && e.order.kind === 'attack'))
    .map(({ audience: _a, ...rest }) => rest);

describe('FanDi forecast', () => {
  it('equals what adjudication does when nobody else orders and no battle touches the player (property, seeded)', () => {
    const seen = { runs: 0, compared: 0, disbanded: 0, built: 0, contested: 0, moves: 0, failed: 0 };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 6 }),
        // His cities' money and investments so far, and a crowd of units for his first city to pay.
        fc.record({ cash: fc.nat(40), science: fc.nat(199), walls: fc.nat(150), tech: fc.nat(99), crowd: fc.nat(80) }),
        (seed, turns, extra) => {
          seen.runs++;
          const played = playedGame(seed, turns);
          if (played.over) return;
          const live = played.players.filter((p) => !p.out);
          const me = live[seed % live.length]!.id;
          const state: FandiState = structuredClone(played);
          for (const c of state.cities.filter((x) => x.owner === me)) {
            c.cash = extra.cash;
            c.scienceInvested = extra.science;
            c.wallsInvested = Math.min(extra.walls, c.value - 1);
            c.techInvested = extra.tech;
          }
          const first = state.cities.find((c) => c.owner === me);
          if (first)
            for (let i = 0; i < extra.crowd; i++)
              state.units.push({ id: state.nextUnitId++, type: 'pesi', owner: me, at: first.at });
          // Nobody else's messengers on the way (others hold): his cities' cash is his own business.
          const s: FandiState = { ...state, messengers: state.messengers.filter((m) => m.owner === me) };
          const text = randomOrders(s, me, new SeededRng(`fc-mine-${seed}-${turns}`));
          const orders = rules.parseOrders(text, { state: s, player: me, lang: 'cs' }).orders;
          const f = forecastTurn(s, me, orders)!;
          expect(f).not.toBeNull();
          seen.contested += f.contested.length;
          const real = rules.adjudicate(s, new Map([[me, orders]]), new SeededRng(`fc-real-${seed}`), CTX);
          const touched = real.events.some(
            (e) =>
              (e.type === 'battle' && (e.sides.includes(me) || e.cityOwner === me)) ||
              (e.type === 'capture' && e.how !== 'coat' && (e.from === me || e.to === me)),
          );
          if (touched) {
            // A city changes hands, or is fought over, only where the forecast said "contested"; a field
            // battle may come from units he does not know of (the forecast cannot know them either).
            for (const e of real.events)
              if ((e.type === 'capture' && e.how !== 'coat') || (e.type === 'battle' && e.city))
                if (e.type === 'capture' ? e.from === me || e.to === me : e.sides.includes(me))
                  expect(f.contested).toContain(e.at);
            return;
          }
          seen.compared++;
          expect(comparable(f.events, me)).toEqual(comparable(real.events, me));
          expect(f.units).toEqual(real.state.units.filter((u) => u.owner === me));
          expect(f.after.cities.filter((c) => c.owner === me)).toEqual(real.state.cities.filter((c) => c.owner === me));
          expect(f.after.players.find((p) => p.id === me)!.science).toBe(
            real.state.players.find((p) => p.id === me)!.science,
          );
          seen.disbanded += f.ledgers.filter((l) => l.disbanded.length).length;
          seen.built += f.events.filter((e) => e.type === 'built' || e.type === 'science').length;
          seen.moves += f.events.filter((e) => e.type === 'move').length;
          seen.failed += f.events.filter((e) => e.type === 'order' && e.status !== 'ok').length;
        },
      ),
      { seed: 33, numRuns: 150 },
    );
    // The games covered what the forecast says: most compared, moves, failures, contested squares, advances.
    expect(seen.compared).toBeGreaterThan(seen.runs / 2);
    expect(seen.moves).toBeGreaterThan(50);
    expect(seen.failed).toBeGreaterThan(10);
    expect(seen.contested).toBeGreaterThan(10);
    expect(seen.built).toBeGreaterThan(5);
    expect(seen.disbanded).toBeGreaterThan(5);
  });

  it('a player who cannot pay his upkeep is warned which units go, in the rules order; an unused remainder is warned of', () => {
    const state = newGame();
    // Alfa's second city A4 (value 150, yield 15) with 20 infantry to pay and no cash: 5 are disbanded.
    const s: FandiState = {
      ...state,
      units: [
        ...state.units,
        ...Array.from({ length: 18 }, (_, i) => ({ id: 100 + i, type: 'pesi', owner: 'alfa', at: 'A4' })),
      ],
    };
    const f = rules.forecast!(s, 'alfa', [], 'en')!;
    const cities = f.sections.find((x) => x.title === 'Cities')!.lines;
    const a4 = cities.slice(cities.indexOf('A4 (value 150, yield 10\u00a0%):'));
    expect(a4).toContain('  upkeep 20 xc (units here and in the field this city pays)');
    const warning = a4.find((l) => l.includes('cannot be paid'))!;
    expect(warning).toContain('the upkeep of 20 xc cannot be paid in full');
    expect(warning).toContain('infantry #4, infantry #5, infantry #100, infantry #101, infantry #102');
    expect(cities.join('\n')).toContain(
      'WARNING: 57 xc would be left unused: it goes to cash, of which corruption takes 10\u00a0%',
    );
    expect(f.note).toContain('No battles are fought');
  });

  it('a move into a foreign city is contested; the forecast rolls no dice and never reads another player’s units', () => {
    const state = newGame();
    const orders = rules.parseOrders('3 pěší B2 C2 C3', { state, player: 'alfa', lang: 'cs' }).orders;
    const f = forecastTurn(state, 'alfa', orders)!;
    expect(f.contested).toEqual(state.cities.some((c) => c.at === 'C3') ? ['C3'] : []);
    const k = knownState(state, 'alfa');
    expect(k.units.every((u) => u.owner === 'alfa')).toBe(true);
    expect(
      k.cities.filter((c) => c.owner !== 'alfa').every((c) => c.value === 0 && c.cash === 0 && c.walls === 0),
    ).toBe(true);
    expect(k.players.filter((p) => p.id !== 'alfa').every((p) => p.science === 0)).toBe(true);
    // The same known state for every mail of the run (one frozen state): made once.
    expect(knownState(state, 'alfa')).toBe(k);
  });

  it('on a board of 20,000 units a forecast works on the player’s part only: his units, his cities’ economy', () => {
    const g = scaleGame({ units: 20_000 });
    const state = Object.freeze(g.state);
    const [me, text] = [...g.orders][0]!;
    const orders = rules.parseOrders(text, { state, player: me, lang: 'cs' }).orders;
    const k = knownState(state, me);
    const mine = state.units.filter((u) => u.owner === me);
    expect(state.units.length).toBe(20_000);
    expect(k.units).toEqual(mine);
    expect(k.messengers.every((m) => m.owner === me)).toBe(true);
    const f = forecastTurn(state, me, orders)!;
    expect(f.ledgers.map((l) => l.at)).toEqual(
      state.cities
        .filter((c) => c.owner === me)
        .map((c) => c.at)
        .sort(compareSquares),
    );
    expect(f.events.filter((e) => e.type === 'economy').every((e) => e.owner === me)).toBe(true);
    expect(rules.forecast!(state, me, orders, 'cs')!.sections.length).toBeGreaterThan(0);
  });
});
