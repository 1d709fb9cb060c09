// The order language (games/godfather/ORDERS.md): one order per line, Russian or
// English, as players write them on a forum — keywords in any form and with a
// colon («ДЕЙСТВИЕ: патент», «ГОЛОСУЮ ЗА Машу»), names in any grammatical case
// and in common short forms («речь на Игрока07», «байки Игроку05», «Маше»),
// prepositions and filler words, natural word order, a stray «+» where there is
// no choice. Only what is truly ambiguous is refused, naming what it could mean.
// Messages (ЛИЧНО / АНОНИМНО / ВСЕМ) go to ParseResult.messages.
import type {
  LineError,
  OrderContext,
  OrderEcho,
  OutgoingMessage,
  ParseResult,
  PlayerId,
  Lang,
} from '../../engine/types.js';
import {
  LEADER_KEY,
  actedThisHalf,
  canLead,
  canUse,
  checkTargets,
  choiceNeeded,
  effectiveRole,
  heldActions,
  isOrdinary,
  maxFactions,
  type Problem,
} from './access.js';
import { allActions, character, role, type ActionDef } from './tables.js';
import {
  dayOf,
  factionsOf,
  halfOf,
  isLeader,
  player,
  slotOf,
  type GPlayer,
  type GState,
  type OrderArgs,
  type Stat,
} from './state.js';
import { L, tr } from './texts.js';
import { FILLERS, PREPOSITIONS, SELF, fold, isWord, sameStem, sameWord, shortForms, tokens } from './words.js';
import { memoized } from '../../words.js';
import { fromShared } from '../../engine/shared-json.js';

export type Via = 'own' | 'leader' | 'proxy' | 'trick';

export type GOrder =
  | {
      type: 'act';
      line: number;
      key: string;
      targets: PlayerId[];
      args: OrderArgs;
      via: Via;
      proxyKey?: string;
      member?: PlayerId;
    }
  | { type: 'vote'; line: number; target: PlayerId }
  | { type: 'invite'; line: number; target: PlayerId }
  | { type: 'accept'; line: number; target: PlayerId }
  | { type: 'leave'; line: number; leader: PlayerId | null }
  | { type: 'expel'; line: number; target: PlayerId }
  | { type: 'displace'; line: number; leader: PlayerId | null }
  | { type: 'read'; line: number; target: PlayerId }
  | { type: 'eavesdrop'; line: number; target: PlayerId }
  | { type: 'endday'; line: number }
  | { type: 'bonus'; line: number; stat: Stat };

export type ActOrder = Extract<GOrder, { type: 'act' }>;

/** Folded, trailing punctuation dropped (kept for callers that compare single words). */
export const norm: (s: string) => string = memoized((s) => fold(s).replace(/[.,;:!?]+$/g, ''));

// ---- keywords ---------------------------------------------------------------

type Head = GOrder['type'] | 'private' | 'anonymous' | 'public';

const KEYWORDS: [Head, string[]][] = [
  ['act', ['действие', 'действия', 'действую', 'действовать', 'действуем', 'ход', 'act', 'action', 'do']],
  [
    'vote',
    ['голос', 'голосую', 'голосуем', 'голосовать', 'голосование', 'проголосовать', 'проголосую', 'vote', 'voting'],
  ],
  ['invite', ['пригласить', 'приглашаю', 'приглашаем', 'приглашение', 'invite']],
  ['accept', ['принять', 'принимаю', 'принимаем', 'вступаю', 'вступить', 'accept', 'join']],
  ['leave', ['выйти', 'выхожу', 'покинуть', 'покидаю', 'выход', 'leave']],
  ['expel', ['исключить', 'исключаю', 'исключение', 'expel']],
  ['displace', ['сместить', 'смещаю', 'смещение', 'displace']],
  ['read', ['вскрыть', 'вскрываю', 'read']],
  ['eavesdrop', ['подслушать', 'подслушиваю', 'eavesdrop', 'overhear']],
  ['endday', ['конец', 'окончание', 'endday']],
  ['bonus', ['бонус', 'bonus']],
  ['private', ['лично', 'личное', 'личка', 'лс', 'приват', 'приватно', 'private', 'pm']],
  ['anonymous', ['анонимно', 'анонимка', 'аноним', 'анонимное', 'anon', 'anonymous']],
  ['public', ['всем', 'публично', 'объявление', 'public', 'all']],
];

/** Words in front of the keyword that say nothing ("Я голосую за Машу", "Моё действие: байки"). */
const LEAD = new Set(['я', 'мы', 'мой', 'моя', 'мое', 'моё', 'мои', 'наш', 'наше', 'хочу', 'буду', 'итак', 'i', 'my']);

const headOf = memoized(headOfUncached, 10_000);
function headOfUncached(word: string): Head | null {
  const w = norm(word);
  for (const [type, words] of KEYWORDS) if (words.includes(w)) return type;
  for (const [type, words] of KEYWORDS) if (type !== 'endday' && isWord(w, words)) return type;
  return null;
}

const KIND_WORDS: [string, string[]][] = [
  ['day', ['день', 'днем', 'дневное', 'дневного', 'day']],
  ['night', ['ночь', 'ночью', 'ночное', 'ночного', 'night']],
  ['ordinary', ['рядовое', 'рядового', 'ролевое', 'ordinary']],
  ['individual', ['индивидуальное', 'индивидуального', 'individual']],
  ['faction', ['фракционное', 'фракционного', 'faction']],
  ['hero', ['геройское', 'геройского', 'героическое', 'hero']],
  ['manipulation', ['манипуляция', 'манипуляционное', 'манипуляцию', 'манипуляционного', 'manipulation']],
  ['secret', ['тайное', 'тайного', 'характерное', 'secret']],
  ['leader', ['лидер', 'лидерское', 'лидерского', 'лидера', 'leader']],
];

const kindOf = memoized(kindOfUncached, 10_000);
function kindOfUncached(word: string): string | null {
  const w = norm(word);
  for (const [k, ws] of KIND_WORDS) if (ws.includes(w)) return k;
  return null;
}

const SIGN_WORDS: [1 | -1, string[]][] = [
  [1, ['плюс', 'plus', 'повысить', 'повышение', 'хороший', 'хорошего', 'good', 'добавить']],
  [-1, ['минус', 'minus', 'понизить', 'понижение', 'неуклюжий', 'неуклюжего', 'clumsy', 'убавить']],
];
const STAT_WORDS: [Stat, string[]][] = [
  ['vo', ['во', 'vo', 'influence']],
  ['tv', ['тв', 'tv', 'secret']],
];
const GUARD_WORDS: ['execution' | 'prison', string[]][] = [
  ['execution', ['казнь', 'казни', 'казнью', 'execution']],
  ['prison', ['тюрьма', 'тюрьмы', 'тюрьму', 'заключение', 'заключения', 'иммунитет', 'prison', 'immunity']],
];
const JAIL_WORDS: ['jail' | 'free', string[]][] = [
  ['jail', ['посадить', 'посадка', 'посадку', 'ловушка', 'ловушку', 'jail', 'trap']],
  ['free', ['выпустить', 'освободить', 'побег', 'free', 'release']],
];

const signOf = memoized(signOfUncached, 10_000);
function signOfUncached(tok: string): 1 | -1 | null {
  if (/^\+\d*$/.test(tok)) return 1;
  if (/^-\d*$/.test(tok) || /^−\d*$/.test(tok)) return -1;
  for (const [v, ws] of SIGN_WORDS) if (isWord(tok, ws)) return v;
  return null;
}
const wordIn = <T>(tok: string, table: [T, string[]][]): T | null => {
  const w = norm(tok);
  for (const [v, ws] of table) if (ws.includes(w)) return v;
  return null;
};

/** Faction words the faction commands carry ("Приглашаю Ивана во фракцию", "Выхожу из фракции"). */
const FACTION_FILLER = new Set([
  'фракция',
  'фракции',
  'фракцию',
  'фракцией',
  'фракций',
  'приглашение',
  'приглашения',
  'из',
  'faction',
  'from',
  'the',
  'invitation',
]);

// ---- errors -----------------------------------------------------------------

class OrderError extends Error {
  constructor(readonly problem: Problem) {
    // a refusal of a line, caught by the parser: no stack to capture
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(problem.code);
    Error.stackTraceLimit = limit;
  }
}
const fail = (code: string, params: Record<string, string | number> = {}): never => {
  throw new OrderError({ code, params });
};
const must = (p: Problem | null): void => {
  if (p) throw new OrderError(p);
};

// ---- players by name --------------------------------------------------------

interface Form {
  words: string[];
  /** The id: only the exact spelling. */
  id?: boolean;
  /** An alias or short form: a full match only. */
  alias?: boolean;
}

function formsOf(p: GPlayer): Form[] {
  const forms: Form[] = [{ words: tokens(p.id).map(fold), id: true }, { words: tokens(p.name).map(fold) }];
  for (const a of p.aliases ?? []) forms.push({ words: tokens(a).map(fold), alias: true });
  for (const w of tokens(p.name)) for (const s of shortForms(w)) forms.push({ words: [s], alias: true });
  return forms.filter((f) => f.words.length);
}

/** How well a typed word matches a name word: 3 the same, 2 the same stem, 1 a case form by a longer ending, 0 no. */
function wordScore(typed: string, name: string): number {
  const a = fold(typed);
  const b = fold(name);
  if (a === b) return 3;
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return Number(a) === Number(b) ? 3 : 0;
  if (/\d/.test(a) || /\d/.test(b) || a.length < 2 || b.length < 2) return 0;
  if (sameStem(a, b)) return 2;
  return sameWord(a, b) ? 1 : 0;
}

export interface PlayerHit {
  ids: PlayerId[];
  /** Tokens taken. */
  len: number;
}

interface NameIndex {
  forms: { id: PlayerId; form: Form }[];
  maxK: number;
  hits: Map<string, PlayerHit>;
}
const indexes = new WeakMap<GState, NameIndex>();

function nameIndex(state: GState): NameIndex {
  let ix = indexes.get(state);
  if (!ix) {
    const forms = state.players.flatMap((p) => formsOf(p).map((form) => ({ id: p.id, form })));
    ix = { forms, maxK: Math.max(1, ...forms.map((f) => f.form.words.length)), hits: new Map() };
    indexes.set(state, ix);
  }
  return ix;
}

/** The players the tokens at i name (longest full match first, then the best score); [] when none. */
export function playersAt(state: GState, toks: string[], i: number): PlayerHit {
  const ix = nameIndex(state);
  const key = toks.slice(i, i + ix.maxK).join('\u0001');
  let hit = ix.hits.get(key);
  if (!hit) {
    hit = playersAtUncached(ix, toks.slice(i, i + ix.maxK));
    if (ix.hits.size < 10_000) ix.hits.set(key, hit);
  }
  return hit;
}

function playersAtUncached(ix: NameIndex, toks: string[]): PlayerHit {
  const i = 0;
  // ranks: the id 40; a whole name (or alias) 30 the same, 20 the same stem, 10 a longer ending;
  // one word of a several-word name 8 the same, 6 the same stem, 4 a longer ending
  let best: { k: number; score: number; ids: Set<PlayerId> } | null = null;
  const offer = (id: PlayerId, k: number, score: number) => {
    if (score <= 0) return;
    if (!best || k > best.k || (k === best.k && score > best.score)) best = { k, score, ids: new Set([id]) };
    else if (k === best.k && score === best.score) best.ids.add(id);
  };
  if (!toks.length) return { ids: [], len: 0 };
  for (const { id, form: f } of ix.forms) {
    const k = f.words.length;
    // one typed word for one word of a several-word name ("Анну" for Анна Петрова, "Петровой")
    if (k > 1 && !f.id && !f.alias && !f.words.some((w) => /\d/.test(w)))
      for (const w of f.words) {
        const s = wordScore(toks[i]!, w);
        if (s >= 1) offer(id, 1, s === 3 ? 8 : s === 2 ? 6 : 4);
      }
    if (i + k > toks.length) continue;
    const window = toks.slice(i, i + k);
    if (f.id) {
      if (window.map(fold).join('') === f.words.join('')) offer(id, k, 40);
      continue;
    }
    const score = Math.min(...window.map((t, j) => wordScore(t, f.words[j]!)));
    if (score > 0) offer(id, k, score * 10);
  }
  const b = best as { k: number; score: number; ids: Set<PlayerId> } | null;
  if (!b) return { ids: [], len: 0 };
  return { ids: [...b.ids].sort(), len: b.k };
}

/** A player named by id or name in any case form (one word or the whole name), or null. */
export function findPlayer(state: GState, word: string): PlayerId | null {
  const toks = tokens(word);
  if (!toks.length) return null;
  const hit = playersAt(state, toks, 0);
  return hit.ids.length === 1 && hit.len === toks.length ? hit.ids[0]! : null;
}

function names(state: GState, ids: PlayerId[]): string {
  return ids.map((id) => player(state, id).name).join(', ');
}

interface Scan {
  players: { id: PlayerId; at: number; len: number }[];
  /** Tokens that are neither players nor fillers, with their positions. */
  words: { text: string; at: number }[];
}

/** Players in token order; self words ("себе") name the writer; prepositions and fillers dropped. */
function scan(
  state: GState,
  me: PlayerId,
  toks: string[],
  prefer?: (id: PlayerId) => boolean,
  extraFillers?: Set<string>,
): Scan {
  const out: Scan = { players: [], words: [] };
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const f = norm(t);
    if (SELF.has(f)) {
      out.players.push({ id: me, at: i, len: 1 });
      continue;
    }
    const hit = playersAt(state, toks, i);
    if (hit.ids.length) {
      let ids = hit.ids;
      if (ids.length > 1 && prefer) {
        const p = ids.filter(prefer);
        if (p.length) ids = p;
      }
      if (ids.length > 1)
        fail('ambiguous-player', { word: toks.slice(i, i + hit.len).join(' '), options: names(state, ids) });
      out.players.push({ id: ids[0]!, at: i, len: hit.len });
      i += hit.len - 1;
      continue;
    }
    if (PREPOSITIONS.has(f) || FILLERS.has(f) || extraFillers?.has(f) || f === '' || /^[-−+]$/.test(f)) continue;
    out.words.push({ text: t, at: i });
  }
  return out;
}

function extraWords(words: { text: string }[], playersAllowed: boolean, anyPlayer: boolean): never {
  if (playersAllowed && words.length === 1 && !anyPlayer) fail('unknown-player', { word: words[0]!.text });
  const named = words.find((w) => /^\p{Lu}/u.test(w.text));
  if (playersAllowed && named && !anyPlayer) fail('unknown-player', { word: named.text });
  return fail('extra-words', { words: words.map((w) => w.text).join(' ') });
}

// ---- actions by word ----------------------------------------------------------

function actionName(def: ActionDef, lang: Lang): string {
  return def.name[L(lang)];
}

const NAME_STOP = new Set([
  'игрока',
  'своих',
  'своей',
  'свой',
  'любого',
  'выбранного',
  'player',
  'your',
  'own',
  'from',
  'the',
  'a',
  'an',
  'of',
  'to',
  'in',
  'on',
  'with',
  'for',
  'by',
  'up',
  'away',
  'under',
]);

const nameWordCache = new Map<string, string[]>();
function nameWords(def: ActionDef): string[] {
  let ws = nameWordCache.get(def.key);
  if (!ws) {
    ws = [...tokens(def.name.ru), ...tokens(def.name.en)]
      .map(fold)
      .filter((w) => w.length >= 3 && !PREPOSITIONS.has(w) && !NAME_STOP.has(w) && !/\d/.test(w));
    nameWordCache.set(def.key, ws);
  }
  return ws;
}

/** How strongly a token names this action: 3 its slug or kind word, 1 a word of its name, 0 no. */
function tokenNames(state: GState, of: PlayerId, tok: string, def: ActionDef): number {
  const w = norm(tok);
  if (w.length < 2) return 0;
  const own = namesByWords(def)(w);
  if (own === 3) return 3;
  const kind = kindOf(w);
  if (kind && kindDef(state, of, kind)?.key === def.key) return 3;
  return own;
}

const byWords = new Map<string, (w: string) => number>();
/** The words of an action (its slug, its name; not the kind words, which depend on who acts): 3 its slug, 1 a word of its name, 0 no, per folded word (remembered: the tables are fixed). */
function namesByWords(def: ActionDef): (w: string) => number {
  let f = byWords.get(def.key);
  if (!f) {
    const ru = fold(def.slug.ru);
    f = memoized((w) => {
      if (ru === w || def.slug.en === w) return 3;
      if (w.length >= 3 && (sameStem(def.slug.ru, w) || (def.slug.en.length >= 4 && sameStem(def.slug.en, w))))
        return 3;
      if (w.length >= 4 && nameWords(def).some((n) => sameStem(n, w) || (n.length >= 5 && sameWord(n, w)))) return 1;
      return 0;
    }, 10_000);
    byWords.set(def.key, f);
  }
  return f;
}

function kindDef(state: GState, of: PlayerId, kind: string): ActionDef | null {
  return fromShared(state, `kind\u0000${of}\u0000${kind}`, () => kindDefOf(state, of, kind));
}

function kindDefOf(state: GState, of: PlayerId, kind: string): ActionDef | null {
  const half = halfOf(state.t);
  if (kind === 'secret') return character(player(state, of).character).actions[half === 'day' ? 0 : 1]!;
  if (kind === 'ordinary') return role(effectiveRole(state, of)).actions[half === 'day' ? 0 : 1]!;
  if (kind === 'leader') return null;
  return role(effectiveRole(state, of)).actions.find((a) => a.kind === kind) ?? null;
}

interface ActionFound {
  def: ActionDef | 'leader';
  /** The tokens that named it. */
  used: Set<number>;
}

/**
 * The action a line names, among the actions of `of` (the writer, or the
 * blackmailed player): a slug or kind word anywhere in the line, else the words
 * of the action's name («упомянуть в местных байках»). Several of his actions at
 * the same strength: refused, naming them. An action that is not his: refused.
 */
export function findAction(
  state: GState,
  of: PlayerId,
  toks: string[],
  lang: Lang,
  skip: Set<number> = new Set(),
): ActionFound | null {
  const held = fromShared(state, `held\u0000${of}`, () => heldActions(state, of));
  const exact = toks.map((t, i) => {
    const h = playersAt(state, toks, i);
    return (
      h.ids.length > 0 &&
      h.len === 1 &&
      state.players.some((p) => h.ids.includes(p.id) && (fold(p.name) === fold(t) || fold(p.id) === fold(t)))
    );
  });
  const exactPlayer = (i: number) => exact[i]!;
  // the leader's action
  for (let i = 0; i < toks.length; i++)
    if (!skip.has(i) && kindOf(toks[i]!) === 'leader' && !exactPlayer(i)) return { def: 'leader', used: new Set([i]) };
  const usable = <T extends { def: ActionDef }>(list: T[]) => list.filter((x) => canUse(state, of, x.def) === null);
  const scores = held.map((def) => {
    const used = new Set<number>();
    let strength = 0;
    let first = Infinity;
    toks.forEach((t, i) => {
      if (skip.has(i) || exactPlayer(i)) return;
      const s = tokenNames(state, of, t, def);
      // a sign word («хорошего», «неуклюжего») is the choice, not the action's name
      if (s === 1 && signOf(t) !== null) return;
      if (s > 0) {
        used.add(i);
        strength = Math.max(strength, s);
        first = Math.min(first, i);
      }
    });
    return { def, used, strength, first, count: used.size };
  });
  const strong = scores.filter((s) => s.strength === 3);
  if (strong.length) {
    // a word that also names a player is his name as long as the action is named by another word («ром Роме»)
    for (const s of strong) {
      const plain = [...s.used].filter((i) => playersAt(state, toks, i).ids.length === 0);
      if (plain.some((i) => tokenNames(state, of, toks[i]!, s.def) === 3))
        for (const i of [...s.used]) if (!plain.includes(i)) s.used.delete(i);
      s.first = Math.min(...s.used);
    }
    // the first slug or kind word of the line names the action; the same action's other words go with it
    const firstAt = Math.min(...strong.map((s) => s.first));
    const at = strong.filter((s) => s.first === firstAt);
    if (at.length > 1) {
      // a kind word and a slug on one token cannot both be meant: the slug's own action wins
      const bySlug = at.filter((s) => {
        const w = norm(toks[firstAt]!);
        return fold(s.def.slug.ru) === w || s.def.slug.en === w || sameStem(s.def.slug.ru, w);
      });
      let pick =
        bySlug.length === 1
          ? bySlug
          : at.filter((s) => s.def.kind === (halfOf(state.t) === 'day' ? 'secretDay' : 'secretNight'));
      if (pick.length !== 1) pick = usable(at);
      if (pick.length !== 1)
        fail('ambiguous-action', { word: toks[firstAt]!, options: at.map((s) => actionName(s.def, lang)).join('; ') });
      return { def: pick[0]!.def, used: pick[0]!.used };
    }
    return { def: at[0]!.def, used: at[0]!.used };
  }
  // another's action named by its slug: not his — unless that word belongs to the name of one of his («Выдать защиту от отравлений»)
  const weak = scores.filter((s) => s.strength === 1);
  for (let i = 0; i < toks.length; i++) {
    if (skip.has(i)) continue;
    const other = actionBySlug(norm(toks[i]!));
    if (other && !exactPlayer(i) && playersAt(state, toks, i).ids.length === 0 && !weak.some((s) => s.used.has(i)))
      fail('not-your-action', { action: actionName(other, lang) });
  }
  if (!weak.length) return null;
  const most = Math.max(...weak.map((s) => s.count));
  let best = weak.filter((s) => s.count === most);
  // only what is truly ambiguous is refused: of the actions the words fit, the one he can use now
  if (best.length > 1 && usable(best).length === 1) best = usable(best);
  if (best.length > 1)
    fail('ambiguous-action', {
      word: [...best[0]!.used].map((i) => toks[i]).join(' '),
      options: best.map((s) => actionName(s.def, lang)).join('; '),
    });
  return { def: best[0]!.def, used: best[0]!.used };
}

/** The first action of the tables whose slug a folded word is (or, 3+ letters, has the stem of). */
const actionBySlug = memoized(
  (w: string): ActionDef | null =>
    allActions().find((a) => fold(a.slug.ru) === w || a.slug.en === w || (w.length >= 3 && sameStem(a.slug.ru, w))) ??
    null,
  10_000,
);

/** An action word: a slug (ru/en) or a kind word, looked up among the actions of `of` (for callers outside the parser). */
export function lookupAction(state: GState, of: PlayerId, word: string): ActionDef | 'leader' | null {
  try {
    return findAction(state, of, [word], 'en')?.def ?? null;
  } catch {
    return null;
  }
}

function ordinaryOf(state: GState, id: PlayerId): ActionDef {
  return role(effectiveRole(state, id)).actions[halfOf(state.t) === 'day' ? 0 : 1]!;
}

// ---- arguments --------------------------------------------------------------

interface Allow {
  sign?: boolean;
  stat?: boolean;
  guard?: boolean;
  jail?: boolean;
  number?: boolean;
}

function allowFor(def: ActionDef): Allow {
  return {
    sign: def.choice === 'sign',
    stat: def.choice === 'stat',
    guard: def.choice === 'guard',
    jail: def.effect === 'jailOrFree',
    number: def.choice === 'number',
  };
}

/** Which way an action without a sign choice moves the stats: 1 up, -1 down, 0 mixed or none. */
function direction(def: ActionDef): 1 | -1 | 0 {
  const P = def.params ?? {};
  const ds = [P.vo, P.tv].filter((x) => typeof x === 'number') as number[];
  if (!ds.length) return 0;
  if (ds.every((d) => d > 0)) return 1;
  if (ds.every((d) => d < 0)) return -1;
  return 0;
}

interface Parsed {
  players: PlayerId[];
  args: OrderArgs;
  /** Words the GM reads (actions the document leaves undescribed). */
  note: string[];
}

/**
 * Players and choices from tokens, in order. A stray «+» (or a «-» on an action
 * that lowers) where the action has no choice of sign is accepted and dropped.
 */
function parseArgs(
  state: GState,
  me: PlayerId,
  toks: string[],
  def: ActionDef | null,
  opts: { allow?: Allow; prefer?: (id: PlayerId) => boolean; note?: boolean } = {},
): Parsed {
  const allow = opts.allow ?? (def ? allowFor(def) : {});
  const args: OrderArgs = {};
  const keep: string[] = [];
  for (let idx = 0; idx < toks.length; idx++) {
    const t = toks[idx]!;
    const sign = signOf(t);
    if (sign !== null && (/^[+\-−]/.test(t) || allow.sign)) {
      // a bare "-" between words is a dash ("байки - Ивану"), unless it is the only sign of a choice
      if (t === '-' && idx < toks.length - 1 && !allow.sign) continue;
      if (allow.sign) args.sign = sign;
      else if (sign === -1 && def && direction(def) !== -1 && !opts.note)
        fail('no-sign-choice', { action: actionName(def, 'ru') });
      continue;
    }
    if (allow.stat && wordIn(t, STAT_WORDS)) {
      args.stat = wordIn(t, STAT_WORDS)!;
      continue;
    }
    if (allow.guard && wordIn(t, GUARD_WORDS)) {
      args.guard = wordIn(t, GUARD_WORDS)!;
      continue;
    }
    if (allow.jail && wordIn(t, JAIL_WORDS)) {
      args.jail = wordIn(t, JAIL_WORDS)!;
      continue;
    }
    if (allow.number && /^(#|№)?\d+$/.test(t)) {
      args.number = Number(t.replace(/^(#|№)/, ''));
      continue;
    }
    if (allow.number && /^(№|#|номер|анонимк\p{L}*)$/iu.test(t)) continue;
    // a stat word where the action has no choice of stat ("байки Ивану +3 ВО"): dropped like a stray sign
    if (!allow.stat && wordIn(t, STAT_WORDS) && def && (def.params?.vo !== undefined || def.params?.tv !== undefined))
      continue;
    keep.push(t);
  }
  const s = scan(state, me, keep, opts.prefer);
  if (s.words.length) {
    if (opts.note) return { players: s.players.map((p) => p.id), args, note: s.words.map((w) => w.text) };
    extraWords(s.words, true, s.players.length > 0);
  }
  return { players: s.players.map((p) => p.id), args, note: [] };
}

/** The first player of the tokens and the tokens after him. */
function firstPlayer(
  state: GState,
  me: PlayerId,
  toks: string[],
  prefer?: (id: PlayerId) => boolean,
): { id: PlayerId | null; rest: string[]; before: string[] } {
  for (let i = 0; i < toks.length; i++) {
    const f = norm(toks[i]!);
    if (SELF.has(f)) return { id: me, rest: toks.slice(i + 1), before: toks.slice(0, i) };
    const hit = playersAt(state, toks, i);
    if (!hit.ids.length) continue;
    let ids = hit.ids;
    if (ids.length > 1 && prefer) {
      const p = ids.filter(prefer);
      if (p.length) ids = p;
    }
    if (ids.length > 1)
      fail('ambiguous-player', { word: toks.slice(i, i + hit.len).join(' '), options: names(state, ids) });
    return { id: ids[0]!, rest: toks.slice(i + hit.len), before: toks.slice(0, i) };
  }
  return { id: null, rest: [], before: toks };
}

/** Tokens without those that name `def` (the performed action named again: «лидер Борис байки Ивану»). */
function withoutWordsOf(state: GState, of: PlayerId, toks: string[], def: ActionDef): string[] {
  return toks.filter((t) => tokenNames(state, of, t, def) === 0 || playersAt(state, [t], 0).ids.length > 0);
}

// ---- describing orders ------------------------------------------------------------

function describeArgs(args: OrderArgs, lang: Lang): string {
  const bits: string[] = [];
  if (args.sign) bits.push(args.sign > 0 ? '+' : '-');
  if (args.stat) bits.push(args.stat === 'vo' ? 'ВО' : 'ТВ');
  if (args.guard) bits.push(tr(lang, args.guard === 'execution' ? 'c-execution' : 'c-prison'));
  if (args.jail) bits.push(tr(lang, args.jail === 'jail' ? 'c-jail' : 'c-free'));
  if (args.number) bits.push(`№${args.number}`);
  return bits.length ? ` (${bits.join(', ')})` : '';
}

export function describeAct(state: GState, o: ActOrder, lang: Lang): string {
  const def = allActions().find((a) => a.key === o.key)!;
  let head = actionName(def, lang);
  if (o.via === 'leader') head = tr(lang, 'o-leader', { member: player(state, o.member!).name, action: head });
  if (o.via === 'proxy')
    head = `${actionName(allActions().find((a) => a.key === o.proxyKey)!, lang)}: ${player(state, o.member!).name} — ${head}`;
  if (o.via === 'trick') head = tr(lang, 'o-trick', { action: head });
  let tail = o.targets.length ? ` → ${names(state, o.targets)}` : '';
  if (o.args.action) {
    const forced = allActions().find((a) => a.key === o.args.action);
    tail += `: ${forced ? actionName(forced, lang) : o.args.action}`;
  }
  if (o.args.then?.length) tail += ` → ${names(state, o.args.then)}`;
  if (o.args.note) tail += ` («${o.args.note}»)`;
  return `${head}${describeArgs(o.args, lang)}${tail}`;
}

// ---- the lines -------------------------------------------------------------------

function parseAct(
  state: GState,
  me: PlayerId,
  toks: string[],
  line: number,
  lang: Lang,
  named?: ActionFound,
): ActOrder {
  if (!toks.length) fail('unknown-order');
  const found = named ?? findAction(state, me, toks, lang);
  if (!found) {
    const words = scan(state, me, toks).words;
    return fail('unknown-action', { word: (words[0] ?? { text: toks[0]! }).text });
  }
  const first = Math.min(...found.used);
  const rest = toks.filter(
    (t, i) =>
      !found.used.has(i) &&
      (i > first ||
        playersAt(state, toks, i).ids.length > 0 ||
        SELF.has(norm(t)) ||
        signOf(t) !== null ||
        /\d/.test(t)),
  );
  if (found.def === 'leader') {
    must(canLead(state, me));
    const { id: member, rest: after } = firstPlayer(state, me, rest, (id) =>
      factionsOf(state, me).some((f) => f.leader === me && f.members.includes(id)),
    );
    if (!member) fail('targets-count', { need: 1, got: 0 });
    if (!factionsOf(state, me).some((f) => f.leader === me && f.members.includes(member!)))
      fail('not-your-member', { player: player(state, member!).name });
    const def = ordinaryOf(state, member!);
    const { players: targets, args } = parseArgs(state, me, withoutWordsOf(state, member!, after, def), def);
    must(checkTargets(state, me, def, targets, false));
    must(choiceNeeded(def, args));
    return { type: 'act', line, key: def.key, targets, args, via: 'leader', member: member! };
  }
  const def = found.def;
  must(canUse(state, me, def));
  if (def.effect === 'proxy') {
    const { id: member, rest: after } = firstPlayer(state, me, rest, (id) =>
      factionsOf(state, me).some((f) => f.members.includes(id)),
    );
    if (!member) fail('targets-count', { need: 1, got: 0 });
    must(checkTargets(state, me, def, [member!], false));
    const performed =
      def.params?.what === 'secret'
        ? character(player(state, member!).character).actions[halfOf(state.t) === 'day' ? 0 : 1]!
        : ordinaryOf(state, member!);
    const { players: targets, args } = parseArgs(
      state,
      me,
      withoutWordsOf(state, member!, after, performed),
      performed,
    );
    must(checkTargets(state, me, performed, targets, false));
    must(choiceNeeded(performed, args));
    return { type: 'act', line, key: performed.key, targets, args, via: 'proxy', proxyKey: def.key, member: member! };
  }
  if (def.effect === 'extraOrdinary') {
    const performed = ordinaryOf(state, me);
    if (player(state, me).extraHalf === 2 * (dayOf(state.t) - 1) + (halfOf(state.t) === 'night' ? 1 : 0))
      fail('already-acted', { half: halfOf(state.t) });
    const { players: targets, args } = parseArgs(state, me, withoutWordsOf(state, me, rest, performed), performed);
    must(checkTargets(state, me, performed, targets, true));
    must(choiceNeeded(performed, args));
    return { type: 'act', line, key: performed.key, targets, args, via: 'trick', proxyKey: def.key };
  }
  if (def.effect === 'blackmail' || def.effect === 'loseAction') {
    const { id: target, rest: after } = firstPlayer(state, me, rest);
    if (!target) fail('targets-count', { need: 1, got: 0 });
    must(checkTargets(state, me, def, [target!], false));
    const args: OrderArgs = {};
    let forced: ActionFound | null = null;
    try {
      forced = after.length ? findAction(state, target!, after, lang) : null;
    } catch (x) {
      // an action word that is not the target's: say so about him
      if (x instanceof OrderError && x.problem.code === 'not-your-action')
        fail('not-his-action', { action: String(x.problem.params?.action ?? ''), player: player(state, target!).name });
      throw x;
    }
    if (forced && forced.def !== 'leader') {
      args.action = forced.def.key;
      const left = after.filter((_, i) => !forced.used.has(i));
      if (def.effect === 'blackmail') {
        const r = parseArgs(state, me, left, forced.def);
        Object.assign(args, r.args);
        args.then = r.players;
      } else {
        const s = scan(state, me, left);
        if (s.words.length || s.players.length) fail('extra-words', { words: left.join(' ') });
      }
    } else if (def.effect === 'blackmail') {
      const r = parseArgs(state, me, after, null, { allow: {} });
      if (r.players.length !== 1) fail('need-choice-action');
      args.then = r.players;
    }
    must(choiceNeeded(def, args.action || args.then ? { ...args, action: args.action ?? 'target' } : args));
    return { type: 'act', line, key: def.key, targets: [target!], args, via: 'own' };
  }
  if (def.effect === 'gm') {
    // an action the document leaves undescribed: the players named (none to three) and the player's own words go to the GM
    const sc = scan(state, me, rest);
    const taken = new Set(sc.players.flatMap((p) => Array.from({ length: p.len }, (_, j) => p.at + j)));
    const targets = [...new Set(sc.players.map((p) => p.id))];
    if (targets.length > def.targets) fail('targets-count', { need: def.targets, got: targets.length });
    for (const t of targets) {
      const q = player(state, t);
      if (!q.alive) fail('target-dead', { player: q.name, playerGender: q.gender ?? 'm' });
    }
    // the player's words, without the little words that only joined the names («Ивана и Машу»)
    const little = (i: number) => PREPOSITIONS.has(norm(rest[i]!)) || FILLERS.has(norm(rest[i]!));
    const words = rest.filter((_, i) => !taken.has(i) && !(little(i) && (taken.has(i - 1) || taken.has(i + 1))));
    const note = words.some((w) => !PREPOSITIONS.has(norm(w)) && !FILLERS.has(norm(w))) ? words.join(' ').trim() : '';
    return { type: 'act', line, key: def.key, targets, args: note ? { note } : {}, via: 'own' };
  }
  const { players: targets, args } = parseArgs(state, me, rest, def);
  must(checkTargets(state, me, def, targets, isOrdinary(def)));
  must(choiceNeeded(def, args));
  if (def.choice === 'number' && !state.anons.some((a) => a.no === args.number))
    fail('bad-anon', { number: args.number! });
  return { type: 'act', line, key: def.key, targets, args, via: 'own' };
}

export function isMain(_state: GState, o: GOrder): boolean {
  if (o.type !== 'act') return false;
  if (o.via === 'trick') return false;
  const def = allActions().find((a) => a.key === o.key)!;
  return !(o.via === 'own' && def.free);
}

function oneTarget(
  state: GState,
  me: PlayerId,
  toks: string[],
  prefer?: (id: PlayerId) => boolean,
  fillers?: Set<string>,
): PlayerId {
  const s = scan(state, me, toks, prefer, fillers);
  if (s.words.length) extraWords(s.words, true, s.players.length > 0);
  if (s.players.length !== 1) fail('targets-count', { need: 1, got: s.players.length });
  return s.players[0]!.id;
}

function nightOnly(state: GState): void {
  if (halfOf(state.t) !== 'night') fail('night-only');
}

function parseLine(state: GState, me: PlayerId, text: string, line: number, lang: Lang, orders: GOrder[]): GOrder {
  const all = tokens(text);
  let k = 0;
  while (k < all.length - 1 && LEAD.has(norm(all[k]!)) && !headOf(all[k]!)) k++;
  const head = all[k] ?? '';
  const type = headOf(head);
  const rest = all.slice(k + 1);
  const p = player(state, me);
  switch (type) {
    case 'act':
      return parseAct(state, me, rest, line, lang);
    case 'vote': {
      const v = state.vote;
      const target = oneTarget(state, me, rest, (id) => !!v && v.list.includes(id));
      if (halfOf(state.t) !== 'day' || !v || v.day !== dayOf(state.t) || v.list.length === 0) fail('no-vote-now');
      const q = player(state, target);
      if (!v!.list.includes(target)) fail('not-candidate', { player: q.name, playerGender: q.gender ?? 'm' });
      const prev = v!.ballots[me];
      if (prev && prev !== target && p.voteChanges >= 1) fail('vote-changed');
      return { type: 'vote', line, target };
    }
    case 'invite': {
      nightOnly(state);
      const target = oneTarget(state, me, rest, undefined, FACTION_FILLER);
      if (target === me) fail('self');
      const fs = factionsOf(state, me);
      const leads = fs.some((f) => f.leader === me);
      const free = fs.length === 0 || (fs.length < maxFactions(state, me) && !leads);
      if (p.prison || p.tv <= 0 || !(free || leads) || !p.alive) fail('cannot-invite');
      const max = p.character === 'charismatic' ? 2 : 1;
      if (orders.filter((o) => o.type === 'invite').length >= max) fail('too-many-invites', { max });
      return { type: 'invite', line, target };
    }
    case 'accept': {
      nightOnly(state);
      const target = oneTarget(
        state,
        me,
        rest,
        (id) => state.invitations.some((i) => i.from === id && i.to === me),
        FACTION_FILLER,
      );
      if (target === me) fail('self');
      return { type: 'accept', line, target };
    }
    case 'leave':
    case 'displace': {
      nightOnly(state);
      if (factionsOf(state, me).length === 0) fail('not-member');
      const fill = new Set([...FACTION_FILLER, 'лидера', 'лидер', 'leader']);
      const s = scan(state, me, rest, (id) => factionsOf(state, me).some((f) => f.members.includes(id)), fill);
      if (s.words.length) extraWords(s.words, true, s.players.length > 0);
      if (s.players.length > 1) fail('targets-count', { need: 1, got: s.players.length });
      const leader = s.players[0]?.id ?? null;
      return type === 'leave' ? { type: 'leave', line, leader } : { type: 'displace', line, leader };
    }
    case 'expel': {
      nightOnly(state);
      const target = oneTarget(
        state,
        me,
        rest,
        (id) => factionsOf(state, me).some((f) => f.members.includes(id)),
        FACTION_FILLER,
      );
      if (!isLeader(state, me)) fail('need-leader');
      const q = player(state, target);
      if (!factionsOf(state, me).some((f) => f.leader === me && f.members.includes(target)))
        fail('not-your-member', { player: q.name, playerGender: q.gender ?? 'm' });
      if (target === me) fail('self');
      return { type: 'expel', line, target };
    }
    case 'read': {
      if (p.character !== 'attentive') fail('not-your-feature');
      if (p.freeUsed.read === dayOf(state.t)) fail('free-used', { when: 'today' });
      return { type: 'read', line, target: oneTarget(state, me, rest) };
    }
    case 'eavesdrop': {
      if (p.character !== 'double') fail('not-your-feature');
      if (p.freeUsed.eavesdrop === dayOf(state.t)) fail('free-used', { when: 'today' });
      return {
        type: 'eavesdrop',
        line,
        target: oneTarget(state, me, rest, (id) => factionsOf(state, me).some((f) => f.members.includes(id))),
      };
    }
    case 'endday':
      if (p.character !== 'strategist') fail('not-your-feature');
      if (p.freeUsed.endday !== undefined) fail('free-used', { when: 'game' });
      if (rest.length) fail('extra-words', { words: rest.join(' ') });
      return { type: 'endday', line };
    case 'bonus': {
      if (p.character !== 'strategist') fail('not-your-feature');
      if (state.t !== 0) fail('bonus-late');
      const stats = rest.map((t) => wordIn(t, STAT_WORDS)).filter((x) => x !== null);
      const others = rest.filter((t) => !wordIn(t, STAT_WORDS) && !PREPOSITIONS.has(norm(t)) && !FILLERS.has(norm(t)));
      const s = stats.length === 1 && !others.length ? stats[0] : null;
      if (!s) fail('need-stat');
      return { type: 'bonus', line, stat: s! };
    }
    default: {
      // no keyword: a line that names one of his actions is an action («речь на Игрока07», «Ивану байки»)
      const found = findAction(state, me, all, lang);
      if (found) return parseAct(state, me, all, line, lang, found);
      return fail('unknown-order');
    }
  }
}

/** An order in the reader's words (the acknowledgement, the GM's worksheet). */
export function describeOrder(state: GState, o: GOrder, lang: Lang): string {
  const name = (id: PlayerId | null) => (id ? player(state, id).name : '');
  switch (o.type) {
    case 'act':
      return describeAct(state, o, lang);
    case 'vote':
      return tr(lang, 'o-vote', { player: name(o.target) });
    case 'invite':
      return tr(lang, 'o-invite', { player: name(o.target) });
    case 'accept':
      return tr(lang, 'o-accept', { player: name(o.target) });
    case 'leave':
      return tr(lang, 'o-leave', { player: name(o.leader), named: o.leader ? 'yes' : 'no' });
    case 'expel':
      return tr(lang, 'o-expel', { player: name(o.target) });
    case 'displace':
      return tr(lang, 'o-displace', { player: name(o.leader), named: o.leader ? 'yes' : 'no' });
    case 'read':
      return tr(lang, 'o-read', { player: name(o.target) });
    case 'eavesdrop':
      return tr(lang, 'o-eavesdrop', { player: name(o.target) });
    case 'endday':
      return tr(lang, 'o-endday');
    case 'bonus':
      return tr(lang, 'o-bonus', { stat: o.stat === 'vo' ? 'ВО' : 'ТВ' });
  }
}

// ---- messages --------------------------------------------------------------------

/** Split the block into logical entries: a message takes its indented continuation lines, or the lines up to ".". */
interface Entry {
  line: number;
  text: string;
  msg?: { kind: OutgoingMessage['kind']; head: string; body: string[] };
  error?: string;
}

/** Is this line a message, and which kind, with the recipients' part of the head? */
function messageHead(raw: string): { kind: OutgoingMessage['kind']; head: string; colon: number } | null {
  const t = raw.trim();
  const colon = t.indexOf(':');
  const headPart = colon === -1 ? t : t.slice(0, colon);
  const words = headPart.split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  let kind = headOf(words[0]!.replace(/:$/, ''));
  let skip = 1;
  if (kind === null && /^сообщени/i.test(fold(words[0]!))) {
    // «Сообщение всем: …», «Анонимное сообщение: …», «Сообщение для Ивана: …»
    const next = words[1] ? headOf(words[1]) : null;
    kind = next === 'public' || next === 'anonymous' ? next : colon === -1 ? null : 'private';
    skip = next === 'public' || next === 'anonymous' ? 2 : 1;
  } else if ((kind === 'private' || kind === 'anonymous') && words[1] && /^сообщени/i.test(fold(words[1]))) skip = 2;
  if (kind !== 'private' && kind !== 'anonymous' && kind !== 'public') return null;
  return { kind, head: words.slice(skip).join(' '), colon };
}

function entries(text: string): Entry[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: Entry[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === '' || raw.trim().startsWith('#')) continue;
    const mh = messageHead(raw);
    if (!mh) {
      out.push({ line: i + 1, text: raw.trim() });
      continue;
    }
    const e: Entry = { line: i + 1, text: raw.trim(), msg: { kind: mh.kind, head: mh.head, body: [] } };
    if (mh.colon === -1) {
      e.error = 'msg-colon';
      out.push(e);
      continue;
    }
    const first = raw
      .trim()
      .slice(mh.colon + 1)
      .trim();
    if (first === '') {
      // multi-line: everything up to a line holding only "."
      let j = i + 1;
      for (; j < lines.length && lines[j]!.trim() !== '.'; j++) e.msg!.body.push(lines[j]!.replace(/\s+$/, ''));
      if (j >= lines.length) e.error = 'msg-unterminated';
      i = j;
    } else {
      e.msg!.body.push(first);
      while (i + 1 < lines.length && /^[ \t]+\S/.test(lines[i + 1]!)) e.msg!.body.push(lines[++i]!.trim());
    }
    out.push(e);
  }
  return out;
}

export function parseOrders(text: string, ctx: OrderContext<GState>): ParseResult<GOrder> {
  const state = ctx.state;
  const me = ctx.player;
  const lang = ctx.lang;
  const orders: GOrder[] = [];
  const errors: LineError[] = [];
  const echo: OrderEcho[] = [];
  const messages: OutgoingMessage[] = [];
  const err = (e: Entry, p: Problem) => errors.push({ line: e.line, text: e.text, reason: tr(lang, p.code, p.params) });
  for (const e of entries(text)) {
    try {
      if (state.over) fail('game-over');
      if (!state.players.some((p) => p.id === me)) fail('unknown-player', { word: me });
      if (e.msg) {
        if (e.error) fail(e.error);
        const body = e.msg.body.join('\n').trim();
        if (!body) fail('msg-empty');
        let to: PlayerId[] = [];
        if (e.msg.kind === 'private') {
          to = [...new Set(oneOrMore(state, me, tokens(e.msg.head)))];
          if (to.length === 0) fail('targets-count', { need: 1, got: 0 });
          if (to.includes(me)) fail('msg-to-self');
        } else if (e.msg.head && scan(state, me, tokens(e.msg.head)).words.length)
          fail('extra-words', { words: e.msg.head });
        const m: OutgoingMessage = { line: e.line, kind: e.msg.kind, to, text: body };
        messages.push(m);
        echo.push({
          line: e.line,
          text: e.text,
          understood: tr(lang, `o-msg-${m.kind}`, { to: names(state, to), n: body.length }),
        });
        continue;
      }
      const o = parseLine(state, me, e.text, e.line, lang, orders);
      if (isMain(state, o)) {
        if (orders.some((x) => isMain(state, x))) fail('two-actions', { half: halfOf(state.t) });
        if (actedThisHalf(state, me)) fail('already-acted', { half: halfOf(state.t) });
      }
      if (o.type === 'act' && o.via === 'trick' && orders.some((x) => x.type === 'act' && x.via === 'trick'))
        fail('duplicate');
      if (o.type !== 'act' && o.type !== 'invite' && orders.some((x) => x.type === o.type)) fail('duplicate');
      orders.push(o);
      echo.push({ line: e.line, text: e.text, understood: describeOrder(state, o, lang) });
    } catch (x) {
      if (x instanceof OrderError) err(e, x.problem);
      else throw x;
    }
  }
  return { orders, errors, echo, messages };
}

function oneOrMore(state: GState, me: PlayerId, toks: string[]): PlayerId[] {
  const s = scan(state, me, toks);
  if (s.words.length) extraWords(s.words, true, s.players.length > 0);
  return s.players.map((p) => p.id);
}

export function slotLabel(t: number): string {
  return ['09–15', '15–21', '21–09'][slotOf(t)]!;
}

export { LEADER_KEY };
