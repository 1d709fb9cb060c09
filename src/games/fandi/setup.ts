// Setups (games/fandi/setups/*.json): the map in the document's notation plus
// city details, players and starting units. Every error is reported at once.
import * as z from '../../zod.js';
import { KindSetupError } from '../../errors.js';
import type { Lang, PlayerSeat } from '../../engine/types.js';
import type { Rng } from '../../engine/rng.js';
import { ECONOMY } from './constants.js';
import { MAX_COLUMNS, MAX_ROWS, compareSquares, parseSquare, squareName } from './map.js';
import { normalize } from './orders.js';
import type { FandiCity, FandiPlayer, FandiState, FandiUnit } from './state.js';
import { UNIT_IDS } from './units.js';
import { collate } from '../../engine/collate.js';

const nonNeg = z.number().int().min(0);

const citySchema = z
  .object({
    value: z.number().int().min(ECONOMY.minCityValue),
    tech: z.number().int().min(0).max(2),
    techInvested: nonNeg,
    walls: z.number().int().min(0).max(2),
    wallsInvested: nonNeg,
    scienceInvested: nonNeg,
    cash: nonNeg,
    spies: nonNeg,
  })
  .partial()
  .strict();

export const setupSchema = z
  .object({
    title: z.string().min(1),
    description: z.string().optional(),
    map: z
      .array(z.string().regex(/^[# %a-z]*$/, 'map rows may hold only "#", " ", "%" and lowercase letters'))
      .min(1)
      .max(MAX_ROWS),
    defaultCity: citySchema.optional(),
    cities: z.record(z.string(), citySchema).optional(),
    players: z
      .array(
        z
          .object({
            id: z.string().regex(/^[a-z][a-z0-9_-]*$/, 'player ids are lowercase words'),
            god: z.string().min(1),
            letter: z
              .string()
              .regex(/^[a-z]{1,2}$/, 'a map code is one or two lowercase letters')
              .optional(),
            science: z.number().int().min(0).max(2).optional(),
          })
          .strict(),
      )
      .min(1),
    units: z
      .array(
        z
          .object({ at: z.string(), owner: z.string(), type: z.string(), count: z.number().int().min(1).optional() })
          .strict(),
      )
      .optional(),
  })
  .strict();

export type FandiSetup = z.infer<typeof setupSchema>;

export interface SetupIssue {
  path: string;
  message: string;
}

export class SetupError extends KindSetupError {
  constructor(readonly issues: SetupIssue[]) {
    super(
      'FanDi',
      issues.map((i) => `${i.path}: ${i.message}`),
    );
  }
}

/** The god's map letter: the first letter of the name, without diacritics ("Černá" → c). */
export function godLetter(god: string): string {
  return normalize(god)
    .replace(/[^a-z]/g, '')
    .charAt(0);
}

/**
 * The map codes of the gods, in the order given. The document's notation: the god
 * name's first letter ("oznacena malymi pismeny shodnymi s pocatecnimi pismeny jejich
 * bozskych jmen"). When two gods share a first letter (a game of more than a handful of
 * players, or more than 26), every god gets two letters instead: the first letter and
 * the next letter of the name that keeps the codes apart ("Alfa" al, "Alma" am), and
 * every map square is then written with two characters. A setup may give codes itself:
 * then it has two-letter codes only if it gives one, and repeated letters are an error.
 */
export function godCodes(players: readonly { god: string; letter?: string | undefined }[]): string[] {
  const initials = players.map((p) => godLetter(p.god));
  const given = players.some((p) => p.letter);
  const two = given ? players.some((p) => (p.letter?.length ?? 1) > 1) : new Set(initials).size < initials.length;
  if (!two) return players.map((p, i) => p.letter ?? initials[i]!);
  const used = new Set(players.map((p) => p.letter).filter((l): l is string => !!l && l.length === 2));
  return players.map((p) => {
    if (p.letter && p.letter.length === 2) return p.letter;
    const name = normalize(p.god).replace(/[^a-z]/g, '');
    const first = name.charAt(0) || 'x';
    for (const ch of [...name.slice(1), ...'abcdefghijklmnopqrstuvwxyz']) {
      if (used.has(first + ch)) continue;
      used.add(first + ch);
      return first + ch;
    }
    return first + first;
  });
}

/** A map row cut into cells of `w` characters. */
export function mapCells(row: string, w: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < row.length; i += w) out.push(row.slice(i, i + w));
  return out;
}

/** What a map cell is: '#', ' ', '%' (each written `w` times) or a god's code. */
export function cellKind(cell: string, w: number): '#' | ' ' | '%' | 'code' | null {
  for (const ch of ['#', ' ', '%'] as const) if (cell === ch.repeat(w)) return ch;
  return /^[a-z]+$/.test(cell) && cell.length === w ? 'code' : null;
}

/**
 * What the cross-references read: the parts of a setup that have the shape they
 * need, even when others do not (a unit with a count of 0 still has a square,
 * an owner and a type to check), so that every error is reported at once.
 */
interface SetupView {
  /** null: the map itself is malformed (its own errors are the shape's). */
  map: string[] | null;
  /** Every player with an id and a god's name; complete: no player lacks them. */
  players: { id: string; god: string; letter?: string | undefined }[];
  playersComplete: boolean;
  /** Every player's id, of one broken elsewhere too (it still owns its units). */
  owners: Set<string>;
  cities: [string, z.infer<typeof citySchema>][];
  units: { i: number; at?: string; owner?: string; type?: string }[];
}

const str = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const fields = (x: unknown): Record<string, unknown> =>
  x && typeof x === 'object' ? (x as Record<string, unknown>) : {};

function setupView(raw: unknown): SetupView {
  const r = fields(raw);
  const map = setupSchema.shape.map.safeParse(r.map);
  const players = list(r.players).map(fields);
  const named = players.flatMap((p) => {
    const id = str(p.id);
    const god = str(p.god);
    const letter = str(p.letter);
    return id && god ? [{ id, god, letter: letter && /^[a-z]{1,2}$/.test(letter) ? letter : undefined }] : [];
  });
  return {
    map: map.success ? map.data : null,
    players: named,
    playersComplete: named.length === players.length && named.length > 0,
    owners: new Set(players.flatMap((p) => str(p.id) ?? [])),
    cities: Object.entries(fields(r.cities)).flatMap(([k, v]) => {
      const c = citySchema.safeParse(v);
      return c.success ? [[k, c.data] as [string, z.infer<typeof citySchema>]] : [];
    }),
    units: list(r.units).map((u, i) => {
      const f = fields(u);
      return { i, at: str(f.at), owner: str(f.owner), type: str(f.type) };
    }),
  };
}

/** Validate a setup: the shape with zod and every cross-reference, all issues at once (the latter on what has its shape). */
export function validateSetup(raw: unknown): { setup: FandiSetup } | { issues: SetupIssue[] } {
  const r = setupSchema.safeParse(raw);
  const issues: SetupIssue[] = r.success
    ? []
    : r.error.issues.map((i) => ({ path: i.path.join('.') || '(root)', message: i.message }));
  const add = (path: string, message: string) => issues.push({ path, message });
  const s = setupView(raw);
  const codes = s.players.length ? godCodes(s.players) : [];
  const cell = Math.max(1, ...codes.map((c) => c.length));
  const letters = new Map<string, string>();
  const ids = new Set<string>();
  s.players.forEach((p, i) => {
    if (ids.has(p.id)) add(`players.${i}.id`, `duplicate player id "${p.id}"`);
    ids.add(p.id);
    const l = godLetter(p.god);
    const code = codes[i]!;
    if (!l) add(`players.${i}.god`, `the god name "${p.god}" has no letter`);
    if (p.letter && p.letter.charAt(0) !== l)
      add(`players.${i}.letter`, `the letter must be the god name's first letter "${l}"`);
    if (code.length !== cell) add(`players.${i}.letter`, `all map codes must have ${cell} letters ("${code}")`);
    if (letters.has(code)) add(`players.${i}.god`, `letter "${code}" is already used by ${letters.get(code)}`);
    letters.set(code, p.id);
  });
  const map = s.map;
  const width = map ? Math.floor(map[0]!.length / cell) : 0;
  const height = map ? map.length : 0;
  const citySquares = new Map<string, string>();
  if (map) {
    if (width < 1 || width > MAX_COLUMNS) add('map', `the map must be 1..${MAX_COLUMNS} columns wide (is ${width})`);
    map.forEach((row, y) => {
      if (row.length !== width * cell)
        add(
          `map.${y}`,
          cell > 1
            ? `row ${y + 1} has ${row.length} characters, the first row has ${width * cell} (${cell} characters a square)`
            : `row ${y + 1} has ${row.length} columns, the first row has ${width}`,
        );
    });
    map.forEach((row, y) =>
      mapCells(row, cell).forEach((ch, x) => {
        const k = cellKind(ch, cell);
        if (k === null)
          add(
            `map.${y}`,
            `square ${squareName(x, y)} is "${ch}": write ${cell > 1 ? `${cell} characters a square ("##", "  ", "%%" or a god's code)` : '"#", " ", "%" or a god\'s letter'}`,
          );
        if (k === '%' || k === 'code') citySquares.set(squareName(x, y), ch);
        if (k === 'code' && s.playersComplete && !letters.has(ch))
          add(`map.${y}`, `city ${squareName(x, y)} has letter "${ch}" of no player`);
      }),
    );
    if (cell > 1 && issues.some((i) => i.path.startsWith('map')) && !s.players.some((p) => p.letter))
      add(
        'players',
        `gods share first letters, so every god has a two-letter code (${s.players.map((p, i) => `${p.god} ${codes[i]}`).join(', ')}) and every map square takes two characters ("##", "  ", "%%", a code)`,
      );
  }
  for (const [k, v] of s.cities) {
    if (map) {
      const p = parseSquare(k, width, height);
      if (!p || squareName(p.x, p.y) !== k) add(`cities.${k}`, `"${k}" is not a square of the map (write it like B4)`);
      else if (!citySquares.has(k)) add(`cities.${k}`, `there is no city on ${k} in the map`);
    }
    if (v.walls !== undefined && v.walls > 0 && v.wallsInvested === undefined)
      add(`cities.${k}.wallsInvested`, 'walls need wallsInvested (at least value × level)');
  }
  s.units.forEach((u) => {
    const i = u.i;
    if (map && u.at !== undefined) {
      const p = parseSquare(u.at, width, height);
      if (!p || squareName(p.x, p.y) !== u.at) add(`units.${i}.at`, `"${u.at}" is not a square of the map`);
      else {
        const ch = mapCells(map[p.y]!, cell)[p.x] ?? '';
        const k = cellKind(ch, cell);
        if (k === '#') add(`units.${i}.at`, `${u.at} is impassable (#)`);
        if (k === '%' || (k === 'code' && s.playersComplete && letters.get(ch) !== u.owner))
          add(`units.${i}.at`, `${u.at} is a city that ${u.owner} does not own`);
      }
    }
    if (u.owner !== undefined && !s.owners.has(u.owner)) add(`units.${i}.owner`, `unknown player "${u.owner}"`);
    if (u.type !== undefined && !UNIT_IDS.includes(u.type))
      add(`units.${i}.type`, `unknown unit type "${u.type}" (known: ${UNIT_IDS.join(', ')})`);
  });
  return issues.length || !r.success ? { issues } : { setup: r.data };
}

/**
 * A new game. Seats are matched to setup players by id; seats with other ids take
 * the remaining setup players in order. Setup players left without a seat leave
 * their cities neutral and their units off the board.
 */
export function setup(raw: unknown, seats: PlayerSeat[], _rng?: Rng): FandiState {
  const v = validateSetup(raw);
  const given = list(fields(raw).players).length;
  // More seats than the setup has players: said with the setup's own errors.
  if (given && seats.length > given) {
    const tooMany = { path: 'players', message: `the setup has ${given} players, ${seats.length} seats were given` };
    throw new SetupError([...('issues' in v ? v.issues : []), tooMany]);
  }
  if ('issues' in v) throw new SetupError(v.issues);
  const s = v.setup;
  const free = s.players.filter((p) => !seats.some((seat) => seat.id === p.id));
  const idMap = new Map<string, string>(); // setup id → seat id
  const seatOf = new Map<string, PlayerSeat>();
  const unmatched: PlayerSeat[] = [];
  for (const seat of seats) {
    if (s.players.some((p) => p.id === seat.id)) {
      idMap.set(seat.id, seat.id);
      seatOf.set(seat.id, seat);
    } else unmatched.push(seat);
  }
  if (unmatched.length > free.length)
    throw new SetupError([
      { path: 'players', message: `the setup has ${s.players.length} players, ${seats.length} seats were given` },
    ]);
  unmatched.forEach((seat, i) => {
    idMap.set(free[i]!.id, seat.id);
    seatOf.set(seat.id, seat);
  });
  const codes = godCodes(s.players);
  const cell = Math.max(...codes.map((c) => c.length));
  const width = s.map[0]!.length / cell;
  const height = s.map.length;
  const players: FandiPlayer[] = [];
  s.players.forEach((p, i) => {
    const id = idMap.get(p.id);
    if (!id) return;
    const seat = seatOf.get(id)!;
    players.push({
      id,
      god: p.god,
      letter: codes[i]!,
      name: seat.name,
      email: seat.email,
      lang: seat.lang as Lang,
      science: p.science ?? 0,
      out: false,
      outTurn: null,
    });
  });
  players.sort((a, b) => collate(a.id, b.id));
  const byLetter = new Map(s.players.map((p, i) => [codes[i]!, idMap.get(p.id) ?? null]));
  const cities: FandiCity[] = [];
  const terrain: string[] = [];
  s.map.forEach((row, y) => {
    const cells = mapCells(row, cell);
    terrain.push(cells.map((ch) => (cellKind(ch, cell) === '#' ? '#' : ' ')).join(''));
    cells.forEach((ch, x) => {
      const k = cellKind(ch, cell);
      if (k !== '%' && k !== 'code') return;
      const at = squareName(x, y);
      const d = { ...s.defaultCity, ...s.cities?.[at] };
      cities.push({
        at,
        owner: k === '%' ? null : (byLetter.get(ch) ?? null),
        value: d.value ?? 100,
        tech: d.tech ?? 0,
        techInvested: d.techInvested ?? 0,
        walls: d.walls ?? 0,
        wallsInvested: d.wallsInvested ?? 0,
        scienceInvested: d.scienceInvested ?? 0,
        cash: d.cash ?? 0,
        spies: d.spies ?? 0,
      });
    });
  });
  cities.sort((a, b) => compareSquares(a.at, b.at));
  const units: FandiUnit[] = [];
  let nextUnitId = 1;
  for (const u of s.units ?? []) {
    const owner = idMap.get(u.owner);
    if (!owner) continue;
    for (let i = 0; i < (u.count ?? 1); i++) units.push({ id: nextUnitId++, type: u.type, owner, at: u.at });
  }
  return {
    kind: 'fandi',
    version: 1,
    title: s.title,
    turn: 1,
    width,
    height,
    terrain,
    players,
    cities,
    units,
    messengers: [],
    nextUnitId,
    war: [],
    over: false,
    winners: [],
  };
}

/** "Hru je mozno kdykoli predat nekomu jinemu": a new person takes over a position. */
export function handOver(
  state: FandiState,
  player: string,
  seat: Pick<PlayerSeat, 'name' | 'email' | 'lang'>,
): FandiState {
  if (!state.players.some((p) => p.id === player)) throw new Error(`no player "${player}"`);
  return {
    ...state,
    players: state.players.map((p) =>
      p.id === player ? { ...p, name: seat.name, email: seat.email, lang: seat.lang } : p,
    ),
  };
}
