// The nation order language (games/nation/ORDERS.md): one order per line, in
// Russian written naturally (any word order, any case form) or in English.
// A line names who acts (the home country, an order or a figure), secret or
// public, the direction, optionally a scale, a strategic step, or an influence
// on a declared action; the rest of the line is what the actor does.
//
// How a line is read: order words are taken from the start of the line in any
// order, each kind at most once (who, secret/public, direction, scale,
// strategic …); the first word that is none of them — or says a kind a second
// time — starts the action's text. Parts at the end of the line set off by a
// comma, dash or bracket that consist only of order words of kinds not yet
// given are order words too ("…построить плотину, публично"). Text in quotes
// «…» is always text. Refusals here are the ones a single line shows; what
// depends on the whole turn (counts, slots) is refused at adjudication (plan.ts).
import type { Lang, LineError, OrderContext, OrderEcho, ParseResult, PlayerId } from '../../engine/types.js';
import { LEVEL_MAX, LEVEL_MIN, isLevel, signed } from './ladder.js';
import { knowersOf, knowsAction } from './audience.js';
import { CONST, TABLES } from './tables.js';
import {
  actorLabel,
  actorName,
  directionList,
  directionName,
  level,
  msg,
  type MessageCode,
  turnsText,
  visibilityAdj,
  yearsText,
} from './texts.js';
import type { ActorRef, Direction, NationOrder, NationState, Strategic, Visibility } from './types.js';
import {
  DIRECTION_TERMS,
  LADDER_TERMS,
  actionIdOf,
  fold,
  foldId,
  matchConcept,
  matchTerms,
  numberOf,
  sameWord,
  skipConcept,
  type Concept,
  type WordMatch,
} from './words.js';
import { memoized } from '../../words.js';
import { fromShared } from '../../engine/shared-json.js';

// ---------------------------------------------------------------------------
// Tokens

interface Tok {
  raw: string;
  start: number;
  end: number;
  sep: boolean;
  /** «text in quotes»: never an order word. */
  quoted?: boolean;
}

const QUOTES: Record<string, string> = { '«': '»', '"': '"', '„': '“', '“': '”', '‘': '’' };
const SIGNED_ID = /[+\-−][\p{L}]\d{1,4}(?![\p{L}\p{N}])/uy;
const NUMBER = /[+\-−]?\d+(?![\p{L}\p{N}])/uy;
const WORD = /[\p{L}\p{N}_']+(?:-[\p{L}\p{N}_']+)*/uy;

function lex(line: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  const sticky = (re: RegExp): string | null => {
    re.lastIndex = i;
    const m = re.exec(line);
    return m ? m[0] : null;
  };
  while (i < line.length) {
    const ch = line[i]!;
    if (/\s/u.test(ch)) {
      i++;
      continue;
    }
    const close = QUOTES[ch];
    if (close !== undefined) {
      const j = line.indexOf(close, i + 1);
      if (j > i) {
        out.push({ raw: line.slice(i, j + 1), start: i, end: j + 1, sep: false, quoted: true });
        i = j + 1;
        continue;
      }
    }
    const m =
      (/[+\-−]/.test(ch) && (i === 0 || /\s/u.test(line[i - 1]!)) ? (sticky(SIGNED_ID) ?? sticky(NUMBER)) : null) ??
      (/\d/.test(ch) ? sticky(NUMBER) : null) ??
      sticky(WORD);
    if (m) {
      out.push({ raw: m, start: i, end: i + m.length, sep: false });
      i += m.length;
    } else {
      out.push({ raw: ch, start: i, end: i + 1, sep: true });
      i++;
    }
  }
  return out;
}

/** The words from token i up to the next separator ("масштаб: хорошо" and "направление = мудрость" read through the colon). */
function runAt(toks: Tok[], i: number): { words: string[]; idx: number[] } {
  const words: string[] = [];
  const idx: number[] = [];
  for (let j = i; j < toks.length; j++) {
    const t = toks[j]!;
    if (t.quoted) {
      // «Гильдия купцов»: a quoted name is one word (it ends the run).
      words.push(t.raw);
      idx.push(j);
      break;
    }
    if (t.sep) {
      const prev = words[words.length - 1];
      if (
        (t.raw === ':' || t.raw === '=') &&
        prev !== undefined &&
        (matchConcept([prev], 'scale') || matchConcept([prev], 'direction'))
      )
        continue;
      break;
    }
    words.push(t.raw);
    idx.push(j);
  }
  return { words, idx };
}

// ---------------------------------------------------------------------------
// Order words

type El =
  | { k: 'actor'; ref: ActorRef; own: boolean; name: string }
  | { k: 'vis'; v: Visibility }
  | { k: 'dir'; d: Direction }
  | { k: 'scale'; v: number }
  | { k: 'strategic' }
  | { k: 'goal' }
  | { k: 'askTime' }
  | { k: 'turns'; n: number; years: boolean }
  | { k: 'continue'; id: string }
  | { k: 'abandon'; id: string }
  | { k: 'influence'; target: string; sign: 1 | -1 }
  | { k: 'gain'; order: string };
type Kind = El['k'];

interface Problem {
  code: MessageCode;
  params?: Record<string, string | number>;
}
class LineFail extends Error {
  constructor(readonly problem: Problem) {
    super(problem.code);
  }
}
const fail = (code: MessageCode, params: Record<string, string | number> = {}): never => {
  throw new LineFail({ code, params });
};

type Cand =
  | { el: El; used: number; exact: boolean; actor?: boolean }
  | { error: Problem; used: number; exact: boolean; actor?: boolean };

interface Entity {
  ref: ActorRef;
  id: string;
  name: string;
  words: string[];
  own: boolean;
}

interface Ctx {
  state: NationState;
  player: PlayerId;
  lang: Lang;
  entities: Entity[];
  /** The actor found so far (for "усилить влияние на …", which only a figure says). */
  actor: El | undefined;
}

const GENERIC: Concept[] = ['order', 'figure', 'country', 'onOrder', 'possessive', 'my', 'article'];
const isGeneric = memoized((w: string) => fold(w).length < 3 || GENERIC.some((c) => matchConcept([w], c)), 10_000);

/** The entities a player may name: every country; the orders and figures they know of (kept with a shared state, per player). */
function entitiesOf(state: NationState, player: PlayerId): Entity[] {
  return fromShared(state, `entities\u0000${player}`, () => entitiesOfUncached(state, player));
}

function entitiesOfUncached(state: NationState, player: PlayerId): Entity[] {
  const words = (name: string) =>
    fold(name)
      .split(/[^\p{L}\p{N}'-]+/u)
      .filter((w) => w !== '');
  return [
    ...state.countries.map((c) => ({
      ref: { type: 'country' as const, id: c.id },
      id: c.id,
      name: c.name,
      words: words(c.name),
      own: c.player === player,
    })),
    ...state.orders
      .filter((o) => knowersOf(state, { type: 'order', id: o.id }).includes(player))
      .map((o) => ({
        ref: { type: 'order' as const, id: o.id },
        id: o.id,
        name: o.name,
        words: words(o.name),
        own: o.player === player,
      })),
    ...state.figures
      .filter((f) => knowersOf(state, { type: 'figure', id: f.id }).includes(player))
      .map((f) => ({
        ref: { type: 'figure' as const, id: f.id },
        id: f.id,
        name: f.name,
        words: words(f.name),
        own: f.player === player,
      })),
  ];
}

/**
 * How many of the words, from the start, name the entity: its id, or words of
 * its name in any order ("Мудрый Олег" for Олег Мудрый), each name word once,
 * not only generic ones ("орден" alone names nothing).
 */
function nameMatch(words: readonly string[], e: Entity): WordMatch | null {
  if (words.length === 0) return null;
  if (foldId(words[0]!) === fold(e.id)) return { used: 1, exact: true };
  const quoted = /^[«"„“‘](.*)[»"“”’]$/su.exec(words[0]!);
  if (quoted) {
    // A quoted name is the whole name (any case forms), or the id.
    const inner = fold(quoted[1]!)
      .split(/[^\p{L}\p{N}'-]+/u)
      .filter((w) => w !== '');
    if (inner.length === 1 && foldId(inner[0]!) === fold(e.id)) return { used: 1, exact: true };
    const ok = inner.length === e.words.length && inner.every((w, i) => sameWord(w, e.words[i]!));
    return ok ? { used: 1, exact: inner.every((w, i) => w === e.words[i]) } : null;
  }
  const free = e.words.map(() => true);
  let k = 0;
  let exact = true;
  let significant = false;
  for (; k < words.length; k++) {
    const w = words[k]!;
    let hit = e.words.findIndex((n, i) => free[i] && fold(w) === n);
    if (hit < 0) {
      // Another case form of a name word — unless, after the first word, it is an order word (Сов тайно: «тайно» is not «Тайное»).
      if (k > 0 && isKeyword(w)) break;
      hit = e.words.findIndex((n, i) => free[i] && sameWord(w, n));
      exact = false;
    }
    if (hit < 0) break;
    free[hit] = false;
    if (!isGeneric(e.words[hit]!)) significant = true;
  }
  return k > 0 && significant ? { used: k, exact } : null;
}

/** The entity the words start with (of one type, when given), the longest match; ambiguous ties are an error. */
function entityAt(
  words: readonly string[],
  c: Ctx,
  type?: ActorRef['type'],
): { e: Entity; m: WordMatch } | { error: Problem; used: number } | null {
  let best: { e: Entity; m: WordMatch }[] = [];
  for (const e of c.entities) {
    if (type && e.ref.type !== type) continue;
    const m = nameMatch(words, e);
    if (!m) continue;
    const top = best[0];
    if (!top || m.used > top.m.used || (m.used === top.m.used && m.exact && !top.m.exact)) best = [{ e, m }];
    else if (m.used === top.m.used && m.exact === top.m.exact) best.push({ e, m });
  }
  if (best.length === 0) return null;
  if (best.length > 1) {
    // An id or a whole name typed exactly wins over partial names.
    const whole = best.filter(
      (b) => b.m.exact && (b.m.used === b.e.words.length || foldId(words[0]!) === fold(b.e.id)),
    );
    if (whole.length === 1) return whole[0]!;
    return {
      error: {
        code: 'ambiguous',
        params: { word: words.slice(0, best[0]!.m.used).join(' '), list: best.map((b) => b.e.name).join(', ') },
      },
      used: best[0]!.m.used,
    };
  }
  return best[0]!;
}

/** A single word that is an order word on its own (secret/public, strategic, a direction, scale). */
const isKeyword = memoized(
  (w: string): boolean =>
    (['secret', 'public', 'strategic', 'goal', 'scale'] as Concept[]).some((c) => matchConcept([w], c)) ||
    !!matchTerms([w], DIRECTION_TERMS),
  10_000,
);

const unknownOf = (type: ActorRef['type']): MessageCode => (type === 'figure' ? 'unknown-figure' : 'unknown-order');

/** An order or figure, optionally after its type word ("орден тамплиеров", "фигура Иван", "order templars"). */
function typedEntityAt(words: readonly string[], c: Ctx, only?: ActorRef['type']): Cand | null {
  const typeWord: { type: ActorRef['type']; used: number } | null = (() => {
    for (const t of ['order', 'figure'] as const) {
      if (only && only !== t) continue;
      const m = matchConcept(words, t);
      if (m) return { type: t, used: m.used };
    }
    return null;
  })();
  const direct = entityAt(words, c, only);
  const after = typeWord ? entityAt(words.slice(typeWord.used), c, typeWord.type) : null;
  const pick = (r: NonNullable<ReturnType<typeof entityAt>>, extra: number): Cand =>
    'error' in r
      ? { error: r.error, used: r.used + extra, exact: true, actor: true }
      : {
          el: { k: 'actor', ref: r.e.ref, own: r.e.own, name: r.e.name },
          used: r.m.used + extra,
          exact: r.m.exact,
          actor: true,
        };
  const a = direct ? pick(direct, 0) : null;
  const b = after ? pick(after, typeWord!.used) : null;
  if (a && b) return b.used > a.used ? b : a;
  if (a || b) return (a ?? b)!;
  if (typeWord) {
    // The unknown name runs up to the next order word ("Орден Сов тайно …" → «Сов»).
    let end = typeWord.used;
    while (end < words.length && !orderWordAt(words.slice(end), c, new Set(), false)) end++;
    const name = words.slice(typeWord.used, Math.max(end, typeWord.used + 1)).join(' ');
    return {
      error: { code: unknownOf(typeWord.type), params: { name } },
      used: words.length,
      exact: true,
      actor: true,
    };
  }
  return null;
}

function actorAt(all: readonly string[], c: Ctx): Cand | null {
  // "the Templars", "the country"
  const art = skipConcept(all, 'article');
  if (art) {
    const r = actorAt(all.slice(art), c);
    return r ? { ...r, used: r.used + art } : null;
  }
  const words = all;
  // моя страна, государство, country [+ its name]
  const my = skipConcept(words, 'my');
  const cw = matchConcept(words.slice(my), 'country');
  if (cw) {
    let used = my + cw.used;
    const own = c.state.countries.find((x) => x.player === c.player);
    const named = entityAt(words.slice(used), c, 'country');
    if (named && !('error' in named)) {
      used += named.m.used;
      return {
        el: { k: 'actor', ref: named.e.ref, own: named.e.own, name: named.e.name },
        used,
        exact: true,
        actor: true,
      };
    }
    if (!own)
      return {
        error: { code: 'not-yours', params: { name: words.slice(0, used).join(' ') } },
        used,
        exact: true,
        actor: true,
      };
    return {
      el: { k: 'actor', ref: { type: 'country', id: own.id }, own: true, name: own.name },
      used,
      exact: cw.exact,
      actor: true,
    };
  }
  return typedEntityAt(words, c);
}

/** One of the id-bearing words: "продолжить S2", bare "S2". */
function continueAt(words: readonly string[]): Cand | null {
  const bare = words[0] === undefined ? null : actionIdOf(words[0], 'S');
  if (bare) return { el: { k: 'continue', id: bare }, used: 1, exact: true };
  const m = matchConcept(words, 'continue');
  if (!m) return null;
  let j = m.used;
  j += skipConcept(words.slice(j), 'strategic');
  j += skipConcept(words.slice(j), 'action');
  const id = words[j] === undefined ? null : actionIdOf(words[j]!, 'S');
  return id ? { el: { k: 'continue', id }, used: j + 1, exact: m.exact } : null;
}

function abandonAt(words: readonly string[]): Cand | null {
  const m = matchConcept(words, 'abandon');
  if (!m) return null;
  let j = m.used;
  j += skipConcept(words.slice(j), 'from');
  j += skipConcept(words.slice(j), 'strategic');
  j += skipConcept(words.slice(j), 'action');
  const id = words[j] === undefined ? null : actionIdOf(words[j]!, 'S');
  return id ? { el: { k: 'abandon', id }, used: j + 1, exact: m.exact } : null;
}

function influenceAt(words: readonly string[]): Cand | null {
  const first = words[0];
  if (first === undefined) return null;
  const signedId = /^([+\-−])(.+)$/u.exec(first);
  if (signedId) {
    const id = actionIdOf(signedId[2]!, 'AF');
    if (id) return { el: { k: 'influence', target: id, sign: signedId[1] === '+' ? 1 : -1 }, used: 1, exact: true };
  }
  let sign: 1 | -1 = 1;
  let m = matchConcept(words, 'support');
  if (!m) {
    m = matchConcept(words, 'oppose');
    sign = -1;
  }
  if (!m) return null;
  let j = m.used;
  j += skipConcept(words.slice(j), 'action');
  const id = words[j] === undefined ? null : actionIdOf(words[j]!, 'AF');
  return id ? { el: { k: 'influence', target: id, sign }, used: j + 1, exact: m.exact } : null;
}

function gainAt(words: readonly string[], c: Ctx): Cand | null {
  const m = matchConcept(words, 'gain');
  if (!m) return null;
  let j = m.used;
  j += skipConcept(words.slice(j), 'possessive');
  const inf = matchConcept(words.slice(j), 'influence');
  if (!inf) return null;
  j += inf.used;
  j += skipConcept(words.slice(j), 'onOrder');
  j += skipConcept(words.slice(j), 'possessive');
  const isFigure = c.actor?.k === 'actor' && c.actor.ref.type === 'figure';
  // An order, or a country ("a country counts as an order" for influence: setup.ts).
  const rest = words.slice(j);
  let r = typedEntityAt(rest, c, 'order');
  if (!r || 'error' in r) {
    const my = skipConcept(rest, 'my');
    const cw = matchConcept(rest.slice(my), 'country');
    const country = entityAt(rest.slice(cw ? my + cw.used : 0), c, 'country');
    const home = c.state.countries.find((x) => x.player === c.player);
    if (country && !('error' in country))
      r = {
        el: { k: 'actor', ref: country.e.ref, own: country.e.own, name: country.e.name },
        used: (cw ? my + cw.used : 0) + country.m.used,
        exact: true,
      };
    else if (cw && home)
      r = {
        el: { k: 'actor', ref: { type: 'country', id: home.id }, own: true, name: home.name },
        used: my + cw.used,
        exact: true,
      };
  }
  if (r && 'el' in r && r.el.k === 'actor')
    return { el: { k: 'gain', order: r.el.ref.id }, used: j + r.used, exact: m.exact };
  if (!isFigure) return null;
  if (r && 'error' in r) return { ...r, used: j + r.used, actor: false };
  const name = rest.join(' ');
  return {
    error: name ? { code: 'unknown-order', params: { name } } : { code: 'gain-no-order' },
    used: words.length,
    exact: true,
  };
}

function turnsAt(words: readonly string[]): Cand | null {
  const j = skipConcept(words, 'timePrep');
  const n = numberOf(words.slice(j));
  if (!n) return null;
  const k = j + n.used;
  const turn = matchConcept(words.slice(k), 'turn');
  const year = turn ? null : matchConcept(words.slice(k), 'year');
  const unit = turn ?? year;
  if (!unit) return null;
  return { el: { k: 'turns', n: n.value, years: !!year }, used: k + unit.used, exact: true };
}

function scaleAt(words: readonly string[]): Cand | null {
  let j = skipConcept(words, 'inScale');
  const m = matchConcept(words.slice(j), 'scale');
  if (!m) return null;
  j += m.used;
  const n = numberOf(words.slice(j));
  if (n) return { el: { k: 'scale', v: n.value }, used: j + n.used, exact: true };
  const l = matchTerms(words.slice(j), LADDER_TERMS);
  return l ? { el: { k: 'scale', v: l.value }, used: j + l.used, exact: true } : null;
}

function visAt(words: readonly string[]): Cand | null {
  for (const [concept, v] of [
    ['secret', 'secret'],
    ['public', 'public'],
  ] as const) {
    const m = matchConcept(words, concept);
    if (m) return { el: { k: 'vis', v }, used: m.used + skipConcept(words.slice(m.used), 'action'), exact: m.exact };
  }
  return null;
}

function strategicAt(words: readonly string[]): Cand | null {
  const m = matchConcept(words, 'strategic');
  if (!m) return null;
  return { el: { k: 'strategic' }, used: m.used + skipConcept(words.slice(m.used), 'action'), exact: m.exact };
}

/** "цель:" — the goal of a strategic action follows (a new strategic action). */
function goalAt(words: readonly string[]): Cand | null {
  const m = matchConcept(words, 'goal');
  return m ? { el: { k: 'goal' }, used: m.used, exact: m.exact } : null;
}

function askTimeAt(words: readonly string[]): Cand | null {
  const m = matchConcept(words, 'askTime');
  return m ? { el: { k: 'askTime' }, used: m.used, exact: m.exact } : null;
}

function directionAt(words: readonly string[]): Cand | null {
  const j = skipConcept(words, 'direction');
  const m = matchTerms(words.slice(j), DIRECTION_TERMS);
  return m ? { el: { k: 'dir', d: m.value }, used: j + m.used, exact: m.exact } : null;
}

/** The best order word at the start of the words, of a kind not given yet (null: the text starts here). */
function orderWordAt(words: readonly string[], c: Ctx, have: Set<Kind>, allowActor: boolean): Cand | null {
  const cands: Cand[] = [];
  const add = (k: Kind, f: () => Cand | null) => {
    if (have.has(k)) return;
    const r = f();
    if (r) cands.push(r);
  };
  add('continue', () => continueAt(words));
  add('abandon', () => abandonAt(words));
  add('influence', () => influenceAt(words));
  add('gain', () => gainAt(words, c));
  add('askTime', () => askTimeAt(words));
  add('strategic', () => strategicAt(words));
  add('goal', () => goalAt(words));
  add('turns', () => turnsAt(words));
  add('scale', () => scaleAt(words));
  add('vis', () => visAt(words));
  add('dir', () => directionAt(words));
  if (allowActor) add('actor', () => actorAt(words, c));
  if (cands.length === 0) return null;
  // The longest match; then one typed exactly; then an order word over a name.
  cands.sort((a, b) => b.used - a.used || Number(b.exact) - Number(a.exact) || Number(!!a.actor) - Number(!!b.actor));
  return cands[0]!;
}

// ---------------------------------------------------------------------------
// A line

interface Read {
  els: El[];
  text: string;
}

function readLine(body: string, c: Ctx): Read {
  const toks = lex(body);
  const els: El[] = [];
  const have = new Set<Kind>();
  const take = (r: Cand) => {
    if ('error' in r) fail(r.error.code, r.error.params);
    const el = (r as { el: El }).el;
    els.push(el);
    have.add(el.k);
    if (el.k === 'actor') c.actor = el;
  };
  let i = 0;
  for (;;) {
    while (i < toks.length && toks[i]!.sep) i++;
    if (i >= toks.length) break;
    const run = runAt(toks, i);
    if (run.words.length === 0) break;
    const r = orderWordAt(run.words, c, have, true);
    if (!r) break;
    take(r);
    i = run.idx[r.used - 1]! + 1;
  }
  if (i >= toks.length) return { els, text: '' };

  // Trailing parts made only of order words ("…, публично", "(за 3 хода)").
  const segments: { from: number; to: number }[] = []; // token ranges [from, to)
  let from = i;
  for (let j = i; j <= toks.length; j++) {
    if (j === toks.length || (toks[j]!.sep && toks[j]!.raw !== "'")) {
      if (j > from) segments.push({ from, to: j });
      from = j + 1;
    }
  }
  let textEnd = body.length;
  for (let s = segments.length - 1; s >= 1; s--) {
    const seg = segments[s]!;
    const local = new Set(have);
    const found: El[] = [];
    let k = seg.from;
    let ok = true;
    while (k < seg.to) {
      if (toks[k]!.quoted) {
        ok = false;
        break;
      }
      const words = toks.slice(k, seg.to).map((t) => t.raw);
      const r = orderWordAt(words, c, local, false);
      if (!r || 'error' in r) {
        ok = false;
        break;
      }
      found.push(r.el);
      local.add(r.el.k);
      k += r.used;
    }
    if (!ok) break;
    for (const el of found) take({ el, used: 0, exact: true });
    textEnd = toks[seg.from - 1]!.start;
  }
  return { els, text: cleanText(body.slice(toks[i]!.start, textEnd)) };
}

/** The action's text without the separators around it and without its quotes. */
function cleanText(s: string): string {
  let t = s
    .trim()
    .replace(/^[\s,;:.—–\-(]+/u, '')
    .replace(/[\s,;:—–\-(]+$/u, '')
    .trim();
  const q = /^([«"„“‘])(.*)([»"“”’])[.!]?$/su.exec(t);
  if (q && !/[«»"„“”]/u.test(q[2]!)) t = q[2]!.trim();
  if (/^\(.*\)$/su.test(t) && !/[()]/u.test(t.slice(1, -1))) t = t.slice(1, -1).trim();
  return t;
}

// ---------------------------------------------------------------------------
// From order words to an order

function one<K extends Kind>(els: El[], k: K): Extract<El, { k: K }> | undefined {
  return els.find((e) => e.k === k) as Extract<El, { k: K }> | undefined;
}

/** An influence target id (an order's, or a country's) as an actor reference. */
const refOf = (state: NationState, id: string): ActorRef =>
  state.countries.some((c) => c.id === id) ? { type: 'country', id } : { type: 'order', id };

const sameRef = (a: ActorRef, b: ActorRef) => a.type === b.type && a.id === b.id;

function ownStrategic(state: NationState, player: PlayerId, id: string, lang: Lang): Strategic {
  const s = state.strategic.find((x) => x.id.toUpperCase() === id && x.player === player);
  if (!s) fail('unknown-strategic', { id });
  if (s!.status !== 'active')
    fail('strategic-closed', { id, status: msg(s!.status === 'done' ? 'status-done' : 'status-abandoned', lang) });
  return s!;
}

function appliesTo(d: Direction): 'all' | 'ordinary' | 'strategic' {
  return TABLES.directions.directions.find((x) => x.id === d)?.appliesTo ?? 'all';
}

function build(read: Read, line: number, c: Ctx): NationOrder {
  const { els, text } = read;
  const { state, player, lang } = c;
  const actorEl = one(els, 'actor');
  const abandon = one(els, 'abandon');
  const cont = one(els, 'continue');
  const infl = one(els, 'influence');
  const gain = one(els, 'gain');
  const stratMark = one(els, 'strategic') ?? one(els, 'goal');
  const askTime = one(els, 'askTime');
  const turns = one(els, 'turns');
  const scale = one(els, 'scale');
  const vis = one(els, 'vis');
  const dir = one(els, 'dir');

  if (actorEl && !actorEl.own) fail('not-yours', { name: actorEl.name });

  if (abandon) {
    if (infl || gain || cont || askTime || turns || scale) fail('abandon-extra', { id: abandon.id });
    if (state.stage !== 1) fail('abandon-stage-2');
    const s = ownStrategic(state, player, abandon.id, lang);
    if (actorEl && !sameRef(actorEl.ref, s.actor))
      fail('strategic-actor', {
        id: s.id,
        actor: actorLabel(state, s.actor, lang),
        other: actorLabel(state, actorEl.ref, lang),
      });
    return { type: 'abandon', line, id: s.id };
  }

  const S = cont ? ownStrategic(state, player, cont.id, lang) : null;
  const actor: ActorRef | undefined = actorEl?.ref ?? S?.actor;
  if (!actor) return fail('no-actor');
  if (S && !sameRef(S.actor, actor))
    fail('strategic-actor', {
      id: S.id,
      actor: actorLabel(state, S.actor, lang),
      other: actorLabel(state, actor, lang),
    });

  const visibility: Visibility = vis?.v ?? S?.visibility ?? (actor.type === 'country' ? 'public' : 'secret');

  if (infl) {
    if (actor.type !== 'figure') fail('influence-not-figure');
    if (state.stage !== 2) fail('influence-stage-1');
    if (stratMark || askTime || turns || cont || scale || gain) fail('influence-extra');
    const target = state.declared.find((a) => a.id.toUpperCase() === infl.target);
    if (!target || !knowsAction(state, target, player)) return fail('unknown-action', { id: infl.target });
    if (target.stage !== 1 || target.actor.type === 'figure') fail('influence-figure-action', { id: target.id });
    const fig = state.figures.find((f) => f.id === actor.id)!;
    if (!fig.influence.some((x) => x.order === target.actor.id))
      fail('no-influence', { figure: fig.name, order: actorName(state, target.actor) });
    return { type: 'influence', line, figure: actor.id, visibility, target: target.id, sign: infl.sign, text };
  }

  const isNew = !cont && !!(stratMark || askTime || turns);
  if (cont && askTime) fail('strategic-new-and-continue', { id: cont.id });
  if ((cont || isNew) && actor.type === 'figure') fail('strategic-figure');
  if (actor.type === 'figure' && state.stage !== 2) fail('figure-stage-1');
  if (actor.type !== 'figure' && state.stage !== 1) fail('order-stage-2');
  if (gain) {
    if (actor.type !== 'figure') fail('gain-not-figure');
    const fig = state.figures.find((f) => f.id === actor.id)!;
    if (!fig.influence.some((x) => x.order === gain.order))
      fail('no-influence', { figure: fig.name, order: actorName(state, refOf(state, gain.order)) });
  }
  if (scale) {
    if (actor.type === 'figure') fail('scale-figure');
    if (cont || isNew) fail('scale-strategic');
    if (!isLevel(scale.v)) fail('scale-range', { min: signed(LEVEL_MIN), max: signed(LEVEL_MAX) });
  }

  // Ruling: an "increase influence" action is based on Коммуникативность unless the player names another direction.
  const direction: Direction | undefined = dir?.d ?? S?.direction ?? (gain ? 'communication' : undefined);
  if (!direction) return fail('no-direction', { list: directionList(lang) });
  if (S && dir && dir.d !== S.direction)
    fail('strategic-direction', { id: S.id, dir: directionName(S.direction, lang), other: directionName(dir.d, lang) });
  const strategic = !!(cont || isNew);
  if (strategic && appliesTo(direction) === 'ordinary') fail('flexibility-strategic');
  if (!strategic && appliesTo(direction) === 'strategic') fail('constitution-ordinary');

  let n: number | null = null;
  if (turns) {
    if (askTime) fail('ask-time-and-turns');
    const per = state.settings.yearsPerTurn;
    n = turns.years ? turns.n / per : turns.n;
    if (!Number.isInteger(n)) fail('years-per-turn', { years: yearsText(turns.n, lang), per: yearsText(per, lang) });
    const { min, max } = CONST.gm.time;
    if (n < min || n > max) fail('turns-range', { min, max });
    if (S && n <= S.progress.length) fail('planned-too-short', { id: S.id, done: turnsText(S.progress.length, lang) });
  }
  if (!text && !cont && !gain) fail(isNew ? 'no-goal' : 'no-text');

  return {
    type: 'action',
    line,
    actor,
    visibility,
    direction,
    text,
    scale: scale ? scale.v : null,
    strategic: cont
      ? { mode: 'continue', id: S!.id, planned: n }
      : isNew
        ? n !== null
          ? { mode: 'ask-difficulty', turns: n }
          : { mode: 'ask-time' }
        : null,
    gainInfluence: gain ? gain.order : null,
  };
}

// ---------------------------------------------------------------------------
// Echo

/** How the judge understood an order, in the reader's language. */
export function understood(order: NationOrder, state: NationState, lang: Lang): string {
  if (order.type === 'abandon') {
    const s = state.strategic.find((x) => x.id === order.id);
    return msg('echo-abandon', lang, {
      id: order.id,
      goal: s?.goal ?? '',
      actor: s ? actorLabel(state, s.actor, lang) : '',
    });
  }
  if (order.type === 'influence') {
    const target = state.declared.find((a) => a.id === order.target);
    return msg('echo-influence', lang, {
      actor: actorLabel(state, { type: 'figure', id: order.figure }, lang),
      vis: visibilityAdj(order.visibility, lang),
      sign: msg(order.sign > 0 ? 'support' : 'oppose', lang),
      id: order.target,
      target: target ? actorLabel(state, target.actor, lang) : order.target,
      text: order.text ? ` — ${msg('quoted', lang, { text: order.text })}` : '',
    });
  }
  let extra = '';
  const st = order.strategic;
  if (st?.mode === 'ask-time') extra += msg('echo-ask-time', lang);
  else if (st?.mode === 'ask-difficulty')
    extra += msg('echo-ask-difficulty', lang, { turns: turnsText(st.turns, lang) });
  else if (st?.mode === 'continue') {
    const s = state.strategic.find((x) => x.id === st.id);
    extra += msg('echo-continue', lang, {
      id: st.id,
      goal: s?.goal ?? '',
      planned: st.planned !== null ? msg('echo-planned', lang, { turns: turnsText(st.planned, lang) }) : '',
    });
  }
  if (order.gainInfluence)
    extra += msg('echo-gain', lang, { order: actorName(state, refOf(state, order.gainInfluence)) });
  return msg(order.text ? 'echo-action' : 'echo-action-notext', lang, {
    actor: actorLabel(state, order.actor, lang),
    vis: visibilityAdj(order.visibility, lang),
    dir: directionName(order.direction, lang),
    scale: order.scale !== null ? msg('echo-scale', lang, { level: level(order.scale, lang) }) : '',
    extra,
    text: order.text,
  });
}

// ---------------------------------------------------------------------------

/** Numbering and bullets players put before lines: "1.", "2)", "-", "•". */
const BULLET = /^(?:\d{1,2}[.)]\s+|[-*•]\s+)/u;

export function parseOrders(text: string, ctx: OrderContext<NationState>): ParseResult<NationOrder> {
  const orders: NationOrder[] = [];
  const errors: LineError[] = [];
  const echo: OrderEcho[] = [];
  const lang = ctx.lang;
  const entities = entitiesOf(ctx.state, ctx.player);
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('//')) return;
    const body = trimmed.replace(BULLET, '');
    const c: Ctx = { state: ctx.state, player: ctx.player, lang, entities, actor: undefined };
    try {
      const order = build(readLine(body, c), line, c);
      orders.push(order);
      echo.push({ line, text: trimmed, understood: understood(order, ctx.state, lang) });
    } catch (e) {
      if (!(e instanceof LineFail)) throw e;
      errors.push({ line, text: trimmed, reason: msg(e.problem.code, lang, e.problem.params ?? {}) });
    }
  });
  return { orders, errors, echo };
}
