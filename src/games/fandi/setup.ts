// Setups (games/fandi/setups/*.json): the map in the document's notation plus
// city details, players and starting units. Every error is reported at once.
import { z } from 'zod';
import type { Lang, PlayerSeat } from '../../engine/types.js';
import type { Rng } from '../../engine/rng.js';
import { ECONOMY } from './constants.js';
import { compareSquares, parseSquare, squareName } from './map.js';
import { normalize } from './orders.js';
import type { FandiCity, FandiPlayer, FandiState, FandiUnit } from './state.js';
import { UNIT_IDS } from './units.js';

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
    map: z.array(z.string().regex(/^[# %a-z]*$/, 'map rows may hold only "#", " ", "%" and lowercase letters')).min(1).max(99),
    defaultCity: citySchema.optional(),
    cities: z.record(z.string(), citySchema).optional(),
    players: z
      .array(
        z
          .object({
            id: z.string().regex(/^[a-z][a-z0-9_-]*$/, 'player ids are lowercase words'),
            god: z.string().min(1),
            letter: z.string().regex(/^[a-z]$/).optional(),
            science: z.number().int().min(0).max(2).optional(),
          })
          .strict(),
      )
      .min(1),
    units: z.array(z.object({ at: z.string(), owner: z.string(), type: z.string(), count: z.number().int().min(1).optional() }).strict()).optional(),
  })
  .strict();

export type FandiSetup = z.infer<typeof setupSchema>;

export interface SetupIssue {
  path: string;
  message: string;
}

export class SetupError extends Error {
  constructor(readonly issues: SetupIssue[]) {
    super(`invalid FanDi setup:\n${issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')}`);
  }
}

/** The god's map letter: the first letter of the name, without diacritics ("Černá" → c). */
export function godLetter(god: string): string {
  return normalize(god).replace(/[^a-z]/g, '').charAt(0);
}

/** Validate a setup: the shape with zod, then every cross-reference; all issues at once. */
export function validateSetup(raw: unknown): { setup: FandiSetup } | { issues: SetupIssue[] } {
  const r = setupSchema.safeParse(raw);
  if (!r.success) return { issues: r.error.issues.map((i) => ({ path: i.path.join('.') || '(root)', message: i.message })) };
  const s = r.data;
  const issues: SetupIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  const width = s.map[0]!.length;
  const height = s.map.length;
  if (width < 1 || width > 26) add('map', `the map must be 1..26 columns wide (is ${width})`);
  s.map.forEach((row, y) => {
    if (row.length !== width) add(`map.${y}`, `row ${y + 1} has ${row.length} columns, the first row has ${width}`);
  });
  const letters = new Map<string, string>();
  const ids = new Set<string>();
  s.players.forEach((p, i) => {
    if (ids.has(p.id)) add(`players.${i}.id`, `duplicate player id "${p.id}"`);
    ids.add(p.id);
    const l = godLetter(p.god);
    if (!l) add(`players.${i}.god`, `the god name "${p.god}" has no letter`);
    if (p.letter && p.letter !== l) add(`players.${i}.letter`, `the letter must be the god name's first letter "${l}"`);
    if (letters.has(l)) add(`players.${i}.god`, `letter "${l}" is already used by ${letters.get(l)}`);
    letters.set(l, p.id);
  });
  const citySquares = new Map<string, string>();
  s.map.forEach((row, y) =>
    [...row].forEach((ch, x) => {
      if (ch === '%' || /[a-z]/.test(ch)) citySquares.set(squareName(x, y), ch);
      if (/[a-z]/.test(ch) && !letters.has(ch)) add(`map.${y}`, `city ${squareName(x, y)} has letter "${ch}" of no player`);
    }),
  );
  for (const [k, v] of Object.entries(s.cities ?? {})) {
    const p = parseSquare(k, width, height);
    if (!p || squareName(p.x, p.y) !== k) add(`cities.${k}`, `"${k}" is not a square of the map (write it like B4)`);
    else if (!citySquares.has(k)) add(`cities.${k}`, `there is no city on ${k} in the map`);
    if (v.walls !== undefined && v.walls > 0 && v.wallsInvested === undefined) add(`cities.${k}.wallsInvested`, 'walls need wallsInvested (at least value × level)');
  }
  (s.units ?? []).forEach((u, i) => {
    const p = parseSquare(u.at, width, height);
    if (!p || squareName(p.x, p.y) !== u.at) add(`units.${i}.at`, `"${u.at}" is not a square of the map`);
    else {
      const ch = s.map[p.y]![p.x];
      if (ch === '#') add(`units.${i}.at`, `${u.at} is impassable (#)`);
      if (ch === '%' || (ch && /[a-z]/.test(ch) && letters.get(ch) !== u.owner)) add(`units.${i}.at`, `${u.at} is a city that ${u.owner} does not own`);
    }
    if (!ids.has(u.owner)) add(`units.${i}.owner`, `unknown player "${u.owner}"`);
    if (!UNIT_IDS.includes(u.type)) add(`units.${i}.type`, `unknown unit type "${u.type}" (known: ${UNIT_IDS.join(', ')})`);
  });
  return issues.length ? { issues } : { setup: s };
}

/**
 * A new game. Seats are matched to setup players by id; seats with other ids take
 * the remaining setup players in order. Setup players left without a seat leave
 * their cities neutral and their units off the board.
 */
export function setup(raw: unknown, seats: PlayerSeat[], _rng?: Rng): FandiState {
  const v = validateSetup(raw);
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
    throw new SetupError([{ path: 'players', message: `the setup has ${s.players.length} players, ${seats.length} seats were given` }]);
  unmatched.forEach((seat, i) => {
    idMap.set(free[i]!.id, seat.id);
    seatOf.set(seat.id, seat);
  });
  const width = s.map[0]!.length;
  const height = s.map.length;
  const players: FandiPlayer[] = [];
  for (const p of s.players) {
    const id = idMap.get(p.id);
    if (!id) continue;
    const seat = seatOf.get(id)!;
    players.push({ id, god: p.god, letter: godLetter(p.god), name: seat.name, email: seat.email, lang: seat.lang as Lang, science: p.science ?? 0, out: false, outTurn: null });
  }
  players.sort((a, b) => a.id.localeCompare(b.id));
  const byLetter = new Map(s.players.map((p) => [godLetter(p.god), idMap.get(p.id) ?? null]));
  const cities: FandiCity[] = [];
  const terrain: string[] = [];
  s.map.forEach((row, y) => {
    terrain.push([...row].map((ch) => (ch === '#' ? '#' : ' ')).join(''));
    [...row].forEach((ch, x) => {
      if (ch !== '%' && !/[a-z]/.test(ch)) return;
      const at = squareName(x, y);
      const d = { ...s.defaultCity, ...s.cities?.[at] };
      cities.push({
        at,
        owner: ch === '%' ? null : (byLetter.get(ch) ?? null),
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
  return { kind: 'fandi', version: 1, title: s.title, turn: 1, width, height, terrain, players, cities, units, messengers: [], nextUnitId, war: [], over: false, winners: [] };
}

/** "Hru je mozno kdykoli predat nekomu jinemu": a new person takes over a position. */
export function handOver(state: FandiState, player: string, seat: Pick<PlayerSeat, 'name' | 'email' | 'lang'>): FandiState {
  if (!state.players.some((p) => p.id === player)) throw new Error(`no player "${player}"`);
  return { ...state, players: state.players.map((p) => (p.id === player ? { ...p, name: seat.name, email: seat.email, lang: seat.lang } : p)) };
}
