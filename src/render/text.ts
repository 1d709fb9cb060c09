// Plain-text helpers for mail bodies that must survive any mail client:
// fixed-width tables and padding by display width (Czech/Russian letters are one column).

/**
 * Display width, the one measure of a text's columns (padding a table's cells,
 * the widest line of a page: render/text-blocks.ts): code points, not UTF-16
 * units; combining marks and the bidirectional controls (render/bidi.ts's
 * isolates FSI, PDI and any other mark or embedding) take no column.
 */
export function width(s: string): number {
  if (oneColumn(s)) return s.length;
  // Other short texts (a Czech or Russian word, a name) come back for every mail: remembered.
  const known = widths.get(s);
  if (known !== undefined) return known;
  // Code points less marks and isolates, counted in whole-text passes (not a regex test per character).
  const t = s.normalize('NFC');
  const n = t.length - (t.match(SURROGATE_PAIR)?.length ?? 0) - (t.match(NO_COLUMN)?.length ?? 0);
  if (s.length <= 64) {
    if (widths.size >= 5000) widths.clear();
    widths.set(s, n);
  }
  return n;
}

/**
 * Is every character of s one column wide (width(s) === s.length): plain ASCII (most cells of a big
 * table), and Latin, Cyrillic and common punctuation without combining marks (a Czech or Russian
 * name, a role), whatever NFC does?
 */
function oneColumn(s: string): boolean {
  return /^[\x20-\x7e]*$/.test(s) || ONE_COLUMN.test(s);
}

/** Texts of characters that are one code point each, never a combining mark, and that NFC leaves one character. */
const ONE_COLUMN = /^[\x20-\x7e\u00a0-\u024f\u0400-\u0482\u048a-\u04ff\u2010-\u2027\u2030-\u205e\u20ac\u2116]*$/;

/** Zero columns: a combining mark, a bidirectional control (ALM, LRM, RLM, the embeddings and overrides, the isolates). */
const NO_COLUMN = /\p{M}|[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
/** The first half of a surrogate pair (the pair is one code point). */
const SURROGATE_PAIR = /[\uD800-\uDBFF](?=[\uDC00-\uDFFF])/g;

/** Display widths of short non-ASCII texts (a bounded table). */
const widths = new Map<string, number>();

/**
 * text.replace(/[ \t]+$/gm, ''): spaces and tabs at the end of every line go, without
 * a multiline regular expression (several times faster on a long report).
 */
export function trimLineEnds(text: string): string {
  if (!blankBeforeLineEnd(text)) return text;
  const parts = text.split(/([\n\r\u2028\u2029])/);
  for (let i = 0; i < parts.length; i += 2) {
    const l = parts[i]!;
    let e = l.length;
    while (e > 0 && (l.charCodeAt(e - 1) === 32 || l.charCodeAt(e - 1) === 9)) e--;
    if (e !== l.length) parts[i] = l.slice(0, e);
  }
  return parts.join('');
}

/**
 * Does a space or tab end a line of text (or the text)? Most texts have none, and
 * looking at the character before each newline says so faster than splitting;
 * a text with other line ends (\r, U+2028, U+2029) is left to the full pass.
 */
function blankBeforeLineEnd(text: string): boolean {
  if (text.indexOf('\r') !== -1 || text.indexOf('\u2028') !== -1 || text.indexOf('\u2029') !== -1) return true;
  const blank = (i: number) => {
    const c = text.charCodeAt(i);
    return c === 32 || c === 9;
  };
  if (text.length > 0 && blank(text.length - 1)) return true;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) if (i > 0 && blank(i - 1)) return true;
  return false;
}

export function padEnd(s: string, w: number): string {
  return s + ' '.repeat(Math.max(0, w - width(s)));
}

export function padStart(s: string, w: number): string {
  return ' '.repeat(Math.max(0, w - width(s))) + s;
}

export type Align = 'left' | 'right';

/**
 * A fixed-width table: a header row, a rule of dashes, the rows.
 * Numeric-looking cells are right-aligned unless alignments are given.
 */
export function table(headers: string[], rows: (string | number)[][], align?: Align[]): string {
  // One table shown to many readers (FanDi's war table of a hundred gods) is laid out once.
  const done = tables.get(rows);
  if (done && done.headers === headers && done.align === align && done.n === rows.length) return done.out;
  const out = layOut(headers, rows, align);
  tables.set(rows, { headers, align, n: rows.length, out });
  return out;
}

/** Tables laid out, by their rows array (a view's model is not changed once made). */
const tables = new WeakMap<
  (string | number)[][],
  { headers: string[]; align: Align[] | undefined; n: number; out: string }
>();

function layOut(headers: string[], rows: (string | number)[][], align?: Align[]): string {
  const cells = rows.map((r) => r.map((c) => String(c)));
  const cols = headers.length;
  const w = headers.map((h, i) => Math.max(width(h), ...cells.map((r) => width(r[i] ?? ''))));
  const isNum = (i: number) => cells.length > 0 && cells.every((r) => /^[-+]?\d[\d.,%]*$|^$|^-$/.test(r[i] ?? ''));
  const al: Align[] = headers.map((_, i) => align?.[i] ?? (isNum(i) ? 'right' : 'left'));
  const fmt = (r: string[]) =>
    Array.from({ length: cols }, (_, i) =>
      al[i] === 'right' ? padStart(r[i] ?? '', w[i]!) : padEnd(r[i] ?? '', w[i]!),
    )
      .join('  ')
      .trimEnd();
  return [fmt(headers), w.map((x) => '-'.repeat(x)).join('  '), ...cells.map(fmt)].join('\n');
}

/** Word-wrap to a width, keeping existing line breaks. */
export function wrap(text: string, w = 72): string {
  return text
    .split('\n')
    .map((line) => {
      // A line that fits, with single spaces and none in front, comes out as it is (most lines); no character is wider
      // than one column, so a line of at most w characters fits without being measured.
      if (!line.startsWith(' ') && !line.includes('  ') && (line.length <= w || width(line) <= w)) return line;
      const out: string[] = [];
      let cur = '';
      // The width of cur, kept as words are added (a space joins two words: widths add up).
      let curWidth = 0;
      // A line of one-column characters only (most): each word is as wide as it is long, measured once for the line.
      const plain = oneColumn(line);
      for (const word of line.split(/ +/)) {
        const w1 = plain ? word.length : width(word);
        if (cur && curWidth + 1 + w1 > w) {
          out.push(cur);
          cur = word;
          curWidth = w1;
        } else if (cur) {
          cur = `${cur} ${word}`;
          curWidth += 1 + w1;
        } else {
          cur = word;
          curWidth = w1;
        }
      }
      out.push(cur);
      return out.join('\n');
    })
    .join('\n');
}

/**
 * Fill "{name}" placeholders of a message text; a placeholder without a value
 * stays as it is (so a missing parameter shows instead of vanishing).
 * `format` may render a value its own way (e.g. a unit type in the reader's language).
 */
export function fill(
  text: string,
  params: Record<string, string | number>,
  format?: (key: string, value: string) => string,
): string {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => {
    if (!(k in params)) return `{${k}}`;
    const v = String(params[k]);
    return format ? format(k, v) : v;
  });
}

/** text.replace(/\n+$/, ''), without a regular expression tried at every newline of a long text (a square of its length). */
export function withoutFinalNewlines(text: string): string {
  let e = text.length;
  while (e > 0 && text.charCodeAt(e - 1) === 10) e--;
  return e === text.length ? text : text.slice(0, e);
}
