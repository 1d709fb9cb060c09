// A plain-text mail as a screen shows it: its prose wraps to the screen, what
// is laid out in columns does not. A text is cut into blocks: a table (a
// header, its rule of dashes "-----  ----", the rows under it: render/text.ts
// table()), a map (a paragraph framed by "+----+", FanDi's ASCII map), and the
// text between them. The HTML mail of a text (page-css.ts textBody) and the
// web pages (web/pages.ts) show each block in its own way: prose in a <pre>
// that wraps, a table in a box that scrolls sideways, the map in its own
// scrolling box. Deterministic from the text alone: the outbox makes a text
// page again from its row (page-css.ts unpackPage). No imports but the
// columns of a line (render/text.ts, itself without any).
import { width } from './text.js';

export interface TextBlock {
  kind: 'text' | 'table' | 'map';
  text: string;
}

/** A table's rule: runs of dashes, two or more spaces apart (one run: at least three dashes). */
const RULE = /^-+(?: {2,}-+)+$|^-{3,}$/;
/** A map's frame: "  +----------+". */
const FRAME = /^ *\+-+\+ *$/;

/** The widest line of a text, in columns. */
export function longestLine(text: string): number {
  let max = 0;
  for (const line of text.split('\n')) if (line.length > max) max = Math.max(max, width(line));
  return max;
}

/** The text in blocks, in order; a text without a table or a map is one block. */
export function textBlocks(text: string): TextBlock[] {
  const lines = text.split('\n');
  const kinds: (TextBlock['kind'] | undefined)[] = new Array(lines.length);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (FRAME.test(line)) {
      // The whole paragraph: the column letters above and below the frame, the rows between.
      let a = i;
      while (a > 0 && lines[a - 1]!.trim()) a--;
      let b = i;
      while (b + 1 < lines.length && lines[b + 1]!.trim()) b++;
      for (let k = a; k <= b; k++) kinds[k] = 'map';
      i = b;
    } else if (RULE.test(line) && i > 0 && lines[i - 1]!.trim() && !kinds[i - 1]) {
      // The header above the rule, the rows below it as long as they fit its columns.
      const columns = width(line);
      let b = i;
      while (b + 1 < lines.length && lines[b + 1]!.trim() && width(lines[b + 1]!) <= columns) b++;
      for (let k = i - 1; k <= b; k++) kinds[k] = 'table';
      i = b;
    }
  }
  const out: TextBlock[] = [];
  let start = 0;
  for (let i = 1; i <= lines.length; i++) {
    if (i < lines.length && (kinds[i] ?? 'text') === (kinds[start] ?? 'text')) continue;
    const kind = kinds[start] ?? 'text';
    const part = lines.slice(start, i);
    // Prose keeps its own lines; the blank lines around a table or a map are the blocks' spacing.
    if (kind === 'text') {
      if (out.length) while (part.length && !part[0]!.trim()) part.shift();
      if (i < lines.length) while (part.length && !part.at(-1)!.trim()) part.pop();
    }
    if (part.length) out.push({ kind, text: part.join('\n') });
    start = i;
  }
  return out;
}
