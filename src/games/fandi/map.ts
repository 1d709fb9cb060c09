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

export function cityAt(state: Pick<FandiState, 'cities'>, sq: Square): FandiCity | null {
  return state.cities.find((c) => c.at === sq) ?? null;
}

export function allSquares(state: Pick<FandiState, 'width' | 'height'>): Square[] {
  const out: Square[] = [];
  for (let y = 0; y < state.height; y++) for (let x = 0; x < state.width; x++) out.push(squareName(x, y));
  return out;
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

/** Each passable square → the cities nearest to it by walking. */
export function regions(state: FandiState): Map<Square, Square[]> {
  const best = new Map<Square, { d: number; cities: Square[] }>();
  for (const c of [...state.cities].sort((a, b) => compareSquares(a.at, b.at))) {
    for (const [sq, d] of distances(state, c.at)) {
      const b = best.get(sq);
      if (!b || d < b.d) best.set(sq, { d, cities: [c.at] });
      else if (d === b.d) b.cities.push(c.at);
    }
  }
  const out = new Map<Square, Square[]>();
  for (const [sq, b] of best) out.set(sq, b.cities);
  return out;
}

/**
 * How many characters one square takes on the map: 1 in the document's notation
 * (every god has a one-letter code), 2 when the game has more gods than one letter
 * tells apart (two-letter codes "al", "am"; then "#" is "##", "%" is "%%", empty "  ").
 */
export function cellWidth(players: readonly { letter: string }[]): number {
  return Math.max(1, ...players.map((p) => p.letter.length));
}

/** The map cell of a square in the document's notation: '#', ' ', '%' or the owner's letter(s). */
export function mapChar(state: FandiState, sq: Square): string {
  const w = cellWidth(state.players);
  const c = cityAt(state, sq);
  if (c) return c.owner === null ? '%'.repeat(w) : (state.players.find((p) => p.id === c.owner)?.letter ?? '?'.repeat(w));
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
  return Array.from({ length: longest }, (_, i) => labels.map((l) => l.padStart(longest).charAt(i).padStart(cell)).join(''));
}

/** The framed ASCII map with column letters and row numbers (rows framed by | so spaces survive). */
export function mapLines(state: FandiState): string[] {
  const rowW = String(state.height).length;
  const pad = ' '.repeat(rowW);
  const cell = cellWidth(state.players);
  const heads = columnHeadings(state.width, cell).map((h) => `${pad} ${h}`.replace(/\s+$/, ''));
  const frame = `${pad}+${'-'.repeat(state.width * cell)}+`;
  const lines = [...heads, frame];
  for (let y = 0; y < state.height; y++) {
    let row = '';
    for (let x = 0; x < state.width; x++) row += mapChar(state, squareName(x, y));
    lines.push(`${String(y + 1).padStart(rowW)}|${row}|${y + 1}`);
  }
  lines.push(frame, ...heads);
  return lines;
}

/** The player's own cities, in reading order. */
export function citiesOf(state: FandiState, player: PlayerId): FandiCity[] {
  return state.cities.filter((c) => c.owner === player).sort((a, b) => compareSquares(a.at, b.at));
}
