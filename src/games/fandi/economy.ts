// The city economy (FanDi 1.1, "Mesto", "Hotovost", "Veda", "Armada", "Hradby",
// "Technika", "Spion", "Posel"): yield, upkeep, investment, corruption.
import { ECONOMY, afterLoss, percentOf } from './constants.js';
import { citiesOf, compareSquares, cityAt, nearestSource } from './map.js';
import { maxExtra } from './order-parts.js';
import type { FandiCity, FandiOrder, FandiState, FandiUnit, Investment, PlayerId, Square } from './state.js';
import { ordersOfKind, result, type CityLedger, type Turn } from './turn.js';
import { tableIndex, unitDef } from './units.js';
import { collate } from '../../engine/collate.js';

/** The yield rate of a city in percent: 10 / 20 (crafts) / 30 (trade). */
export function yieldRate(city: FandiCity): number {
  return ECONOMY.yieldPercent[city.tech]!;
}

/** Step 4: yield, and extra yield taken from the value where ordered. */
export function yieldStep(t: Turn): void {
  const extras = new Map<Square, [PlayerId, Extract<FandiOrder, { kind: 'extra' }>]>();
  for (const [p, o] of ordersOfKind(t, 'extra')) {
    const c = cityAt(t.state, o.city);
    if (t.changedOwner.has(o.city)) result(t, p, o, 'failed', 'owner-changed', { at: o.city });
    else if (!c || c.owner !== p) result(t, p, o, 'failed', 'city-not-yours-now', { at: o.city });
    else if (extras.has(o.city)) result(t, p, o, 'failed', 'duplicate', { at: o.city });
    else extras.set(o.city, [p, o]);
  }
  for (const c of ownedCities(t.state, t.economyOf)) {
    const rate = yieldRate(c);
    const y = percentOf(c.value, rate);
    const valueAtYield = c.value;
    let extra = 0;
    const e = extras.get(c.at);
    if (e) {
      const [p, o] = e;
      const max = maxExtra(c.value);
      extra = Math.min(o.amount, max);
      c.value -= extra;
      if (extra === o.amount) result(t, p, o, 'ok', 'extra-taken', { amount: extra, value: c.value });
      else result(t, p, o, extra > 0 ? 'partial' : 'failed', 'extra-too-much', { max });
    }
    t.ledgers.set(c.at, {
      at: c.at,
      owner: c.owner!,
      cashStart: c.cash,
      yield: y,
      rate,
      extra,
      valueAtYield,
      pot: c.cash + y + extra,
      fresh: y + extra,
      kept: 0,
      upkeepDue: 0,
      upkeep: 0,
      disbanded: [],
    });
  }
}

/** The cities with an owner (or of one owner only), in reading order. */
function ownedCities(state: FandiState, only?: PlayerId): FandiCity[] {
  return state.cities
    .filter((c) => c.owner !== null && (only === undefined || c.owner === only))
    .sort((a, b) => compareSquares(a.at, b.at));
}

/**
 * Which city pays a unit: the city on its square, else
 * RULING fandi/field-upkeep: the owner's nearest city by walking distance (ties: reading
 * order; unreachable cities count as farthest). A player with no city pays nobody.
 * `nearest` caches one search per owner (nearestSource) for many units of one unchanged state.
 */
export function payerOf(state: FandiState, u: FandiUnit, nearest: PayerCache = new Map()): Square | null {
  const here = cityAt(state, u.at);
  if (here && here.owner === u.owner) return here.at;
  let mine = nearest.get(u.owner);
  if (mine === undefined) {
    const own = citiesOf(state, u.owner).map((c) => c.at);
    mine = own.length ? { first: own[0]!, from: nearestSource(state, own) } : null;
    nearest.set(u.owner, mine);
  }
  if (mine === null) return null;
  return mine.from(u.at) ?? mine.first;
}

/** Per owner: the first own city in reading order and each square's nearest own city (null: no city). */
export type PayerCache = Map<PlayerId, { first: Square; from: (sq: Square) => Square | undefined } | null>;

/**
 * The order units are disbanded in when their pay is short. RULING fandi/disband-cheapest-first:
 * "Poradi rozpousteni se shoduje s poradim, v jakem jsou jednotky uvedeny vyse. Tedy jednotky
 * s nejmensim zoldem se rozpousti jako prvni." — the lowest upkeep first (the purpose the "Tedy"
 * sentence gives), the table's order among equal upkeep, then the lowest id.
 */
export function disbandOrder(a: { id: number; type: string }, b: { id: number; type: string }): number {
  return unitDef(a.type).upkeep - unitDef(b.type).upkeep || tableIndex(a.type) - tableIndex(b.type) || a.id - b.id;
}

/** Pay `amount` from the city's money: from the cash first, then from the yield (so the yield is left for messengers). */
function payCashFirst(l: CityLedger, amount: number): void {
  const fromCash = Math.min(amount, l.pot - l.fresh);
  l.fresh -= amount - fromCash;
  l.pot -= amount;
}

/**
 * Step 5: each city pays the units on its square (and its field units), from the yield
 * first ("Z vynosu se zaplati zold"). When the money is short, units are disbanded
 * (disbandOrder) one at a time until the rest can be paid.
 */
export function upkeepStep(t: Turn): void {
  const bills = new Map<Square, FandiUnit[]>();
  const nearest: PayerCache = new Map();
  for (const u of [...t.state.units].sort((a, b) => a.id - b.id)) {
    const payer = payerOf(t.state, u, nearest);
    if (payer === null) continue; // RULING fandi/no-city-units: nobody to pay them, nobody to refuse them
    if (!bills.has(payer)) bills.set(payer, []);
    bills.get(payer)!.push(u);
  }
  for (const [at, l] of [...t.ledgers].sort((a, b) => compareSquares(a[0], b[0]))) {
    const bill = (bills.get(at) ?? []).sort(disbandOrder);
    l.upkeepDue = bill.reduce((s, u) => s + unitDef(u.type).upkeep, 0);
    let due = l.upkeepDue;
    const gone: FandiUnit[] = [];
    for (const u of bill) {
      if (due <= l.pot) break;
      gone.push(u);
      due -= unitDef(u.type).upkeep;
    }
    l.upkeep = due;
    l.pot -= due;
    l.fresh = Math.max(0, l.fresh - due);
    l.disbanded = gone.map((u) => u.id);
    if (gone.length) {
      const ids = new Set(l.disbanded);
      t.state.units = t.state.units.filter((u) => !ids.has(u.id));
      const byOwner = new Map<string, { at: Square; units: { id: number; type: string }[] }>();
      for (const u of gone) {
        const k = `${u.owner}@${u.at}`;
        if (!byOwner.has(k)) byOwner.set(k, { at: u.at, units: [] });
        byOwner.get(k)!.units.push({ id: u.id, type: u.type });
      }
      for (const [k, v] of [...byOwner].sort((a, b) => collate(a[0], b[0]))) {
        const player = k.split('@')[0]!;
        t.events.push({
          type: 'disband',
          audience: [player],
          turn: t.turn,
          player,
          at: v.at,
          payer: at,
          units: v.units,
        });
      }
    }
  }
}

type InvestOrder = Extract<FandiOrder, { kind: 'build' | 'invest' | 'spy-build' | 'messenger' }>;

/**
 * Step 6: "Proinvestovani zbytku vynosu (pokud nedoslo ke zmene majitele)".
 * Orders are paid in the order written; what no order spends is kept as cash
 * (RULING fandi/unspent-yield), and cash then loses 10 % (RULING fandi/corruption-timing).
 * A city that changed hands invests nothing. After a conquest or a change of coat the
 * rest of its yield is stolen (RULING fandi/conquest-yield-stolen); an occupied city loses
 * nothing ("bez jakychkoli ztrat", RULING fandi/occupation-no-loss): the rest is cash.
 */
export function investStep(t: Turn): void {
  const byCity = new Map<Square, [PlayerId, InvestOrder][]>();
  for (const [p, os] of t.orders)
    for (const o of os)
      if (o.kind === 'build' || o.kind === 'invest' || o.kind === 'spy-build' || o.kind === 'messenger') {
        if (!byCity.has(o.city)) byCity.set(o.city, []);
        byCity.get(o.city)!.push([p, o]);
      }
  for (const [at, l] of [...t.ledgers].sort((a, b) => compareSquares(a[0], b[0]))) {
    const c = cityAt(t.state, at)!;
    const investments: Investment[] = [];
    let stolen = 0;
    const orders = byCity.get(at) ?? [];
    byCity.delete(at);
    const how = t.changedOwner.get(at);
    if (how) {
      // "Z vynosu se zaplati zold a zbytek je rozkraden": upkeep comes from the yield first.
      if (how !== 'occupation') {
        stolen = l.fresh;
        l.pot -= stolen;
        l.fresh = 0;
      }
      for (const [p, o] of orders) result(t, p, o, 'failed', 'owner-changed', { at });
    } else {
      for (const [p, o] of orders) {
        if (p !== c.owner) result(t, p, o, 'failed', 'city-not-yours-now', { at });
        else investments.push(...spend(t, c, l, p, o));
      }
    }
    const toCash = l.pot + l.kept;
    const kept = afterLoss(toCash, ECONOMY.cashCorruptionPercent);
    c.cash = kept;
    t.events.push({
      type: 'economy',
      audience: [l.owner],
      turn: t.turn,
      at,
      owner: c.owner!,
      ownerChanged: t.changedOwner.has(at),
      value: c.value,
      rate: l.rate,
      cashStart: l.cashStart,
      yield: l.yield,
      extra: l.extra,
      upkeepDue: l.upkeepDue,
      upkeep: l.upkeep,
      disbanded: l.disbanded,
      investments,
      stolen,
      toCash,
      corruption: toCash - kept,
      cashAfter: kept,
    });
  }
  // Orders for cities the player does not own any more (neutral now, or never a ledger).
  for (const [at, os] of [...byCity].sort((a, b) => compareSquares(a[0], b[0])))
    for (const [p, o] of os)
      result(t, p, o, 'failed', t.changedOwner.has(at) ? 'owner-changed' : 'city-not-yours-now', { at });
  scienceStep(t);
}

/** Pay one order from the city's pot; partial when the money runs out. */
function spend(t: Turn, c: FandiCity, l: CityLedger, p: PlayerId, o: InvestOrder): Investment[] {
  const state = t.state;
  const player = state.players.find((x) => x.id === p)!;
  switch (o.kind) {
    case 'build': {
      const d = unitDef(o.unitType);
      if (player.science < d.science) {
        result(t, p, o, 'failed', 'science-needed', { unit: o.unitType, need: d.science, have: player.science });
        return [];
      }
      const count = Math.min(o.count, Math.floor(l.pot / d.cost));
      const amount = count * d.cost;
      payCashFirst(l, amount);
      for (let i = 0; i < count; i++)
        state.units.push({ id: state.nextUnitId++, type: o.unitType, owner: p, at: c.at });
      if (count === 0) result(t, p, o, 'failed', 'no-money');
      else if (count < o.count) result(t, p, o, 'partial', 'built-part', { want: o.count, count, amount });
      else result(t, p, o, 'ok', 'built', { count, unit: o.unitType, amount });
      return count ? [{ kind: 'build', amount, detail: `${count}×${o.unitType}` }] : [];
    }
    case 'spy-build': {
      const count = Math.min(o.count, Math.floor(l.pot / ECONOMY.spyCost));
      const amount = count * ECONOMY.spyCost;
      payCashFirst(l, amount);
      c.spies += count;
      if (count === 0) result(t, p, o, 'failed', 'no-money');
      else result(t, p, o, count < o.count ? 'partial' : 'ok', 'spy-built', { count, amount });
      return count ? [{ kind: 'spy', amount, detail: String(count) }] : [];
    }
    case 'messenger': {
      // RULING fandi/messenger-from-yield: "Prenasi penize z vynosu jednoho mesta": the cost
      // (1 xc) is paid like any order, the money carried only from this turn's yield.
      const cost = ECONOMY.messengerCost;
      // What is left of the yield once the cost is paid (from the cash first).
      const freshAfterCost = l.fresh - Math.max(0, cost - (l.pot - l.fresh));
      const want = o.amount === 'rest' ? Math.max(0, freshAfterCost) : o.amount;
      const amount = Math.min(want, freshAfterCost);
      if (l.pot < cost || amount <= 0) {
        result(t, p, o, 'failed', l.pot > cost ? 'messenger-no-yield' : 'no-money');
        return [];
      }
      payCashFirst(l, cost);
      l.pot -= amount;
      l.fresh -= amount;
      state.messengers.push({ owner: p, from: c.at, to: o.target, amount, sentTurn: t.turn });
      if (amount < want) result(t, p, o, 'partial', 'messenger-yield', { target: o.target, amount, want, cost });
      else result(t, p, o, 'ok', 'messenger-sent', { target: o.target, amount, cost });
      return [{ kind: 'messenger', amount: amount + cost, detail: o.target }];
    }
    case 'invest': {
      if (o.target === 'cash') {
        // "Hotovost - uschovani penez pro pozdejsi pouziti": the money is set aside now,
        // so the orders written after it cannot spend it (RULING fandi/cash-order).
        const want = o.amount === 'rest' ? l.pot : o.amount;
        const amount = Math.min(want, l.pot);
        payCashFirst(l, amount);
        l.kept += amount;
        if (o.amount === 'rest') result(t, p, o, 'ok', 'cash-kept', { amount });
        else if (amount < want)
          result(t, p, o, amount > 0 ? 'partial' : 'failed', amount > 0 ? 'cash-part' : 'no-money', { amount, want });
        else result(t, p, o, 'ok', 'cash-set-aside', { amount });
        return [];
      }
      if (o.target === 'science' && player.science >= 2) return fail(t, p, o, 'science-max');
      if (o.target === 'tech' && c.tech >= 2) return fail(t, p, o, 'tech-max');
      if (o.target === 'walls' && c.walls >= 2) return fail(t, p, o, 'walls-max');
      const want = o.amount === 'rest' ? l.pot : o.amount;
      const amount = Math.min(want, l.pot);
      if (amount <= 0) return fail(t, p, o, 'no-money');
      payCashFirst(l, amount);
      if (o.target === 'value') c.value += amount;
      if (o.target === 'science') c.scienceInvested += amount;
      if (o.target === 'tech') {
        c.techInvested += amount;
        // "Proinvestuju-li dalsich 200 xc, vznikne rozvinuty obchod"
        while (c.tech < 2 && c.techInvested >= ECONOMY.techCost[c.tech]!) {
          c.techInvested -= ECONOMY.techCost[c.tech]!;
          c.tech += 1;
          t.events.push({
            type: 'built',
            audience: [p],
            turn: t.turn,
            player: p,
            at: c.at,
            what: 'tech',
            level: c.tech,
          });
        }
      }
      if (o.target === 'walls') {
        c.wallsInvested += amount;
        // RULING fandi/walls-built: levels are built when the total invested reaches 1× / 2× the value then.
        while (c.walls < 2 && c.wallsInvested >= ECONOMY.wallsValueMultiple[c.walls]! * c.value) {
          c.walls += 1;
          t.events.push({
            type: 'built',
            audience: [p],
            turn: t.turn,
            player: p,
            at: c.at,
            what: 'walls',
            level: c.walls,
          });
        }
      }
      if (amount < want) result(t, p, o, 'partial', 'invested-part', { amount, want });
      else result(t, p, o, 'ok', 'invested', { amount });
      return [{ kind: o.target, amount, detail: '' }];
    }
  }
}

function fail(t: Turn, p: PlayerId, o: InvestOrder, code: string): Investment[] {
  result(t, p, o, 'failed', code);
  return [];
}

/**
 * Science levels, at the end of step 6: "Pokud proinvestuju do vedy v JEDNOM meste
 * 200 xc, ziskal jsem prvni stupen vsude". RULING fandi/science-accumulates: money
 * invested in one city adds up over turns; a city reaching the next threshold spends
 * it and the player gains the level; new levels allow building from the next turn.
 */
export function scienceStep(t: Turn): void {
  const players = t.state.players.filter((p) => t.economyOf === undefined || p.id === t.economyOf);
  for (const p of players.sort((a, b) => collate(a.id, b.id))) {
    for (const c of citiesOf(t.state, p.id)) {
      while (p.science < 2 && c.scienceInvested >= ECONOMY.scienceCost[p.science]!) {
        c.scienceInvested -= ECONOMY.scienceCost[p.science]!;
        p.science += 1;
        t.events.push({ type: 'science', audience: [p.id], turn: t.turn, player: p.id, level: p.science, at: c.at });
      }
    }
  }
}
