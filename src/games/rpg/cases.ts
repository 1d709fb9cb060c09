// Rule cases (games/rpg/cases/): the PRESTATE and POSTSTATE blocks.
//
// PRESTATE, one "key: value" per line:
//   players: alfa bara            (required; ids, names = ids)
//   luck: alfa=7 bara=3           (optional)
//   round: 1                      (optional, default 1)
//   title: The Crypt              (optional)
//   system: success               (optional: gauss20, the default, or success)
//   numbers: hidden               (optional: players see only words)
//   sheet alfa.skill.взлом: 10    a sheet line, as the GM's DECIDE set:<who>.<field> (a new id makes an NPC)
//   trial T1: Побег; progress 3; risk 2; difficulty 2      an open trial, as DECIDE trial:<id>
//   series alfa: madness=1 horror=0
// POSTSTATE, one check per line, on the rolls of the round just adjudicated:
//   round: 2                      the round now being ordered
//   rolls: 3                      how many rolls were made
//   roll alfa 1: 8 success        alfa's first roll: its result, optionally its outcome key (gm for the GM's)
//   spec alfa 1: gauss20 luck:7   the spec as rolled (luck filled in)
//   dice alfa 1: 4 6 2 | 1 1 1    the faces rolled, attempts split by "|"
//   trial T1: 3/1 open            successes/failures and status
//   team t: 7 success             a team check's sum and outcome
//   sheet alfa.skill.взлом: 12    a sheet's field after the round
//   series alfa: madness=2        a running series
//   view alfa ru: ~промах вверх   the reader's report (rolls, teams, trials, narrative, own sheet) contains it; !~ = does not
//   event trial change=ended      an event (no event … for none), as every kind's cases
import type { CaseSupport, GameEvent } from '../../engine/types.js';
import { checkEvents } from '../../engine/cases.js';
import { GAUSS } from '../../dice/index.js';
import { applyAdjustments, checkDecision } from './gm.js';
import { DEFAULT_PHASE_LABEL, DEFAULT_TITLE } from './setup.js';
import { emptySheet, findSheet, key } from './sheets.js';
import type { RpgEvent, RpgRoll, RpgState } from './types.js';
import { view } from './view.js';

function keyValues(text: string): { key: string; value: string; line: string }[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/(^|\s)#.*$/, '').trim())
    .filter((l) => l !== '')
    .map((line) => {
      if (/^(no\s+)?event\s/.test(line)) return { key: line, value: '', line };
      const m = /^([^:]+):\s*(.*)$/.exec(line);
      if (!m) throw new Error(`rpg case: "${line}" is not "key: value"`);
      return { key: m[1]!.trim(), value: m[2]!.trim(), line };
    });
}

function wholeNumber(value: string, what: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^[+-]?\d+$/.test(value) || n < min || n > max)
    throw new Error(`rpg case: ${what} "${value}" must be a whole number ${min}..${max}`);
  return n;
}

export function parseState(text: string): RpgState {
  const state: RpgState = {
    kind: 'rpg',
    title: DEFAULT_TITLE,
    phaseLabel: DEFAULT_PHASE_LABEL,
    players: [],
    luck: {},
    round: 1,
    log: [],
    system: 'gauss20',
    showNumbers: true,
    instant: false,
    sheets: {},
    trials: [],
    series: {},
    teams: [],
    revealed: null,
  };
  let players: string[] | null = null;
  const later: { id: string; value: string; line: string }[] = [];
  for (const { key: k, value, line } of keyValues(text)) {
    const sheet = /^sheet\s+(\S+)$/.exec(k);
    const trial = /^trial\s+(\S+)$/.exec(k);
    const series = /^series\s+(\S+)$/.exec(k);
    if (sheet) later.push({ id: `set:${sheet[1]!.toLowerCase()}`, value, line });
    else if (trial) later.push({ id: `trial:${trial[1]!}`, value, line });
    else if (series) {
      for (const pair of value.split(/\s+/).filter(Boolean)) {
        const [kind, n] = pair.split('=');
        if (kind !== 'madness' && kind !== 'horror')
          throw new Error(`rpg case: series "${pair}" must be madness=N or horror=N`);
        (state.series[series[1]!] ??= { madness: 0, horror: 0 })[kind] = wholeNumber(n ?? '', `series ${kind}`, 0, 100);
      }
    } else
      switch (k) {
        case 'players':
          players = value.split(/\s+/).filter((p) => p !== '');
          break;
        case 'luck':
          for (const pair of value.split(/\s+/).filter((p) => p !== '')) {
            const [id, n] = pair.split('=');
            if (!id || n === undefined) throw new Error(`rpg case: luck "${pair}" must be player=N`);
            state.luck[id] = wholeNumber(n, `luck of ${id}`, GAUSS.luck.min, GAUSS.luck.max);
          }
          break;
        case 'round':
          state.round = wholeNumber(value, 'round', 1, Number.MAX_SAFE_INTEGER);
          break;
        case 'title':
          state.title = value;
          break;
        case 'system':
          if (value !== 'gauss20' && value !== 'success')
            throw new Error(`rpg case: system "${value}" must be gauss20 or success`);
          state.system = value;
          break;
        case 'numbers':
          if (value !== 'hidden' && value !== 'shown')
            throw new Error(`rpg case: numbers "${value}" must be hidden or shown`);
          state.showNumbers = value === 'shown';
          break;
        default:
          throw new Error(
            `rpg case: unknown PRESTATE key "${k}" (known: players, luck, round, title, system, numbers, sheet <who>.<field>, trial <id>, series <id>)`,
          );
      }
  }
  if (!players || players.length === 0) throw new Error('rpg case: PRESTATE needs "players: <id> <id> ..."');
  const ids = players;
  state.players = ids.map((id) => ({ id, name: id }));
  const unknown = Object.keys(state.luck).filter((id) => !ids.includes(id));
  if (unknown.length > 0) throw new Error(`rpg case: luck for unknown players ${unknown.join(', ')}`);
  // Sheet and trial lines go through the GM's own checks, in order.
  for (const { id, value, line } of later) {
    const who = /^set:([^.]+)\./.exec(id)?.[1];
    if (who && ids.includes(who) && !findSheet(state, who))
      state.sheets[who] = emptySheet(who, who, who, state.luck[who] ?? GAUSS.luck.neutral);
    const checked = checkDecision(state, id, value, 'en');
    if ('error' in checked) throw new Error(`rpg case: ${line}: ${checked.error}`);
    applyAdjustments(state, { [id]: checked.value });
  }
  return state;
}

const ROLL_CHECK = /^(roll|spec|dice)\s+(\S+)\s+(\d+)$/;

export function checkState(state: RpgState, expected: string, events: GameEvent[]): string[] {
  const lastRound = state.log.filter((r) => r.round === state.round - 1);
  const problems: string[] = [];
  for (const { key: k, value, line } of keyValues(expected)) {
    if (k === 'round') {
      if (String(state.round) !== value) problems.push(`${line}: the round is ${state.round}`);
      continue;
    }
    if (k === 'rolls') {
      if (String(lastRound.length) !== value) problems.push(`${line}: ${lastRound.length} rolls were made`);
      continue;
    }
    const ev = /^(no\s+)?event\s+(\S+)(.*)$/.exec(`${k}:${value}`.replace(/:$/, ''));
    if (ev) {
      const conds = ev[3]!
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map((c) => {
          const m = /^([^=~]+)([=~])(.*)$/.exec(c);
          if (!m) throw new Error(`rpg case: "${c}" must be key=value or key~part`);
          return { key: m[1]!, op: m[2] as '=' | '~', value: m[3]! };
        });
      const p = checkEvents(events, ev[2]!, conds, !!ev[1], line);
      if (p) problems.push(p);
      continue;
    }
    let m = /^trial\s+(\S+)$/.exec(k);
    if (m) {
      const t = state.trials.find((x) => key(x.id) === key(m![1]!));
      const actual = t ? `${t.successes}/${t.failures} ${t.status}` : 'none';
      if (actual !== value) problems.push(`${line}: got ${actual}`);
      continue;
    }
    m = /^team\s+(\S+)$/.exec(k);
    if (m) {
      const t = state.teams.find((x) => x.id === key(m![1]!));
      const actual = t ? `${t.sum} ${t.outcome}` : 'none';
      if (actual !== value) problems.push(`${line}: got ${actual}`);
      continue;
    }
    m = /^series\s+(\S+)$/.exec(k);
    if (m) {
      const s = state.series[m[1]!] ?? { madness: 0, horror: 0 };
      for (const pair of value.split(/\s+/).filter(Boolean)) {
        const [kind, n] = pair.split('=') as ['madness' | 'horror', string];
        if (String(s[kind]) !== n) problems.push(`${line}: ${kind} is ${s[kind]}`);
      }
      continue;
    }
    m = /^sheet\s+([^.]+)\.(.+)$/.exec(k);
    if (m) {
      const sh = findSheet(state, m[1]!);
      const path = m[2]!.split('.');
      let v: unknown = sh;
      for (const part of path)
        v = v && typeof v === 'object' ? Object.entries(v).find(([x]) => key(x) === key(part))?.[1] : undefined;
      const actual =
        v === undefined || v === null
          ? 'none'
          : Array.isArray(v)
            ? v.join(', ')
            : typeof v === 'object'
              ? JSON.stringify(v)
              : String(v);
      if (actual !== value) problems.push(`${line}: got ${actual}`);
      continue;
    }
    m = /^view\s+(\S+)(?:\s+(en|cs|ru))?$/.exec(k);
    if (m) {
      const reader = m[1]!;
      const r = view(state, events as RpgEvent[], reader, (m[2] as 'en' | 'cs' | 'ru') ?? 'en');
      const text = [
        ...r.rolls.map((x) => `${x.head} ${x.text}`),
        ...r.teams,
        ...r.trials.map((t) => `${t.id} ${t.text}`),
        ...r.narrative,
        ...(r.sheet?.lines ?? []),
      ].join('\n');
      const neg = value.startsWith('!~');
      const part = value.replace(/^!?~/, '').trim();
      if (text.toLowerCase().includes(part.toLowerCase()) === neg)
        problems.push(`${line}: the report of ${reader} ${neg ? 'contains' : 'lacks'} it:\n${text}`);
      continue;
    }
    const rm = ROLL_CHECK.exec(k);
    if (!rm) {
      problems.push(
        `${line}: unknown POSTSTATE check (known: round, rolls, roll <player> <n>, spec <player> <n>, dice <player> <n>, trial, team, sheet, series, view, event)`,
      );
      continue;
    }
    const [, what, player, nth] = rm;
    const roll: RpgRoll | undefined = lastRound.filter((r) => r.player === player)[Number(nth) - 1];
    if (!roll) {
      problems.push(`${line}: ${player} has no roll ${nth} this round`);
      continue;
    }
    const actual =
      what === 'roll'
        ? value.split(/\s+/).length > 1
          ? `${roll.result} ${roll.outcome ?? '-'}`
          : String(roll.result)
        : what === 'spec'
          ? roll.spec
          : roll.dice.map((a) => a.join(' ')).join(' | ');
    if (actual !== value.replace(/\s+/g, ' ')) problems.push(`${line}: got ${actual}`);
  }
  return problems;
}

export const cases: CaseSupport<RpgState> = { parseState, checkState };
