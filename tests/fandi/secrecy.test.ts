// "Informace pro hrace": a player reads the map, own cities and units, what own spies
// found, the addresses and the war table — and what happened on squares where the
// player had units or cities. Over many seeded games with random orders, every event a
// player may see and every part of every report is checked against that rule.
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../src/engine/rng.js';
import { canSee } from '../../src/engine/types.js';
import { rules } from '../../src/games/fandi/index.js';
import type { FandiEvent, FandiState } from '../../src/games/fandi/state.js';
import { newGame } from './helpers.js';
import { randomOrders } from './random-orders.js';

const GAMES = 60;
const TURNS = 8;

interface Model {
  cities: { rows: (string | number)[][] };
  units: { rows: (string | number)[][] };
  economy: { rows: (string | number)[][] };
  spies: { title: string }[];
  battles: unknown[];
  orders: { player: string }[];
  notes: string[];
  moves: string[];
}

/** Why a player may see an event, or null when the player may not. */
function mayKnow(e: FandiEvent, reader: string, before: FandiState, after: FandiState, movedTo: Map<string, Set<string>>): boolean {
  const wasOn = (sq: string) =>
    before.units.some((u) => u.at === sq && u.owner === reader) ||
    before.cities.some((c) => c.at === sq && c.owner === reader) ||
    after.units.some((u) => u.at === sq && u.owner === reader) ||
    (movedTo.get(sq)?.has(reader) ?? false);
  switch (e.type) {
    case 'order':
    case 'science':
    case 'built':
    case 'disband':
    case 'spy':
    case 'nmr':
    case 'move':
      return e.player === reader;
    case 'economy':
      return e.owner === reader;
    case 'battle':
      return e.sides.includes(reader) || e.cityOwner === reader;
    case 'capture':
      return e.from === reader || e.to === reader || wasOn(e.at);
    case 'messenger':
      return e.owner === reader || e.receiver === reader;
    case 'coat':
      return e.from === reader || e.to === reader;
    case 'out':
    case 'victory':
      return true; // the players' list and the map show it to everybody
  }
}

describe('FanDi: information stays where it belongs, over many seeded games', { timeout: 120_000 }, () => {
  it(`${GAMES} games of ${TURNS} turns: no event and no report line reaches a player who may not know it`, () => {
    const counts = { events: 0, hidden: 0, captures: 0, farCaptures: 0, battles: 0, spies: 0, reports: 0 };
    for (let g = 0; g < GAMES; g++) {
      let state = newGame();
      const rng = new SeededRng(`secrecy-${g}`);
      for (let t = 0; t < TURNS && !state.over; t++) {
        const orders = new Map<string, ReturnType<typeof rules.parseOrders>['orders']>();
        for (const p of state.players) orders.set(p.id, rules.parseOrders(randomOrders(state, p.id, rng), { state, player: p.id, lang: 'cs' }).orders);
        const out = rules.adjudicate(state, orders, new SeededRng(`dice-${g}-${t}`), { phase: t + 1, deadline: null });
        const events = out.events as FandiEvent[];
        const movedTo = new Map<string, Set<string>>();
        for (const e of events) if (e.type === 'move') (movedTo.get(e.to) ?? movedTo.set(e.to, new Set()).get(e.to)!).add(e.player);
        for (const reader of state.players.map((p) => p.id)) {
          for (const e of events) {
            counts.events++;
            const sees = canSee(e.audience, reader);
            if (!sees) counts.hidden++;
            if (sees) expect(mayKnow(e, reader, state, out.state, movedTo), `game ${g} turn ${t + 1}: ${reader} sees ${JSON.stringify(e).slice(0, 200)}`).toBe(true);
            if (e.type === 'capture') {
              counts.captures++;
              if (!sees) counts.farCaptures++;
            }
          }
          // The report: only the reader's own cities, units, economy, spies, orders; battles the reader was in.
          const m = rules.view(out.state, events, reader, 'cs') as unknown as Model;
          counts.reports++;
          const own = out.state.cities.filter((c) => c.owner === reader).map((c) => c.at);
          expect(m.cities.rows.map((r) => r[0])).toEqual(own);
          for (const r of m.economy.rows) expect(own, `economy row ${r[0]}`).toContain(r[0]);
          const ownUnitSquares = new Set(out.state.units.filter((u) => u.owner === reader).map((u) => u.at));
          for (const r of m.units.rows) expect(ownUnitSquares.has(String(r[0])), `unit row ${r[0]}`).toBe(true);
          expect(m.orders.every((o) => o.player === reader)).toBe(true);
          const mySpies = events.filter((e) => e.type === 'spy' && e.player === reader).length;
          expect(m.spies).toHaveLength(mySpies);
          counts.spies += mySpies;
          const myBattles = events.filter((e) => e.type === 'battle' && (e.sides.includes(reader) || e.cityOwner === reader)).length;
          expect(m.battles).toHaveLength(myBattles);
          counts.battles += myBattles;
          // A city's value is its owners' knowledge: a third side that was there reads only who took it.
          for (const e of events)
            if (e.type === 'capture' && e.how === 'conquest' && canSee(e.audience, reader)) {
              const withValue = m.notes.some((n) => n.startsWith(`${e.at}: dobyto`) && n.includes(`hodnota ${e.valueBefore} → ${e.valueAfter}`));
              expect(withValue, `${reader} and the conquest of ${e.at}`).toBe(reader === e.from || reader === e.to);
            }
          for (const n of m.moves) expect(events.some((e) => e.type === 'move' && e.player === reader && n.startsWith(`${e.from} → ${e.to}`)), n).toBe(true);
        }
        state = out.state;
      }
    }
    // The games did what they were meant to: captures some players did not hear of, battles, spies.
    expect(counts.farCaptures).toBeGreaterThan(20);
    expect(counts.battles).toBeGreaterThan(20);
    expect(counts.spies).toBeGreaterThan(10);
    expect(counts.hidden).toBeGreaterThan(counts.events / 3);
  });
});
