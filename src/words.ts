// Words as players type them, shared by every game's order parser: folding
// (lower case, ё = е, stress marks and soft hyphens dropped, typographic
// apostrophes plain) and Snowball stems, so any case form of a word matches
// (орден / ордену, Машу / Маше). Pure and cached.
import { createRequire } from 'node:module';
import type Snowball from 'snowball-stemmers';
import type { Stemmer } from 'snowball-stemmers';

/**
 * A pure function of one string, remembered: the word lists it reads are fixed, so
 * its answer for a string never changes. At most `max` answers are kept (then the
 * rest are computed each time); an undefined answer is not kept.
 */
export function memoized<T>(f: (s: string) => T, max = 50_000): (s: string) => T {
  const m = new Map<string, T>();
  return (s) => {
    let v = m.get(s);
    if (v === undefined) {
      v = f(s);
      if (m.size < max) m.set(s, v);
    }
    return v;
  };
}

/**
 * Two strings to an answer, remembered the same way (one map per first string, so
 * no key is built per call).
 */
export function memoized2<T>(f: (a: string, b: string) => T, max = 100_000): (a: string, b: string) => T {
  const m = new Map<string, Map<string, T>>();
  let size = 0;
  return (a, b) => {
    let inner = m.get(a);
    let v = inner?.get(b);
    if (v === undefined) {
      v = f(a, b);
      if (size < max) {
        if (!inner) m.set(a, (inner = new Map()));
        inner.set(b, v);
        size++;
      }
    }
    return v;
  };
}

const folded = new Map<string, string>();
/** Lower case, ё → е, stress marks and soft hyphens dropped, typographic apostrophes made plain. */
export function foldWord(s: string): string {
  let f = folded.get(s);
  if (f === undefined) {
    f = s
      .normalize('NFC')
      .toLowerCase()
      .replace(/ё/g, 'е')
      .replace(/[\u0301\u00ad]/g, '')
      .replace(/[’`]/g, "'");
    if (folded.size < 50_000) folded.set(s, f);
  }
  return f;
}

// snowball-stemmers is one 850 KB CommonJS file with every language: required
// (not imported, which would have Node scan all of it for its exports) on the
// first stem a command needs, so commands that match no words never load it.
let snowball: typeof Snowball | null = null;
const stemmers = new Map<string, Stemmer>();
/** The Snowball stemmer of one language ('russian', 'english', 'czech'), made once. */
export function snowballStemmer(algorithm: string): Stemmer {
  let s = stemmers.get(algorithm);
  if (!s) {
    snowball ??= createRequire(import.meta.url)('snowball-stemmers') as typeof Snowball;
    stemmers.set(algorithm, (s = snowball.newStemmer(algorithm)));
  }
  return s;
}
const stems = new Map<string, string>();

/** The Snowball stem of a word (Russian for Cyrillic, English for Latin, the folded word otherwise). */
export function stem(word: string): string {
  const w = foldWord(word);
  let s = stems.get(w);
  if (s === undefined) {
    s = /\p{Script=Cyrillic}/u.test(w)
      ? snowballStemmer('russian').stem(w)
      : /^[a-z']+$/.test(w)
        ? snowballStemmer('english').stem(w)
        : w;
    if (stems.size < 50_000) stems.set(w, s);
  }
  return s;
}

/**
 * stem(a) === stem(b), without stemming when the first letters of the folded words
 * differ: a stem starts with its word's first letter (Snowball's Russian and English
 * stemmers only cut and change endings), except that the English one drops a
 * leading apostrophe.
 */
export function sameStem(a: string, b: string): boolean {
  const fa = foldWord(a);
  const fb = foldWord(b);
  if (fa[0] !== fb[0] && fa[0] !== "'" && fb[0] !== "'") return false;
  return stem(a) === stem(b);
}
