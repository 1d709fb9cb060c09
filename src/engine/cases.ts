// The game-agnostic rule-case runner. A case file (games/<kind>/cases/*.case)
// holds one or more cases:
//
//   CASE fandi/combat/walls-2
//   RULE 003:Souboj            # one or more RULE / RULING lines
//   SEED 7                     # or DICE 4 2 6 ... (forced dice) [+ CHOICES 0 1 ...]
//   LANG cs                    # optional: the language orders are parsed and echoed in
//   PRESTATE
//     ...game-specific text (rules.cases.parseState)...
//   ORDERS                     # one block per turn; several blocks = several turns; none = one turn without orders
//     alfa: <order line>
//   ERRORS                     # optional: the parse errors expected, "player [line]: reason part"
//     alfa 2: unknown unit
//   GM                         # optional, after an ORDERS block: the GM's inputs for that turn,
//     DECIDE A1.dif 2          # the same lines as the GM's mail block (src/engine/gm-inputs.ts);
//     BULLETIN ...             # undecided decisions take their default, none without one may be left
//   POSTSTATE
//     ...game-specific expectations (rules.cases.checkState)...
//   END
//
// Keywords start at column 0; a line starting with "#" at column 0 is a comment;
// keyword lines may end with "# comment". Block lines are indented.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { canonicalJson } from './hash.js';
import { ForcedRng, SeededRng, type Rng } from './rng.js';
import {
  NO_GM_INPUTS,
  type AnyRules,
  type GameEvent,
  type GmInputs,
  type Lang,
  type LineError,
  type PlayerId,
  type RelayedMessage,
} from './types.js';
import { applyGmLines, resolveGm } from './gm-inputs.js';
import { collate } from './collate.js';

export const gamesDir = fileURLToPath(new URL('../../games', import.meta.url));

export interface OrderLine {
  player: PlayerId;
  text: string;
}

export interface ExpectedError {
  player: PlayerId;
  line: number | null;
  reason: string;
}

export interface RuleCase {
  kind: string;
  file: string;
  /** 1-based line of the CASE keyword in its file. */
  at: number;
  name: string;
  rules: string[];
  seed: string | null;
  dice: number[] | null;
  choices: number[] | null;
  lang: Lang;
  prestate: string;
  turns: OrderLine[][];
  /** The GM block of each turn (by turn index), if any. */
  gm: Record<number, string[]>;
  errors: ExpectedError[] | null;
  poststate: string;
}

export interface CaseResult {
  name: string;
  ok: boolean;
  failures: string[];
  /** Events, state diff and parse results, for reading when a case fails. */
  trace: string;
}

const KEYWORDS = new Set([
  'CASE',
  'RULE',
  'RULING',
  'SEED',
  'DICE',
  'CHOICES',
  'LANG',
  'PRESTATE',
  'ORDERS',
  'GM',
  'ERRORS',
  'POSTSTATE',
  'END',
]);

function dedent(lines: string[]): string {
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)![0].length);
  const n = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(n).trimEnd()).join('\n');
}

/** Parse the text of one case file into cases; malformed files throw with file:line. */
export function parseCaseFile(text: string, file: string, kind: string): RuleCase[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const cases: RuleCase[] = [];
  let cur: RuleCase | null = null;
  let block: 'PRESTATE' | 'ORDERS' | 'GM' | 'ERRORS' | 'POSTSTATE' | null = null;
  let buf: string[] = [];
  const err = (i: number, msg: string): never => {
    throw new Error(`${file}:${i + 1}: ${msg}`);
  };
  const flush = (i: number) => {
    if (!cur || !block) return;
    if (block === 'PRESTATE') cur.prestate = dedent(buf);
    else if (block === 'POSTSTATE') cur.poststate = dedent(buf);
    else if (block === 'ORDERS') {
      const turn: OrderLine[] = [];
      for (const l of buf) {
        if (l.trim() === '') continue;
        const m = /^\s*([A-Za-z0-9_-]+)\s*:\s?(.*)$/.exec(l);
        if (!m) err(i, `an order line must be "player: order", got "${l.trim()}"`);
        turn.push({ player: m![1]!, text: m![2]!.trimEnd() });
      }
      cur.turns.push(turn);
    } else if (block === 'GM') {
      const turn = Math.max(0, cur.turns.length - 1);
      cur.gm[turn] = [...(cur.gm[turn] ?? []), ...buf.map((l) => l.trim()).filter((l) => l !== '')];
    } else {
      cur.errors = [];
      for (const l of buf) {
        if (l.trim() === '') continue;
        const m = /^\s*([A-Za-z0-9_-]+)(?:\s+(\d+))?\s*:\s*(.*)$/.exec(l);
        if (!m) err(i, `an ERRORS line must be "player [line]: reason", got "${l.trim()}"`);
        cur.errors.push({ player: m![1]!, line: m![2] ? Number(m![2]) : null, reason: m![3]!.trim() });
      }
    }
    block = null;
    buf = [];
  };
  lines.forEach((raw, i) => {
    if (raw.startsWith('#')) return;
    const word = /^([A-Z]+)\b/.exec(raw)?.[1];
    if (!word || !KEYWORDS.has(word)) {
      if (block) buf.push(raw);
      else if (raw.trim() !== '') err(i, `unexpected line outside a block: "${raw.trim()}"`);
      return;
    }
    flush(i);
    const arg = raw
      .slice(word.length)
      .replace(/\s+#.*$/, '')
      .trim();
    if (word === 'CASE') {
      if (cur) err(i, `CASE ${cur.name} has no END`);
      if (!arg) err(i, 'CASE needs a name');
      cur = {
        kind,
        file,
        at: i + 1,
        name: arg,
        rules: [],
        seed: null,
        dice: null,
        choices: null,
        lang: 'en',
        prestate: '',
        turns: [],
        gm: {},
        errors: null,
        poststate: '',
      };
      return;
    }
    if (!cur) return err(i, `${word} outside a CASE`);
    const c: RuleCase = cur;
    const nums = () => {
      const xs = arg.split(/\s+/).filter(Boolean).map(Number);
      if (xs.some((x) => !Number.isInteger(x))) err(i, `${word} takes whole numbers`);
      return xs;
    };
    switch (word) {
      case 'RULE':
      case 'RULING':
        c.rules.push(`${word} ${arg}`);
        break;
      case 'SEED':
        c.seed = arg;
        break;
      case 'DICE':
        c.dice = [...(c.dice ?? []), ...nums()];
        break;
      case 'CHOICES':
        c.choices = [...(c.choices ?? []), ...nums()];
        break;
      case 'LANG':
        c.lang = arg as Lang;
        break;
      case 'END':
        if (c.rules.length === 0) err(i, `case ${c.name} names no RULE or RULING`);
        cases.push(c);
        cur = null;
        break;
      default:
        block = word as typeof block;
    }
  });
  if (cur) throw new Error(`${file}: CASE ${(cur as RuleCase).name} has no END`);
  return cases;
}

/** The game kinds with a games/<kind>/cases/ folder. */
export function kindsWithCases(dir = gamesDir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'cases')))
    .map((d) => d.name)
    .sort();
}

/** Every case of a kind, files in name order. */
export function loadCases(kind: string, dir = gamesDir): RuleCase[] {
  const folder = join(dir, kind, 'cases');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((f) => f.endsWith('.case'))
    .sort()
    .flatMap((f) => parseCaseFile(readFileSync(join(folder, f), 'utf8'), join('games', kind, 'cases', f), kind));
}

/** A flat list of changed JSON paths between two values. */
export function jsonDiff(a: unknown, b: unknown, path = ''): string[] {
  if (canonicalJson(a) === canonicalJson(b)) return [];
  const isObj = (x: unknown) => x !== null && typeof x === 'object';
  if (isObj(a) && isObj(b) && Array.isArray(a) === Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a as object), ...Object.keys(b as object)])];
    return keys.flatMap((k) =>
      jsonDiff((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k),
    );
  }
  const show = (x: unknown) => (x === undefined ? '(none)' : JSON.stringify(x));
  return [`${path || '(root)'}: ${show(a)} → ${show(b)}`];
}

function errorMatches(e: ExpectedError, player: PlayerId, le: LineError): boolean {
  return (
    e.player === player &&
    (e.line === null || e.line === le.line) &&
    le.reason.toLowerCase().includes(e.reason.toLowerCase())
  );
}

/** Run one case: parse the prestate, parse and adjudicate each turn's orders, check the poststate. */
export function runCase(rules: AnyRules, c: RuleCase): CaseResult {
  const failures: string[] = [];
  const trace: string[] = [`${c.file}:${c.at} ${c.name}`, ...c.rules];
  if (!rules.cases)
    return {
      name: c.name,
      ok: false,
      failures: [`game kind ${rules.kind} has no case support`],
      trace: trace.join('\n'),
    };
  let state: unknown;
  try {
    state = rules.cases.parseState(c.prestate);
  } catch (e) {
    return { name: c.name, ok: false, failures: [`PRESTATE: ${(e as Error).message}`], trace: trace.join('\n') };
  }
  const pre = state;
  const rng: Rng = c.dice
    ? new ForcedRng([...c.dice], c.seed ?? 0, [...(c.choices ?? [])])
    : new SeededRng(c.seed ?? 0);
  const events: GameEvent[] = [];
  const parseErrors: { player: PlayerId; error: LineError }[] = [];
  try {
    // A case without ORDERS still plays one turn, with no orders.
    (c.turns.length ? c.turns : [[]]).forEach((turn, ti) => {
      const byPlayer = new Map<PlayerId, string[]>();
      for (const l of turn) {
        if (!byPlayer.has(l.player)) byPlayer.set(l.player, []);
        byPlayer.get(l.player)!.push(l.text);
      }
      const orders = new Map<PlayerId, unknown[]>();
      // Messages are relayed as the mail pipeline does: each checked by the rules, in order, recorded for adjudication.
      const messages: RelayedMessage[] = [];
      for (const [player, lines] of [...byPlayer].sort(([a], [b]) => collate(a, b))) {
        const r = rules.parseOrders(lines.join('\n'), { state, player, lang: c.lang });
        orders.set(player, r.orders);
        for (const m of r.messages ?? []) {
          const reason = rules.checkMessage
            ? rules.checkMessage(
                state,
                player,
                m,
                messages.filter((x) => x.from === player),
                c.lang,
              )
            : 'this game does not relay messages';
          if (reason) events.push({ type: 'message-refused', audience: [player], player, line: m.line, reason });
          else messages.push({ ...m, id: messages.length + 1, seq: messages.length, from: player, at: '' });
        }
        for (const e of r.errors) parseErrors.push({ player, error: e });
        trace.push(
          `turn ${ti + 1} ${player}: ${r.echo.map((x) => `[${x.line}] ${x.understood}`).join(' | ')}${r.errors.length ? ` ERRORS ${r.errors.map((x) => `[${x.line}] ${x.reason}`).join(' | ')}` : ''}`,
        );
      }
      const out = rules.adjudicate(state, orders, rng, {
        phase: ti + 1,
        deadline: null,
        messages,
        gm: caseGmInputs(rules, state, orders, c, ti, failures, trace),
      });
      state = out.state;
      events.push(...out.events);
    });
    if (rules.cases) {
      // A zero-turn case still checks the prestate itself.
      failures.push(...rules.cases.checkState(state, c.poststate, events));
    }
  } catch (e) {
    failures.push(`exception: ${(e as Error).stack ?? (e as Error).message}`);
  }
  // Parse errors: listed ones must occur, unlisted ones fail the case.
  const expected = c.errors ?? [];
  for (const e of expected)
    if (!parseErrors.some((p) => errorMatches(e, p.player, p.error)))
      failures.push(`expected parse error not found: ${e.player}${e.line ? ` ${e.line}` : ''}: ${e.reason}`);
  for (const p of parseErrors)
    if (!expected.some((e) => errorMatches(e, p.player, p.error)))
      failures.push(`unexpected parse error: ${p.player} ${p.error.line}: "${p.error.text}" — ${p.error.reason}`);
  if (rng instanceof ForcedRng && rng.unusedDice.length)
    failures.push(`forced dice left unused: ${rng.unusedDice.join(' ')}`);
  if (failures.length) {
    trace.push(
      'events:',
      ...events.map((e) => `  ${JSON.stringify(e)}`),
      'state diff:',
      ...jsonDiff(pre, state).map((l) => `  ${l}`),
    );
  }
  return { name: c.name, ok: failures.length === 0, failures, trace: trace.join('\n') };
}

/**
 * The GM's inputs of one case turn, through the same checks as the GM's mail:
 * a refused GM line, or an asked decision left without answer or default, fails the case.
 */
function caseGmInputs(
  rules: AnyRules,
  state: unknown,
  orders: Map<PlayerId, unknown[]>,
  c: RuleCase,
  turn: number,
  failures: string[],
  trace: string[],
): GmInputs {
  const lines = c.gm[turn] ?? [];
  if (!rules.gm) {
    if (lines.length) failures.push(`turn ${turn + 1}: GM block, but ${rules.kind} has no GM decisions`);
    return NO_GM_INPUTS;
  }
  const specs = rules.gm.decisions(state, orders, c.lang);
  const checked = applyGmLines(lines, {
    specs,
    checkDecision: rules.gm.checkDecision ? (id, raw) => rules.gm!.checkDecision!(state, id, raw, c.lang) : undefined,
    narrativeTargets: rules.gm.narrativeTargets
      ? [...specs.map((s) => s.id), ...rules.gm.narrativeTargets(state, orders)]
      : null,
    rollRng: (seq) => new SeededRng(`case:${c.name}:${turn}:${seq}`),
    rollsSoFar: 0,
    lang: c.lang,
    roll: rules.gm.roll ? (text, rng) => rules.gm!.roll!(state, text, rng, c.lang) : undefined,
  });
  for (const r of checked.results)
    if (!r.ok) failures.push(`turn ${turn + 1}: GM line refused: "${r.text}" — ${r.result}`);
  for (const o of checked.other) failures.push(`turn ${turn + 1}: not a GM input line: "${o.text}"`);
  const resolved = resolveGm(specs, checked.records, true);
  for (const m of resolved.missing)
    failures.push(`turn ${turn + 1}: decision ${m.id} (${m.ask}) has no answer and no default`);
  trace.push(
    `turn ${turn + 1} GM: ${
      Object.entries(resolved.inputs.decisions)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ') || '(no decisions)'
    }`,
  );
  return resolved.inputs;
}

/** A field of an event by a dotted path (for POSTSTATE event assertions of every game). */
export function eventField(e: unknown, path: string): unknown {
  let v: unknown = e;
  for (const k of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}

/**
 * Does a field match `key=value` (exact) or `key~part` (case-insensitive substring)?
 * A list compares by its length to a number (unless it is a list of strings), else
 * as its items joined with commas; missing and null read as "none".
 */
export function fieldMatches(actual: unknown, op: '=' | '~', expected: string): boolean {
  if (Array.isArray(actual)) {
    if (op === '=' && /^\d+$/.test(expected) && !actual.every((x) => typeof x === 'string'))
      return actual.length === Number(expected);
    actual = actual.map((x) => (x && typeof x === 'object' ? JSON.stringify(x) : String(x))).join(',');
  }
  if (actual === null || actual === undefined) actual = 'none';
  if (typeof actual === 'object') actual = JSON.stringify(actual);
  const s = String(actual);
  return op === '=' ? s === expected : s.toLowerCase().includes(expected.toLowerCase());
}

/** An event on one line for failure messages (audience left out). */
export function describeEvent(e: GameEvent): string {
  const { audience: _a, ...rest } = e;
  return JSON.stringify(rest).slice(0, 300);
}

/**
 * A POSTSTATE event assertion (`event <type> key=value key~part`, or `no event …`):
 * null when it holds, else what is wrong (with the events of that type, for the trace).
 */
export function checkEvents(
  events: GameEvent[],
  type: string,
  conds: { key: string; op: '=' | '~'; value: string }[],
  negated: boolean,
  line: string,
): string | null {
  const ok = events.filter(
    (e) => e.type === type && conds.every((c) => fieldMatches(eventField(e, c.key), c.op, c.value)),
  );
  if (negated && ok.length) return `${line}: found ${describeEvent(ok[0]!)}`;
  if (!negated && !ok.length) {
    const same = events.filter((e) => e.type === type);
    return `${line}: not found; ${type} events: ${same.length ? same.map(describeEvent).join(' | ') : 'none'}`;
  }
  return null;
}
