// A FanDi order line cut into words (squares, numbers, unit ids, types,
// keywords, prepositions giving squares their roles), and the refusal of a
// line (OrderError) the parser's steps throw.
import { SQUARE_RE } from './map.js';
import { indexUnits, type UnitIndex } from './selection.js';
import type { FandiState } from './state.js';
import { exactConcept, normalize } from './words.js';
import { memoized } from '../../words.js';
import { fromShared } from '../../engine/shared-json.js';

export type Role = 'from' | 'to' | 'via' | null;

export interface Tok {
  /** Lowercase, diacritics kept (for Czech stems). */
  raw: string;
  /** Lowercase without diacritics. */
  t: string;
  /** The preposition before a square: "z B4" from, "do/na C7" to, "přes C5" via. */
  role: Role;
}

/** Cut a line into words; "3×", "3x" (a count) and "30xc" lose their sign, "B4-B6" is two squares. */
export function tokenize(line: string): Tok[] {
  return tokensOf(line).slice();
}
/** The words of a line, remembered (frozen: the same line is cut the same way). */
const tokensOf = memoized(
  (line: string): readonly Tok[] => Object.freeze(tokenizeUncached(line).map((t) => Object.freeze(t))),
  10_000,
);

function tokenizeUncached(line: string): Tok[] {
  const s = line
    .toLowerCase()
    .replace(/(^|\s)(\d+)\s*[x×*](?=\s|$)/gu, '$1$2 ') // "3x pěší", "3 x pěší" (not "2 x2": X2 is a square)
    .replace(/(?<!\d)(\d+)[×*](?=\p{L})/gu, '$1 ') // "3×pěší"
    .replace(/(?<!\d)(\d+)(xc|kč|kc)(?=\s|$|[,.;])/gu, '$1 ')
    // Hyphens and minus signs as the ASCII hyphen (B4−B6 is B4-B6; a player id keeps its hyphen),
    // dashes as a space: ‐ ‑ − ﹣ － and ‒ – — ― ﹘.
    .replace(/[\u2010\u2011\u2212\uFE63\uFF0D]/g, '-')
    .replace(/→|->|[\u2012-\u2015\uFE58]|>/g, ' ')
    .replace(/(\p{L}{1,2}\d{1,3})-(?=\p{L}{1,2}\d)/gu, '$1 ') // B4-B6
    .replace(/[,:;.()!?"„“”'’]/g, ' ');
  const out: Tok[] = [];
  let role: Role = null;
  for (const raw of s.split(/\s+/)) {
    if (raw === '' || raw === '-') continue;
    const t = normalize(raw);
    const c = exactConcept(t);
    if (c === 'from' || c === 'to' || c === 'via') {
      role = c;
      continue;
    }
    out.push({ raw, t, role: SQUARE_RE.test(t) ? role : null });
    role = null;
  }
  return out;
}

export interface Problem {
  code: string;
  params: Record<string, string | number>;
}
export class OrderError extends Error {
  constructor(readonly problem: Problem) {
    // a refusal of a line, caught by the parser: no stack to capture
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(problem.code);
    Error.stackTraceLimit = limit;
  }
}

/** The units of a shared (frozen) state by id and square, kept with it; none for a working copy (scanned). */
export function unitIndex(state: FandiState): UnitIndex | undefined {
  return Object.isFrozen(state) ? fromShared(state, 'unit-index', () => indexUnits(state.units)) : undefined;
}
export const fail = (code: string, params: Record<string, string | number> = {}): never => {
  throw new OrderError({ code, params });
};
