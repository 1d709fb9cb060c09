// The structured board of a FanDi report (model.board): what the ASCII map and
// the report's tables already show the reader, as data a picture can be drawn
// from (picture.ts). It is built inside view() from what view() has already
// filtered for the reader (the events the reader may see, the units that are
// theirs), so the visibility rules stay in one place:
// - the terrain and every city with its owner's letter: the public map;
// - unit counts: the reader's own units where they stand now (the UNITS table;
//   the GM: everybody's), and the units a spy of theirs counted in a city this
//   turn (the SPIES section names the city);
// - this turn's moves and battles the reader may see (the moves list, BATTLES).
// Linear in squares + units + events.
import type { PlayerId } from '../../engine/types.js';
import { columnName, xy } from './map.js';
import type { FandiEvent, FandiState, Square } from './state.js';
import { collate } from '../../engine/collate.js';

export interface BoardCity {
  at: Square;
  x: number;
  y: number;
  /** The owner's map letter(s), '%' for a neutral city. */
  letter: string;
  /** Index into board.players, or null for a neutral city. */
  player: number | null;
  /** The reader's own city. */
  mine: boolean;
}

export interface BoardUnits {
  at: Square;
  x: number;
  y: number;
  /** Index into board.players. */
  player: number;
  count: number;
  mine: boolean;
  /** Where the reader knows it from: their own units now, or a spy's count this turn. */
  seen: 'own' | 'spy';
}

export interface BoardMove {
  from: Square;
  to: Square;
  /** The squares walked, from the start to the end. */
  path: { x: number; y: number }[];
}

export interface BoardBattle {
  at: Square;
  x: number;
  y: number;
  city: boolean;
}

export interface BoardPlayer {
  letter: string;
  god: string;
  id: PlayerId;
  out: boolean;
  cities: number;
  me: boolean;
}

export interface BoardModel {
  width: number;
  height: number;
  /** Column labels, A… (spreadsheet naming past Z). */
  columns: string[];
  /** The terrain rows: '#' impassable, ' ' passable (cities are in `cities`). */
  terrain: string[];
  cities: BoardCity[];
  units: BoardUnits[];
  moves: BoardMove[];
  battles: BoardBattle[];
  /** Players in the map legend's order (by letter). */
  players: BoardPlayer[];
  neutralCities: number;
  /** The GM's board (everything). */
  gm: boolean;
  /** The turn the report is about. */
  turn: number;
}

/**
 * The board as `reader` may know it. `seen` are the events the reader may see
 * (view() filtered them), `mine` says whose units and cities the reader reads
 * in full (view()'s own test: the reader's, or everybody's for the GM).
 */
export function boardModel(
  state: FandiState,
  seen: readonly FandiEvent[],
  reader: PlayerId | 'gm',
  mine: (owner: PlayerId | null) => boolean,
): BoardModel {
  const gm = reader === 'gm';
  const players = [...state.players]
    .sort((a, b) => collate(a.letter, b.letter))
    .map((p) => ({ letter: p.letter, god: p.god, id: p.id, out: p.out, cities: 0, me: p.id === reader }));
  const index = new Map(players.map((p, i) => [p.id, i]));

  let neutralCities = 0;
  const cities: BoardCity[] = state.cities.map((c) => {
    const { x, y } = xy(c.at);
    const i = c.owner === null ? undefined : index.get(c.owner);
    if (i === undefined) neutralCities++;
    else players[i]!.cities++;
    return {
      at: c.at,
      x,
      y,
      letter: i === undefined ? '%' : players[i]!.letter,
      player: i ?? null,
      mine: c.owner !== null && c.owner === reader,
    };
  });

  // Own units (everybody's for the GM), counted per square and owner in one pass.
  const counts = new Map<string, BoardUnits>();
  for (const u of state.units) {
    if (!mine(u.owner)) continue;
    const key = `${u.at}\u0000${u.owner}`;
    const c = counts.get(key);
    if (c) c.count++;
    else {
      const { x, y } = xy(u.at);
      counts.set(key, {
        at: u.at,
        x,
        y,
        player: index.get(u.owner) ?? 0,
        count: 1,
        mine: u.owner === reader,
        seen: 'own',
      });
    }
  }
  const units = [...counts.values()];

  const moves: BoardMove[] = [];
  const battles: BoardBattle[] = [];
  for (const e of seen) {
    if (e.type === 'move')
      moves.push({ from: e.from, to: e.to, path: (e.path.length ? e.path : [e.from, e.to]).map((sq) => xy(sq)) });
    else if (e.type === 'battle') {
      const { x, y } = xy(e.at);
      battles.push({ at: e.at, x, y, city: e.city });
    } else if (e.type === 'spy' && !gm && !e.void && e.info) {
      // What the spy counted in the city, the reader's own units left out (they are shown where they are now).
      const { x, y } = xy(e.target);
      for (const [owner, byType] of Object.entries(e.info.units)) {
        if (owner === reader) continue;
        const count = Object.values(byType).reduce((s, n) => s + n, 0);
        if (count > 0)
          units.push({ at: e.target, x, y, player: index.get(owner) ?? 0, count, mine: false, seen: 'spy' });
      }
    }
  }

  return {
    width: state.width,
    height: state.height,
    columns: Array.from({ length: state.width }, (_, x) => columnName(x)),
    terrain: state.terrain,
    cities,
    units,
    moves,
    battles,
    players,
    neutralCities,
    gm,
    turn: state.turn - 1,
  };
}
