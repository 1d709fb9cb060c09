// Words as players type them, shared by every game's order parser: folding
// (lower case, ё = е, stress marks and soft hyphens dropped, typographic
// apostrophes plain) and Snowball stems, so any case form of a word matches
// (орден / ордену, Машу / Маше). Pure and cached.
import snowball from 'snowball-stemmers';

const folded = new Map<string, string>();
/** Lower case, ё → е, stress marks and soft hyphens dropped, typographic apostrophes made plain. */
export function foldWord(s: string): string {
  let f = folded.get(s);
  if (f === undefined) {
    f = s.normalize('NFC').toLowerCase().replace(/ё/g, 'е').replace(/[\u0301\u00ad]/g, '').replace(/[’`]/g, "'");
    if (folded.size < 50_000) folded.set(s, f);
  }
  return f;
}

const ru = snowball.newStemmer('russian');
const en = snowball.newStemmer('english');
const stems = new Map<string, string>();

/** The Snowball stem of a word (Russian for Cyrillic, English for Latin, the folded word otherwise). */
export function stem(word: string): string {
  const w = foldWord(word);
  let s = stems.get(w);
  if (s === undefined) {
    s = /\p{Script=Cyrillic}/u.test(w) ? ru.stem(w) : /^[a-z']+$/.test(w) ? en.stem(w) : w;
    if (stems.size < 50_000) stems.set(w, s);
  }
  return s;
}
