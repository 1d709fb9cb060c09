// The forecast of a FanDi player's orders (issue #33): adjudication's own steps
// (adjudicate.ts STEPS) run on what the player knows, with his orders alone
// (everybody else holds) and no dice. What he knows is the public map — the
// terrain and every city's owner — his own cities, units, messengers and
// science; of the others nothing more (knownState). So the forecast cannot
// show what his report may not: it is computed from nothing else.
//
// Left out, because dice or the others' secrets decide them: battles (a move
// into another's or a neutral city is "contested": a battle decides it, or an
// occupation if nobody defends it), the spies' return (what they find), and the
// end-of-turn checks. Units standing in a contested city are paid by the
// player's nearest city, as units in the field are. Cost: the player's cities
// and units (only his cities' economy is worked out: Turn.economyOf), the
// board's squares once (field upkeep); never the other players' units, so a
// board of 20,000 units costs what the player's part of it costs.
import { NoDice } from '../../engine/rng.js';
import { canSee, type PlayerId } from '../../engine/types.js';
import { newTurn, STEPS } from './adjudicate.js';
import { compareSquares, shareCityIndex } from './map.js';
import { isForeignCity } from './movement.js';
import type { FandiEvent, FandiOrder, FandiState, FandiUnit, Square } from './state.js';
import { bareCity, playerOf } from './state.js';
import type { CityLedger } from './turn.js';

/** The steps a forecast runs, by name: all but the battles, the spies' return and the end of the turn. */
export const FORECAST_STEPS: ReadonlySet<string> = new Set([
  'orders',
  'movement',
  'coats',
  'yield',
  'upkeep',
  'investment',
]);

export interface FandiForecast {
  /** The player's events of the turn forecast: order results, moves, economy, disbands, advances, his messengers. */
  events: FandiEvent[];
  /** His cities' ledgers after the investment step (`kept`: set aside by cash orders), in reading order. */
  ledgers: CityLedger[];
  /** His units where they would stand after the turn. */
  units: FandiUnit[];
  /** The state after the turn as the forecast sees it (his cities as they would be). */
  after: FandiState;
  /** Squares a battle would decide: another's or a neutral city his move enters, a square where units he hands over stay with his own. */
  contested: Square[];
}

const known = new WeakMap<FandiState, Map<PlayerId, FandiState>>();

/**
 * What a player knows of a state: the public map (terrain, every city and its owner,
 * the players' names, letters and who is out, the war table), his own cities, units,
 * messengers on the way and science; nothing else (another city's value, cash and
 * walls, another player's units, science and messengers are zero or absent). Kept
 * per state object (a run's mails share one frozen state) and only ever read.
 */
export function knownState(state: FandiState, player: PlayerId): FandiState {
  let byPlayer = known.get(state);
  if (!byPlayer) known.set(state, (byPlayer = new Map()));
  let k = byPlayer.get(player);
  if (!k) {
    k = {
      ...state,
      players: state.players.map((p) => (p.id === player ? { ...p } : { ...p, science: 0 })),
      // A city of somebody else (or nobody) as everybody knows it from the map: where it is and whose it is.
      cities: state.cities.map((c) => (c.owner === player ? { ...c } : bareCity(c.at, c.owner, 0))),
      units: state.units.filter((u) => u.owner === player).map((u) => ({ ...u })),
      messengers: state.messengers.filter((m) => m.owner === player).map((m) => ({ ...m })),
    };
    byPlayer.set(player, k);
  }
  return k;
}

/** A working copy of a known state: its records copied, the terrain (never written) shared. */
function workingCopy(k: FandiState): FandiState {
  const cities = k.cities.map((c) => ({ ...c }));
  shareCityIndex(k.cities, cities);
  return {
    ...k,
    players: k.players.map((p) => ({ ...p })),
    cities,
    units: k.units.map((u) => ({ ...u })),
    messengers: k.messengers.map((m) => ({ ...m })),
    war: k.war.map((w) => ({ ...w })),
    winners: [...k.winners],
  };
}

/** The turn as the player's orders alone would make it, on what he knows; null when he cannot order (out, game over). */
export function forecastTurn(state: FandiState, player: PlayerId, orders: FandiOrder[]): FandiForecast | null {
  const me = playerOf(state, player);
  if (state.over || !me || me.out) return null;
  const k = knownState(state, player);
  const t = newTurn(k, new Map([[player, orders]]), new NoDice(), workingCopy);
  t.economyOf = player;
  // Who stands where once the units have moved and changed coats: a square of two sides is a battle's.
  const sides = new Map<Square, Set<PlayerId>>();
  for (const step of STEPS) {
    if (!FORECAST_STEPS.has(step.name)) continue;
    step.run(t);
    if (step.name === 'coats')
      for (const u of t.state.units) (sides.get(u.at) ?? sides.set(u.at, new Set()).get(u.at)!).add(u.owner);
  }
  const events = t.events.filter((e) => canSee(e.audience, player));
  // A battle decides a foreign city his move enters, and a square where units he hands over stay with his own.
  const contested = [
    ...new Set([
      ...events.flatMap((e) => (e.type === 'move' && isForeignCity(k, player, e.to) ? [e.to] : [])),
      ...[...sides].filter(([, owners]) => owners.size > 1).map(([sq]) => sq),
    ]),
  ].sort(compareSquares);
  return {
    events,
    ledgers: [...t.ledgers.values()].filter((l) => l.owner === player).sort((a, b) => compareSquares(a.at, b.at)),
    units: t.state.units.filter((u) => u.owner === player).sort((a, b) => a.id - b.id),
    after: t.state,
    contested,
  };
}
