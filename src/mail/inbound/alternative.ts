// Outlook's "?" text part. A client whose outgoing charset cannot hold a
// letter (Outlook set to Western European, windows-1252 or ISO-8859-1, for a
// Czech or Russian mail; some webmails) writes "?" in its place in the
// text/plain alternative ("pi?te", "??????? ?????"), while the text/html
// alternative keeps it (as a numeric character reference, or in a charset
// that holds it). The two alternatives are one text: where the plain text
// has "?" and the HTML text the same word with a letter there, the plain part
// lost it, and the HTML part is the mail's text.

/** A word's shape: each character beyond ASCII a "?" (U+FFFD, a character nobody could read, stays). */
function shape(word: string): string {
  return word.replace(/[^\x00-\x7f]/gu, (c) => (c === '\ufffd' ? c : '?'));
}

/** Has the text part's word "?" where the HTML part's word (of the same shape) has a character beyond ASCII, and else the same characters? */
function lostIn(plain: string, html: string): boolean {
  const p = [...plain];
  const h = [...html];
  let lost = false;
  for (let i = 0; i < p.length; i++) {
    if (p[i] === h[i]) continue;
    if (p[i] !== '?' || h[i]! <= '\x7f' || h[i] === '\ufffd') return false;
    lost = true;
  }
  return lost;
}

/** A "?" before a letter or another "?": what a lost letter leaves inside a word ("pi?te", "??????"); a question ends its word. */
const LOST_LETTER = /\?[?\p{L}]/u;
/** HTML that holds characters beyond ASCII, written out or as references (&#269;, &ccaron;; not the ASCII ones). */
const HTML_NON_ASCII = /[^\x00-\x7f]|&#|&(?!(?:nbsp|amp|lt|gt|quot|apos);)[a-z]+[0-9]*;/i;

/** Is it worth comparing the two alternatives (cheap, on the raw parts): a lost letter in the plain text, beyond ASCII in the HTML? */
export function mayHaveLostLetters(plain: string, html: string): boolean {
  return LOST_LETTER.test(plain) && HTML_NON_ASCII.test(html);
}

/** The most words of the text part looked at (a real mail has far fewer with a "?"), and of one shape. */
const MAX_WORDS = 5000;
const MAX_OF_SHAPE = 8;

/**
 * How many words of the text part have "?" where the HTML part's text has the
 * same word with a character beyond ASCII (0: none). A character the text
 * part's charset holds is in both ("?erná" for "černá" in ISO-8859-1). A word the
 * HTML text holds exactly as the text part does ("drak?", "???") is the
 * writer's own, whatever other words look like. Each word of the HTML text is
 * looked up once, by its shape, and compared with at most MAX_OF_SHAPE words of
 * the text part: the time is linear.
 */
export function lostLetterWords(plain: string, htmlText: string): number {
  const asked = new Map<string, Set<string>>();
  let n = 0;
  for (const w of plain.split(/\s+/)) {
    if (!w.includes('?') || n >= MAX_WORDS) continue;
    const s = shape(w);
    const same = asked.get(s) ?? new Set<string>();
    if (same.has(w) || same.size >= MAX_OF_SHAPE) continue;
    n++;
    asked.set(s, same.add(w));
  }
  if (!n) return 0;
  const exact = new Set<string>();
  const lost = new Set<string>();
  const seen = new Set<string>();
  for (const h of htmlText.split(/\s+/)) {
    if (seen.has(h)) continue;
    seen.add(h);
    const same = asked.get(shape(h));
    if (!same) continue;
    if (same.has(h)) exact.add(h);
    for (const w of same) if (w !== h && lostIn(w, h)) lost.add(w);
  }
  let count = 0;
  for (const w of lost) if (!exact.has(w)) count++;
  return count;
}
