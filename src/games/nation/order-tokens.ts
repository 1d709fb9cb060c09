// A nation order line cut into tokens: words, numbers, signed ids (+A3),
// quoted text; runs of words as the order words read them.
import { matchConcept } from './words.js';

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

export function lex(line: string): Tok[] {
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
export function runAt(toks: Tok[], i: number): { words: string[]; idx: number[] } {
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
