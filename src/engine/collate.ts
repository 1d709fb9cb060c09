// The judge's one order of names (player ids, unit letters, stat names…),
// wherever adjudication or a listing sorts them. String.prototype.localeCompare
// sorts by the machine's locale: under LANG=cs_CZ "ch" comes after "h", so a
// rerun on another machine could order players differently and reach another
// state hash. This is the CLDR root order, which 'en' uses — the order every
// earlier run on an English-locale machine had, so their hashes stand — for
// every machine alike. For the id alphabet ([A-Za-z0-9_-]: every player and
// game id) it is computed here directly (ICU's collator costs some 8 ms to
// start); anything else goes to Intl.Collator('en').

/** Primary weights of the id alphabet in CLDR root order: _ < - < 0…9 < a/A … z/Z; -1: another character. */
const PRIMARY = (() => {
  const w = new Int8Array(128).fill(-1);
  w[95] = 0; // _
  w[45] = 1; // -
  for (let d = 0; d < 10; d++) w[48 + d] = 2 + d;
  for (let l = 0; l < 26; l++) w[97 + l] = w[65 + l] = 12 + l;
  return w;
})();

let en: Intl.Collator | null = null;

function inAlphabet(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || PRIMARY[c]! < 0) return false;
  }
  return true;
}

/** a before b: negative; after: positive; the same: 0 — as Intl.Collator('en').compare, on any machine. */
export function collate(a: string, b: string): number {
  if (!inAlphabet(a) || !inAlphabet(b)) return (en ??= new Intl.Collator('en')).compare(a, b);
  const n = Math.min(a.length, b.length);
  // First the letters without their case, then the length, then the case (small before capital) from the left.
  for (let i = 0; i < n; i++) {
    const x = PRIMARY[a.charCodeAt(i)]!;
    const y = PRIMARY[b.charCodeAt(i)]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return x > y ? -1 : 1; // the same letter: the small one (the higher code) first
  }
  return 0;
}
