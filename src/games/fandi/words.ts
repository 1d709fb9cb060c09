// The words of the FanDi order language (games/fandi/words.json) and how a typed
// word is compared with them: lowercase, diacritics dropped for the lists (players
// write "pesi" as well as "pěší"), nouns also by their Snowball Czech stem so any
// grammatical case matches ("hodnota", "hodnotu", "hodnoty", "hodnotě").
import * as z from '../../zod.js';
import { loadTable } from './tables.js';
import { memoized, snowballStemmer } from '../../words.js';

/** The table's schema: made only when the table is validated (engine/tables.ts keeps what a build validated before). */
function wordsSchema() {
  const list = z.array(z.string().regex(/^[a-z]+$/)).min(1);
  return z
    .object({
      _comment: z.string().optional(),
      exact: z
        .object({
          move: list,
          build: list,
          invest: list,
          send: list,
          give: list,
          coat: list,
          attack: list,
          extra: list,
          from: list,
          to: list,
          via: list,
          rest: list,
          filler: list,
        })
        .strict(),
      stemmed: z
        .object({
          walls: list,
          science: list,
          tech: list,
          value: list,
          cash: list,
          spy: list,
          messenger: list,
          filler: list,
        })
        .strict(),
    })
    .strict()
    .superRefine((w, ctx) => {
      const seen = new Map<string, string>();
      for (const [group, lists] of Object.entries({ exact: w.exact, stemmed: w.stemmed }))
        for (const [concept, forms] of Object.entries(lists))
          for (const f of forms) {
            const was = seen.get(f);
            if (was && was !== concept)
              ctx.addIssue({ code: 'custom', path: [group, concept], message: `"${f}" is also in ${was}` });
            seen.set(f, concept);
          }
    });
}

type Words = z.infer<ReturnType<typeof wordsSchema>>;
export type ExactConcept = keyof Words['exact'];
export type StemConcept = keyof Words['stemmed'];
export type Concept = ExactConcept | StemConcept;

export const WORDS: Words = loadTable('words.json', wordsSchema);

/** Lowercase without diacritics: "Pěší" → "pesi". */
export const normalize: (s: string) => string = memoized((s) =>
  s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(),
);

const stemCache = new Map<string, string>();

/** The Snowball Czech stem of a lowercase word (with or without diacritics). */
export function stem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    s = snowballStemmer('czech').stem(word);
    if (stemCache.size < 20_000) stemCache.set(word, s);
  }
  return s;
}

const EXACT = new Map<string, ExactConcept>();
for (const [c, forms] of Object.entries(WORDS.exact) as [ExactConcept, string[]][])
  for (const f of forms) EXACT.set(f, c);
const STEMS = new Map<string, StemConcept>();
const FORMS = new Map<string, StemConcept>();
for (const [c, forms] of Object.entries(WORDS.stemmed) as [StemConcept, string[]][])
  for (const f of forms) {
    FORMS.set(f, c);
    STEMS.set(stem(f), c);
  }

/** A word's exact concept (verbs, prepositions, short words), by its diacritic-free form. */
export function exactConcept(word: string): ExactConcept | null {
  return EXACT.get(normalize(word)) ?? null;
}

/** A word's noun concept: a listed form, or the same Czech stem as one (with or without diacritics). */
export function stemConcept(word: string): StemConcept | null {
  const plain = normalize(word);
  return FORMS.get(plain) ?? STEMS.get(stem(plain)) ?? STEMS.get(stem(word.toLowerCase())) ?? null;
}

/**
 * Do two names mean the same god? Equal without diacritics, or equal Czech stems
 * ("Bráně", "Bránou" and "Brána" are all "bran").
 */
export function sameName(typed: string, name: string): boolean {
  const a = normalize(typed);
  const b = normalize(name);
  if (a === b) return true;
  if (a.length < 3 || b.length < 3) return false;
  const sa = stem(a);
  const sb = stem(b);
  return sa.length >= 3 && (sa === sb || stem(typed.toLowerCase()) === stem(name.toLowerCase()));
}
