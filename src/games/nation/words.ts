// The words of the nation order language (games/nation/words.json) and how a
// typed word is compared with them: lower case, ё = е, stress marks dropped,
// Russian words by their Snowball stem (any case form: орден/ордена/ордену),
// English by the Porter-style English stem; ids with Cyrillic look-alike
// letters read as Latin ("А3" typed in Cyrillic is A3).
import * as z from '../../zod.js';
import { loadGameTable } from '../../engine/tables.js';
import { LADDER } from './ladder.js';
import { TABLES } from './tables.js';
import { DIRECTIONS, type Direction, type Level } from './types.js';

/** The table's schema: made only when the table is validated (engine/tables.ts keeps what a build validated before). */
function wordsSchema() {
  const listSchema = z.array(z.string().min(1)).min(1);
  return z
    .object({
      _comment: z.string().optional(),
      my: listSchema,
      article: listSchema,
      country: listSchema,
      order: listSchema,
      figure: listSchema,
      action: listSchema,
      direction: listSchema,
      secret: listSchema,
      public: listSchema,
      strategic: listSchema,
      goal: listSchema,
      askTime: listSchema,
      continue: listSchema,
      abandon: listSchema,
      from: listSchema,
      support: listSchema,
      oppose: listSchema,
      gain: listSchema,
      possessive: listSchema,
      influence: listSchema,
      onOrder: listSchema,
      scale: listSchema,
      inScale: listSchema,
      timePrep: listSchema,
      turn: listSchema,
      year: listSchema,
      numbers: z.record(z.string(), z.number().int().min(1).max(50)),
      directions: z.record(z.enum(DIRECTIONS as [Direction, ...Direction[]]), z.array(z.string().min(1))),
    })
    .strict();
}

export type Concept = Exclude<keyof z.infer<ReturnType<typeof wordsSchema>>, '_comment' | 'numbers' | 'directions'>;

export const WORDS = loadGameTable('nation', 'words.json', wordsSchema);

/** Lists matched by their exact (folded) forms only: short words, and adverbs whose stems collide with nouns (открыто/открытие, тайно/тайна). */
const EXACT: ReadonlySet<Concept> = new Set<Concept>([
  'article',
  'secret',
  'public',
  'from',
  'onOrder',
  'inScale',
  'timePrep',
  'possessive',
  'year',
  'turn',
  'my',
]);

export { foldWord as fold, stem } from '../../words.js';
import { foldWord as fold, memoized2, stem } from '../../words.js';

/**
 * Do two words name the same thing in different case forms? Equal folded, equal
 * stems, or one stem a short extension of the other (Snowball cuts орден to
 * орд but ордену to орден, Иван to ива but Ивану to иван).
 */
export function sameWord(a: string, b: string): boolean {
  const fa = fold(a);
  const fb = fold(b);
  if (fa === fb) return true;
  // A stem is a start of its word: different first letters never match.
  if (fa[0] !== fb[0] || fa.length < 4 || fb.length < 4) return false;
  return compared(a, b);
}
const compared = memoized2(compareWords);

function compareWords(a: string, b: string): boolean {
  const fa = fold(a);
  const fb = fold(b);
  if (fa === fb) return true;
  // Short words and abbreviations (на, от, ум, агр, ком) only as written.
  if (fa.length < 4 || fb.length < 4) return false;
  const sa = stem(fa);
  const sb = stem(fb);
  if (sa === sb) return true;
  const [short, long] = sa.length <= sb.length ? [sa, sb] : [sb, sa];
  return short.length >= 3 && long.length - short.length <= 2 && long.startsWith(short);
}

/** Cyrillic letters that look like (or stand for) the Latin ones of ids: А3 → A3, С2 → S2, Ф1 → F1. */
const LOOKALIKE: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 's',
  т: 't',
  х: 'x',
  у: 'y',
  ф: 'f',
  з: 'z',
  і: 'i',
  ѕ: 's',
  ј: 'j',
};

/** A token read as an id: folded, Cyrillic look-alikes as Latin (only when the token is an id-like letter+digits, or mixes scripts). */
export function foldId(token: string): string {
  const t = fold(token);
  const mixed = /[a-z0-9]/.test(t) && /\p{Script=Cyrillic}/u.test(t);
  if (!mixed && !/^\p{L}\d+$/u.test(t)) return t;
  return [...t].map((ch) => LOOKALIKE[ch] ?? ch).join('');
}

/** The id an action/strategic token names (A3, F1, S2), upper case, or null. */
export function actionIdOf(token: string, letters = 'AFS'): string | null {
  const t = foldId(token).toUpperCase();
  const m = /^([A-Z])(\d{1,4})$/.exec(t);
  return m && letters.includes(m[1]!) ? `${m[1]}${Number(m[2])}` : null;
}

/** The phrases of a concept, each as a list of words. */
const phraseCache = new Map<Concept, string[][]>();
export function phrases(concept: Concept): string[][] {
  let p = phraseCache.get(concept);
  if (!p) {
    p = WORDS[concept].map((s) => fold(s).split(/\s+/));
    phraseCache.set(concept, p);
  }
  return p;
}

/**
 * Phrases by the first letter a typed word must have to match their first word,
 * each list in the phrases' own order: both ways of comparing (wordIs: the same
 * folded word, or sameWord) need the same first letter, so the other phrases are
 * never tried. A phrase whose first word folds again to another first letter (or
 * is empty) is in every list.
 */
class ByFirstLetter<P> {
  private readonly lists = new Map<string, P[]>();
  private readonly always: P[];
  constructor(items: readonly P[], firstWord: (p: P) => string) {
    const key = (p: P): string | null => {
      const w = firstWord(p);
      return w !== '' && fold(w)[0] === w[0] ? w[0]! : null;
    };
    const keys = items.map(key);
    this.always = items.filter((_, i) => keys[i] === null);
    for (const k of new Set(keys))
      if (k !== null)
        this.lists.set(
          k,
          items.filter((_, i) => keys[i] === k || keys[i] === null),
        );
  }
  /** The phrases a typed first word may start. */
  for(word: string): P[] {
    return this.lists.get(fold(word)[0] ?? '') ?? this.always;
  }
}

const conceptIndex = new Map<Concept, ByFirstLetter<string[]>>();
function phrasesFor(concept: Concept, word: string): string[][] {
  let ix = conceptIndex.get(concept);
  if (!ix) conceptIndex.set(concept, (ix = new ByFirstLetter(phrases(concept), (p) => p[0]!)));
  return ix.for(word);
}

/** Does a word match one word of a concept's list? */
export function wordIs(word: string, concept: Concept, phrase: string): boolean {
  return EXACT.has(concept) ? fold(word) === phrase : sameWord(word, phrase);
}

/** A match of typed words against phrases: how many words, and whether each was typed exactly as listed (folded). */
export interface WordMatch {
  used: number;
  exact: boolean;
}

/** The longest phrase of a concept that the words start with, or null. */
export function matchConcept(words: readonly string[], concept: Concept): WordMatch | null {
  if (words.length === 0) return null;
  let best: WordMatch | null = null;
  for (const p of phrasesFor(concept, words[0]!)) {
    if (p.length > words.length || (best && p.length < best.used)) continue;
    if (!p.every((w, i) => wordIs(words[i]!, concept, w))) continue;
    const exact = p.every((w, i) => fold(words[i]!) === w);
    if (!best || p.length > best.used || (exact && !best.exact)) best = { used: p.length, exact };
  }
  return best;
}

/** How many words a concept's phrase takes at the start (0 when none): for optional words. */
export function skipConcept(words: readonly string[], concept: Concept): number {
  return matchConcept(words, concept)?.used ?? 0;
}

/** A number in digits (+1, −2) or in words (один … десять, двадцать пять, three). */
export function numberOf(words: readonly string[]): { value: number; used: number } | null {
  const first = words[0];
  if (first === undefined) return null;
  const d = /^([+\-−]?)(\d{1,3})$/.exec(first);
  if (d) return { value: (d[1] === '' || d[1] === '+' ? 1 : -1) * Number(d[2]), used: 1 };
  const n = WORDS.numbers[fold(first)];
  if (n === undefined) return null;
  // двадцать пять, twenty five
  const next = words[1] === undefined ? undefined : WORDS.numbers[fold(words[1])];
  if (n >= 20 && n % 10 === 0 && next !== undefined && next < 10) return { value: n + next, used: 2 };
  return { value: n, used: 1 };
}

/** Phrases (word lists) of one meaning, longest match wins. */
export interface Terms<T> {
  value: T;
  phrases: string[][];
}

/** The longest phrase of any term the words start with. */
export function matchTerms<T>(words: readonly string[], terms: readonly Terms<T>[]): (WordMatch & { value: T }) | null {
  if (words.length === 0) return null;
  let ix = termIndex.get(terms) as ByFirstLetter<{ value: T; p: string[] }> | undefined;
  if (!ix)
    termIndex.set(
      terms,
      (ix = new ByFirstLetter(
        terms.flatMap((t) => t.phrases.map((p) => ({ value: t.value, p }))),
        (x) => x.p[0]!,
      )),
    );
  let best: (WordMatch & { value: T }) | null = null;
  for (const { value, p } of ix.for(words[0]!)) {
    if (p.length > words.length || (best && p.length < best.used)) continue;
    if (!p.every((w, i) => sameWord(words[i]!, w))) continue;
    const exact = p.every((w, i) => fold(words[i]!) === w);
    if (!best || p.length > best.used || (exact && !best.exact)) best = { value, used: p.length, exact };
  }
  return best;
}
/** The term lists are fixed (DIRECTION_TERMS, LADDER_TERMS): indexed once each. */
const termIndex = new WeakMap<readonly Terms<unknown>[], ByFirstLetter<{ value: unknown; p: string[] }>>();

const toPhrases = (xs: string[]) => [...new Set(xs.map((x) => fold(x).trim()))].map((x) => x.split(/\s+/));

/** The six directions: their Russian, English and D&D names, typed words (directions.json) and adverbs (words.json). */
export const DIRECTION_TERMS: Terms<Direction>[] = TABLES.directions.directions.map((d) => ({
  value: d.id as Direction,
  phrases: toPhrases([
    d.ru,
    d.en,
    d.dnd,
    d.id,
    ...d.words.ru,
    ...d.words.en,
    ...(WORDS.directions[d.id as Direction] ?? []),
  ]),
}));

/** The ladder levels by name and typed word (ladder.json). */
export const LADDER_TERMS: Terms<Level>[] = LADDER.map((l) => ({
  value: l.value,
  phrases: toPhrases([l.ru, l.en, ...l.words.ru, ...l.words.en]),
}));
