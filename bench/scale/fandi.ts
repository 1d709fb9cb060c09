// A deterministic FanDi game at scale (issue #15): a 100×100 board, 100 gods,
// 2,000 cities and any number of units, with order texts for most of them —
// the same bytes for the same size on every run (a seeded generator).
// Used by bench/pieces/fandi.ts and by tests (tests/fandi/scale.test.ts).
import { SeededRng } from '../../src/engine/rng.js';
import { rules } from '../../src/games/fandi/index.js';
import { squareName } from '../../src/games/fandi/map.js';
import type { FandiState } from '../../src/games/fandi/state.js';

export interface ScaleOptions {
  /** Units on the board at the start. */
  units: number;
  /** Board side (squares); default 100. */
  side?: number;
  /** Players; default 100 (a square number: the board is cut into √players × √players blocks). */
  players?: number;
  /** Cities in all; default 2,000 (a quarter of them neutral). */
  cities?: number;
}

export interface ScaleGame {
  /** The setup file's game part (`judge new` accepts it with seats). */
  setup: Record<string, unknown>;
  /** Seats for createGame: one per god. */
  seats: { id: string; name: string; email: string; password: string; lang: 'cs' | 'en' }[];
  /** The state after setup (what rules.setup makes of it). */
  state: FandiState;
  /** Each player's order text for turn 1, as a player would write it. */
  orders: Map<string, string>;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** A FanDi setup and turn-1 orders of the given size. Same options → same bytes. */
export function scaleGame(o: ScaleOptions): ScaleGame {
  const side = o.side ?? 100;
  const nPlayers = o.players ?? 100;
  const nCities = o.cities ?? 2000;
  const grid = Math.round(Math.sqrt(nPlayers));
  if (grid * grid !== nPlayers) throw new Error('players must be a square number');
  const block = Math.floor(side / grid);
  const perBlock = Math.floor(nCities / nPlayers);
  const owned = Math.ceil((perBlock * 3) / 4);
  const rng = new SeededRng(`fandi-scale-${side}-${nPlayers}-${nCities}-${o.units}`);
  const cell = 2;
  const rows: string[][] = Array.from({ length: side }, () => Array<string>(side).fill('  '));
  const players = Array.from({ length: nPlayers }, (_, i) => {
    const code = LETTERS[i % 26]! + LETTERS[Math.floor(i / 26) % 26]!;
    return {
      id: `b${String(i + 1).padStart(3, '0')}`,
      god: `${code.toUpperCase().charAt(0)}${code.charAt(1)}ros ${i + 1}`,
      letter: code,
    };
  });
  // Per block: rocks, the god's cities and some neutral ones, its units.
  const blockOf = (i: number) => ({ x0: (i % grid) * block, y0: Math.floor(i / grid) * block });
  const units: { at: string; owner: string; type: string; count: number }[] = [];
  const perPlayer = Math.floor(o.units / nPlayers);
  let extra = o.units - perPlayer * nPlayers;
  for (let i = 0; i < nPlayers; i++) {
    const { x0, y0 } = blockOf(i);
    const free: [number, number][] = [];
    for (let y = y0; y < y0 + block; y++) for (let x = x0; x < x0 + block; x++) free.push([x, y]);
    // Shuffle the block's squares (Fisher–Yates with the seeded rng).
    for (let k = free.length - 1; k > 0; k--) {
      const r = rng.int(k + 1);
      [free[k], free[r]] = [free[r]!, free[k]!];
    }
    const cities = free.slice(0, perBlock);
    const rocks = free.slice(perBlock, perBlock + Math.floor(block * block * 0.05));
    const field = free.slice(perBlock + rocks.length);
    cities.forEach(([x, y], k) => (rows[y]![x] = k < owned ? players[i]!.letter : '%'.repeat(cell)));
    for (const [x, y] of rocks) rows[y]![x] = '#'.repeat(cell);
    // Units: half in the god's own cities, half in the field of the block.
    let n = perPlayer + (extra > 0 ? 1 : 0);
    if (extra > 0) extra--;
    const at = new Map<string, number>();
    for (let k = 0; k < n; k++) {
      const [x, y] = k % 2 === 0 ? cities[rng.int(owned)]! : field[rng.int(field.length)]!;
      const sq = squareName(x, y);
      at.set(sq, (at.get(sq) ?? 0) + 1);
    }
    for (const [sq, count] of [...at].sort()) units.push({ at: sq, owner: players[i]!.id, type: 'pesi', count });
    n = 0;
  }
  const setup = {
    title: `FanDi ${side}×${side}, ${nPlayers} bohů, ${o.units} jednotek`,
    map: rows.map((r) => r.join('')),
    players,
    units,
    defaultCity: { value: 300, cash: 200 },
  };
  const seats = players.map((p) => ({
    id: p.id,
    name: `Hráč ${p.id}`,
    email: `${p.id}@example.cz`,
    password: `${p.id}-heslo`,
    lang: (Number(p.id.slice(1)) % 4 === 0 ? 'en' : 'cs') as 'cs' | 'en',
  }));
  const state = rules.setup(
    setup,
    seats.map(({ password: _p, ...s }) => s),
    new SeededRng('setup'),
  );
  return { setup, seats, state, orders: scaleOrders(state, rng) };
}

/**
 * Orders for turn 1: nine of ten groups of units move one step (to a free
 * neighbouring square, sometimes into a neighbour's block: battles), every
 * city invests or builds, some keep cash; a few gods attack from home.
 */
export function scaleOrders(state: FandiState, rng: SeededRng): Map<string, string> {
  const out = new Map<string, string>();
  const rock = (x: number, y: number) => state.terrain[y]?.[x] === '#';
  const cityAt = new Map(state.cities.map((c) => [c.at, c]));
  const groups = new Map<string, Map<string, number>>();
  for (const u of state.units) {
    if (!groups.has(u.owner)) groups.set(u.owner, new Map());
    const g = groups.get(u.owner)!;
    g.set(u.at, (g.get(u.at) ?? 0) + 1);
  }
  const coords = (sq: string) => {
    const m = /^([A-Z]+)(\d+)$/.exec(sq)!;
    let x = 0;
    for (const ch of m[1]!) x = x * 26 + (ch.charCodeAt(0) - 64);
    return { x: x - 1, y: Number(m[2]) - 1 };
  };
  for (const p of state.players) {
    const lines: string[] = [];
    for (const [sq, n] of [...(groups.get(p.id) ?? [])].sort()) {
      if (rng.int(10) === 0) continue;
      const { x, y } = coords(sq);
      const steps = (
        [
          [0, -1],
          [1, 0],
          [0, 1],
          [-1, 0],
        ] as const
      )
        .map(([dx, dy]) => ({ x: x + dx, y: y + dy }))
        .filter((q) => q.x >= 0 && q.y >= 0 && q.x < state.width && q.y < state.height && !rock(q.x, q.y));
      if (!steps.length) continue;
      const q = steps[rng.int(steps.length)]!;
      const to = squareName(q.x, q.y);
      const c = cityAt.get(to);
      // Mostly into the field or own cities; neutral and foreign cities now and then.
      if (c && c.owner !== p.id && rng.int(4) !== 0) continue;
      if (n > 1 && rng.int(3) === 0) lines.push(`přesuň ${1 + rng.int(n - 1)} pěší z ${sq} na ${to}`);
      else lines.push(`${sq} ${to}`);
    }
    for (const c of state.cities.filter((x) => x.owner === p.id)) {
      switch (rng.int(6)) {
        case 0:
          lines.push(`${c.at} postav ${1 + rng.int(3)} pěší`);
          break;
        case 1:
          lines.push(`${c.at} hradby ${10 + rng.int(40)}`);
          break;
        case 2:
          lines.push(`${c.at} věda ${10 + rng.int(40)}`);
          break;
        case 3:
          lines.push(`${c.at} hodnota ${5 + rng.int(30)}`);
          break;
        case 4:
          lines.push(`${c.at} technika zbytek`);
          break;
        default:
          lines.push(`${c.at} hotovost ${rng.int(20) + 1}`);
      }
    }
    if (rng.int(5) === 0) lines.push('útok vše');
    out.set(p.id, lines.join('\n'));
  }
  return out;
}
