// The FanDi order language: one order per line, Czech (with or without
// diacritics) or English. See games/fandi/ORDERS.md.
import type { Lang, LineError, OrderContext, OrderEcho, ParseResult } from '../../engine/types.js';
import { ECONOMY, percentOf } from './constants.js';
import { cityAt, neighbouringCities, parseSquare, squareName } from './map.js';
import { message } from './messages.js';
import { expandWaypoints } from './movement.js';
import { selectUnits } from './selection.js';
import type { Amount, FandiOrder, FandiState, InvestTarget, PlayerId, Square, UnitSelection } from './state.js';
import { playerOf } from './state.js';
import { UNIT_IDS, unitDef, unitFromWord, unitName } from './units.js';

type Verb = 'move' | 'build' | InvestTarget | 'extra' | 'spy' | 'messenger' | 'coat' | 'attack';

/** Keywords after lowercasing and stripping diacritics. */
const VERBS: Record<string, Verb> = {};
const verbWords: [Verb, string[]][] = [
  ['move', ['presun', 'presunout', 'presunte', 'tahni', 'tahnout', 'jdi', 'jdete', 'pochod', 'move', 'go', 'march']],
  ['build', ['postav', 'postavit', 'postavte', 'stavej', 'stavba', 'vyrob', 'vyrobit', 'vyrobte', 'verbuj', 'naverbuj', 'build', 'recruit', 'train']],
  ['walls', ['hradby', 'hradba', 'hradeb', 'walls', 'wall']],
  ['science', ['veda', 'vedu', 'vedy', 'science', 'research']],
  ['tech', ['technika', 'techniku', 'techniky', 'technologie', 'tech', 'technology', 'technique']],
  ['value', ['hodnota', 'hodnotu', 'hodnoty', 'rozvoj', 'value', 'develop']],
  ['cash', ['hotovost', 'hotovosti', 'cash', 'save', 'uspor', 'usetri']],
  ['extra', ['navic', 'extra']],
  ['spy', ['spion', 'spiona', 'spioni', 'spiony', 'spy', 'spies']],
  ['messenger', ['posel', 'posla', 'messenger', 'courier']],
  ['coat', ['kabat', 'predej', 'predat', 'predejte', 'coat', 'give', 'handover']],
  ['attack', ['utok', 'utoc', 'utocte', 'zautoc', 'attack']],
];
for (const [verb, words] of verbWords) for (const w of words) VERBS[w] = verb;

/** Words that carry no meaning in an order ("3× pěší z B4 na B6", "from B4 to B6", "30 xc"). */
const FILLER = new Set(['z', 'ze', 'na', 'do', 'pres', 'from', 'to', 'via', 'xc', 'kc', 'pro', 'for', 'hraci', 'hrac', 'player', 'mesto', 'city', 'jednotky', 'jednotek', 'units', 'unit', 'vynos', 'yield', 'investuj', 'invest', 'into', 'of', 'vysli', 'send', 'the', 'in', 'v', 've', 'at', 'za']);
const REST = new Set(['zbytek', 'rest', 'vse', 'vsechno', 'all', 'everything']);

export function normalize(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function tokenize(line: string): string[] {
  return normalize(line)
    .replace(/(\d+)\s*[x×*](?![a-z])/g, '$1 ') // "3×", "3x" (not "30 xc")
    .replace(/→|->|–|—|>/g, ' ')
    .replace(/([a-z]\d{1,2})-(?=[a-z]\d)/g, '$1 ') // B4-B6
    .replace(/[,:;.()]/g, ' ')
    .split(/\s+/)
    .filter((t) => t !== '' && t !== '-' && !FILLER.has(t));
}

const isSquareToken = (t: string) => /^[a-z]\d{1,2}$/.test(t);

interface Problem {
  code: string;
  params: Record<string, string | number>;
}
class OrderError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.code);
  }
}
const fail = (code: string, params: Record<string, string | number> = {}): never => {
  throw new OrderError({ code, params });
};

/** A player named by id, god name or map letter. */
export function findPlayer(state: FandiState, word: string): PlayerId | null {
  const w = normalize(word);
  const p =
    state.players.find((x) => normalize(x.id) === w) ??
    state.players.find((x) => normalize(x.god) === w) ??
    state.players.find((x) => x.letter === w);
  return p ? p.id : null;
}

interface Parsed {
  squares: Square[];
  numbers: number[];
  types: string[];
  ids: number[];
  rest: boolean;
  words: string[];
}

/** Sort the tokens of a line into squares, numbers, unit types, unit ids and other words. */
function classify(state: FandiState, tokens: string[]): Parsed {
  const out: Parsed = { squares: [], numbers: [], types: [], ids: [], rest: false, words: [] };
  for (const t of tokens) {
    if (isSquareToken(t)) {
      const p = parseSquare(t, state.width, state.height);
      if (!p) fail('bad-square', { at: t.toUpperCase() });
      out.squares.push(squareName(p!.x, p!.y));
    } else if (/^\d+$/.test(t)) out.numbers.push(Number(t));
    else if (/^#\d+$/.test(t)) out.ids.push(Number(t.slice(1)));
    else if (REST.has(t)) out.rest = true;
    else {
      const u = unitFromWord(t);
      if (u) out.types.push(u);
      else out.words.push(t);
    }
  }
  return out;
}

function noExtra(p: Parsed, allowed: Partial<Record<keyof Parsed, number>>): void {
  const extras: string[] = [...p.words];
  if (p.squares.length > (allowed.squares ?? 0)) extras.push(...p.squares.slice(allowed.squares ?? 0));
  if (p.numbers.length > (allowed.numbers ?? 0)) extras.push(...p.numbers.slice(allowed.numbers ?? 0).map(String));
  if (p.types.length > (allowed.types ?? 0)) extras.push(...p.types.slice(allowed.types ?? 0));
  if (p.ids.length > (allowed.ids ?? 0)) extras.push(...p.ids.map((i) => `#${i}`));
  if (p.rest && !allowed.rest) extras.push('rest');
  if (extras.length) fail(p.words.length ? 'unknown-order' : 'extra-words', { words: extras.join(' ') });
}

function ownCity(state: FandiState, player: PlayerId, at: Square | undefined): Square {
  if (!at) fail('missing-city');
  const c = cityAt(state, at!);
  if (!c) fail('not-a-city', { at: at! });
  if (c!.owner !== player) fail('not-your-city', { at: at! });
  return at!;
}

function amountOf(p: Parsed): Amount {
  if (p.rest) return 'rest';
  const n = p.numbers[0];
  if (n === undefined) fail('missing-amount');
  if (!(n! >= 1)) fail('bad-amount');
  return n!;
}

/** The most that may be taken as extra yield: 20 % of value, never below the minimum value. */
export function maxExtra(value: number): number {
  return Math.max(0, Math.min(percentOf(value, ECONOMY.extraYieldMaxPercent), value - ECONOMY.minCityValue));
}

/** Per-parse bookkeeping so units are not ordered twice and spies not sent twice. */
interface ParseMemo {
  moved: Set<number>;
  given: Set<number>;
  spiesSent: Map<Square, number>;
  extra: Set<Square>;
}

function selection(p: Parsed, at: Square): UnitSelection {
  if (p.types.length > 1) fail('extra-words', { words: p.types.slice(1).join(' ') });
  if (p.numbers.length > 1) fail('extra-words', { words: p.numbers.slice(1).join(' ') });
  const count = p.numbers[0] ?? null;
  if (count !== null && count < 1) fail('bad-amount');
  return { at, type: p.types[0] ?? null, count, ids: p.ids.length ? p.ids : null };
}

type OrderBody = FandiOrder extends infer O ? (O extends FandiOrder ? Omit<O, 'line' | 'text'> : never) : never;

function parseLine(state: FandiState, player: PlayerId, line: string, memo: ParseMemo): OrderBody | null {
  const tokens = tokenize(line);
  if (tokens.length === 0) return null;
  const vi = tokens.findIndex((t) => t in VERBS);
  const verb: Verb = vi >= 0 ? VERBS[tokens[vi]!]! : 'move';
  const rest = vi >= 0 ? tokens.filter((_, i) => i !== vi) : tokens;
  const me = playerOf(state, player)!;

  if (verb === 'attack') {
    const p = classify(state, rest);
    const types = p.rest ? [...UNIT_IDS] : p.types;
    if (types.length === 0) fail(p.words.length ? 'unknown-unit' : 'missing-unit', { word: p.words[0] ?? '' });
    noExtra({ ...p, rest: false }, { types: types.length });
    return { kind: 'attack', types: [...new Set(types)].sort((a, b) => UNIT_IDS.indexOf(a) - UNIT_IDS.indexOf(b)) };
  }

  if (verb === 'coat') {
    if (rest.length === 0) fail('missing-player');
    const last = rest[rest.length - 1]!;
    const to = isSquareToken(last) || /^\d+$/.test(last) ? null : findPlayer(state, last);
    if (!to) fail(isSquareToken(last) || /^\d+$/.test(last) ? 'missing-player' : 'unknown-player', { word: last });
    if (to === player) fail('coat-self');
    if (playerOf(state, to!)!.out) fail('coat-out', { player: to! });
    const p = classify(state, rest.slice(0, -1));
    if (p.squares.length === 0) fail('missing-city');
    if (p.words.length) fail(p.words.some((w) => w.length > 3) ? 'unknown-unit' : 'unknown-order', { word: p.words[0]! });
    if (p.numbers.length === 0 && p.types.length === 0 && p.ids.length === 0) {
      noExtra(p, { squares: 1 });
      // A square without a city names all the player's units there.
      if (cityAt(state, p.squares[0]!)) return { kind: 'coat-city', city: ownCity(state, player, p.squares[0]), to: to! };
    }
    noExtra(p, { squares: 1, numbers: 1, types: 1, ids: p.ids.length });
    const sel = selection(p, p.squares[0]!);
    const s = selectUnits(state, player, sel, memo.given);
    if ('code' in s) fail(s.code, s.params);
    else s.ids.forEach((id) => memo.given.add(id));
    return { kind: 'coat-units', units: sel, to: to! };
  }

  const p = classify(state, rest);
  if (verb === 'move') {
    if (p.words.length) fail(p.words.some((w) => w.length > 3) && p.squares.length >= 2 ? 'unknown-unit' : 'unknown-order', { word: p.words[0]! });
    if (p.squares.length < 2) fail(p.squares.length === 1 || p.types.length || p.numbers.length ? 'missing-path' : 'unknown-order');
    if (p.rest) fail('extra-words', { words: 'rest' });
    const sel = selection(p, p.squares[0]!);
    const s = selectUnits(state, player, sel, memo.moved);
    if ('code' in s) fail(s.code, s.params);
    const ids = (s as { ids: number[] }).ids;
    const move = Math.min(...ids.map((id) => unitDef(state.units.find((u) => u.id === id)!.type).move));
    const r = expandWaypoints(state, player, p.squares, move);
    if ('problem' in r) fail(r.problem.code, r.problem.params);
    ids.forEach((id) => memo.moved.add(id));
    return { kind: 'move', units: sel, path: (r as { path: Square[] }).path };
  }

  if (p.words.length) fail(verb === 'build' ? 'unknown-unit' : 'unknown-order', { word: p.words[0]!, words: p.words.join(' ') });
  const city = ownCity(state, player, p.squares[0]);
  const c = cityAt(state, city)!;
  switch (verb) {
    case 'build': {
      if (p.types.length === 0) fail('missing-unit');
      noExtra(p, { squares: 1, numbers: 1, types: 1 });
      const unitType = p.types[0]!;
      const need = unitDef(unitType).science;
      if (me.science < need) fail('science-needed', { unit: unitType, need, have: me.science });
      const count = p.numbers[0] ?? 1;
      if (count < 1) fail('bad-amount');
      return { kind: 'build', city, unitType, count };
    }
    case 'walls':
    case 'science':
    case 'tech':
    case 'value': {
      noExtra(p, { squares: 1, numbers: 1, rest: 1 });
      const amount = amountOf(p);
      if (verb === 'science' && me.science >= 2) fail('science-max');
      if (verb === 'tech' && c.tech >= 2) fail('tech-max');
      if (verb === 'walls' && c.walls >= 2) fail('walls-max');
      return { kind: 'invest', city, target: verb, amount };
    }
    case 'cash': {
      noExtra(p, { squares: 1, numbers: 1, rest: 1 });
      return { kind: 'invest', city, target: 'cash', amount: p.numbers[0] ?? 'rest' };
    }
    case 'extra': {
      noExtra(p, { squares: 1, numbers: 1 });
      const amount = amountOf(p);
      if (amount === 'rest') fail('missing-amount');
      const max = maxExtra(c.value);
      if ((amount as number) > max) fail('extra-too-much', { max });
      if (memo.extra.has(city)) fail('duplicate', { at: city });
      memo.extra.add(city);
      return { kind: 'extra', city, amount: amount as number };
    }
    case 'spy': {
      if (p.squares.length >= 2) {
        noExtra(p, { squares: 2 });
        const target = p.squares[1]!;
        const t = cityAt(state, target);
        if (!t) fail('not-a-city', { at: target });
        if (t!.owner === player) fail('spy-own', { target });
        const near = neighbouringCities(state, city);
        if (!near.includes(target)) fail('spy-not-neighbour', { target, at: city, list: near.join(' ') });
        const sent = memo.spiesSent.get(city) ?? 0;
        if (c.spies <= sent) fail('spy-none', { at: city });
        memo.spiesSent.set(city, sent + 1);
        return { kind: 'spy-send', city, target };
      }
      noExtra(p, { squares: 1, numbers: 1 });
      const count = p.numbers[0] ?? 1;
      if (count < 1) fail('bad-amount');
      return { kind: 'spy-build', city, count };
    }
    case 'messenger': {
      if (p.squares.length < 2) fail('missing-city');
      noExtra(p, { squares: 2, numbers: 1, rest: 1 });
      const target = p.squares[1]!;
      const t = cityAt(state, target);
      if (!t) fail('not-a-city', { at: target });
      if (target === city) fail('same-city');
      if (t!.owner === null) fail('neutral-target', { at: target });
      return { kind: 'messenger', city, target, amount: amountOf(p) };
    }
  }
  return fail('unknown-order');
}

/** Squares an order spends money in or otherwise commands as a city (for the coat-change exclusivity). */
function cityOf(o: FandiOrder): Square | null {
  switch (o.kind) {
    case 'build':
    case 'invest':
    case 'extra':
    case 'spy-build':
    case 'spy-send':
    case 'messenger':
      return o.city;
    default:
      return null;
  }
}

/** Lines that are not orders: blank, comments (; or //), quoted replies (>). */
function isComment(line: string): boolean {
  const t = line.trim();
  return t === '' || t.startsWith(';') || t.startsWith('//') || t.startsWith('>');
}

export function parseOrders(text: string, ctx: OrderContext<FandiState>): ParseResult<FandiOrder> {
  const { state, player, lang } = ctx;
  const orders: FandiOrder[] = [];
  const errors: LineError[] = [];
  const memo: ParseMemo = { moved: new Set(), given: new Set(), spiesSent: new Map(), extra: new Set() };
  const me = playerOf(state, player);
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((raw, i) => {
    if (isComment(raw)) return;
    const line = i + 1;
    const t = raw.trim();
    try {
      if (!me) fail('unknown-player', { word: player });
      if (state.over) fail('game-over');
      if (me!.out) fail('out');
      const o = parseLine(state, player, t, memo);
      if (o) orders.push({ ...o, line, text: t } as FandiOrder);
    } catch (e) {
      if (!(e instanceof OrderError)) throw e;
      orders.push({ kind: 'rejected', line, text: t, code: e.problem.code, params: e.problem.params });
    }
  });
  // "neni mozne zadat zaroven s tim jiny prikaz pro toto mesto v tomto tahu"
  const coatCities = new Set(orders.filter((o) => o.kind === 'coat-city').map((o) => (o as { city: Square }).city));
  for (let i = 0; i < orders.length; i++) {
    const o = orders[i]!;
    const c = cityOf(o);
    if (c && coatCities.has(c)) orders[i] = { kind: 'rejected', line: o.line, text: o.text, code: 'city-coat-busy', params: { at: c } };
  }
  const echo: OrderEcho[] = [];
  for (const o of orders) {
    if (o.kind === 'rejected') errors.push({ line: o.line, text: o.text, reason: message(lang, o.code, o.params) });
    else echo.push({ line: o.line, text: o.text, understood: describeOrder(o, lang) });
  }
  return { orders, errors, echo };
}

function amountText(a: Amount, lang: Lang): string {
  return a === 'rest' ? (lang === 'cs' ? 'zbytek' : 'the rest') : `${a} xc`;
}

function unitsText(sel: UnitSelection, lang: Lang): string {
  if (sel.ids) return sel.ids.map((i) => `#${i}`).join(', ');
  const cs = lang === 'cs';
  if (sel.type === null) return sel.count === null ? (cs ? 'všechny jednotky' : 'all units') : `${sel.count}× ${cs ? 'jednotky' : 'units'}`;
  if (sel.count === null) return cs ? `všichni ${unitName(sel.type, lang, 2)}` : `all ${unitName(sel.type, lang, 2)}`;
  return `${sel.count}× ${unitName(sel.type, lang, 1)}`;
}

/** An order as the judge understood it: "3× pěší z B4 na B6 — přesun (B4 B5 B6)". */
export function describeOrder(o: FandiOrder, lang: Lang): string {
  const cs = lang === 'cs';
  switch (o.kind) {
    case 'move': {
      const from = o.path[0]!;
      const to = o.path[o.path.length - 1]!;
      return cs
        ? `${unitsText(o.units, lang)} z ${from} na ${to} — přesun (${o.path.join(' ')})`
        : `${unitsText(o.units, lang)} from ${from} to ${to} — move (${o.path.join(' ')})`;
    }
    case 'build':
      return cs ? `${o.city}: postavit ${o.count}× ${unitName(o.unitType, lang, 1)}` : `${o.city}: build ${o.count}× ${unitName(o.unitType, lang, 1)}`;
    case 'invest': {
      const what = cs
        ? { walls: 'do hradeb', science: 'do vědy', tech: 'do techniky', value: 'do hodnoty města', cash: 'do hotovosti' }[o.target]
        : { walls: 'to walls', science: 'to science', tech: 'to technology', value: 'to city value', cash: 'as cash' }[o.target];
      return `${o.city}: ${amountText(o.amount, lang)} ${what}`;
    }
    case 'extra':
      return cs ? `${o.city}: výnos navíc ${o.amount} xc z hodnoty města` : `${o.city}: extra yield of ${o.amount} xc from the city value`;
    case 'spy-build':
      return cs ? `${o.city}: vytvořit špióna (${o.count}×)` : `${o.city}: make a spy (${o.count}×)`;
    case 'spy-send':
      return cs ? `${o.city}: vyslat špióna do ${o.target}` : `${o.city}: send a spy to ${o.target}`;
    case 'messenger':
      return cs ? `${o.city}: posel do ${o.target} nese ${amountText(o.amount, lang)}` : `${o.city}: messenger to ${o.target} with ${amountText(o.amount, lang)}`;
    case 'coat-city':
      return cs ? `město ${o.city} předat hráči ${o.to} — změna kabátu` : `city ${o.city} to ${o.to} — change of coat`;
    case 'coat-units':
      return cs ? `${unitsText(o.units, lang)} na ${o.units.at} předat hráči ${o.to} — změna kabátu` : `${unitsText(o.units, lang)} on ${o.units.at} to ${o.to} — change of coat`;
    case 'attack':
      return cs
        ? `domácí ${o.types.map((t) => unitName(t, lang, 2)).join(', ')} útočí`
        : `home ${o.types.map((t) => unitName(t, lang, 2)).join(', ')} attack`;
    case 'rejected':
      return message(lang, o.code, o.params);
  }
}
