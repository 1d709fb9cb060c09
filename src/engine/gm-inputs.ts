// The GM's inputs to a phase, game-agnostic and pure: reading a GM line
// (DECIDE, NARRATIVE, BULLETIN, ROLL, HOLD, RELEASE, WORKSHEET, PREVIEW),
// checking a decision's value against what the game asked, and turning the
// recorded lines into the GmInputs that adjudicate sees. One source of truth
// for the mail block, the CLI, the pipeline and the rule-case runner.
import { formatMessage, formatWords, wordTable } from '../render/fluent.js';
import { formatRoll, parseSpecWords, rollSpec, formatSpec, splitWords } from '../dice/index.js';
import { fold } from '../text-fold.js';
import type { Rng } from './rng.js';
import type { DecisionSpec, DecisionValue, GmInputs, GmRoll, InstantRecord, Lang } from './types.js';

export type GmLine =
  | { cmd: 'decide'; id: string; raw: string }
  | { cmd: 'narrative'; target: string; text: string }
  | { cmd: 'bulletin'; text: string }
  | { cmd: 'roll'; spec: string; label: string }
  | { cmd: 'hold' }
  | { cmd: 'release' }
  | { cmd: 'worksheet' }
  | { cmd: 'preview' };

/** The words of each GM-input command in English, Czech and Russian (looked up folded). */
const WORDS: Record<string, GmLine['cmd']> = {
  decide: 'decide',
  decision: 'decide',
  set: 'decide',
  rozhodnutí: 'decide',
  rozhodnout: 'decide',
  решение: 'decide',
  решить: 'decide',
  решаю: 'decide',
  narrative: 'narrative',
  story: 'narrative',
  vyprávění: 'narrative',
  popis: 'narrative',
  рассказ: 'narrative',
  описание: 'narrative',
  нарратив: 'narrative',
  bulletin: 'bulletin',
  news: 'bulletin',
  zprávy: 'bulletin',
  novinky: 'bulletin',
  новости: 'bulletin',
  бюллетень: 'bulletin',
  вести: 'bulletin',
  roll: 'roll',
  hod: 'roll',
  бросок: 'roll',
  бросить: 'roll',
  hold: 'hold',
  počkat: 'hold',
  držet: 'hold',
  ждать: 'hold',
  держать: 'hold',
  подождать: 'hold',
  release: 'release',
  uvolnit: 'release',
  pustit: 'release',
  отпустить: 'release',
  выпустить: 'release',
  запустить: 'release',
  worksheet: 'worksheet',
  list: 'worksheet',
  pracovní: 'worksheet',
  лист: 'worksheet',
  ведомость: 'worksheet',
  preview: 'preview',
  náhled: 'preview',
  предпросмотр: 'preview',
  просмотр: 'preview',
};
export const GM_INPUT_WORDS: Record<string, GmLine['cmd']> = Object.fromEntries(
  Object.entries(WORDS).map(([k, v]) => [fold(k), v]),
);

/** A GM line as one of the GM-input commands, or null when it is another command (STATUS, EXTEND …). */
export function parseGmLine(text: string): GmLine | { error: string } | null {
  const t = text.trim();
  // "A1.dif = 2" without a command word is a decision too.
  const bare = /^([A-Za-zА-Яа-яЁё0-9_][^\s=]*)\s*=\s*(.+)$/.exec(t);
  const [word = '', ...rest] = t.split(/\s+/);
  const cmd = GM_INPUT_WORDS[fold(word).replace(/[.:!]$/, '')];
  if (!cmd) return bare ? { cmd: 'decide', id: bare[1]!, raw: bare[2]!.trim() } : null;
  const args = t.slice(word.length).trim();
  switch (cmd) {
    case 'decide': {
      const m = /^(\S+?)\s*(?:=\s*|\s+)(.+)$/.exec(args);
      if (!m) return { error: 'usage' };
      return { cmd, id: m[1]!, raw: m[2]!.trim() };
    }
    case 'narrative': {
      const m = /^(\S+)\s*:?\s+(.+)$/.exec(args);
      if (!m) return { error: 'usage' };
      return { cmd, target: m[1]!.replace(/:$/, ''), text: m[2]!.trim() };
    }
    case 'bulletin':
      return args ? { cmd, text: args } : { error: 'usage' };
    case 'roll': {
      if (!rest.length) return { error: 'usage' };
      return { cmd, spec: rest[0]!, label: rest.slice(1).join(' ') };
    }
    default:
      return args ? { error: 'usage' } : { cmd };
  }
}

/** Words that take an answer back (the default applies again). */
const CLEAR = new Set(['-', 'default', 'vychozi', 'поумолчанию', 'по-умолчанию', 'сброс']);

/** Is this raw answer "take my answer back"? */
export function isClear(raw: string): boolean {
  return CLEAR.has(fold(raw).replace(/\s+/g, ''));
}

const MSG = {
  int: { en: 'a whole number {min}..{max}', cs: 'celé číslo {min}..{max}', ru: 'целое число {min}..{max}' },
  names: { en: 'or one of', cs: 'nebo jedno z', ru: 'или одно из' },
  choice: { en: 'one of', cs: 'jedno z', ru: 'одно из' },
  text: { en: 'some text', cs: 'nějaký text', ru: 'текст' },
  expected: { en: 'expected', cs: 'očekáváno', ru: 'ожидается' },
} as const;

/** What a decision takes, in words. */
export function describeDomain(spec: DecisionSpec, lang: Lang): string {
  if (spec.type === 'choice') return `${MSG.choice[lang]} ${(spec.choices ?? []).join(', ')}`;
  if (spec.type === 'text') return MSG.text[lang];
  const range = MSG.int[lang].replace('{min}', String(spec.min ?? '−∞')).replace('{max}', String(spec.max ?? '∞'));
  const names = spec.names ? Object.keys(spec.names) : [];
  return names.length ? `${range} ${MSG.names[lang]} ${names.slice(0, 7).join(', ')}` : range;
}

/** A raw answer checked against the decision: the value, or why not (in lang). */
export function decisionValue(
  spec: DecisionSpec,
  raw: string,
  lang: Lang,
): { value: DecisionValue } | { error: string } {
  const r = raw.trim();
  const bad = { error: `"${r}": ${MSG.expected[lang]} ${describeDomain(spec, lang)}` };
  if (spec.type === 'text') return r ? { value: r } : bad;
  const f = fold(r);
  if (spec.type === 'choice') {
    const hit = (spec.choices ?? []).find((c) => fold(c) === f);
    return hit !== undefined ? { value: hit } : bad;
  }
  let n: number | undefined;
  if (/^[+−-]?\d+$/.test(r)) n = Number(r.replace('−', '-'));
  else if (spec.names && f in spec.names) n = spec.names[f];
  if (n === undefined) {
    const named = spec.names && Object.entries(spec.names).find(([k]) => fold(k) === f);
    if (named) n = named[1];
  }
  if (n === undefined || (spec.min !== undefined && n < spec.min) || (spec.max !== undefined && n > spec.max))
    return bad;
  return { value: n };
}

/** The spec a decision id names (ids match case-insensitively). */
export function findDecision(specs: DecisionSpec[], id: string): DecisionSpec | undefined {
  const f = fold(id);
  return specs.find((s) => fold(s.id) === f);
}

/** A recorded GM input, as the store keeps it. */
export interface RecordedInput {
  kind: 'decision' | 'narrative' | 'bulletin' | 'roll' | 'instant';
  key: string;
  value: unknown;
}

export interface ResolvedGm {
  inputs: GmInputs;
  /** Asked decisions without an answer and without a usable default. */
  missing: DecisionSpec[];
  /** Asked decisions without an answer that took their default. */
  defaulted: DecisionSpec[];
  /** Asked decisions the GM answered. */
  answered: DecisionSpec[];
}

/**
 * The inputs adjudicate sees: every asked decision (answered, else its default
 * when defaults are allowed), answered ad-hoc decisions, narrative, bulletin, rolls.
 */
export function resolveGm(specs: DecisionSpec[], recorded: RecordedInput[], useDefaults: boolean): ResolvedGm {
  const decisions: Record<string, DecisionValue> = {};
  const narrative: Record<string, string> = {};
  let bulletin: string | null = null;
  const rolls: GmRoll[] = [];
  const instant: InstantRecord[] = [];
  const answers = new Map<string, DecisionValue>();
  for (const r of recorded) {
    if (r.value === null || r.value === undefined) continue;
    if (r.kind === 'decision') answers.set(fold(r.key), r.value as DecisionValue);
    else if (r.kind === 'narrative') narrative[r.key] = String(r.value);
    else if (r.kind === 'bulletin') bulletin = String(r.value);
    else if (r.kind === 'instant') instant.push(r.value as InstantRecord);
    else rolls.push(r.value as GmRoll);
  }
  const missing: DecisionSpec[] = [];
  const defaulted: DecisionSpec[] = [];
  const answered: DecisionSpec[] = [];
  const asked = new Set<string>();
  for (const s of specs) {
    asked.add(fold(s.id));
    const a = answers.get(fold(s.id));
    if (a !== undefined) {
      decisions[s.id] = a;
      answered.push(s);
    } else if (useDefaults && s.default !== null) {
      decisions[s.id] = s.default;
      defaulted.push(s);
    } else missing.push(s);
  }
  for (const [k, v] of answers) if (!asked.has(k)) decisions[k] = v;
  rolls.sort((a, b) => a.seq - b.seq);
  instant.sort((a, b) => a.seq - b.seq);
  const inputs: GmInputs = instant.length
    ? { decisions, narrative, bulletin, rolls, instant }
    : { decisions, narrative, bulletin, rolls };
  return { inputs, missing, defaulted, answered };
}

/** A GM roll in a kind's own terms (GmSupport.roll bound to the state): the roll, a refusal, or null for a plain spec. */
export type KindRoll = (text: string, rng: Rng) => Omit<GmRoll, 'seq'> | { error: string } | null;

/** A hidden GM roll: the kind's own ROLL (kindRoll), else any dice spec the dice server knows, rolled from the given generator. */
export function gmRoll(
  specText: string,
  label: string,
  seq: number,
  rng: Rng,
  lang: Lang,
  kindRoll?: KindRoll,
): GmRoll | { error: string } {
  const own = kindRoll?.([specText, label].filter((s) => s !== '').join(' '), rng);
  if (own) return 'error' in own ? own : { ...own, seq };
  // The spec with its option words (gauss20+2 luck:7 vs:12 adv), then the label.
  const p = parseSpecWords(splitWords([specText, label].join(' ')));
  if (!p.ok) return { error: formatMessage('common', lang, 'gm-echo-not-a-roll', { spec: specText }) };
  const r = rollSpec(p.spec, rng);
  return { seq, spec: formatSpec(p.spec), label: p.rest.join(' '), total: r.result, text: formatRoll(r, lang) };
}

/** What the judge answers a GM's line: messages gm-echo-<key> of templates/common/<lang>/gm.ftl. */
const ECHO = wordTable('common', 'gm-echo', [
  'usage',
  'unknownDecision',
  'unknownTarget',
  'decided',
  'cleared',
  'none',
  'narrative',
  'narrativeCleared',
  'bulletin',
  'bulletinCleared',
  'rolled',
] as const);

export function gmText(key: keyof typeof ECHO, lang: Lang, vars: Record<string, string | number> = {}): string {
  return formatWords(ECHO[key], lang, vars);
}

/** What a game offers for checking GM lines of one phase. */
export interface GmLineContext {
  specs: DecisionSpec[];
  /** Ad-hoc decisions (rules.gm.checkDecision bound to the state); absent: only asked ids. */
  checkDecision?: (id: string, raw: string) => { value: DecisionValue; shown?: string } | { error: string };
  /** Allowed narrative targets (canonical spelling); null: any. */
  narrativeTargets: string[] | null;
  /** A generator for the roll with this sequence number (hidden GM rolls). */
  rollRng: (seq: number) => Rng;
  /** Rolls recorded so far in the phase (the next gets the next number). */
  rollsSoFar: number;
  lang: Lang;
  /** The kind's own ROLL lines (GmSupport.roll bound to the state); absent: plain specs only. */
  roll?: KindRoll;
}

export interface GmLineResult {
  /** The line's index in the block (results and other lines interleave by it). */
  index: number;
  text: string;
  ok: boolean;
  result: string;
  /** A control line (HOLD, RELEASE, WORKSHEET, PREVIEW): the caller says what came of it. */
  control?: 'hold' | 'release' | 'worksheet' | 'preview';
}

export interface GmLinesOutcome {
  results: GmLineResult[];
  /** What to record, in order. */
  records: RecordedInput[];
  control: { hold: boolean; release: boolean; worksheet: boolean; preview: boolean };
  /** Lines that are not GM-input commands (left to the caller: STATUS, EXTEND …), with their index. */
  other: { index: number; text: string }[];
}

function show(v: DecisionValue | null, lang: Lang): string {
  return v === null ? ECHO.none[lang] : String(v);
}

/**
 * The GM-input lines of one GM mail (or CLI call, or case GM block), checked.
 * Several BULLETIN lines make one bulletin; several NARRATIVE lines for one
 * target make one narrative; each replaces what an earlier mail said.
 */
export function applyGmLines(lines: string[], ctx: GmLineContext): GmLinesOutcome {
  const out: GmLinesOutcome = {
    results: [],
    records: [],
    control: { hold: false, release: false, worksheet: false, preview: false },
    other: [],
  };
  const bulletin: string[] = [];
  const narrative = new Map<string, string[]>();
  let rolls = ctx.rollsSoFar;
  const lang = ctx.lang;
  lines.forEach((raw, index) => {
    const text = raw.trim();
    if (!text || text.startsWith('#') || text.startsWith(';')) return;
    const p = parseGmLine(text);
    if (p === null) return out.other.push({ index, text });
    const ok = (result: string) => out.results.push({ index, text, ok: true, result });
    const fail = (result: string) => out.results.push({ index, text, ok: false, result });
    if ('error' in p) return fail(gmText('usage', lang));
    switch (p.cmd) {
      case 'decide': {
        const spec = findDecision(ctx.specs, p.id);
        if (spec) {
          if (isClear(p.raw)) {
            out.records.push({ kind: 'decision', key: spec.id.toLowerCase(), value: null });
            return ok(gmText('cleared', lang, { value: show(spec.default, lang) }));
          }
          const v = decisionValue(spec, p.raw, lang);
          if ('error' in v) return fail(`${spec.id}: ${v.error}`);
          out.records.push({ kind: 'decision', key: spec.id.toLowerCase(), value: v.value });
          return ok(gmText('decided', lang, { ask: `${spec.id} (${spec.ask})`, value: show(v.value, lang) }));
        }
        if (!ctx.checkDecision) return fail(gmText('unknownDecision', lang, { id: p.id }));
        if (isClear(p.raw)) {
          out.records.push({ kind: 'decision', key: p.id.toLowerCase(), value: null });
          return ok(gmText('cleared', lang, { value: '-' }));
        }
        const v = ctx.checkDecision(p.id.toLowerCase(), p.raw);
        if ('error' in v) return fail(v.error);
        out.records.push({ kind: 'decision', key: p.id.toLowerCase(), value: v.value });
        return ok(gmText('decided', lang, { ask: p.id, value: v.shown ?? show(v.value, lang) }));
      }
      case 'narrative': {
        const target =
          ctx.narrativeTargets === null ? p.target : ctx.narrativeTargets.find((t) => fold(t) === fold(p.target));
        if (target === undefined) return fail(gmText('unknownTarget', lang, { id: p.target }));
        if (isClear(p.text)) {
          narrative.set(target, []);
          return ok(gmText('narrativeCleared', lang, { id: target }));
        }
        narrative.set(target, [...(narrative.get(target) ?? []), p.text]);
        return ok(gmText('narrative', lang, { id: target }));
      }
      case 'bulletin':
        if (isClear(p.text)) {
          bulletin.length = 0;
          bulletin.push('');
          return ok(gmText('bulletinCleared', lang));
        }
        if (bulletin.length === 1 && bulletin[0] === '') bulletin.length = 0;
        bulletin.push(p.text);
        return ok(gmText('bulletin', lang));
      case 'roll': {
        const seq = rolls;
        const r = gmRoll(p.spec, p.label, seq, ctx.rollRng(seq), lang, ctx.roll);
        if ('error' in r) return fail(r.error);
        rolls++;
        out.records.push({ kind: 'roll', key: String(seq), value: r });
        return ok(`${gmText('rolled', lang)}: ${r.text}${r.label ? ` — ${r.label}` : ''}`);
      }
      default:
        out.control[p.cmd] = true;
        out.results.push({ index, text, ok: true, result: '', control: p.cmd });
    }
  });
  for (const [target, parts] of narrative)
    out.records.push({ kind: 'narrative', key: target, value: parts.length ? parts.join('\n') : null });
  if (bulletin.length) out.records.push({ kind: 'bulletin', key: '', value: bulletin.join('\n') || null });
  return out;
}
