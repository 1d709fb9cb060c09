// Rule-case support (games/nation/cases/*.case): a readable PRESTATE notation
// that builds a state, and POSTSTATE checks on it and on the events.
//
// PRESTATE, one thing per line ("key=value" pairs; values with spaces in "quotes";
// ladder values as numbers or names: good, хорошо, -2 …):
//   turn 3 stage 2                         the turn and stage being adjudicated (default 1 1)
//   settings yearsPerTurn=1 difficulty=0
//   player bob name=Bob                    a player without a country of his own (rare)
//   country alba player=alba population=1 area=1 gnp=-1 stability=-2 growth=0 name=Alba
//                                          attributes default 0; player defaults to the id (and is created)
//   style alba aggression=1 wisdom=-1      style points (default 0 each; checked)
//   party alba Либералы=1                  parties (religion alba … likewise)
//   order guild in=alba size=0 secrecy=partial knownBy=bob player=alba name=…
//                                          player: the country's; secrecy default public
//   figure lead in=alba age=45 influentiality=0 secrecy=known knownBy=bob slots=1,-
//   influence lead on=guild degree=1 pi=0 permanent=S1
//   strategic S1 by=alba goal="осушить болота" direction=wisdom visibility=public mode=ask-time
//            estimate=4 planned=3 difficulty=0 started=1 progress=1,2 status=active
//   declared A1 by=alba visibility=public direction=wisdom scale=1 strategic=S1 text="…"
//                                          (stage 2 prestates; rank and penalty follow from the list)
//
// POSTSTATE, one check per line (`key=value` exact, `key~part` substring):
//   turn 2 / stage 1
//   country alba population=0 growth=-2 style.aggression=1 party.Либералы=1 player=alba
//   order guild size=1 secrecy=partial knownBy=alba,bob
//   figure lead age=46 influentiality=0 secrecy=known knownBy=alba,bob slotsUsed=1,none
//   influence lead guild degree=2 pi=1 permanent=S1
//   strategic S1 status=done estimate=4 planned=3 progress=1,2,0 result.value=0.5
//   declared A1 visibility=public penalty.value=-1 rank=2
//   declared 3                             how many actions are declared now
//   event result action=A1 total=2 outcome=success     (fields of src/games/nation/types.ts NationEvent;
//                                          mod.<source>=n sums the modifiers of a source: mod.style=1 mod.penalty=-2)
//   no event refused
//   events result 3                        how many events of the type (over all turns)
import { checkEvents, eventField, fieldMatches } from '../../engine/cases.js';
import type { CaseSupport, GameEvent } from '../../engine/types.js';
import { parseLevel } from './ladder.js';
import { COUNTRY_ATTRS, type Country, type NationState } from './types.js';
import { pairs, parseState, words } from './case-prestate.js';

export function value(obj: unknown, key: string): unknown {
  return eventField(obj, key);
}

function same(actual: unknown, op: '=' | '~', expected: string): boolean {
  // A list reads as its items joined by commas (null items: none): slotsUsed=5,none.
  if (Array.isArray(actual))
    return op === '='
      ? show(actual) === expected || fieldMatches(actual, op, expected)
      : show(actual).toLowerCase().includes(expected.toLowerCase());
  if (fieldMatches(actual, op, expected)) return true;
  if (op === '=' && typeof actual === 'number') {
    const lv = parseLevel(expected);
    const n = Number(expected.replace('−', '-'));
    return (lv !== null && lv === actual) || (Number.isFinite(n) && Math.abs(n - actual) < 1e-9);
  }
  return false;
}

function show(v: unknown): string {
  if (Array.isArray(v))
    return (
      v.map((x) => (x === null ? 'none' : x && typeof x === 'object' ? JSON.stringify(x) : String(x))).join(',') ||
      'none'
    );
  if (v === null || v === undefined) return 'none';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * An event as checks read it, with `mod.<source>`: the sum of its modifiers (or growth parts) of that source,
 * so a check can say `mod.penalty=-1` or `mod.influence=2`; `mods` lists them as source:value.
 */
function withMods(ev: GameEvent): GameEvent {
  // Fractions (strategic results) compare at 12 decimals: value=1.666666666667.
  const e: GameEvent = { ...ev };
  for (const [k, v] of Object.entries(e))
    if (typeof v === 'number' && !Number.isInteger(v)) e[k] = Math.round(v * 1e12) / 1e12;
  const list = (Array.isArray(e.modifiers) ? e.modifiers : Array.isArray(e.parts) ? e.parts : null) as
    | { source: string; value: number }[]
    | null;
  if (!list) return e;
  const mod: Record<string, number> = {};
  for (const m of list) mod[m.source] = (mod[m.source] ?? 0) + m.value;
  return { ...e, mod, mods: list.map((m) => `${m.source}:${m.value}`) };
}

export function checkState(state: NationState, expected: string, events: GameEvent[]): string[] {
  const out: string[] = [];
  const lines = expected
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  for (const line of lines) {
    try {
      checkLine(state, line, events, out);
    } catch (e) {
      out.push(`${line}: ${(e as Error).message}`);
    }
  }
  return out;
}

function checkFields(
  what: string,
  obj: unknown,
  conds: { key: string; op: '=' | '~'; value: string }[],
  out: string[],
  view: (key: string) => unknown = (k) => value(obj, k),
): void {
  for (const c of conds) {
    const got = view(c.key);
    if (!same(got, c.op, c.value))
      out.push(`${what} ${c.key}: expected ${c.op === '~' ? '~' : ''}${c.value}, got ${show(got)}`);
  }
}

function checkLine(state: NationState, line: string, events: GameEvent[], out: string[]): void {
  const ws = words(line);
  const neg = ws[0] === 'no';
  const w = neg ? ws.slice(1) : ws;
  switch (w[0]) {
    case 'turn': {
      if (String(state.turn) !== w[1]) out.push(`turn: expected ${w[1]}, got ${state.turn}`);
      if (w[2] === 'stage' && String(state.stage) !== w[3]) out.push(`stage: expected ${w[3]}, got ${state.stage}`);
      return;
    }
    case 'stage':
      if (String(state.stage) !== w[1]) out.push(`stage: expected ${w[1]}, got ${state.stage}`);
      return;
    case 'country': {
      const c = state.countries.find((x) => x.id === w[1]);
      if (!c) return void out.push(`${line}: no country ${w[1]}`);
      checkFields(`country ${c.id}`, c, pairs(w.slice(2)), out, (k) => {
        if ((COUNTRY_ATTRS as readonly string[]).includes(k)) return c.attrs[k as keyof Country['attrs']];
        const m = /^(party|religion)\.(.+)$/.exec(k);
        if (m) return (m[1] === 'party' ? c.parties : c.religions).find((x) => x.name === m[2])?.influence;
        return value(c, k);
      });
      return;
    }
    case 'order': {
      const o = state.orders.find((x) => x.id === w[1]);
      if (!o) return void out.push(`${line}: no order ${w[1]}`);
      checkFields(`order ${o.id}`, o, pairs(w.slice(2)), out);
      return;
    }
    case 'figure': {
      const f = state.figures.find((x) => x.id === w[1]);
      if (!f) return void out.push(`${line}: no figure ${w[1]}`);
      checkFields(`figure ${f.id}`, f, pairs(w.slice(2)), out);
      return;
    }
    case 'influence': {
      const f = state.figures.find((x) => x.id === w[1]);
      if (!f) return void out.push(`${line}: no figure ${w[1]}`);
      const inf = f.influence.find((i) => i.order === w[2]);
      if (neg) return void (inf && out.push(`${line}: ${f.id} has influence on ${w[2]}`));
      if (!inf) return void out.push(`${line}: ${f.id} has no influence on ${w[2]}`);
      checkFields(`influence ${f.id} ${inf.order}`, inf, pairs(w.slice(3)), out);
      return;
    }
    case 'strategic': {
      const s = state.strategic.find((x) => x.id === w[1]);
      if (neg) return void (s && out.push(`${line}: ${w[1]} exists`));
      if (!s)
        return void out.push(
          `${line}: no strategic ${w[1]} (have ${state.strategic.map((x) => x.id).join(', ') || 'none'})`,
        );
      checkFields(`strategic ${s.id}`, s, pairs(w.slice(2)), out, (k) =>
        k === 'progress' ? s.progress.map((p) => p.value) : k === 'dice' ? s.progress.map((p) => p.die) : value(s, k),
      );
      return;
    }
    case 'declared': {
      if (/^\d+$/.test(w[1] ?? '')) {
        if (String(state.declared.length) !== w[1])
          out.push(
            `declared: expected ${w[1]} actions, got ${state.declared.length} (${state.declared.map((a) => a.id).join(', ')})`,
          );
        return;
      }
      const a = state.declared.find((x) => x.id === w[1]);
      if (neg) return void (a && out.push(`${line}: ${w[1]} is declared`));
      if (!a)
        return void out.push(
          `${line}: no declared action ${w[1]} (have ${state.declared.map((x) => x.id).join(', ') || 'none'})`,
        );
      checkFields(`declared ${a.id}`, a, pairs(w.slice(2)), out);
      return;
    }
    case 'event': {
      const type = w[1];
      if (!type) throw new Error('event needs a type');
      const r = checkEvents(events.map(withMods), type, pairs(w.slice(2)), neg, line);
      if (r) out.push(r);
      return;
    }
    case 'events': {
      const n = events.filter((e) => e.type === w[1]).length;
      if (String(n) !== w[2]) out.push(`events ${w[1]}: expected ${w[2]}, got ${n}`);
      return;
    }
    default:
      throw new Error(
        `unknown POSTSTATE check "${w[0]}" (turn, stage, country, order, figure, influence, strategic, declared, event, events)`,
      );
  }
}

export const cases: CaseSupport<NationState> = { parseState, checkState };
