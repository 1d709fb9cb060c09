// One FanDi turn, in the document's order ("Prubeh kola"):
//   1 movement of units, spies and messengers   2 coat changes   3 battles
//   4 yield (and value decrease)   5 upkeep   6 investment of the rest   7 spies return
// followed by the end-of-turn checks (players out, victory).
import type { Rng } from '../../engine/rng.js';
import type { AdjudicationContext, Adjudication, PlayerId } from '../../engine/types.js';
import { conquer, occupy } from './capture.js';
import { fight, type Fighter } from './combat.js';
import { ECONOMY } from './constants.js';
import { investStep, upkeepStep, yieldStep } from './economy.js';
import { cityAt, compareSquares } from './map.js';
import { messengersArrive } from './messengers.js';
import { pathProblem } from './movement.js';
import { indexUnits, selectUnits, type UnitIndex } from './selection.js';
import { spiesLeave, spiesReturn } from './spies.js';
import type { FandiEvent, FandiOrder, FandiState, FandiUnit, Square } from './state.js';
import { cloneState, countByType, pairKey, playerOf } from './state.js';
import { captureAudience, ordersOfKind, result, type Turn } from './turn.js';
import { unitDef } from './units.js';
import { collate } from '../../engine/collate.js';

export interface Step {
  name: string;
  run(t: Turn): void;
}

/** Orders that cannot be carried out at all: rejected lines, players who are out; a missing player's repeated plan is said. */
const screenOrders: Step = {
  name: 'orders',
  run(t) {
    for (const [p, os] of t.orders) {
      const player = playerOf(t.state, p);
      for (const o of os) {
        if (o.kind === 'nmr') {
          if (!t.state.over && player && !player.out)
            t.events.push({ type: 'nmr', audience: [p], turn: t.turn, player: p, count: o.count });
        } else if (o.kind === 'rejected') result(t, p, o, 'failed', o.code, o.params);
        else if (t.state.over) result(t, p, o, 'failed', 'game-over');
        else if (!player || player.out) result(t, p, o, 'failed', 'out');
      }
    }
    t.orders = t.orders
      .filter(([p]) => !t.state.over && playerOf(t.state, p) && !playerOf(t.state, p)!.out)
      .map(([p, os]) => [p, os.filter((o) => o.kind !== 'rejected' && o.kind !== 'nmr')] as [PlayerId, FandiOrder[]]);
  },
};

/** Who was on a square this turn: owners of units or of the city there. */
function notePresent(t: Turn): void {
  for (const u of t.state.units) {
    if (!t.present.has(u.at)) t.present.set(u.at, new Set());
    t.present.get(u.at)!.add(u.owner);
  }
  for (const c of t.state.cities)
    if (c.owner !== null) {
      if (!t.present.has(c.at)) t.present.set(c.at, new Set());
      t.present.get(c.at)!.add(c.owner);
    }
}

/** Step 1: all units move at once, spies leave, messengers arrive. */
const movementStep: Step = {
  name: 'movement',
  run(t) {
    const moved = new Set<number>();
    const plan: { player: PlayerId; ids: number[]; path: Square[]; type: string | null }[] = [];
    const start = startIndex(t);
    for (const [p, o] of ordersOfKind(t, 'move')) {
      const s = selectUnits(t.start, p, o.units, moved, start);
      if ('code' in s) {
        result(t, p, o, 'failed', s.code, s.params);
        continue;
      }
      const move = Math.min(...s.ids.map((id) => unitDef(start.byId.get(id)!.type).move));
      const problem =
        o.path[0] !== o.units.at
          ? { code: 'path-step', params: { from: o.units.at, to: o.path[0] ?? '' } }
          : pathProblem(t.start, p, o.path, move);
      if (problem) {
        result(t, p, o, 'failed', problem.code, problem.params);
        continue;
      }
      s.ids.forEach((id) => moved.add(id));
      plan.push({ player: p, ids: s.ids, path: o.path, type: o.units.type });
      const to = o.path[o.path.length - 1]!;
      // "Jakmile vstoupi na neutralni uzemi, nebo na uzemi soupere, musi se zastavit."
      if (o.cut?.length) result(t, p, o, 'ok', 'moved-stopped', { to, rest: o.cut.join(' ') });
      else result(t, p, o, 'ok', 'moved', { to });
    }
    const dest = new Map<number, Square>();
    for (const m of plan) for (const id of m.ids) dest.set(id, m.path[m.path.length - 1]!);
    for (const u of t.state.units) u.at = dest.get(u.id) ?? u.at;
    for (const m of plan) {
      const to = m.path[m.path.length - 1]!;
      t.events.push({
        type: 'move',
        audience: [m.player],
        turn: t.turn,
        player: m.player,
        units: m.ids,
        unitType: m.type,
        from: m.path[0]!,
        to,
        path: m.path,
      });
    }
    spiesLeave(t);
    messengersArrive(t);
    notePresent(t);
  },
};

/** Step 2: units and cities change coats ("Zmena kabatu"). */
const coatStep: Step = {
  name: 'coats',
  run(t) {
    const given = new Set<number>();
    for (const [p, o] of ordersOfKind(t, 'coat-units')) {
      // Units are named where they stood when the order was written; they change coat wherever they are now.
      const s = selectUnits(t.start, p, o.units, given, startIndex(t));
      if ('code' in s) {
        result(t, p, o, 'failed', s.code, s.params);
        continue;
      }
      const units = t.state.units.filter((u) => s.ids.includes(u.id) && u.owner === p);
      if (units.length === 0) {
        result(t, p, o, 'failed', 'units-gone');
        continue;
      }
      for (const u of units) {
        u.owner = o.to;
        given.add(u.id);
      }
      const at = units[0]!.at;
      t.events.push({
        type: 'coat',
        audience: [p, o.to].sort(),
        turn: t.turn,
        from: p,
        to: o.to,
        at,
        units: units.map((u) => u.id),
        city: false,
      });
      result(t, p, o, 'ok', 'given', { to: o.to });
    }
    for (const [p, o] of ordersOfKind(t, 'coat-city')) {
      const c = cityAt(t.state, o.city);
      if (!c || c.owner !== p) {
        result(t, p, o, 'failed', 'city-not-yours-now', { at: o.city });
        continue;
      }
      // RULING fandi/city-coat-garrison: the giver's units standing in the city go with it.
      const garrison = t.state.units.filter((u) => u.at === c.at && u.owner === p).sort((a, b) => a.id - b.id);
      for (const u of garrison) u.owner = o.to;
      c.owner = o.to;
      t.changedOwner.set(c.at, 'coat');
      t.events.push({
        type: 'coat',
        audience: [p, o.to].sort(),
        turn: t.turn,
        from: p,
        to: o.to,
        at: c.at,
        units: garrison.map((u) => u.id),
        city: true,
      });
      t.events.push({
        type: 'capture',
        audience: captureAudience(t, c.at, p, o.to),
        turn: t.turn,
        at: c.at,
        from: p,
        to: o.to,
        how: 'coat',
        valueBefore: c.value,
        valueAfter: c.value,
      });
      result(t, p, o, 'ok', 'given', { to: o.to });
    }
  },
};

/** Step 3: battles on every square with units of two or more sides, then captures. */
const battleStep: Step = {
  name: 'battles',
  run(t) {
    for (const [p, o] of ordersOfKind(t, 'attack')) {
      const set = new Set([...(t.attackTypes.get(p) ?? []), ...o.types]);
      t.attackTypes.set(p, [...set]);
      result(t, p, o, 'ok', 'attack-set', { units: o.types.join(',') });
    }
    const bySquare = unitsBySquare(t.state.units);
    const squares = [...bySquare.keys()].sort(compareSquares);
    const defendersAtStart = new Set<Square>();
    const dead = new Set<number>();
    for (const sq of squares) {
      const here = bySquare.get(sq)!;
      const city = cityAt(t.state, sq);
      if (city && city.owner !== null && here.some((u) => u.owner === city.owner)) defendersAtStart.add(sq);
      const sides = [...new Set(here.map((u) => u.owner))].sort();
      if (sides.length < 2) continue;
      const homeOwner = city?.owner ?? null;
      const before: Record<string, Record<string, number>> = {};
      for (const s of sides) before[s] = countByType(here.filter((u) => u.owner === s));
      const fighters: Fighter[] = here.map((u) => ({ id: u.id, type: u.type, owner: u.owner }));
      const out = fight(
        fighters,
        { homeOwner, walls: city?.walls ?? 0, homeAttackTypes: homeOwner ? (t.attackTypes.get(homeOwner) ?? []) : [] },
        t.rng,
      );
      // The dead stood on this square only: taking them out after all battles changes no other battle.
      for (const id of out.destroyed) dead.add(id);
      // "Za valceni se pocita situace, kdy se jejich jednotky setkaly na jednom policku."
      for (let i = 0; i < sides.length; i++)
        for (let j = i + 1; j < sides.length; j++) {
          const [a, b] = pairKey(sides[i]!, sides[j]!);
          const w = t.state.war.find((x) => x.a === a && x.b === b);
          if (w) w.turn = t.turn;
          else t.state.war.push({ a, b, turn: t.turn });
        }
      t.state.war.sort((x, y) => collate(x.a, y.a) || collate(x.b, y.b));
      const audience = [...new Set([...sides, ...(homeOwner ? [homeOwner] : [])])].sort();
      t.events.push({
        type: 'battle',
        audience,
        turn: t.turn,
        at: sq,
        city: city !== null,
        cityOwner: homeOwner,
        walls: city?.walls ?? 0,
        sides,
        before,
        rounds: out.rounds,
        destroyed: out.destroyed,
        winner: out.winner,
        survivors: out.survivors.map((f) => f.id),
      });
    }
    if (dead.size) t.state.units = t.state.units.filter((u) => !dead.has(u.id));
    const after = unitsBySquare(t.state.units);
    for (const c of [...t.state.cities].sort((a, b) => compareSquares(a.at, b.at))) {
      const owners = [...new Set((after.get(c.at) ?? []).map((u) => u.owner))];
      if (owners.length !== 1 || owners[0] === c.owner) continue;
      // "Ztrati-li obrance vsechny jednotky, utocnik mesto dobyl. Mesto bez jednotek je obsazeno"
      if (defendersAtStart.has(c.at)) conquer(t, c, owners[0]!);
      else occupy(t, c, owners[0]!);
    }
  },
};

/** Units by square, lowest id first. */
function unitsBySquare(units: readonly FandiUnit[]): Map<Square, FandiUnit[]> {
  const out = new Map<Square, FandiUnit[]>();
  for (const u of [...units].sort((a, b) => a.id - b.id)) {
    if (!out.has(u.at)) out.set(u.at, []);
    out.get(u.at)!.push(u);
  }
  return out;
}

/** The units as the orders were written (t.start never changes), indexed once per turn. */
const startIndexes = new WeakMap<Turn, UnitIndex>();
function startIndex(t: Turn): UnitIndex {
  let i = startIndexes.get(t);
  if (!i) startIndexes.set(t, (i = indexUnits(t.start.units)));
  return i;
}

const yieldStepDef: Step = { name: 'yield', run: yieldStep };
const upkeepStepDef: Step = { name: 'upkeep', run: upkeepStep };
const investStepDef: Step = { name: 'investment', run: investStep };
const spyStep: Step = { name: 'spies', run: spiesReturn };

/**
 * End of turn: "Pokud hrac nema zadne mesto, ani jednotky skoncil." and
 * "Cilem hry je obsadit alespon polovinu mest." RULING fandi/victory: checked at the
 * end of every turn; every player holding at least half of all cities wins (two
 * players with exactly half each share the victory); the last player in the game wins.
 */
const endStep: Step = {
  name: 'end',
  run(t) {
    const s = t.state;
    const holders = new Set<PlayerId | null>([...s.cities.map((c) => c.owner), ...s.units.map((u) => u.owner)]);
    for (const p of s.players) {
      if (p.out) continue;
      if (!holders.has(p.id)) {
        p.out = true;
        p.outTurn = t.turn;
        t.events.push({ type: 'out', audience: 'all', turn: t.turn, player: p.id });
      }
    }
    const total = s.cities.length;
    const counts: Record<string, number> = {};
    for (const p of s.players) counts[p.id] = 0;
    for (const c of s.cities) if (c.owner !== null && counts[c.owner] !== undefined) counts[c.owner]! += 1;
    const active = s.players.filter((p) => !p.out);
    const { numerator, denominator } = ECONOMY.victoryShare;
    let winners = active.filter((p) => counts[p.id]! * denominator >= total * numerator).map((p) => p.id);
    if (winners.length === 0 && active.length === 1 && s.players.length > 1) winners = [active[0]!.id];
    if (winners.length) {
      s.over = true;
      s.winners = winners.sort();
      t.events.push({ type: 'victory', audience: 'all', turn: t.turn, winners: s.winners, cities: counts, total });
    }
    s.turn += 1;
  },
};

/** The turn as an ordered list of steps. */
export const STEPS: readonly Step[] = [
  screenOrders,
  movementStep,
  coatStep,
  battleStep,
  yieldStepDef,
  upkeepStepDef,
  investStepDef,
  spyStep,
  endStep,
];

/** The working context of a turn over `state` with these orders (adjudication's, and a forecast's: forecast.ts). */
export function newTurn(
  state: FandiState,
  orders: Map<PlayerId, FandiOrder[]>,
  rng: Rng,
  clone: (s: FandiState) => FandiState = cloneState,
): Turn {
  return {
    state: clone(state),
    // The state as the orders were written: only read (never changed by a step), so the caller's own object.
    start: state,
    orders: [...orders]
      .sort((a, b) => collate(a[0], b[0]))
      .map(([p, os]) => [p, [...os].sort((a, b) => a.line - b.line)]),
    rng,
    turn: state.turn,
    events: [],
    changedOwner: new Map(),
    present: new Map(),
    sentSpies: [],
    attackTypes: new Map(),
    ledgers: new Map(),
  };
}

export function adjudicate(
  state: FandiState,
  orders: Map<PlayerId, FandiOrder[]>,
  rng: Rng,
  _ctx?: AdjudicationContext,
): Adjudication<FandiState, FandiEvent> {
  const t = newTurn(state, orders, rng);
  if (state.over) {
    // A finished game changes no more; every order is answered "the game is over".
    screenOrders.run(t);
    return { state: t.state, events: t.events };
  }
  notePresent(t);
  for (const step of STEPS) step.run(t);
  t.state.units.sort((a, b) => a.id - b.id);
  t.state.cities.sort((a, b) => compareSquares(a.at, b.at));
  return { state: t.state, events: t.events };
}
