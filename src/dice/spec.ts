// The one parser of dice specs, shared by the CLI and the ROLL orders.
//   NdM[+/-K]   standard dice          3d6+2, d20, 2d10-1+3
//   NdF[+/-K]   FUDGE dice             4dF+1
//   NdS         success dice (004)     5dS vs:3
//   gauss20[+/-K]  GaussD20 (001)      gauss20+10 luck:7 vs:-8
// followed by option words: luck:N, vs:D, adv, dis. Case-insensitive; the
// Cyrillic д / к work as "d" (3к6, 4дF). Errors are values, never exceptions.
import { GAUSS, GAUSS_DIFFICULTIES, LIMITS } from './tables.js';

export type Advantage = 'none' | 'adv' | 'dis';

interface SpecCommon {
  /** Net advantage: one Преимущество and one Помеха cancel (004). */
  advantage: Advantage;
}
export interface StandardSpec extends SpecCommon {
  form: 'standard';
  count: number;
  sides: number;
  modifier: number;
  /** vs:D → success when the result is at least D. */
  vs: number | null;
}
export interface FudgeSpec extends SpecCommon {
  form: 'fudge';
  count: number;
  modifier: number;
  vs: number | null;
}
export interface SuccessSpec extends SpecCommon {
  form: 'success';
  count: number;
  /** The difficulty: the successes needed (004). */
  vs: number | null;
}
export interface GaussSpec extends SpecCommon {
  form: 'gauss20';
  /** Skill and situational modifiers. */
  modifier: number;
  /** 1..9; null = the player's luck in a game, else neutral. */
  luck: number | null;
  /** Difficulty from the 001 ladder (+4 … -24), added to the modifier. */
  vs: number | null;
}
export type DiceSpec = StandardSpec | FudgeSpec | SuccessSpec | GaussSpec;

export type SpecErrorCode =
  | 'empty'
  | 'not-a-spec'
  | 'count-range'
  | 'sides-range'
  | 'modifier-range'
  | 'success-modifier'
  | 'luck-not-gauss'
  | 'luck-range'
  | 'vs-range'
  | 'vs-gauss-ladder'
  | 'duplicate-option'
  | 'unknown-option'
  | 'unknown-word';

export interface SpecError {
  code: SpecErrorCode;
  /** The offending word. */
  word: string;
  /** The allowed range, for the *-range codes. */
  range?: { min: number; max: number };
}

export type SpecWordsResult = { ok: true; spec: DiceSpec; rest: string[] } | { ok: false; error: SpecError };
export type SpecResult = { ok: true; spec: DiceSpec } | { ok: false; error: SpecError };

const DICE = /^(\d*)[dдк](\d+|f|s)((?:[+-]\d+)*)$/iu;
const GAUSS_RE = /^gauss(?:d)?20((?:[+-]\d+)*)$/i;
const MODIFIER = /^[+-]\d+$/;
const OPTION = /^([a-z]+):([+-]?\d+)$/i;

/** True when the word starts a dice spec (used to split a list of specs). */
export function isSpecStart(word: string): boolean {
  return DICE.test(word) || GAUSS_RE.test(word);
}

const inRange = (n: number, r: { min: number; max: number }) => Number.isSafeInteger(n) && n >= r.min && n <= r.max;
const sumModifiers = (s: string) => (s.match(/[+-]\d+/g) ?? []).reduce((a, m) => a + Number(m), 0);
const fail = (
  code: SpecErrorCode,
  word: string,
  range?: { min: number; max: number },
): { ok: false; error: SpecError } => ({
  ok: false,
  error: range ? { code, word, range: { min: range.min, max: range.max } } : { code, word },
});

/** The dice expression at the head of `words` (it may be split as "3d6 + 2"): the spec and how many words it took. */
function parseHead(words: string[]): { ok: true; spec: DiceSpec; used: number } | { ok: false; error: SpecError } {
  const head = words[0];
  if (head === undefined || head === '') return fail('empty', '');
  // Join a modifier written apart: "3d6 +2", "3d6 + 2".
  let used = 1;
  let text = head;
  const next = words[1];
  if (next !== undefined && MODIFIER.test(next)) (text += next), (used = 2);
  else if ((next === '+' || next === '-') && /^\d+$/.test(words[2] ?? '')) (text += next + words[2]), (used = 3);

  const g = GAUSS_RE.exec(text);
  if (g) {
    const modifier = sumModifiers(g[1]!);
    if (!inRange(modifier, LIMITS.modifier)) return fail('modifier-range', text, LIMITS.modifier);
    return { ok: true, used, spec: { form: 'gauss20', modifier, luck: null, vs: null, advantage: 'none' } };
  }
  const d = DICE.exec(text);
  if (!d) return fail('not-a-spec', head);
  const count = d[1] === '' ? 1 : Number(d[1]);
  if (!inRange(count, LIMITS.count)) return fail('count-range', text, LIMITS.count);
  const modifier = sumModifiers(d[3]!);
  if (!inRange(modifier, LIMITS.modifier)) return fail('modifier-range', text, LIMITS.modifier);
  const kind = d[2]!.toLowerCase();
  if (kind === 's') {
    if (d[3] !== '') return fail('success-modifier', text);
    return { ok: true, used, spec: { form: 'success', count, vs: null, advantage: 'none' } };
  }
  if (kind === 'f') return { ok: true, used, spec: { form: 'fudge', count, modifier, vs: null, advantage: 'none' } };
  const sides = Number(kind);
  if (!inRange(sides, LIMITS.sides)) return fail('sides-range', text, LIMITS.sides);
  return { ok: true, used, spec: { form: 'standard', count, sides, modifier, vs: null, advantage: 'none' } };
}

function checkVs(spec: DiceSpec, vs: number, word: string): { ok: false; error: SpecError } | null {
  if (spec.form === 'gauss20') return vs in GAUSS_DIFFICULTIES ? null : fail('vs-gauss-ladder', word);
  const range = spec.form === 'success' ? LIMITS.successDifficulty : LIMITS.threshold;
  return inRange(vs, range) ? null : fail('vs-range', word, range);
}

/**
 * A spec at the head of `words`, followed by its option words; `rest` holds the
 * words after the spec (an order's comment). A word that looks like an option
 * (xxx:N) but is not a valid one is an error, not a comment.
 */
export function parseSpecWords(words: string[]): SpecWordsResult {
  const head = parseHead(words);
  if (!head.ok) return head;
  const spec: DiceSpec = head.spec;
  let i = head.used;
  let adv = 0;
  const seen = new Set<string>();
  for (; i < words.length; i++) {
    const word = words[i]!;
    const lower = word.toLowerCase();
    if (lower === 'adv' || lower === 'dis') {
      adv += lower === 'adv' ? 1 : -1;
      continue;
    }
    const o = OPTION.exec(word);
    if (!o) break;
    const name = o[1]!.toLowerCase();
    const value = Number(o[2]);
    if (name !== 'luck' && name !== 'vs') return fail('unknown-option', word);
    if (seen.has(name)) return fail('duplicate-option', word);
    seen.add(name);
    if (name === 'luck') {
      if (spec.form !== 'gauss20') return fail('luck-not-gauss', word);
      if (!inRange(value, GAUSS.luck)) return fail('luck-range', word, GAUSS.luck);
      spec.luck = value;
    } else {
      const err = checkVs(spec, value, word);
      if (err) return err;
      spec.vs = value;
    }
  }
  spec.advantage = adv > 0 ? 'adv' : adv < 0 ? 'dis' : 'none';
  return { ok: true, spec, rest: words.slice(i) };
}

export function splitWords(text: string): string[] {
  return text
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
}

/** Exactly one spec; any word left over is an error. */
export function parseSpec(text: string): SpecResult {
  const r = parseSpecWords(splitWords(text));
  if (!r.ok) return r;
  if (r.rest.length > 0) return fail('unknown-word', r.rest[0]!);
  return { ok: true, spec: r.spec };
}

/** One or more specs in a row ("3d6 gauss20+2 luck:7 4dF"), for the CLI. */
export function parseSpecList(text: string): { ok: true; specs: DiceSpec[] } | { ok: false; error: SpecError } {
  let words = splitWords(text);
  if (words.length === 0) return fail('empty', '');
  const specs: DiceSpec[] = [];
  while (words.length > 0) {
    const r = parseSpecWords(words);
    if (!r.ok) return r;
    specs.push(r.spec);
    if (r.rest.length > 0 && !isSpecStart(r.rest[0]!)) return fail('unknown-word', r.rest[0]!);
    words = r.rest;
  }
  return { ok: true, specs };
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `${n}` : '');

/** The canonical text of a spec: parseSpec(formatSpec(s)) gives s back. */
export function formatSpec(spec: DiceSpec): string {
  const parts: string[] = [];
  switch (spec.form) {
    case 'standard':
      parts.push(`${spec.count}d${spec.sides}${signed(spec.modifier)}`);
      break;
    case 'fudge':
      parts.push(`${spec.count}dF${signed(spec.modifier)}`);
      break;
    case 'success':
      parts.push(`${spec.count}dS`);
      break;
    case 'gauss20':
      parts.push(`gauss20${signed(spec.modifier)}`);
      if (spec.luck !== null) parts.push(`luck:${spec.luck}`);
      break;
  }
  if (spec.vs !== null) parts.push(`vs:${spec.vs}`);
  if (spec.advantage !== 'none') parts.push(spec.advantage);
  return parts.join(' ');
}
