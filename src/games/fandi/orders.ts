// The FanDi order language: one order per line, Czech (with or without
// diacritics, any grammatical case, natural word order) or English. See
// games/fandi/ORDERS.md; the words are in games/fandi/words.json (words.ts).
//
// A line is cut into words; each word is a square (B4, AA12), a number, a unit id
// (#12), a unit type (units.json stems), a keyword (words.json) or an unknown word.
// The keyword that names a use of money or an action (hradby, špión, posel, kabát,
// útok …) decides the order; a bare verb (postav, přesuň) decides when there is none;
// a line without keyword is a move. Prepositions give squares their role: "z B4"
// is where from, "do C7" / "na C7" where to, "přes C5" a waypoint.
import type { Lang, LineError, OrderContext, OrderEcho, ParseResult } from '../../engine/types.js';
import { ECONOMY, percentOf } from './constants.js';
import { citiesOf, cityAt, neighbouringCities, parseSquare, SQUARE_RE, squareName } from './map.js';
import { message } from './messages.js';
import { expandWaypoints } from './movement.js';
import { indexUnits, selectUnits, type UnitIndex } from './selection.js';
import type {
  Amount,
  FandiOrder,
  FandiState,
  InvestTarget,
  OrderWarning,
  PlayerId,
  Square,
  UnitSelection,
} from './state.js';
import { playerOf } from './state.js';
import { UNIT_IDS, unitDef, unitFromWord, unitName } from './units.js';
import { exactConcept, normalize, sameName, stemConcept, type Concept } from './words.js';
import { memoized } from '../../words.js';
import { fromShared } from '../../engine/shared-json.js';

export { normalize } from './words.js';

type Role = 'from' | 'to' | 'via' | null;

interface Tok {
  /** Lowercase, diacritics kept (for Czech stems). */
  raw: string;
  /** Lowercase without diacritics. */
  t: string;
  /** The preposition before a square: "z B4" from, "do/na C7" to, "přes C5" via. */
  role: Role;
}

/** Cut a line into words; "3×", "3x" (a count) and "30xc" lose their sign, "B4-B6" is two squares. */
export function tokenize(line: string): Tok[] {
  return tokensOf(line).slice();
}
/** The words of a line, remembered (frozen: the same line is cut the same way). */
const tokensOf = memoized(
  (line: string): readonly Tok[] => Object.freeze(tokenizeUncached(line).map((t) => Object.freeze(t))),
  10_000,
);

function tokenizeUncached(line: string): Tok[] {
  const s = line
    .toLowerCase()
    .replace(/(^|\s)(\d+)\s*[x×*](?=\s|$)/gu, '$1$2 ') // "3x pěší", "3 x pěší" (not "2 x2": X2 is a square)
    .replace(/(\d+)[×*](?=\p{L})/gu, '$1 ') // "3×pěší"
    .replace(/(\d+)(xc|kč|kc)(?=\s|$|[,.;])/gu, '$1 ')
    .replace(/→|->|–|—|>/g, ' ')
    .replace(/(\p{L}{1,2}\d{1,3})-(?=\p{L}{1,2}\d)/gu, '$1 ') // B4-B6
    .replace(/[,:;.()!?"„“”'’]/g, ' ');
  const out: Tok[] = [];
  let role: Role = null;
  for (const raw of s.split(/\s+/)) {
    if (raw === '' || raw === '-') continue;
    const t = normalize(raw);
    const c = exactConcept(t);
    if (c === 'from' || c === 'to' || c === 'via') {
      role = c;
      continue;
    }
    out.push({ raw, t, role: SQUARE_RE.test(t) ? role : null });
    role = null;
  }
  return out;
}

interface Problem {
  code: string;
  params: Record<string, string | number>;
}
class OrderError extends Error {
  constructor(readonly problem: Problem) {
    // a refusal of a line, caught by the parser: no stack to capture
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(problem.code);
    Error.stackTraceLimit = limit;
  }
}

/** The units of a shared (frozen) state by id and square, kept with it; none for a working copy (scanned). */
function unitIndex(state: FandiState): UnitIndex | undefined {
  return Object.isFrozen(state) ? fromShared(state, 'unit-index', () => indexUnits(state.units)) : undefined;
}
const fail = (code: string, params: Record<string, string | number> = {}): never => {
  throw new OrderError({ code, params });
};

// ---------------------------------------------------------------- players

/** How well a word names a player: 3 id or god name, 2 the god name in another case, 1 the map code. */
function playerMatch(state: FandiState, word: Tok): { id: PlayerId; rank: number }[] {
  const out: { id: PlayerId; rank: number }[] = [];
  for (const p of state.players) {
    if (normalize(p.id) === word.t || normalize(p.god) === word.t) out.push({ id: p.id, rank: 3 });
    else if (sameName(word.raw, p.god)) out.push({ id: p.id, rank: 2 });
    else if (p.letter === word.t) out.push({ id: p.id, rank: 1 });
  }
  return out;
}

/** A player named by id, god name (in any case: "Bráně", "Alfovi") or map code. */
export function findPlayer(state: FandiState, word: string): PlayerId | null {
  const m = playerMatch(state, { raw: word.toLowerCase(), t: normalize(word), role: null });
  const best = Math.max(0, ...m.map((x) => x.rank));
  const ids = [...new Set(m.filter((x) => x.rank === best).map((x) => x.id))];
  return ids.length === 1 ? ids[0]! : null;
}

// ---------------------------------------------------------------- words

type Word =
  | { k: 'square'; sq: Square; role: Role; tok: Tok }
  | { k: 'num'; n: number; tok: Tok }
  | { k: 'id'; id: number; tok: Tok }
  | { k: 'rest'; tok: Tok }
  | { k: 'unit'; type: string; tok: Tok }
  | { k: 'concept'; c: Concept; tok: Tok }
  | { k: 'filler'; tok: Tok }
  | { k: 'word'; tok: Tok };

function classifyWord(state: FandiState, tok: Tok): Word {
  const t = tok.t;
  if (SQUARE_RE.test(t)) {
    const p = parseSquare(t, state.width, state.height);
    if (!p) fail('bad-square', { at: t.toUpperCase() });
    return { k: 'square', sq: squareName(p!.x, p!.y), role: tok.role, tok };
  }
  if (/^\d+$/.test(t)) return { k: 'num', n: Number(t), tok };
  if (/^#\d+$/.test(t)) return { k: 'id', id: Number(t.slice(1)), tok };
  const e = exactConcept(t);
  if (e === 'rest') return { k: 'rest', tok };
  if (e === 'filler') return { k: 'filler', tok };
  if (e) return { k: 'concept', c: e, tok };
  const u = unitFromWord(t);
  if (u) return { k: 'unit', type: u, tok };
  const s = stemConcept(tok.raw);
  if (s === 'filler') return { k: 'filler', tok };
  if (s) return { k: 'concept', c: s, tok };
  return { k: 'word', tok };
}

type Verb = 'move' | 'build' | InvestTarget | 'extra' | 'spy' | 'messenger' | 'coat' | 'attack';

/** The keywords that name what the order does, strongest first when a line has several. */
const SPECIFIC: Concept[] = [
  'coat',
  'messenger',
  'spy',
  'walls',
  'science',
  'tech',
  'value',
  'cash',
  'extra',
  'attack',
];
/** Other keywords an order of each kind may carry ("postav hradby", "pošli posla", "zvyš hodnotu"). */
const COMPANIONS: Record<Verb, Concept[]> = {
  move: ['move', 'send', 'attack'],
  build: ['build'],
  walls: ['walls', 'invest', 'give', 'build'],
  science: ['science', 'invest', 'give'],
  tech: ['tech', 'invest', 'give', 'build'],
  value: ['value', 'invest', 'give'],
  cash: ['cash', 'invest', 'give'],
  extra: ['extra'],
  spy: ['spy', 'build', 'send'],
  messenger: ['messenger', 'send', 'build'],
  coat: ['coat', 'give'],
  attack: ['attack'],
};

interface Parsed {
  squares: { sq: Square; role: Role }[];
  numbers: number[];
  types: string[];
  ids: number[];
  rest: boolean;
  /** Unknown words (as typed). */
  words: string[];
  /** Keywords this kind of order has no use for. */
  extras: string[];
}

function gather(words: Word[], verb: Verb): Parsed {
  const p: Parsed = { squares: [], numbers: [], types: [], ids: [], rest: false, words: [], extras: [] };
  for (const w of words) {
    if (w.k === 'square') p.squares.push({ sq: w.sq, role: w.role });
    else if (w.k === 'num') p.numbers.push(w.n);
    else if (w.k === 'id') p.ids.push(w.id);
    else if (w.k === 'rest') p.rest = true;
    else if (w.k === 'unit') p.types.push(w.type);
    else if (w.k === 'concept') {
      if (!COMPANIONS[verb].includes(w.c)) p.extras.push(w.tok.raw);
    } else if (w.k === 'word') p.words.push(w.tok.raw);
  }
  return p;
}

/** Squares in walking order: the "from" square first, the "to" square last, the others as written. */
function orderedSquares(p: Parsed): Square[] {
  const from = p.squares.filter((s) => s.role === 'from');
  const to = p.squares.filter((s) => s.role === 'to');
  const mid = p.squares.filter((s) => s.role !== 'from' && s.role !== 'to');
  return [...from, ...mid, ...to].map((s) => s.sq);
}

function noExtra(p: Parsed, allowed: Partial<Record<'squares' | 'numbers' | 'types' | 'ids' | 'rest', number>>): void {
  if (p.words.length) fail('unknown-order', { word: p.words[0]!, words: p.words.join(' ') });
  const extras: string[] = [...p.extras];
  if (p.squares.length > (allowed.squares ?? 0)) extras.push(...p.squares.slice(allowed.squares ?? 0).map((s) => s.sq));
  if (p.numbers.length > (allowed.numbers ?? 0)) extras.push(...p.numbers.slice(allowed.numbers ?? 0).map(String));
  if (p.types.length > (allowed.types ?? 0)) extras.push(...p.types.slice(allowed.types ?? 0));
  if (p.ids.length > (allowed.ids ?? 0)) extras.push(...p.ids.map((i) => `#${i}`));
  if (p.rest && !allowed.rest) extras.push('rest');
  if (extras.length) fail('extra-words', { words: extras.join(' ') });
}

function ownCity(state: FandiState, player: PlayerId, at: Square): Square {
  const c = cityAt(state, at);
  if (!c) fail('not-a-city', { at });
  if (c!.owner !== player) fail('not-your-city', { at });
  return at;
}

/**
 * The city an order is for: the square written, else the player's only city
 * (a player with several must write which one).
 */
function theCity(
  state: FandiState,
  player: PlayerId,
  at: Square | undefined,
  line: string,
  candidates?: Square[],
): Square {
  if (at) return ownCity(state, player, at);
  const own = candidates ?? citiesOf(state, player).map((c) => c.at);
  if (own.length === 1) return own[0]!;
  if (own.length === 0) fail('missing-city');
  return fail('missing-city-which', { list: own.join(' '), example: `${own[0]} ${line}` });
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

/** Which order a line gives: its strongest keyword, else its verb, else a move. */
function verbOf(words: Word[], hasPlayer: boolean): Verb {
  const concepts = words.filter((w): w is Extract<Word, { k: 'concept' }> => w.k === 'concept').map((w) => w.c);
  const squares = words.filter((w) => w.k === 'square').length;
  for (const c of SPECIFIC) {
    if (!concepts.includes(c)) continue;
    // "zaútoč 3 rytíři z A1 na B1" is a move into battle; "útok pěší" the order for home units.
    if (c === 'attack' && squares >= 2) return 'move';
    return c as Verb;
  }
  if (concepts.includes('build')) return 'build';
  if (concepts.includes('give') && (hasPlayer || !concepts.includes('invest'))) return 'coat';
  if (concepts.includes('invest')) fail('missing-target');
  return 'move';
}

/** The player tokens of a coat order: the best-matching words that name one player. */
function coatPlayer(state: FandiState, toks: Tok[]): { to: PlayerId; used: Set<number> } | { problem: Problem } | null {
  let best = 0;
  const hits: { i: number; id: PlayerId; rank: number }[] = [];
  toks.forEach((tok, i) => {
    if (/^#?\d+$/.test(tok.t)) return;
    const square = SQUARE_RE.test(tok.t);
    for (const m of playerMatch(state, tok)) {
      if (square && m.rank !== 3) continue; // a square-shaped word names a player only by exact id
      hits.push({ i, ...m });
      best = Math.max(best, m.rank);
    }
  });
  const top = hits.filter((h) => h.rank === best);
  const ids = [...new Set(top.map((h) => h.id))];
  if (ids.length === 0) return null;
  if (ids.length > 1) {
    const word = toks[top[0]!.i]!.raw;
    return {
      problem: {
        code: 'ambiguous-player',
        params: { word, list: ids.map((id) => playerOf(state, id)!.god).join(', ') },
      },
    };
  }
  return { to: ids[0]!, used: new Set(top.map((h) => h.i)) };
}

function parseLine(state: FandiState, player: PlayerId, line: string, memo: ParseMemo): OrderBody | null {
  const index = unitIndex(state);
  const toks = tokenize(line);
  if (toks.length === 0) return null;
  const me = playerOf(state, player)!;
  // Coat orders name a player; find it first (god names may look like other words).
  const concepts = new Set(toks.map((t) => exactConcept(t.t) ?? (unitFromWord(t.t) ? null : stemConcept(t.raw))));
  const wantsPlayer = concepts.has('coat') || concepts.has('give');
  const named = wantsPlayer ? coatPlayer(state, toks) : null;
  const playerToks = new Set<Tok>(named && 'used' in named ? [...named.used].map((i) => toks[i]!) : []);
  const words = toks.filter((t) => !playerToks.has(t)).map((t) => classifyWord(state, t));
  const verb = verbOf(words, named !== null);
  const p = gather(words, verb);

  if (verb === 'attack') {
    const types = p.rest ? [...UNIT_IDS] : p.types;
    if (types.length === 0) fail(p.words.length ? 'unknown-unit' : 'missing-unit', { word: p.words[0] ?? '' });
    noExtra({ ...p, rest: false, types: [] }, {});
    return { kind: 'attack', types: [...new Set(types)].sort((a, b) => UNIT_IDS.indexOf(a) - UNIT_IDS.indexOf(b)) };
  }

  if (verb === 'coat') {
    if (named && 'problem' in named) fail(named.problem.code, named.problem.params);
    if (!named) {
      const last = p.words[p.words.length - 1];
      fail(last ? 'unknown-player' : 'missing-player', { word: last ?? '' });
    }
    const to = (named as { to: PlayerId }).to;
    if (to === player) fail('coat-self');
    if (playerOf(state, to)!.out) fail('coat-out', { player: to });
    if (p.squares.length === 0) fail('missing-city');
    if (p.words.length)
      fail(p.words.some((w) => w.length > 3) ? 'unknown-unit' : 'unknown-order', { word: p.words[0]! });
    const at = p.squares[0]!.sq;
    if (p.numbers.length === 0 && p.types.length === 0 && p.ids.length === 0) {
      noExtra({ ...p, rest: false }, { squares: 1 });
      // A square without a city names all the player's units there.
      if (cityAt(state, at)) return { kind: 'coat-city', city: ownCity(state, player, at), to };
    }
    noExtra({ ...p, rest: false }, { squares: 1, numbers: 1, types: 1, ids: p.ids.length });
    const sel = selection(p, at);
    const s = selectUnits(state, player, sel, memo.given, index);
    if ('code' in s) fail(s.code, s.params);
    else s.ids.forEach((id) => memo.given.add(id));
    return { kind: 'coat-units', units: sel, to };
  }

  if (verb === 'move') {
    if (p.words.length)
      fail(p.words.some((w) => w.length > 3) && p.squares.length >= 2 ? 'unknown-unit' : 'unknown-order', {
        word: p.words[0]!,
      });
    if (p.squares.length < 2)
      fail(
        p.squares.length === 1 || p.types.length || p.numbers.length || p.ids.length ? 'missing-path' : 'unknown-order',
      );
    if (p.extras.length) fail('extra-words', { words: p.extras.join(' ') });
    const squares = orderedSquares(p);
    const sel = selection(p, squares[0]!);
    const s = selectUnits(state, player, sel, memo.moved, index);
    if ('code' in s) fail(s.code, s.params);
    const ids = (s as { ids: number[] }).ids;
    const move = Math.min(
      ...ids.map((id) => unitDef((index ? index.byId.get(id) : state.units.find((u) => u.id === id))!.type).move),
    );
    const r = expandWaypoints(state, player, squares, move);
    if ('problem' in r) fail(r.problem.code, r.problem.params);
    ids.forEach((id) => memo.moved.add(id));
    const { path, cut } = r as { path: Square[]; cut: Square[] };
    return cut.length ? { kind: 'move', units: sel, path, cut } : { kind: 'move', units: sel, path };
  }

  if (verb === 'build' && p.words.length) fail('unknown-unit', { word: p.words[0]! });

  if (verb === 'spy') {
    const own = (sq: Square) => cityAt(state, sq)?.owner === player;
    const sending =
      p.squares.length >= 2 ||
      p.squares.some((s) => s.role === 'to') ||
      (p.squares.length === 1 && !own(p.squares[0]!.sq));
    if (sending) {
      noExtra(p, { squares: 2 });
      const to =
        p.squares.find((s) => s.role === 'to') ??
        p.squares.find((s) => s.role !== 'from' && !own(s.sq)) ??
        p.squares[p.squares.length - 1]!;
      const from = p.squares.find((s) => s !== to);
      const target = to.sq;
      const t = cityAt(state, target);
      if (!t) fail('not-a-city', { at: target });
      if (t!.owner === player) fail('spy-own', { target });
      // Without a source: the player's city with a spy ready next to the target, if there is one such.
      const ready = citiesOf(state, player)
        .filter((c) => c.spies > (memo.spiesSent.get(c.at) ?? 0) && neighbouringCities(state, c.at).includes(target))
        .map((c) => c.at);
      const city = theCity(state, player, from?.sq, line, ready.length ? ready : undefined);
      const c = cityAt(state, city)!;
      const near = neighbouringCities(state, city);
      if (!near.includes(target)) fail('spy-not-neighbour', { target, at: city, list: near.join(' ') });
      const sent = memo.spiesSent.get(city) ?? 0;
      if (c.spies <= sent) fail('spy-none', { at: city });
      memo.spiesSent.set(city, sent + 1);
      return { kind: 'spy-send', city, target };
    }
    noExtra(p, { squares: 1, numbers: 1 });
    const city = theCity(state, player, p.squares[0]?.sq, line);
    const count = p.numbers[0] ?? 1;
    if (count < 1) fail('bad-amount');
    return { kind: 'spy-build', city, count };
  }

  if (verb === 'messenger') {
    noExtra(p, { squares: 2, numbers: 1, rest: 1 });
    const to =
      p.squares.find((s) => s.role === 'to') ??
      (p.squares.length >= 2 ? p.squares[p.squares.length - 1] : p.squares.find((s) => s.role !== 'from'));
    if (!to) fail('missing-city');
    const target = to!.sq;
    const from = p.squares.find((s) => s !== to);
    const t = cityAt(state, target);
    if (!t) fail('not-a-city', { at: target });
    if (t!.owner === null) fail('neutral-target', { at: target });
    const others = citiesOf(state, player)
      .map((c) => c.at)
      .filter((c) => c !== target);
    const city = from ? ownCity(state, player, from.sq) : theCity(state, player, undefined, line, others);
    if (target === city) fail('same-city');
    return { kind: 'messenger', city, target, amount: amountOf(p) };
  }

  const city = theCity(state, player, p.squares[0]?.sq, line);
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
      if (p.numbers[0] !== undefined && p.numbers[0] < 1) fail('bad-amount');
      return { kind: 'invest', city, target: 'cash', amount: p.rest ? 'rest' : (p.numbers[0] ?? 'rest') };
    }
    case 'extra': {
      noExtra(p, { squares: 1, numbers: 1 });
      const amount = amountOf(p);
      const max = maxExtra(c.value);
      if ((amount as number) > max) fail('extra-too-much', { max });
      if (memo.extra.has(city)) fail('duplicate', { at: city });
      memo.extra.add(city);
      return { kind: 'extra', city, amount: amount as number };
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

/**
 * RULING fandi/coat-units-fight: units given away fight the giver's units they stand
 * with. The acknowledgement warns: after this mail's own moves, will the given units
 * stand with other units of the giver, or alone in the giver's city (which the
 * receiver then occupies)? Other players' orders are not known yet.
 */
function coatWarnings(state: FandiState, player: PlayerId, orders: FandiOrder[]): void {
  const index = unitIndex(state);
  const where = new Map<number, Square>();
  for (const u of state.units) if (u.owner === player) where.set(u.id, u.at);
  const moved = new Set<number>();
  const given = new Set<number>();
  for (const o of orders) {
    if (o.kind === 'move') {
      const s = selectUnits(state, player, o.units, moved, index);
      if ('ids' in s)
        for (const id of s.ids) {
          moved.add(id);
          where.set(id, o.path[o.path.length - 1]!);
        }
    }
  }
  const gifts: { o: Extract<FandiOrder, { kind: 'coat-units' }>; ids: number[] }[] = [];
  for (const o of orders) {
    if (o.kind !== 'coat-units') continue;
    const s = selectUnits(state, player, o.units, given, index);
    if (!('ids' in s)) continue;
    s.ids.forEach((id) => given.add(id));
    gifts.push({ o, ids: s.ids });
  }
  const cityGiven = new Set(orders.filter((o) => o.kind === 'coat-city').map((o) => (o as { city: Square }).city));
  for (const { o, ids } of gifts) {
    const at = where.get(ids[0]!)!;
    const stay = [...where].filter(([id, sq]) => sq === at && !given.has(id));
    let w: OrderWarning | null = null;
    if (stay.length) w = { code: 'warn-coat-fight', params: { at } };
    else if (cityAt(state, at)?.owner === player && !cityGiven.has(at))
      w = { code: 'warn-coat-city', params: { at, to: o.to } };
    if (w) o.warning = w;
  }
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
    if (c && coatCities.has(c))
      orders[i] = { kind: 'rejected', line: o.line, text: o.text, code: 'city-coat-busy', params: { at: c } };
  }
  // An order that spends "the rest" leaves nothing for the city's orders after it: refuse those
  // now rather than echo them and let them fail ("every order echoed does what the echo says").
  const restAt = new Map<Square, string>();
  for (let i = 0; i < orders.length; i++) {
    const o = orders[i]!;
    if (o.kind !== 'build' && o.kind !== 'invest' && o.kind !== 'spy-build' && o.kind !== 'messenger') continue;
    const first = restAt.get(o.city);
    if (first !== undefined)
      orders[i] = { kind: 'rejected', line: o.line, text: o.text, code: 'after-rest', params: { at: o.city, first } };
    else if (o.kind === 'invest' && o.amount === 'rest') restAt.set(o.city, o.text);
  }
  if (me) coatWarnings(state, player, orders);
  const echo: OrderEcho[] = [];
  for (const o of orders) {
    if (o.kind === 'rejected') errors.push({ line: o.line, text: o.text, reason: message(lang, o.code, o.params) });
    else if (o.kind !== 'nmr') echo.push({ line: o.line, text: o.text, understood: describeOrder(o, lang) });
  }
  return { orders, errors, echo };
}

function amountText(a: Amount, lang: Lang): string {
  return a === 'rest' ? (lang === 'cs' ? 'zbytek' : 'the rest') : `${a} xc`;
}

function unitsText(sel: UnitSelection, lang: Lang): string {
  if (sel.ids) return sel.ids.map((i) => `#${i}`).join(', ');
  const cs = lang === 'cs';
  if (sel.type === null)
    return sel.count === null ? (cs ? 'všechny jednotky' : 'all units') : `${sel.count}× ${cs ? 'jednotky' : 'units'}`;
  if (sel.count === null) return cs ? `všichni ${unitName(sel.type, lang, 2)}` : `all ${unitName(sel.type, lang, 2)}`;
  return `${sel.count}× ${unitName(sel.type, lang, 1)}`;
}

/** An order as the judge understood it: "3× pěší z B4 na B6 — přesun (B4 B5 B6)". It says all the order will do. */
export function describeOrder(o: FandiOrder, lang: Lang): string {
  const cs = lang === 'cs';
  const text = describe(o, lang);
  return o.repeated ? `${text} — ${message(lang, 'repeated')}` : text;
  function describe(o: FandiOrder, lang: Lang): string {
    switch (o.kind) {
      case 'move': {
        const from = o.path[0]!;
        const to = o.path[o.path.length - 1]!;
        const base = cs
          ? `${unitsText(o.units, lang)} z ${from} na ${to} — přesun (${o.path.join(' ')})`
          : `${unitsText(o.units, lang)} from ${from} to ${to} — move (${o.path.join(' ')})`;
        return o.cut?.length ? `${base}; ${message(lang, 'stop-note', { at: to, rest: o.cut.join(' ') })}` : base;
      }
      case 'build':
        return cs
          ? `${o.city}: postavit ${o.count}× ${unitName(o.unitType, lang, 1)}`
          : `${o.city}: build ${o.count}× ${unitName(o.unitType, lang, 1)}`;
      case 'invest': {
        if (o.target === 'cash')
          return o.amount === 'rest'
            ? cs
              ? `${o.city}: zbytek do hotovosti`
              : `${o.city}: the rest as cash`
            : cs
              ? `${o.city}: ${o.amount} xc odložit do hotovosti`
              : `${o.city}: set ${o.amount} xc aside as cash`;
        const what = cs
          ? { walls: 'do hradeb', science: 'do vědy', tech: 'do techniky', value: 'do hodnoty města' }[o.target]
          : { walls: 'to walls', science: 'to science', tech: 'to technology', value: 'to city value' }[o.target];
        return `${o.city}: ${amountText(o.amount, lang)} ${what}`;
      }
      case 'extra':
        return cs
          ? `${o.city}: výnos navíc ${o.amount} xc z hodnoty města`
          : `${o.city}: extra yield of ${o.amount} xc from the city value`;
      case 'spy-build':
        return cs ? `${o.city}: vytvořit špióna (${o.count}×)` : `${o.city}: make a spy (${o.count}×)`;
      case 'spy-send':
        return cs ? `${o.city}: vyslat špióna do ${o.target}` : `${o.city}: send a spy to ${o.target}`;
      case 'messenger':
        return cs
          ? `${o.city}: posel do ${o.target} nese ${o.amount === 'rest' ? 'zbytek výnosu' : `${o.amount} xc z výnosu`}`
          : `${o.city}: messenger to ${o.target} with ${o.amount === 'rest' ? 'the rest of the yield' : `${o.amount} xc of the yield`}`;
      case 'coat-city':
        return cs
          ? `město ${o.city} předat hráči ${o.to} i s vašimi jednotkami v něm — změna kabátu`
          : `city ${o.city} to ${o.to}, with your units in it — change of coat`;
      case 'coat-units': {
        const base = cs
          ? `${unitsText(o.units, lang)} na ${o.units.at} předat hráči ${o.to} — změna kabátu`
          : `${unitsText(o.units, lang)} on ${o.units.at} to ${o.to} — change of coat`;
        return o.warning ? `${base}; ${message(lang, o.warning.code, o.warning.params)}` : base;
      }
      case 'attack':
        return cs
          ? `domácí ${o.types.map((t) => unitName(t, lang, 2)).join(', ')} útočí`
          : `home ${o.types.map((t) => unitName(t, lang, 2)).join(', ')} attack`;
      case 'nmr':
        return message(lang, 'nmr', { count: o.count });
      case 'rejected':
        return message(lang, o.code, o.params);
    }
  }
}
