// The PRESTATE notation of the nation rule cases (games/nation/cases/*.case,
// described in cases.ts): one thing per line, read into a full state.
import { slotPeriods } from './influence.js';
import { parseLevel } from './ladder.js';
import { setPenalties } from './modifiers.js';
import { entityType } from './penalties.js';
import { styleProblems } from './style.js';
import {
  COUNTRY_ATTRS,
  DIRECTIONS,
  type ActorRef,
  type Country,
  type DeclaredAction,
  type Direction,
  type Figure,
  type NationState,
  type Society,
  type Strategic,
} from './types.js';
import { collate } from '../../engine/collate.js';

export function words(line: string): string[] {
  return [...line.matchAll(/(\S+?=)?"([^"]*)"|(\S+?=)?«([^»]*)»|(\S+)/g)].map((m) =>
    m[2] !== undefined ? `${m[1] ?? ''}${m[2]}` : m[4] !== undefined ? `${m[3] ?? ''}${m[4]}` : m[5]!,
  );
}

export function pairs(ws: string[]): { key: string; op: '=' | '~'; value: string }[] {
  return ws.map((w) => {
    const m = /^([^=~]+)([=~])(.*)$/s.exec(w);
    if (!m) throw new Error(`expected key=value, got "${w}"`);
    return { key: m[1]!, op: m[2] as '=' | '~', value: m[3]! };
  });
}

function level(v: string, what: string): number {
  const n = parseLevel(v);
  if (n === null) throw new Error(`${what}: "${v}" is not a ladder level`);
  return n;
}

function int(v: string, what: string): number {
  const n = Number(v.replace('−', '-'));
  if (!Number.isInteger(n)) throw new Error(`${what}: "${v}" is not a whole number`);
  return n;
}

export const list = (v: string) => (v === '' || v === 'none' ? [] : v.split(','));

export function parseState(text: string): NationState {
  const state: NationState = {
    kind: 'nation',
    title: 'case',
    turn: 1,
    stage: 1,
    players: [],
    countries: [],
    orders: [],
    figures: [],
    strategic: [],
    declared: [],
    settings: { yearsPerTurn: 1, difficulty: 0 },
  };
  const lines = text
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const addPlayer = (id: string, name?: string) => {
    const p = state.players.find((x) => x.id === id);
    if (!p) state.players.push({ id, name: name ?? id });
    else if (name) p.name = name;
  };
  const later: string[][] = [];
  // Players and countries first, so that order of lines does not matter.
  for (const l of lines) {
    const ws = words(l);
    if (ws[0] === 'player') {
      const id = ws[1];
      if (!id) throw new Error('player needs an id');
      const name = pairs(ws.slice(2)).find((p) => p.key === 'name')?.value;
      addPlayer(id, name);
    } else if (ws[0] === 'country') {
      const id = ws[1];
      if (!id) throw new Error('country needs an id');
      const c: Country = {
        id,
        player: id,
        name: id,
        free: {},
        attrs: Object.fromEntries(COUNTRY_ATTRS.map((a) => [a, 0])) as Country['attrs'],
        parties: [],
        religions: [],
        climate: '',
        tech: '',
        stateReligion: null,
        style: Object.fromEntries(DIRECTIONS.map((d) => [d, 0])) as Country['style'],
        growth: 0,
      };
      for (const { key, value } of pairs(ws.slice(2))) {
        if ((COUNTRY_ATTRS as readonly string[]).includes(key))
          c.attrs[key as keyof Country['attrs']] = level(value, `country ${id} ${key}`);
        else if (key === 'player') c.player = value;
        else if (key === 'name') c.name = value;
        else if (key === 'growth') c.growth = int(value, `country ${id} growth`);
        else if (key === 'climate' || key === 'tech') c[key] = value;
        else if (key === 'religion') c.stateReligion = value === 'none' ? null : value;
        else throw new Error(`country ${id}: unknown attribute "${key}"`);
      }
      addPlayer(c.player);
      state.countries.push(c);
    } else later.push(ws);
  }
  const all = () => state.players.map((p) => p.id);
  const country = (id: string) => {
    const c = state.countries.find((x) => x.id === id);
    if (!c) throw new Error(`no country "${id}"`);
    return c;
  };
  const figure = (id: string) => {
    const f = state.figures.find((x) => x.id === id);
    if (!f) throw new Error(`no figure "${id}"`);
    return f;
  };
  const actorOf = (id: string): ActorRef => {
    if (state.countries.some((c) => c.id === id)) return { type: 'country', id };
    if (state.orders.some((o) => o.id === id)) return { type: 'order', id };
    if (state.figures.some((f) => f.id === id)) return { type: 'figure', id };
    throw new Error(`no country, order or figure "${id}"`);
  };
  const ownerOf = (a: ActorRef) =>
    a.type === 'country'
      ? country(a.id).player
      : a.type === 'order'
        ? state.orders.find((o) => o.id === a.id)!.player
        : figure(a.id).player;
  // Orders and figures before what refers to them.
  const rank = (ws: string[]) => ({ order: 0, figure: 1 })[ws[0] as 'order' | 'figure'] ?? 2;
  later.sort((a, b) => rank(a) - rank(b));
  for (const ws of later) {
    const head = ws[0]!;
    const kv = () => pairs(ws.slice(2));
    switch (head) {
      case 'turn': {
        state.turn = int(ws[1] ?? '', 'turn');
        if (ws[2] === 'stage') state.stage = int(ws[3] ?? '', 'stage') === 2 ? 2 : 1;
        break;
      }
      case 'stage':
        state.stage = int(ws[1] ?? '', 'stage') === 2 ? 2 : 1;
        break;
      case 'title':
        state.title = ws.slice(1).join(' ');
        break;
      case 'settings':
        for (const { key, value } of pairs(ws.slice(1))) {
          if (key === 'yearsPerTurn') state.settings.yearsPerTurn = int(value, key);
          else if (key === 'difficulty') state.settings.difficulty = int(value, key);
          else throw new Error(`settings: unknown "${key}"`);
        }
        break;
      case 'style': {
        const c = country(ws[1] ?? '');
        for (const { key, value } of kv()) {
          if (!(DIRECTIONS as readonly string[]).includes(key))
            throw new Error(`style: unknown direction "${key}" (${DIRECTIONS.join(', ')})`);
          c.style[key as Direction] = level(value, `style ${c.id} ${key}`);
        }
        const problems = styleProblems(c.style, 'en');
        if (problems.length) throw new Error(`style ${c.id}: ${problems.join('; ')}`);
        break;
      }
      case 'party':
      case 'religion': {
        const c = country(ws[1] ?? '');
        for (const { key, value } of kv())
          (head === 'party' ? c.parties : c.religions).push({ name: key, influence: level(value, `${head} ${key}`) });
        break;
      }
      case 'order': {
        const id = ws[1];
        if (!id) throw new Error('order needs an id');
        const o: Society = {
          id,
          name: id,
          player: '',
          country: '',
          size: 0,
          secrecy: 'public',
          knownBy: [],
          description: '',
        };
        let knownBy: string[] | null = null;
        for (const { key, value } of kv()) {
          if (key === 'in') o.country = country(value).id;
          else if (key === 'player') o.player = value;
          else if (key === 'name') o.name = value;
          else if (key === 'size') o.size = level(value, `order ${id} size`);
          else if (key === 'secrecy') {
            if (!['underground', 'partial', 'public'].includes(value))
              throw new Error(`order ${id}: secrecy underground, partial or public`);
            o.secrecy = value as Society['secrecy'];
          } else if (key === 'knownBy') knownBy = list(value);
          else throw new Error(`order ${id}: unknown attribute "${key}"`);
        }
        if (!o.country) throw new Error(`order ${id} needs in=<country>`);
        if (!o.player) o.player = country(o.country).player;
        addPlayer(o.player);
        o.knownBy =
          o.secrecy === 'public'
            ? all()
            : o.secrecy === 'underground'
              ? [o.player]
              : [...new Set([o.player, ...(knownBy ?? [])])];
        if (o.secrecy === 'partial' && o.knownBy.length < 2)
          throw new Error(`order ${id}: a partial order needs knownBy=<another player>`);
        state.orders.push(o);
        break;
      }
      case 'figure': {
        const id = ws[1];
        if (!id) throw new Error('figure needs an id');
        const f: Figure = {
          id,
          name: id,
          player: '',
          country: '',
          age: 30,
          influentiality: 0,
          secrecy: 'known',
          knownBy: [],
          influence: [],
          slotsUsed: [],
          description: '',
        };
        let knownBy: string[] | null = null;
        let slots: (number | null)[] | null = null;
        for (const { key, value } of kv()) {
          if (key === 'in') f.country = country(value).id;
          else if (key === 'player') f.player = value;
          else if (key === 'name') f.name = value;
          else if (key === 'age') f.age = int(value, `figure ${id} age`);
          else if (key === 'influentiality') f.influentiality = level(value, `figure ${id} influentiality`);
          else if (key === 'secrecy') {
            if (!['underground', 'known'].includes(value))
              throw new Error(`figure ${id}: secrecy underground or known`);
            f.secrecy = value as Figure['secrecy'];
          } else if (key === 'knownBy') knownBy = list(value);
          else if (key === 'slots')
            slots = value.split(',').map((x) => (x === '-' || x === 'none' ? null : int(x, `figure ${id} slots`)));
          else throw new Error(`figure ${id}: unknown attribute "${key}"`);
        }
        if (!f.country) throw new Error(`figure ${id} needs in=<country>`);
        if (!f.player) f.player = country(f.country).player;
        addPlayer(f.player);
        f.knownBy = f.secrecy === 'underground' ? [f.player] : knownBy ? [...new Set([f.player, ...knownBy])] : all();
        f.slotsUsed = slotPeriods(f.influentiality).map((_, i) => slots?.[i] ?? null);
        state.figures.push(f);
        break;
      }
      default:
        break;
    }
  }
  // Public orders and known figures are known to every player (those added late too).
  for (const o of state.orders) if (o.secrecy === 'public') o.knownBy = all();
  for (const ws of later) {
    const head = ws[0]!;
    const kv = () => pairs(ws.slice(2));
    switch (head) {
      case 'influence': {
        const f = figure(ws[1] ?? '');
        const inf = { order: '', degree: 0, pi: 0, permanent: null as string | null };
        for (const { key, value } of kv()) {
          if (key === 'on') inf.order = actorOf(value).id;
          else if (key === 'degree') inf.degree = level(value, 'degree');
          else if (key === 'pi') inf.pi = int(value, 'pi');
          else if (key === 'permanent') inf.permanent = value === 'none' ? null : value;
          else throw new Error(`influence: unknown attribute "${key}"`);
        }
        if (!inf.order) throw new Error('influence needs on=<order>');
        f.influence.push(inf);
        break;
      }
      case 'strategic': {
        const id = ws[1];
        if (!id) throw new Error('strategic needs an id');
        const s: Strategic = {
          id,
          actor: { type: 'country', id: '' },
          player: '',
          goal: id,
          direction: 'wisdom',
          visibility: 'public',
          mode: 'ask-time',
          estimate: null,
          difficulty: 0,
          planned: null,
          startedTurn: 1,
          progress: [],
          status: 'active',
          result: null,
        };
        for (const { key, value } of kv()) {
          if (key === 'by') s.actor = actorOf(value);
          else if (key === 'goal') s.goal = value;
          else if (key === 'direction') s.direction = value as Direction;
          else if (key === 'visibility') s.visibility = value as Strategic['visibility'];
          else if (key === 'mode') s.mode = value as Strategic['mode'];
          else if (key === 'estimate') s.estimate = value === 'none' ? null : int(value, 'estimate');
          else if (key === 'planned') s.planned = value === 'none' ? null : int(value, 'planned');
          else if (key === 'difficulty') s.difficulty = int(value, 'difficulty');
          else if (key === 'started') s.startedTurn = int(value, 'started');
          else if (key === 'status') s.status = value as Strategic['status'];
          else if (key === 'progress')
            s.progress = list(value).map((v, i) => ({
              turn: s.startedTurn + i,
              die: 0,
              modifiers: int(v, 'progress'),
              value: int(v, 'progress'),
            }));
          else throw new Error(`strategic ${id}: unknown attribute "${key}"`);
        }
        if (!s.actor.id) throw new Error(`strategic ${id} needs by=<country or order>`);
        if (!(DIRECTIONS as readonly string[]).includes(s.direction))
          throw new Error(`strategic ${id}: unknown direction "${s.direction}"`);
        s.player = ownerOf(s.actor);
        if (s.planned === null && s.estimate !== null && s.mode === 'ask-time') s.planned = s.estimate;
        state.strategic.push(s);
        break;
      }
      case 'declared': {
        const id = ws[1];
        if (!id) throw new Error('declared needs an id');
        const a: DeclaredAction = {
          id,
          stage: id.startsWith('F') ? 2 : 1,
          actor: { type: 'country', id: '' },
          player: '',
          visibility: 'public',
          direction: 'wisdom',
          text: id,
          scale: null,
          strategic: null,
          influence: null,
          gainInfluence: null,
          rank: 0,
        };
        for (const { key, value } of kv()) {
          if (key === 'by') a.actor = actorOf(value);
          else if (key === 'visibility') a.visibility = value as DeclaredAction['visibility'];
          else if (key === 'direction') a.direction = value as Direction;
          else if (key === 'text') a.text = value;
          else if (key === 'scale') a.scale = level(value, 'scale');
          else if (key === 'strategic') a.strategic = value;
          else throw new Error(`declared ${id}: unknown attribute "${key}"`);
        }
        if (!a.actor.id) throw new Error(`declared ${id} needs by=<actor>`);
        if (!(DIRECTIONS as readonly string[]).includes(a.direction))
          throw new Error(`declared ${id}: unknown direction "${a.direction}"`);
        if (a.strategic) {
          const s = state.strategic.find((x) => x.id === a.strategic);
          if (!s) throw new Error(`declared ${id}: no strategic ${a.strategic}`);
          a.direction = s.direction;
        }
        a.player = ownerOf(a.actor);
        a.rank =
          state.declared.filter(
            (x) => x.actor.type === a.actor.type && x.actor.id === a.actor.id && x.visibility === a.visibility,
          ).length + 1;
        state.declared.push(a);
        break;
      }
      case 'turn':
      case 'stage':
      case 'title':
      case 'settings':
      case 'style':
      case 'party':
      case 'religion':
      case 'order':
      case 'figure':
        break;
      default:
        throw new Error(`unknown PRESTATE line "${ws.join(' ')}"`);
    }
  }
  setPenalties(state.declared, (a) => entityType(state, a.actor));
  state.players.sort((a, b) => collate(a.id, b.id));
  return state;
}

/** A value of an entity by a check key (shortcuts for attributes, style, parties). */
