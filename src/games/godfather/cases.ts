// Rule-case support (games/godfather/cases/*.case): the PRESTATE notation that
// builds a state and the POSTSTATE notation that checks one. See the README there.
import { checkEvents, fieldMatches } from '../../engine/cases.js';
import type { CaseSupport, GameEvent, Lang } from '../../engine/types.js';
import { emptyState, newPlayer } from './setup.js';
import { CHARACTER_SLUGS, ROLE_SLUGS } from './tables.js';
import { DEFAULT_OPTIONS, expectsOrdersFrom, type ActionWord, type GPlayer, type GState } from './state.js';
import { view } from './view.js';
import { collate } from '../../engine/collate.js';

/** Words; "quoted words" and key="quoted value" stay together (quotes dropped). */
function words(line: string): string[] {
  return [...line.matchAll(/([^\s"]*)"([^"]*)"|(\S+)/g)].map((m) => (m[3] !== undefined ? m[3] : `${m[1]}${m[2]}`));
}

function attrs(ws: string[]): { key: string; op: '=' | '~'; value: string }[] {
  return ws.map((w) => {
    const m = /^([A-Za-z0-9_.>-]+)([=~])(.*)$/s.exec(w);
    if (!m) throw new Error(`expected key=value, got "${w}"`);
    return { key: m[1]!, op: m[2] as '=' | '~', value: m[3]! };
  });
}

const yes = (v: string) => v === 'yes' || v === 'true';
const SLOTS: Record<string, number> = { morning: 0, '09': 0, '09-15': 0, afternoon: 1, '15': 1, '15-21': 1, night: 2 };

export function timeIndex(ws: string[]): number {
  const day = Number(ws[0]);
  const slot = SLOTS[ws[1] ?? 'morning'];
  if (!Number.isInteger(day) || day < 1 || slot === undefined)
    throw new Error(`time: "day slot", e.g. "time 2 night" (slot: morning | afternoon | night)`);
  return 3 * (day - 1) + slot;
}

export function parseState(text: string): GState {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('//') && !l.startsWith('#'));
  const players: GPlayer[] = [];
  const s = emptyState('case', 7, players);
  for (const l of lines) {
    const ws = words(l);
    switch (ws[0]) {
      case 'player': {
        const id = ws[1];
        if (!id) throw new Error('player needs an id');
        const a = attrs(ws.slice(2));
        const get = (k: string) => a.find((x) => x.key === k)?.value;
        const r = get('role') ?? 'commoner';
        const c = get('character') ?? 'influential';
        if (!ROLE_SLUGS.includes(r)) throw new Error(`unknown role "${r}" (${ROLE_SLUGS.join(', ')})`);
        if (!CHARACTER_SLUGS.includes(c)) throw new Error(`unknown character "${c}" (${CHARACTER_SLUGS.join(', ')})`);
        const p = newPlayer(
          { id, name: get('name') ?? id, email: `${id}@example.org`, lang: (get('lang') ?? 'en') as Lang },
          r,
          c,
        );
        for (const { key, value } of a) {
          if (key === 'role' || key === 'character' || key === 'name' || key === 'lang') continue;
          if (key === 'vo') p.vo = Number(value);
          else if (key === 'tv') p.tv = Number(value);
          else if (key === 'prison') p.prison = yes(value);
          else if (key === 'dead') p.alive = !yes(value);
          else if (key === 'poisoned') p.poisonedAt = Number(value);
          else if (key === 'acted')
            p.mainHalf = yes(value) ? -1 : null; // fixed up below
          else if (key === 'tricked')
            p.extraHalf = yes(value) ? -1 : null; // the Хитрец's extra action this half
          else if (key === 'gender') p.gender = value as 'm' | 'f';
          else if (key === 'aliases') p.aliases = value.split(',');
          else if (key === 'gainedCharacter') p.gainedCharacter = value;
          else if (key === 'gainedRole') p.gainedRole = value;
          else if (key === 'lost') p.lost = value.split(',');
          else if (key === 'bonus') p.bonusStat = value as 'vo' | 'tv';
          else if (key === 'voteChanges') p.voteChanges = Number(value);
          else if (key.startsWith('used.')) p.used[key.slice(5)] = Number(value);
          else throw new Error(`unknown player attribute "${key}"`);
        }
        players.push(p);
        break;
      }
      case 'time':
        s.t = timeIndex(ws.slice(1));
        break;
      case 'end-day':
        s.endDay = Number(ws[1]);
        break;
      case 'option': {
        // option smartAnonymous=0 (the setup's options)
        s.options = { ...DEFAULT_OPTIONS, ...(s.options ?? {}) };
        for (const x of attrs(ws.slice(1))) {
          if (!(x.key in DEFAULT_OPTIONS))
            throw new Error(`unknown option "${x.key}" (${Object.keys(DEFAULT_OPTIONS).join(', ')})`);
          (s.options as unknown as Record<string, number>)[x.key] = Number(x.value);
        }
        break;
      }
      case 'loss': {
        // loss t=0 target=b stat=vo delta=-3 by=c (a loss caused earlier this day, for Божья кара)
        const a = Object.fromEntries(attrs(ws.slice(1)).map((x) => [x.key, x.value]));
        (s.losses ??= []).push({
          t: Number(a.t ?? s.t),
          target: a.target!,
          stat: (a.stat ?? 'vo') as 'vo' | 'tv',
          delta: Number(a.delta),
          by: a.by!,
        });
        break;
      }
      case 'faction': {
        const a = attrs(ws.slice(2));
        const get = (k: string) => a.find((x) => x.key === k)?.value;
        const members = (get('members') ?? '').split(',').filter(Boolean).sort();
        const joinedAll = Number(get('joined') ?? -9);
        const joined = Object.fromEntries(members.map((m) => [m, Number(get(`joined.${m}`) ?? joinedAll)]));
        s.factions.push({
          id: ws[1]!,
          leader: get('leader') ?? members[0]!,
          members,
          joined,
          expelDay: get('expelDay') ? Number(get('expelDay')) : null,
        });
        s.nextFaction = Math.max(s.nextFaction, Number(ws[1]!.replace(/\D/g, '')) + 1);
        break;
      }
      case 'lasting': {
        const a = attrs(ws.slice(2));
        const get = (k: string) => a.find((x) => x.key === k)?.value;
        const params: Record<string, string | number> = {};
        for (const x of a)
          if (!['target', 'by', 'from', 'until'].includes(x.key))
            params[x.key] = /^-?\d+$/.test(x.value) ? Number(x.value) : x.value;
        s.lasting.push({
          type: ws[1]!,
          target: get('target')!,
          by: get('by') ?? get('target')!,
          from: Number(get('from') ?? 0),
          until: Number(get('until') ?? 99),
          ...(Object.keys(params).length ? { params } : {}),
        });
        break;
      }
      case 'vote': {
        const a = attrs(ws.slice(1));
        const get = (k: string) => a.find((x) => x.key === k)?.value;
        const list = (get('list') ?? '').split(',').filter(Boolean);
        const ballots = Object.fromEntries(
          a.filter((x) => x.key.startsWith('ballot.')).map((x) => [x.key.slice(7), x.value]),
        );
        const strength = Object.fromEntries(
          a.filter((x) => x.key.startsWith('strength.')).map((x) => [x.key.slice(9), Number(x.value)]),
        );
        s.vote = { day: Number(get('day') ?? Math.floor(s.t / 3) + 1), list, strength, ballots };
        break;
      }
      case 'invitation': {
        const a = Object.fromEntries(attrs(ws.slice(1)).map((x) => [x.key, x.value]));
        s.invitations.push({ from: a.from!, to: a.to!, t: Number(a.t ?? s.t), faction: a.faction ?? null });
        break;
      }
      case 'anon': {
        const a = Object.fromEntries(attrs(ws.slice(1)).map((x) => [x.key, x.value]));
        s.anons.push({ no: Number(a.no), author: a.author!, t: Number(a.t ?? 0), hidden: yes(a.hidden ?? 'no') });
        s.nextAnon = Math.max(s.nextAnon, Number(a.no) + 1);
        break;
      }
      case 'forced': {
        const a = Object.fromEntries(attrs(ws.slice(1)).map((x) => [x.key, x.value]));
        s.forced.push({
          target: a.target!,
          by: a.by!,
          key: a.key ?? null,
          kind: (a.kind as ActionWord | undefined) ?? null,
          targets: (a.then ?? '').split(',').filter(Boolean),
          args: a.sign ? { sign: a.sign === '-' ? -1 : 1 } : {},
        });
        break;
      }
      case 'history': {
        // history <t> <actor> <action key> <targets,…> [hidden]
        s.history.push({
          t: Number(ws[1]),
          actor: ws[2]!,
          key: ws[3]!,
          targets: (ws[4] ?? '').split(',').filter(Boolean),
          secret: ws[3]!.includes('.secret'),
          hidden: ws[5] === 'hidden',
          ok: true,
        });
        break;
      }
      case 'vo-history': {
        // vo-history <t> alfa=+3 beta=-2
        s.voHistory.push({
          t: Number(ws[1]),
          changes: Object.fromEntries(attrs(ws.slice(2)).map((x) => [x.key, Number(x.value)])),
        });
        break;
      }
      case 'pairs': {
        // pairs alfa>beta=3 … (this game day's privates)
        s.messages.day = Math.floor(s.t / 3) + 1;
        for (const x of attrs(ws.slice(1))) s.messages.pairs[x.key] = Number(x.value);
        break;
      }
      case 'sent': {
        // sent alfa privates=20 anonymous=1
        s.messages.day = Math.floor(s.t / 3) + 1;
        for (const x of attrs(ws.slice(2)))
          (x.key === 'privates' ? s.messages.privates : s.messages.anonymous)[ws[1]!] = Number(x.value);
        break;
      }
      default:
        throw new Error(`unknown PRESTATE line "${l}"`);
    }
  }
  const half = 2 * Math.floor(s.t / 3) + (s.t % 3 === 2 ? 1 : 0);
  for (const p of players) {
    if (p.mainHalf === -1) p.mainHalf = half;
    if (p.extraHalf === -1) p.extraHalf = half;
  }
  players.sort((a, b) => collate(a.id, b.id));
  return s;
}

function playerField(s: GState, id: string, key: string): string {
  const p = s.players.find((x) => x.id === id)!;
  switch (key) {
    case 'alive':
      return p.alive ? 'yes' : 'no';
    case 'prison':
      return p.prison ? 'yes' : 'no';
    case 'poisoned':
      return p.poisonedAt === null ? 'no' : 'yes';
    case 'faction':
      return (
        s.factions
          .filter((f) => f.members.includes(id))
          .map((f) => f.id)
          .join(',') || 'none'
      );
    case 'leader':
      return s.factions.some((f) => f.leader === id) ? 'yes' : 'no';
    case 'lost':
      return p.lost.join(',') || 'none';
    case 'acted':
      return p.mainHalf === 2 * Math.floor(s.t / 3) + (s.t % 3 === 2 ? 1 : 0) ? 'yes' : 'no';
    default:
      if (key.startsWith('used.')) return String(p.used[key.slice(5)] ?? 'none');
      return String((p as unknown as Record<string, unknown>)[key] ?? 'none');
  }
}

export function checkState(state: GState, expected: string, events: GameEvent[]): string[] {
  const out: string[] = [];
  for (const line of expected
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('//') && !l.startsWith('#'))) {
    try {
      checkLine(state, line, events, out);
    } catch (e) {
      out.push(`${line}: ${(e as Error).message}`);
    }
  }
  return out;
}

function checkLine(s: GState, line: string, events: GameEvent[], out: string[]): void {
  const ws0 = words(line);
  const neg = ws0[0] === 'no';
  const w = neg ? ws0.slice(1) : ws0;
  switch (w[0]) {
    case 'player': {
      if (!s.players.some((p) => p.id === w[1])) return void out.push(`${line}: no player ${w[1]}`);
      for (const a of attrs(w.slice(2))) {
        const got = playerField(s, w[1]!, a.key);
        if (!fieldMatches(got, a.op, a.value)) out.push(`player ${w[1]} ${a.key}: expected ${a.value}, got ${got}`);
      }
      return;
    }
    case 'faction': {
      const f = s.factions.find((x) => x.id === w[1]);
      if (neg) return void (f && out.push(`${line}: faction exists: ${f.leader} / ${f.members.join(',')}`));
      if (!f)
        return void out.push(
          `${line}: no faction ${w[1]} (factions: ${s.factions.map((x) => `${x.id}:${x.members.join(',')}`).join(' ') || 'none'})`,
        );
      for (const a of attrs(w.slice(2))) {
        const got =
          a.key === 'members' ? f.members.join(',') : String((f as unknown as Record<string, unknown>)[a.key]);
        if (!fieldMatches(got, a.op, a.value)) out.push(`faction ${f.id} ${a.key}: expected ${a.value}, got ${got}`);
      }
      return;
    }
    case 'factions':
      if (String(s.factions.length) !== w[1]) out.push(`factions: expected ${w[1]}, got ${s.factions.length}`);
      return;
    case 'time': {
      const t = timeIndex(w.slice(1));
      if (s.t !== t) out.push(`time: expected period ${t}, got ${s.t}`);
      return;
    }
    case 'end-day':
      if (String(s.endDay) !== w[1]) out.push(`end-day: expected ${w[1]}, got ${s.endDay}`);
      return;
    case 'over': {
      const got = s.over ? 'yes' : 'no';
      if (got !== w[1]) out.push(`over: expected ${w[1]}, got ${got}`);
      for (const a of attrs(w.slice(2)))
        if (a.key === 'winners' && s.winners.join(',') !== a.value)
          out.push(`winners: expected ${a.value}, got ${s.winners.join(',') || 'none'}`);
      return;
    }
    case 'vote': {
      const v = s.vote;
      for (const a of attrs(w.slice(1))) {
        const got =
          a.key === 'list'
            ? (v?.list.join(',') ?? 'none')
            : a.key.startsWith('strength.')
              ? String(v?.strength[a.key.slice(9)] ?? 'none')
              : a.key.startsWith('ballot.')
                ? String(v?.ballots[a.key.slice(7)] ?? 'none')
                : 'none';
        if (!fieldMatches(got, a.op, a.value)) out.push(`vote ${a.key}: expected ${a.value}, got ${got}`);
      }
      return;
    }
    case 'lasting': {
      const conds = attrs(w.slice(2));
      const found = s.lasting.filter(
        (l) =>
          l.type === w[1] &&
          conds.every((c) =>
            fieldMatches(
              c.key in l ? (l as unknown as Record<string, unknown>)[c.key] : l.params?.[c.key],
              c.op,
              c.value,
            ),
          ),
      );
      if (neg && found.length) out.push(`${line}: found ${JSON.stringify(found[0])}`);
      if (!neg && !found.length)
        out.push(`${line}: not found; ${w[1]}: ${JSON.stringify(s.lasting.filter((l) => l.type === w[1]))}`);
      return;
    }
    case 'forced': {
      // forced target=b [key=…] [kind=…]: a blackmail still waiting for its target
      const conds = attrs(w.slice(1));
      const found = s.forced.filter((f) =>
        conds.every((c) => fieldMatches((f as unknown as Record<string, unknown>)[c.key], c.op, c.value)),
      );
      if (neg && found.length) out.push(`${line}: found ${JSON.stringify(found[0])}`);
      if (!neg && !found.length) out.push(`${line}: not found; forced: ${JSON.stringify(s.forced)}`);
      return;
    }
    case 'invitation': {
      const a = Object.fromEntries(attrs(w.slice(1)).map((x) => [x.key, x.value]));
      const found = s.invitations.some((i) => i.from === a.from && i.to === a.to);
      if (found === neg) out.push(`${line}: ${found ? 'found' : 'not found'}`);
      return;
    }
    case 'event':
    case 'result':
    case 'learned':
    case 'notice': {
      const type = w[0] === 'event' ? w[1]! : w[0];
      const rest = w[0] === 'event' ? w.slice(2) : w.slice(1);
      const conds =
        w[0] === 'event'
          ? attrs(rest)
          : [{ key: 'player', op: '=' as const, value: rest[0]! }, ...attrs(rest.slice(1))];
      const problem = checkEvents(events, type, conds, neg, line);
      if (problem) out.push(problem);
      return;
    }
    case 'expects': {
      // expects <player> yes|no: the judge would chase him for orders in this (the next) period
      const got = expectsOrdersFrom(s, w[1]!) ? 'yes' : 'no';
      if (got !== w[2]) out.push(`${line}: expects orders from ${w[1]}: ${got}`);
      return;
    }
    case 'sees': {
      // sees <reader|gm> "text": the reader's report model (ru and en) contains the text
      const reader = w[1]!;
      const text = w[2]!;
      const model =
        JSON.stringify(view(s, events as never, reader, 'ru')) + JSON.stringify(view(s, events as never, reader, 'en'));
      const has = model.toLowerCase().includes(text.toLowerCase());
      if (has === neg) out.push(`${line}: ${has ? 'the report shows it' : 'the report does not show it'}`);
      return;
    }
    default:
      throw new Error('unknown POSTSTATE line');
  }
}

export const caseSupport: CaseSupport<GState> = { parseState, checkState };
