// Board geometry: squares "B4" (column letters, row number; A1 top left),
// orthogonal neighbours, walking distances and the document's map notation.
// Columns past Z are named like a spreadsheet's: Z, AA, AB, … AZ, BA, … ZZ.
import type { FandiCity, FandiState, PlayerId, Square } from './state.js';

export interface XY {
  x: number;
  y: number;
}

/** The most columns and rows a board may have: columns A…ZZ, rows 1…999. */
export const MAX_COLUMNS = 26 + 26 * 26;
export const MAX_ROWS = 999;

/** Column 0 → "A", 25 → "Z", 26 → "AA", 27 → "AB", … (spreadsheet naming). */
export function columnName(x: number): string {
  let n = x + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** "A" → 0, "Z" → 25, "AA" → 26 (letters in either case). */
export function columnIndex(label: string): number {
  let n = 0;
  for (const ch of label.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

export function squareName(x: number, y: number): Square {
  return columnName(x) + String(y + 1);
}

/** A word that has the shape of a square: one or two letters, then a row number ("b4", "AA12"). */
export const SQUARE_RE = /^([a-zA-Z]{1,2})(\d{1,3})$/;

/** "b4" / "B4" / "ab12" → {x, y}, or null when malformed or off the board. */
export function parseSquare(s: string, width: number, height: number): XY | null {
  const m = SQUARE_RE.exec(s.trim());
  if (!m) return null;
  const x = columnIndex(m[1]!);
  const y = Number(m[2]) - 1;
  if (x < 0 || x >= width || y < 0 || y >= height || String(y + 1) !== m[2]) return null;
  return { x, y };
}

const xyCache = new Map<Square, XY>();

export function xy(sq: Square): XY {
  let p = xyCache.get(sq);
  if (!p) {
    const m = SQUARE_RE.exec(sq)!;
    p = { x: columnIndex(m[1]!), y: Number(m[2]) - 1 };
    xyCache.set(sq, p);
  }
  return p;
}

/** Reading order: row by row, then column. The order of everything that needs one. */
export function compareSquares(a: Square, b: Square): number {
  const p = xy(a);
  const q = xy(b);
  return p.y - q.y || p.x - q.x;
}

export function onBoard(state: Pick<FandiState, 'width' | 'height'>, p: XY): boolean {
  return p.x >= 0 && p.y >= 0 && p.x < state.width && p.y < state.height;
}

/** Orthogonal neighbours in a fixed order (north, east, south, west). */
export function neighbours(state: Pick<FandiState, 'width' | 'height'>, sq: Square): Square[] {
  const p = xy(sq);
  const out: Square[] = [];
  for (const [dx, dy] of [
    [0, -1],
    [1, 0],
    [0, 1],
    [-1, 0],
  ] as const) {
    const q = { x: p.x + dx, y: p.y + dy };
    if (onBoard(state, q)) out.push(squareName(q.x, q.y));
  }
  return out;
}

export function adjacent(a: Square, b: Square): boolean {
  const p = xy(a);
  const q = xy(b);
  return Math.abs(p.x - q.x) + Math.abs(p.y - q.y) === 1;
}

export function isRock(state: Pick<FandiState, 'terrain'>, sq: Square): boolean {
  const p = xy(sq);
  return state.terrain[p.y]?.[p.x] === '#';
}

/** Each cities array → where each city stands in it (built on first use, rebuilt when the array changed). */
const cityIndex = new WeakMap<readonly FandiCity[], Map<Square, number>>();

export function cityAt(state: Pick<FandiState, 'cities'>, sq: Square): FandiCity | null {
  const cities = state.cities;
  let index = cityIndex.get(cities);
  if (index && index.size === cities.length) {
    const i = index.get(sq);
    if (i === undefined) return null;
    const c = cities[i]!;
    if (c.at === sq) return c;
  }
  // First use, or the array was changed (sorted, a city added): index it again.
  index = new Map(cities.map((c, i) => [c.at, i]));
  cityIndex.set(cities, index);
  const i = index.get(sq);
  return i === undefined ? null : cities[i]!;
}

/**
 * A copy of a cities array, city for city in the same order (a forecast's working copy,
 * forecast.ts), finds its cities by the original's index instead of building its own.
 */
export function shareCityIndex(from: readonly FandiCity[], to: readonly FandiCity[]): void {
  cityAt({ cities: from as FandiCity[] }, from[0]?.at ?? '');
  const index = cityIndex.get(from);
  if (index && to.length === from.length) cityIndex.set(to, index);
}

export function allSquares(state: Pick<FandiState, 'width' | 'height'>): Square[] {
  const out: Square[] = [];
  for (let y = 0; y < state.height; y++) for (let x = 0; x < state.width; x++) out.push(squareName(x, y));
  return out;
}

/**
 * For a square reachable over passable squares: the nearest of `sources` by walking
 * distance, ties to the first in `sources` order — what one search from each square
 * (distances) would find, in one breadth-first search from all sources at once, layer by layer.
 */
export function nearestSource(state: FandiState, sources: readonly Square[]): (sq: Square) => Square | undefined {
  const w = state.width;
  const h = state.height;
  // Squares as numbers (y × width + x): the search touches every square of the board.
  const best = new Int32Array(w * h).fill(-1); // square → index of its nearest source
  const layerOf = new Int32Array(w * h).fill(-1);
  let layer: number[] = [];
  sources.forEach((s, r) => {
    const p = xy(s);
    const i = p.y * w + p.x;
    if (best[i] !== -1) return;
    best[i] = r;
    layerOf[i] = 0;
    layer.push(i);
  });
  for (let d = 1; layer.length; d++) {
    const next: number[] = [];
    for (const cur of layer) {
      const r = best[cur]!;
      // The order does not matter here: ties go to the lowest rank.
      eachOpenNeighbour(state, cur, (n) => {
        if (best[n] === -1) {
          best[n] = r;
          layerOf[n] = d;
          next.push(n);
        } else if (layerOf[n] === d && r < best[n]!) best[n] = r;
      });
    }
    layer = next;
  }
  return (sq) => {
    const p = xy(sq);
    const r = p.x < w && p.y < h ? best[p.y * w + p.x]! : -1;
    return r === -1 ? undefined : sources[r];
  };
}

/** Visit the passable orthogonal neighbours of square number `i` (y × width + x): north, east, south, west. */
function eachOpenNeighbour(
  state: Pick<FandiState, 'width' | 'height' | 'terrain'>,
  i: number,
  visit: (n: number) => void,
): void {
  const w = state.width;
  const x = i % w;
  const y = (i - x) / w;
  const open = (nx: number, ny: number) => state.terrain[ny]?.charCodeAt(nx) !== 35; // '#'
  if (y > 0 && open(x, y - 1)) visit(i - w);
  if (x + 1 < w && open(x + 1, y)) visit(i + 1);
  if (y + 1 < state.height && open(x, y + 1)) visit(i + w);
  if (x > 0 && open(x - 1, y)) visit(i - 1);
}

/** Breadth-first walking distances from a square over passable squares, with an optional square filter. */
export function distances(
  state: FandiState,
  from: Square,
  passable: (sq: Square) => boolean = (sq) => !isRock(state, sq),
): Map<Square, number> {
  const dist = new Map<Square, number>([[from, 0]]);
  const queue: Square[] = [from];
  for (let i = 0; i < queue.length; i++) {
    const cur = queue[i]!;
    for (const n of neighbours(state, cur)) {
      if (dist.has(n) || !passable(n)) continue;
      dist.set(n, dist.get(cur)! + 1);
      queue.push(n);
    }
  }
  return dist;
}

/**
 * RULING fandi/spy-neighbour: "vedlejsi mesto". Every city has its surroundings
 * ("Kazde mesto ma spolu s okolim nejakou hodnotu"): the squares to which it is
 * nearest by walking (ties belong to all nearest cities). Two cities are
 * neighbours when their surroundings touch or overlap.
 */
export function neighbouringCities(state: FandiState, city: Square): Square[] {
  const region = regions(state);
  const mine = (sq: Square) => region.get(sq)?.includes(city) ?? false;
  const found = new Set<Square>();
  for (const [sq, owners] of region) {
    if (!mine(sq)) continue;
    for (const c of owners) found.add(c);
    for (const n of neighbours(state, sq)) for (const c of region.get(n) ?? []) found.add(c);
  }
  found.delete(city);
  return [...found].sort(compareSquares);
}

/**
 * Each passable square → the cities nearest to it by walking (ties: all of them, in
 * reading order). One breadth-first search from every city at once, layer by layer:
 * a square's nearest cities are those of its neighbours one step nearer. Kept per
 * board and city squares (they never change in a game's turn; owners do not matter).
 */
export function regions(state: FandiState): Map<Square, Square[]> {
  const cities = [...state.cities].sort((a, b) => compareSquares(a.at, b.at)).map((c) => c.at);
  const key = cities.join(' ');
  const known = regionCache.get(state.terrain);
  if (known && known.key === key) return known.regions;
  const w = state.width;
  const h = state.height;
  const dist = new Int32Array(w * h).fill(-1);
  const near: number[][] = [];
  let layer: number[] = [];
  cities.forEach((sq, r) => {
    const p = xy(sq);
    const i = p.y * w + p.x;
    dist[i] = 0;
    near[i] = [r];
    layer.push(i);
  });
  for (let d = 1; layer.length; d++) {
    const next: number[] = [];
    for (const cur of layer) {
      eachOpenNeighbour(state, cur, (n) => {
        if (dist[n] === -1) {
          dist[n] = d;
          near[n] = [...near[cur]!];
          next.push(n);
        } else if (dist[n] === d) for (const r of near[cur]!) if (!near[n]!.includes(r)) near[n]!.push(r);
      });
    }
    layer = next;
  }
  const out = new Map<Square, Square[]>();
  for (let i = 0; i < w * h; i++)
    if (near[i])
      out.set(
        squareName(i % w, Math.floor(i / w)),
        near[i]!.sort((a, b) => a - b).map((r) => cities[r]!),
      );
  regionCache.set(state.terrain, { key, regions: out });
  return out;
}

const regionCache = new WeakMap<readonly string[], { key: string; regions: Map<Square, Square[]> }>();

/**
 * How many characters one square takes on the map: 1 in the document's notation
 * (every god has a one-letter code), 2 when the game has more gods than one letter
 * tells apart (two-letter codes "al", "am"; then "#" is "##", "%" is "%%", empty "  ").
 */
export function cellWidth(players: readonly { letter: string }[]): number {
  return Math.max(1, ...players.map((p) => p.letter.length));
}

/** The map cell of a square in the document's notation: '#', ' ', '%' or the owner's letter(s). */
export function mapChar(
  state: FandiState,
  sq: Square,
  w = cellWidth(state.players),
  letters?: ReadonlyMap<PlayerId, string>,
): string {
  const c = cityAt(state, sq);
  if (c)
    return c.owner === null
      ? '%'.repeat(w)
      : ((letters ? letters.get(c.owner) : state.players.find((p) => p.id === c.owner)?.letter) ?? '?'.repeat(w));
  return (isRock(state, sq) ? '#' : ' ').repeat(w);
}

/**
 * The column heading lines: each label right-aligned in its cell; labels that do not
 * fit a cell with a space before them (AA… past Z) are written downwards over two lines.
 */
function columnHeadings(width: number, cell: number): string[] {
  const labels = Array.from({ length: width }, (_, x) => columnName(x));
  const longest = Math.max(...labels.map((l) => l.length));
  if (longest < cell || longest === 1) return [labels.map((l) => l.padStart(cell)).join('')];
  return Array.from({ length: longest }, (_, i) =>
    labels.map((l) => l.padStart(longest).charAt(i).padStart(cell)).join(''),
  );
}

/** The framed ASCII map with column letters and row numbers (rows framed by | so spaces survive). */
export function mapLines(state: FandiState): string[] {
  const rowW = String(state.height).length;
  const pad = ' '.repeat(rowW);
  const cell = cellWidth(state.players);
  const heads = columnHeadings(state.width, cell).map((h) => `${pad} ${h}`.trimEnd());
  const frame = `${pad}+${'-'.repeat(state.width * cell)}+`;
  const lines = [...heads, frame];
  const letters = new Map(state.players.map((p) => [p.id, p.letter]));
  for (let y = 0; y < state.height; y++) {
    let row = '';
    for (let x = 0; x < state.width; x++) row += mapChar(state, squareName(x, y), cell, letters);
    lines.push(`${String(y + 1).padStart(rowW)}|${row}|${y + 1}`);
  }
  lines.push(frame, ...heads);
  return lines;
}

/** The player's own cities, in reading order. */
export function citiesOf(state: FandiState, player: PlayerId): FandiCity[] {
  return state.cities.filter((c) => c.owner === player).sort((a, b) => compareSquares(a.at, b.at));
}
