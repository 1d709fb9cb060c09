// Rule cases (games/rpg/cases/): the PRESTATE and POSTSTATE blocks.
//
// PRESTATE, one "key: value" per line:
//   players: alfa bara            (required; ids, names = ids)
//   luck: alfa=7 bara=3           (optional)
//   round: 1                      (optional, default 1)
//   title: The Crypt              (optional)
// POSTSTATE, one check per line, on the rolls of the round just adjudicated:
//   round: 2                      the round now being ordered
//   rolls: 3                      how many rolls were made
//   roll alfa 1: 8 success        alfa's first roll: its result, optionally its outcome key
//   spec alfa 1: gauss20 luck:7   the spec as rolled (luck filled in)
//   dice alfa 1: 4 6 2 | 1 1 1    the faces rolled, attempts split by "|"
import type { CaseSupport, GameEvent } from '../../engine/types.js';
import { GAUSS } from '../../dice/index.js';
import { DEFAULT_PHASE_LABEL, DEFAULT_TITLE } from './setup.js';
import type { RpgRoll, RpgState } from './types.js';

function keyValues(text: string): { key: string; value: string; line: string }[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter((l) => l !== '')
    .map((line) => {
      const m = /^([^:]+):\s*(.*)$/.exec(line);
      if (!m) throw new Error(`rpg case: "${line}" is not "key: value"`);
      return { key: m[1]!.trim(), value: m[2]!.trim(), line };
    });
}

function wholeNumber(value: string, what: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^[+-]?\d+$/.test(value) || n < min || n > max) throw new Error(`rpg case: ${what} "${value}" must be a whole number ${min}..${max}`);
  return n;
}

export function parseState(text: string): RpgState {
  const state: RpgState = { kind: 'rpg', title: DEFAULT_TITLE, phaseLabel: DEFAULT_PHASE_LABEL, players: [], luck: {}, round: 1, log: [] };
  let players: string[] | null = null;
  for (const { key, value } of keyValues(text)) {
    switch (key) {
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
      default:
        throw new Error(`rpg case: unknown PRESTATE key "${key}" (known: players, luck, round, title)`);
    }
  }
  if (!players || players.length === 0) throw new Error('rpg case: PRESTATE needs "players: <id> <id> ..."');
  const ids = players;
  state.players = ids.map((id) => ({ id, name: id }));
  const unknown = Object.keys(state.luck).filter((id) => !ids.includes(id));
  if (unknown.length > 0) throw new Error(`rpg case: luck for unknown players ${unknown.join(', ')}`);
  return state;
}

const ROLL_CHECK = /^(roll|spec|dice)\s+(\S+)\s+(\d+)$/;

export function checkState(state: RpgState, expected: string, _events: GameEvent[]): string[] {
  const lastRound = state.log.filter((r) => r.round === state.round - 1);
  const problems: string[] = [];
  for (const { key, value, line } of keyValues(expected)) {
    if (key === 'round') {
      if (String(state.round) !== value) problems.push(`${line}: the round is ${state.round}`);
      continue;
    }
    if (key === 'rolls') {
      if (String(lastRound.length) !== value) problems.push(`${line}: ${lastRound.length} rolls were made`);
      continue;
    }
    const m = ROLL_CHECK.exec(key);
    if (!m) {
      problems.push(`${line}: unknown POSTSTATE check (known: round, rolls, roll <player> <n>, spec <player> <n>, dice <player> <n>)`);
      continue;
    }
    const [, what, player, nth] = m;
    const roll: RpgRoll | undefined = lastRound.filter((r) => r.player === player)[Number(nth) - 1];
    if (!roll) {
      problems.push(`${line}: ${player} has no roll ${nth} this round`);
      continue;
    }
    const actual =
      what === 'roll'
        ? value.split(/\s+/).length > 1 ? `${roll.result} ${roll.outcome ?? '-'}` : String(roll.result)
        : what === 'spec'
          ? roll.spec
          : roll.dice.map((a) => a.join(' ')).join(' | ');
    if (actual !== value.replace(/\s+/g, ' ')) problems.push(`${line}: got ${actual}`);
  }
  return problems;
}

export const cases: CaseSupport<RpgState> = { parseState, checkState };
