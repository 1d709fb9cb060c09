// What the words of a FanDi order line name: players, unit types, keywords
// and the concepts they stand for; the squares, amounts and units an order
// takes, checked against what the player owns.
import { ECONOMY, percentOf } from './constants.js';
import { citiesOf, cityAt, parseSquare, SQUARE_RE, squareName } from './map.js';
import type { Amount, FandiOrder, FandiState, InvestTarget, PlayerId, Square, UnitSelection } from './state.js';
import { playerOf } from './state.js';
import { unitFromWord } from './units.js';
import { exactConcept, normalize, sameName, stemConcept, type Concept } from './words.js';

import { type Problem, type Role, type Tok, fail } from './order-tokens.js';

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

export function classifyWord(state: FandiState, tok: Tok): Word {
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

export function gather(words: Word[], verb: Verb): Parsed {
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
export function orderedSquares(p: Parsed): Square[] {
  const from = p.squares.filter((s) => s.role === 'from');
  const to = p.squares.filter((s) => s.role === 'to');
  const mid = p.squares.filter((s) => s.role !== 'from' && s.role !== 'to');
  return [...from, ...mid, ...to].map((s) => s.sq);
}

export function noExtra(
  p: Parsed,
  allowed: Partial<Record<'squares' | 'numbers' | 'types' | 'ids' | 'rest', number>>,
): void {
  if (p.words.length) fail('unknown-order', { word: p.words[0]!, words: p.words.join(' ') });
  const extras: string[] = [...p.extras];
  if (p.squares.length > (allowed.squares ?? 0)) extras.push(...p.squares.slice(allowed.squares ?? 0).map((s) => s.sq));
  if (p.numbers.length > (allowed.numbers ?? 0)) extras.push(...p.numbers.slice(allowed.numbers ?? 0).map(String));
  if (p.types.length > (allowed.types ?? 0)) extras.push(...p.types.slice(allowed.types ?? 0));
  if (p.ids.length > (allowed.ids ?? 0)) extras.push(...p.ids.map((i) => `#${i}`));
  if (p.rest && !allowed.rest) extras.push('rest');
  if (extras.length) fail('extra-words', { words: extras.join(' ') });
}

export function ownCity(state: FandiState, player: PlayerId, at: Square): Square {
  const c = cityAt(state, at);
  if (!c) fail('not-a-city', { at });
  if (c!.owner !== player) fail('not-your-city', { at });
  return at;
}

/**
 * The city an order is for: the square written, else the player's only city
 * (a player with several must write which one).
 */
export function theCity(
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

export function amountOf(p: Parsed): Amount {
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
export interface ParseMemo {
  moved: Set<number>;
  given: Set<number>;
  spiesSent: Map<Square, number>;
  extra: Set<Square>;
}

export function selection(p: Parsed, at: Square): UnitSelection {
  if (p.types.length > 1) fail('extra-words', { words: p.types.slice(1).join(' ') });
  if (p.numbers.length > 1) fail('extra-words', { words: p.numbers.slice(1).join(' ') });
  const count = p.numbers[0] ?? null;
  if (count !== null && count < 1) fail('bad-amount');
  return { at, type: p.types[0] ?? null, count, ids: p.ids.length ? p.ids : null };
}

export type OrderBody = FandiOrder extends infer O ? (O extends FandiOrder ? Omit<O, 'line' | 'text'> : never) : never;

/** Which order a line gives: its strongest keyword, else its verb, else a move. */
export function verbOf(words: Word[], hasPlayer: boolean): Verb {
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
export function coatPlayer(
  state: FandiState,
  toks: Tok[],
): { to: PlayerId; used: Set<number> } | { problem: Problem } | null {
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
