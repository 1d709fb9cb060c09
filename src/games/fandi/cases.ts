// Rule-case support (games/fandi/cases/*.case): the PRESTATE notation that
// builds a state and the POSTSTATE notation that checks one. See the README there.
import { checkEvents } from '../../engine/cases.js';
import type { CaseSupport, GameEvent } from '../../engine/types.js';
import { compareSquares, parseSquare, squareName } from './map.js';
import { cellKind, godCodes, mapCells } from './setup.js';
import type { FandiCity, FandiPlayer, FandiState, FandiUnit } from './state.js';
import { bareCity, countByType } from './state.js';
import { unitFromWord, UNIT_IDS } from './units.js';
import { normalize } from './orders.js';
import { collate } from '../../engine/collate.js';

/** Split a line into words, keeping "quoted words" together. */
function words(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

/** key=value / key~value pairs; keys are case- and underscore-insensitive. */
function attrs(ws: string[]): { key: string; op: '=' | '~'; value: string }[] {
  return ws.map((w) => {
    const m = /^([A-Za-z0-9_.]+)([=~])(.*)$/.exec(w);
    if (!m) throw new Error(`expected key=value, got "${w}"`);
    return { key: m[1]!, op: m[2] as '=' | '~', value: m[3]! };
  });
}

const CITY_KEYS: Record<string, keyof FandiCity> = {
  owner: 'owner',
  value: 'value',
  tech: 'tech',
  techinvested: 'techInvested',
  walls: 'walls',
  wallsinvested: 'wallsInvested',
  scienceinvested: 'scienceInvested',
  science: 'scienceInvested',
  cash: 'cash',
  spies: 'spies',
};
const TECH: Record<string, number> = { none: 0, crafts: 1, trade: 2, remesla: 1, obchod: 2 };

function cityValue(key: keyof FandiCity, v: string): string | number | null {
  if (key === 'owner') return v === 'none' || v === 'neutral' || v === '%' ? null : v;
  if (key === 'tech' && v in TECH) return TECH[v]!;
  const n = Number(v);
  if (!Number.isInteger(n)) throw new Error(`${key}=${v}: expected a whole number`);
  return n;
}

/** "3 pesi 1 rytir" → {pesi: 3, rytir: 1}; "none" → {}. */
function unitCounts(ws: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  if (ws.length === 1 && ws[0] === 'none') return out;
  for (let i = 0; i < ws.length; i++) {
    let n = 1;
    if (/^\d+$/.test(ws[i]!)) n = Number(ws[i++]);
    const w = ws[i];
    const type = w === undefined ? null : UNIT_IDS.includes(w) ? w : unitFromWord(normalize(w));
    if (!type) throw new Error(`unknown unit type "${w ?? ''}"`);
    out[type] = (out[type] ?? 0) + n;
  }
  return out;
}

function sq(state: Pick<FandiState, 'width' | 'height'>, s: string): string {
  const p = parseSquare(s, state.width, state.height);
  if (!p) throw new Error(`"${s}" is not a square of the map`);
  return squareName(p.x, p.y);
}

export function parseState(text: string): FandiState {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('//') && !l.startsWith('#'));
  const rows: string[] = [];
  const players: FandiPlayer[] = [];
  const state: FandiState = {
    kind: 'fandi',
    version: 1,
    title: 'case',
    turn: 1,
    width: 0,
    height: 0,
    terrain: [],
    players,
    cities: [],
    units: [],
    messengers: [],
    nextUnitId: 1,
    war: [],
    over: false,
    winners: [],
  };
  const cityLines: string[][] = [];
  const unitLines: string[][] = [];
  const other: string[][] = [];
  for (const l of lines) {
    if (l.startsWith('|')) {
      const m = /^\|(.*)\|/.exec(l);
      if (!m) throw new Error(`map row "${l}" must be framed: |...|`);
      rows.push(m[1]!);
      continue;
    }
    const ws = words(l);
    const head = ws[0]!;
    if (head === 'map') continue;
    if (head === 'player') {
      const id = ws[1];
      if (!id) throw new Error('player needs an id');
      const p: FandiPlayer = {
        id,
        god: id.charAt(0).toUpperCase() + id.slice(1),
        letter: '',
        name: id,
        email: `${id}@example.org`,
        lang: 'en',
        science: 0,
        out: false,
        outTurn: null,
      };
      for (const a of attrs(ws.slice(2))) {
        const k = a.key.toLowerCase();
        if (k === 'science') p.science = Number(a.value);
        else if (k === 'god') p.god = a.value;
        else if (k === 'email') p.email = a.value;
        else if (k === 'name') p.name = a.value;
        else if (k === 'lang') p.lang = a.value as FandiPlayer['lang'];
        else if (k === 'out') p.out = a.value === 'yes' || a.value === 'true';
        else if (k === 'letter') p.letter = a.value;
        else throw new Error(`unknown player attribute "${a.key}"`);
      }
      players.push(p);
    } else if (head === 'city') cityLines.push(ws);
    else if (head === 'units') unitLines.push(ws);
    else other.push(ws);
  }
  if (rows.length === 0) throw new Error('PRESTATE needs a map: rows framed like |#  a |');
  // Map codes as in a setup: first letters, or two letters each when first letters repeat (or letter=ab is given).
  const codes = godCodes(players.map((p) => ({ god: p.god, letter: p.letter || undefined })));
  players.forEach((p, i) => (p.letter = codes[i]!));
  const cell = Math.max(1, ...codes.map((c) => c.length));
  state.width = rows[0]!.length / cell;
  state.height = rows.length;
  if (rows.some((r) => r.length !== state.width * cell)) throw new Error('map rows differ in width');
  rows.forEach((row, y) => {
    const cells = mapCells(row.replace(/\./g, ' '), cell);
    state.terrain.push(cells.map((ch) => (ch === '#'.repeat(cell) ? '#' : ' ')).join(''));
    cells.forEach((ch, x) => {
      const k = cellKind(ch, cell);
      if (k === '#' || k === ' ') return;
      if (k === null) throw new Error(`map square ${squareName(x, y)} is "${ch}"`);
      let owner: string | null = null;
      if (k !== '%') {
        const p = players.find((q) => q.letter === ch);
        if (!p) throw new Error(`map letter "${ch}" belongs to no declared player`);
        owner = p.id;
      }
      state.cities.push(bareCity(squareName(x, y), owner, 100));
    });
  });
  for (const ws of cityLines) {
    const at = sq(state, ws[1] ?? '');
    const c = state.cities.find((x) => x.at === at);
    if (!c) throw new Error(`city ${at}: no city on the map there`);
    for (const a of attrs(ws.slice(2))) {
      const key = CITY_KEYS[a.key.toLowerCase().replace(/_/g, '')];
      if (!key) throw new Error(`unknown city attribute "${a.key}"`);
      (c as unknown as Record<string, unknown>)[key] = cityValue(key, a.value);
    }
  }
  for (const ws of unitLines) {
    const at = sq(state, ws[1] ?? '');
    const owner = ws[2] ?? '';
    if (!players.some((p) => p.id === owner)) throw new Error(`units ${at}: unknown player "${owner}"`);
    for (const [type, n] of Object.entries(unitCounts(ws.slice(3))))
      for (let i = 0; i < n; i++) state.units.push({ id: state.nextUnitId++, type, owner, at });
  }
  for (const ws of other) {
    switch (ws[0]) {
      case 'turn':
        state.turn = Number(ws[1]);
        break;
      case 'title':
        state.title = ws.slice(1).join(' ');
        break;
      case 'messenger':
        state.messengers.push({
          owner: ws[1]!,
          from: sq(state, ws[2]!),
          to: sq(state, ws[3]!),
          amount: Number(ws[4]),
          sentTurn: state.turn - 1,
        });
        break;
      case 'war': {
        const [a, b] = [ws[1]!, ws[2]!].sort() as [string, string];
        state.war.push({ a, b, turn: Number(ws[3]) });
        break;
      }
      default:
        throw new Error(`unknown PRESTATE line "${ws.join(' ')}"`);
    }
  }
  players.sort((a, b) => collate(a.id, b.id));
  state.cities.sort((a, b) => compareSquares(a.at, b.at));
  return state;
}

export function checkState(state: FandiState, expected: string, events: GameEvent[]): string[] {
  const out: string[] = [];
  const lines = expected
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('//') && !l.startsWith('#'));
  for (const line of lines) {
    try {
      checkLine(state, line, events, out);
    } catch (e) {
      out.push(`${line}: ${(e as Error).message}`);
    }
  }
  return out;
}

function unitsOn(state: FandiState, at: string, owner: string): FandiUnit[] {
  return state.units.filter((u) => u.at === at && u.owner === owner);
}

function checkLine(state: FandiState, line: string, events: GameEvent[], out: string[]): void {
  const ws = words(line);
  const neg = ws[0] === 'no';
  const w = neg ? ws.slice(1) : ws;
  const fmt = (c: Record<string, number>) =>
    Object.entries(c)
      .sort()
      .map(([t, n]) => `${n} ${t}`)
      .join(' ') || 'none';
  switch (w[0]) {
    case 'city': {
      const at = sq(state, w[1] ?? '');
      const c = state.cities.find((x) => x.at === at);
      if (!c) return void out.push(`${line}: no city on ${at}`);
      for (const a of attrs(w.slice(2))) {
        const key = CITY_KEYS[a.key.toLowerCase().replace(/_/g, '')];
        if (!key) throw new Error(`unknown city attribute "${a.key}"`);
        const want = cityValue(key, a.value);
        const got = c[key];
        if (got !== want) out.push(`city ${at} ${key}: expected ${want ?? 'none'}, got ${got ?? 'none'}`);
      }
      return;
    }
    case 'units':
    case 'unit': {
      if (w[0] === 'unit' && /^#?\d+$/.test(w[1] ?? '')) {
        const id = Number(w[1]!.replace('#', ''));
        const u = state.units.find((x) => x.id === id);
        if (neg) return void (u && out.push(`unit #${id}: expected to be gone, is ${u.type} of ${u.owner} on ${u.at}`));
        if (!u) return void out.push(`unit #${id}: expected to exist, is gone`);
        for (const a of attrs(w.slice(2))) {
          const got = String((u as unknown as Record<string, unknown>)[a.key]);
          if (got !== a.value) out.push(`unit #${id} ${a.key}: expected ${a.value}, got ${got}`);
        }
        return;
      }
      const at = sq(state, w[1] ?? '');
      if (neg || w.length === 2) {
        // "no units B4" / "no units B4 alfa"
        const here = state.units.filter((u) => u.at === at && (w[2] === undefined || u.owner === w[2]));
        if (neg && here.length)
          out.push(`${line}: found ${here.map((u) => `${u.type}#${u.id}(${u.owner})`).join(', ')}`);
        return;
      }
      const owner = w[2]!;
      const want = unitCounts(w.slice(3));
      const got = countByType(unitsOn(state, at, owner));
      if (fmt(want) !== fmt(got)) out.push(`units ${at} ${owner}: expected ${fmt(want)}, got ${fmt(got)}`);
      return;
    }
    case 'player': {
      const p = state.players.find((x) => x.id === w[1]);
      if (!p) return void out.push(`${line}: no player ${w[1]}`);
      for (const a of attrs(w.slice(2))) {
        const k = a.key.toLowerCase();
        const got =
          k === 'out'
            ? p.out
              ? 'yes'
              : 'no'
            : k === 'cities'
              ? String(state.cities.filter((c) => c.owner === p.id).length)
              : String((p as unknown as Record<string, unknown>)[a.key]);
        if (got !== a.value) out.push(`player ${p.id} ${a.key}: expected ${a.value}, got ${got}`);
      }
      return;
    }
    case 'war': {
      const [a, b] = [w[1]!, w[2]!].sort() as [string, string];
      const e = state.war.find((x) => x.a === a && x.b === b);
      const got = e ? String(e.turn) : 'never';
      if (got !== w[3]) out.push(`war ${a} ${b}: expected ${w[3]}, got ${got}`);
      return;
    }
    case 'messenger': {
      // messenger alfa B4 C7 27 — in transit
      const found = state.messengers.find(
        (m) => m.owner === w[1] && m.from === sq(state, w[2]!) && m.to === sq(state, w[3]!),
      );
      if (neg) return void (found && out.push(`${line}: found one with ${found.amount}`));
      if (!found) out.push(`${line}: no such messenger (in transit: ${JSON.stringify(state.messengers)})`);
      else if (w[4] !== undefined && String(found.amount) !== w[4]) out.push(`${line}: amount ${found.amount}`);
      return;
    }
    case 'messengers':
      if (String(state.messengers.length) !== w[1])
        out.push(`messengers: expected ${w[1]}, got ${state.messengers.length}`);
      return;
    case 'turn':
      if (String(state.turn) !== w[1]) out.push(`turn: expected ${w[1]}, got ${state.turn}`);
      return;
    case 'over': {
      const got = state.over ? 'yes' : 'no';
      if (got !== w[1]) out.push(`over: expected ${w[1]}, got ${got}`);
      for (const a of attrs(w.slice(2)))
        if (a.key === 'winners' && state.winners.join(',') !== a.value)
          out.push(`winners: expected ${a.value}, got ${state.winners.join(',')}`);
      return;
    }
    case 'event': {
      const type = w[1]!;
      const conds = attrs(w.slice(2));
      const problem = checkEvents(events, type, conds, neg, line);
      if (problem) out.push(problem);
      return;
    }
    default:
      throw new Error('unknown POSTSTATE line');
  }
}

export const caseSupport: CaseSupport<FandiState> = { parseState, checkState };
