// One line read: order words from its start (and set off at its end), the
// rest the action's text.
import { type Cand, type Ctx, type El, type Kind, fail } from './order-entities.js';
import { lex, runAt } from './order-tokens.js';
import { orderWordAt } from './order-words.js';

// ---------------------------------------------------------------------------
// A line

export interface Read {
  els: El[];
  text: string;
}

export function readLine(body: string, c: Ctx): Read {
  const toks = lex(body);
  const els: El[] = [];
  const have = new Set<Kind>();
  const take = (r: Cand) => {
    if ('error' in r) fail(r.error.code, r.error.params);
    const el = (r as { el: El }).el;
    els.push(el);
    have.add(el.k);
    if (el.k === 'actor') c.actor = el;
  };
  let i = 0;
  for (;;) {
    while (i < toks.length && toks[i]!.sep) i++;
    if (i >= toks.length) break;
    const run = runAt(toks, i);
    if (run.words.length === 0) break;
    const r = orderWordAt(run.words, c, have, true);
    if (!r) break;
    take(r);
    i = run.idx[r.used - 1]! + 1;
  }
  if (i >= toks.length) return { els, text: '' };

  // Trailing parts made only of order words ("…, публично", "(за 3 хода)").
  const segments: { from: number; to: number }[] = []; // token ranges [from, to)
  let from = i;
  for (let j = i; j <= toks.length; j++) {
    if (j === toks.length || (toks[j]!.sep && toks[j]!.raw !== "'")) {
      if (j > from) segments.push({ from, to: j });
      from = j + 1;
    }
  }
  let textEnd = body.length;
  for (let s = segments.length - 1; s >= 1; s--) {
    const seg = segments[s]!;
    const local = new Set(have);
    const found: El[] = [];
    let k = seg.from;
    let ok = true;
    while (k < seg.to) {
      if (toks[k]!.quoted) {
        ok = false;
        break;
      }
      const words = toks.slice(k, seg.to).map((t) => t.raw);
      const r = orderWordAt(words, c, local, false);
      if (!r || 'error' in r) {
        ok = false;
        break;
      }
      found.push(r.el);
      local.add(r.el.k);
      k += r.used;
    }
    if (!ok) break;
    for (const el of found) take({ el, used: 0, exact: true });
    textEnd = toks[seg.from - 1]!.start;
  }
  return { els, text: cleanText(body.slice(toks[i]!.start, textEnd)) };
}

/** The action's text without the separators around it and without its quotes. */
function cleanText(s: string): string {
  let t = s
    .trim()
    .replace(/^[\s,;:.—–\-(]+/u, '')
    .replace(/(?<![\s,;:—–\-(])[\s,;:—–\-(]+$/u, '')
    .trim();
  const q = /^([«"„“‘])(.*)([»"“”’])[.!]?$/su.exec(t);
  if (q && !/[«»"„“”]/u.test(q[2]!)) t = q[2]!.trim();
  if (/^\(.*\)$/su.test(t) && !/[()]/u.test(t.slice(1, -1))) t = t.slice(1, -1).trim();
  return t;
}
