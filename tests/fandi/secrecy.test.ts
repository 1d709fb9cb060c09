// "Informace pro hrace": a player reads the map, own cities and units, what own spies
// found, the addresses and the war table — and what happened on squares where the
// player had units or cities. Over many seeded games with random orders, every event a
// player may see and every part of every report is checked against that rule.
import { describe, expect, it } from 'vitest';
import { nowIso } from '../../src/context.js';
import { createGame } from '../../src/engine/create-game.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { SeededRng } from '../../src/engine/rng.js';
import { dbPath } from '../../src/store/db.js';
import { listPlayers } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { insertSubmission } from '../../src/store/submissions.js';
import { manageLink } from '../../src/web/links.js';
import { startServer } from '../../src/web/server.js';
import { launchBrowser } from '../browser.js';
import { testJudge } from '../helpers.js';
import { fetchPage } from '../web/http.js';
import { canSee } from '../../src/engine/types.js';
import { rules } from '../../src/games/fandi/index.js';
import type { FandiEvent, FandiState } from '../../src/games/fandi/state.js';
import { loadSetup, newGame } from './helpers.js';
import { randomOrders } from './random-orders.js';
import { NO_GM_INPUTS } from '../../src/engine/types.js';
import { forecastText } from '../forecast-check.js';
import { startAndFinal } from '../life/start-final.js';

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
function mayKnow(
  e: FandiEvent,
  reader: string,
  before: FandiState,
  after: FandiState,
  movedTo: Map<string, Set<string>>,
): boolean {
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
        for (const p of state.players)
          orders.set(
            p.id,
            rules.parseOrders(randomOrders(state, p.id, rng), { state, player: p.id, lang: 'cs' }).orders,
          );
        const out = rules.adjudicate(state, orders, new SeededRng(`dice-${g}-${t}`), {
          phase: t + 1,
          deadline: null,
          messages: [],
          gm: NO_GM_INPUTS,
        });
        const events = out.events as FandiEvent[];
        const movedTo = new Map<string, Set<string>>();
        for (const e of events)
          if (e.type === 'move') (movedTo.get(e.to) ?? movedTo.set(e.to, new Set()).get(e.to)!).add(e.player);
        for (const reader of state.players.map((p) => p.id)) {
          for (const e of events) {
            counts.events++;
            const sees = canSee(e.audience, reader);
            if (!sees) counts.hidden++;
            if (sees)
              expect(
                mayKnow(e, reader, state, out.state, movedTo),
                `game ${g} turn ${t + 1}: ${reader} sees ${JSON.stringify(e).slice(0, 200)}`,
              ).toBe(true);
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
          const myBattles = events.filter(
            (e) => e.type === 'battle' && (e.sides.includes(reader) || e.cityOwner === reader),
          ).length;
          expect(m.battles).toHaveLength(myBattles);
          counts.battles += myBattles;
          // A city's value is its owners' knowledge: a third side that was there reads only who took it.
          for (const e of events)
            if (e.type === 'capture' && e.how === 'conquest' && canSee(e.audience, reader)) {
              const withValue = m.notes.some(
                (n) => n.startsWith(`${e.at}: dobyto`) && n.includes(`hodnota ${e.valueBefore} → ${e.valueAfter}`),
              );
              expect(withValue, `${reader} and the conquest of ${e.at}`).toBe(reader === e.from || reader === e.to);
            }
          for (const n of m.moves)
            expect(
              events.some((e) => e.type === 'move' && e.player === reader && n.startsWith(`${e.from} → ${e.to}`)),
              n,
            ).toBe(true);
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

/**
 * The state with everything the player may not know changed: the other players' units
 * moved or gone, their science, their messengers, the value, cash, walls and technology
 * of every city not his. A forecast made from what he may know cannot tell the two apart.
 */
function othersChanged(state: FandiState, me: string, rng: SeededRng): FandiState {
  const s = structuredClone(state);
  const squares = s.cities.map((c) => c.at);
  s.units = s.units.flatMap((u) =>
    u.owner === me ? [u] : rng.int(4) === 0 ? [] : [{ ...u, at: rng.pick(squares), type: rng.pick(['pesi', 'rytir']) }],
  );
  for (const p of s.players) if (p.id !== me) p.science = rng.int(3);
  for (const c of s.cities)
    if (c.owner !== me)
      Object.assign(c, {
        value: 50 + rng.int(200),
        cash: rng.int(300),
        walls: rng.int(3),
        tech: rng.int(3),
        spies: rng.int(3),
      });
  s.messengers = [
    ...s.messengers.filter((m) => m.owner === me),
    ...s.players
      .filter((p) => p.id !== me && rng.int(2))
      .map((p) => ({
        owner: p.id,
        from: rng.pick(squares),
        to: rng.pick(squares),
        amount: rng.int(50),
        sentTurn: s.turn - 1,
      })),
  ];
  return s;
}

describe('FanDi forecasts (issue #33): a forecast shows nothing its reader may not know', { timeout: 120_000 }, () => {
  it('over seeded games: the same forecast whatever the others hold; only the reader’s own squares and those his orders name', () => {
    let forecasts = 0;
    let squaresSeen = 0;
    for (let g = 0; g < 30; g++) {
      let state = newGame();
      const rng = new SeededRng(`forecast-secrecy-${g}`);
      for (let t = 0; t < 6 && !state.over; t++) {
        const orders = new Map<string, ReturnType<typeof rules.parseOrders>['orders']>();
        const texts = new Map<string, string>();
        for (const p of state.players) {
          texts.set(p.id, randomOrders(state, p.id, rng));
          orders.set(p.id, rules.parseOrders(texts.get(p.id)!, { state, player: p.id, lang: 'cs' }).orders);
        }
        for (const p of state.players.filter((x) => !x.out)) {
          const lang = g % 2 ? 'en' : 'cs';
          const text = forecastText(rules.forecast!(state, p.id, orders.get(p.id)!, lang));
          const other = forecastText(rules.forecast!(othersChanged(state, p.id, rng), p.id, orders.get(p.id)!, lang));
          expect(other, `game ${g} turn ${t + 1}: ${p.id}'s forecast reads another's secrets`).toBe(text);
          if (text) forecasts++;
          // Squares: his cities and units, and what his own orders name (paths, targets, spies' and messengers' cities).
          const allowed = new Set([
            ...state.cities.filter((c) => c.owner === p.id).map((c) => c.at),
            ...state.units.filter((u) => u.owner === p.id).map((u) => u.at),
            ...orders
              .get(p.id)!
              .flatMap((o) => [
                ...('path' in o ? o.path : []),
                ...('city' in o ? [o.city] : []),
                ...('target' in o ? [String(o.target)] : []),
                ...('units' in o ? [o.units.at] : []),
              ]),
            ...state.messengers.filter((m) => m.owner === p.id).flatMap((m) => [m.from, m.to]),
          ]);
          for (const m of text.matchAll(/\b([A-J]\d{1,2})\b/g)) {
            squaresSeen++;
            expect(allowed.has(m[1]!), `${p.id} reads of ${m[1]} in: ${text}`).toBe(true);
          }
        }
        state = rules.adjudicate(state, orders, new SeededRng(`fs-dice-${g}-${t}`), {
          phase: t + 1,
          deadline: null,
          messages: [],
          gm: NO_GM_INPUTS,
        }).state;
      }
    }
    expect(forecasts).toBeGreaterThan(300);
    expect(squaresSeen).toBeGreaterThan(1000);
  });
});

const WEB_GAMES = 6;
const WEB_TURNS = 4;
const SECRET = /TAJNE-(web\d+)-(\w+)-(\d+)/g;

describe("FanDi on the web (judge serve): no page shows a player's secrets", { timeout: 300_000 }, () => {
  it(`${WEB_GAMES} seeded games of ${WEB_TURNS} turns in a store: the public page and every other player's page hold none of a player's orders or units`, async () => {
    const j = testJudge();
    const ids = ['alfa', 'brana', 'cerna', 'dana'];
    const links = new Map<string, Map<string, string>>();
    for (let g = 0; g < WEB_GAMES; g++) {
      const game = `web${g}`;
      const lang = g % 2 ? 'en' : 'cs';
      const setup = {
        ...(loadSetup() as object),
        title: `Web ${g}`,
        lang,
        gm: { email: 'gm@example.org' },
        seats: ids.map((id) => ({
          id,
          name: id.toUpperCase(),
          email: `${id}@example.org`,
          password: `pw-${id}`,
          lang,
        })),
      };
      createGame(j, { id: game, kind: 'fandi', setup, seed: String(g), actor: 'test' });
      const rng = new SeededRng(`web-${g}`);
      for (let t = 0; t < WEB_TURNS; t++) {
        const phase = currentPhase(j.db, game)!;
        const state = JSON.parse(phase.state_json) as FandiState;
        if (state.over) break;
        for (const p of ids) {
          // Every player's orders carry a line only that player (and the GM) may ever read: the report echoes it as not understood.
          const text = `${randomOrders(state, p, rng)}\nTAJNE-${game}-${p}-${t}`;
          const r = rules.parseOrders(text, { state, player: p, lang });
          insertSubmission(j.db, {
            game_id: game,
            phase_number: phase.number,
            player_id: p,
            inbound_id: null,
            text,
            orders_json: JSON.stringify(r.orders),
            errors_json: JSON.stringify(r.errors),
            echo_json: JSON.stringify(r.echo),
            received_at: nowIso(j),
          });
        }
        processPhase(j, game, 'test');
      }
      links.set(game, new Map(listPlayers(j.db, game).map((p) => [p.id, manageLink(j, game, p.id).url!])));
    }
    const server = await startServer(dbPath(j.dataDir), '127.0.0.1', 0);
    const local = (u: string) => u.replace(/^http:\/\/[^/]+/, server.url);
    let own = 0;
    let units = 0;
    try {
      for (const [game, byPlayer] of links) {
        const pub = await fetchPage(`${server.url}/g/${game}`);
        expect(pub.status).toBe(200);
        expect(pub.reports.length).toBeGreaterThan(0);
        expect(
          [...pub.html.matchAll(SECRET)].map((m) => m[0]),
          `public page of ${game}`,
        ).toEqual([]);
        // The public map and reports show cities, never units (no unit badge, no unit id).
        expect(pub.svg).toContain('<svg');
        expect(pub.svg).not.toContain('data-units');
        for (const r of pub.reports) expect(r, `public report of ${game}`).not.toMatch(/#\d+/);
        for (const [reader, url] of byPlayer) {
          const page = await fetchPage(local(url));
          expect(page.status).toBe(200);
          for (const m of page.html.matchAll(SECRET)) {
            expect(`${m[1]}/${m[2]}`, `${reader}'s page of ${game}`).toBe(`${game}/${reader}`);
            own++;
          }
          // Unit badges on the reader's map only on squares the reader's report names.
          for (const m of page.svg.matchAll(/data-units="(\d+)" data-at="([A-Z]+\d+)"/g)) {
            expect(
              page.reports.some((r) => r.includes(m[2]!)),
              `${reader} sees units on ${m[2]} in ${game}`,
            ).toBe(true);
            units++;
          }
        }
      }
      // A few pages in a real browser: what is shown, not just what is sent.
      const browser = await launchBrowser();
      try {
        const [game, byPlayer] = [...links][0]!;
        for (const url of [`${server.url}/g/${game}`, ...[...byPlayer.values()].slice(0, 2).map(local)]) {
          const page = await browser.newPage();
          await page.goto(url);
          const shown = await page.locator('body').innerText();
          const owners = [...shown.matchAll(SECRET)].map((m) => m[2]);
          const reader = [...byPlayer].find(([, u]) => local(u) === url)?.[0];
          expect(
            owners.every((o) => o === reader),
            url,
          ).toBe(true);
          if (reader) expect(owners.length).toBeGreaterThan(0);
          await page.close();
        }
      } finally {
        await browser.close();
      }
    } finally {
      await server.close();
    }
    // The test saw what it looks for: each reader's own lines, units on the readers' maps.
    expect(own).toBeGreaterThanOrEqual(WEB_GAMES * ids.length);
    expect(units).toBeGreaterThan(WEB_GAMES);
  });
});

describe('FanDi start and final mails (issue 30): nobody sees another god’s units', () => {
  it('each start mail shows the reader’s own units and no other’s; the final mail shows no unit', () => {
    const ids = ['alfa', 'brana', 'cerna', 'dana'];
    const setup = {
      ...(loadSetup() as object),
      lang: 'cs',
      gm: { email: 'gm@example.org' },
      seats: ids.map((id) => ({ id, name: id.toUpperCase(), email: `${id}@example.org` })),
    };
    const sf = startAndFinal('fandi', setup, 2);
    const start = sf.start as FandiState;
    const unit = (id: number) => new RegExp(`#${id}(?!\\d)`);
    for (const p of sf.players) {
      const mine = start.units.filter((u) => u.owner === p.id);
      expect(mine.length).toBeGreaterThan(0);
      for (const u of mine) expect(sf.starts.get(p.id), `${p.id} #${u.id}`).toMatch(unit(u.id));
      for (const u of start.units.filter((x) => x.owner !== p.id))
        expect(sf.starts.get(p.id), `${p.id} sees #${u.id}`).not.toMatch(unit(u.id));
    }
    // The result is the public report: the cities, never a unit.
    for (const [who, body] of sf.finals) expect(body, who).not.toMatch(/#\d+/);
  });
});
