// The order language (games/godfather/ORDERS.md): one order per line, Russian or
// English keywords; messages (ЛИЧНО / АНОНИМНО / ВСЕМ) go to ParseResult.messages.
import type { LineError, OrderContext, OrderEcho, OutgoingMessage, ParseResult, PlayerId, Lang } from '../../engine/types.js';
import {
  LEADER_KEY, actedThisHalf, canLead, canUse, checkTargets, choiceNeeded, effectiveRole, heldActions, isOrdinary, maxFactions, type Problem,
} from './access.js';
import { allActions, character, role, type ActionDef } from './tables.js';
import { dayOf, factionsOf, halfOf, isLeader, player, slotOf, type GState, type OrderArgs, type Stat } from './state.js';
import { L, tr } from './texts.js';

export type Via = 'own' | 'leader' | 'proxy' | 'trick';

export type GOrder =
  | { type: 'act'; line: number; key: string; targets: PlayerId[]; args: OrderArgs; via: Via; proxyKey?: string; member?: PlayerId }
  | { type: 'vote'; line: number; target: PlayerId }
  | { type: 'invite'; line: number; target: PlayerId }
  | { type: 'accept'; line: number; target: PlayerId }
  | { type: 'leave'; line: number; leader: PlayerId | null }
  | { type: 'expel'; line: number; target: PlayerId }
  | { type: 'displace'; line: number; leader: PlayerId | null }
  | { type: 'read'; line: number; target: PlayerId }
  | { type: 'eavesdrop'; line: number; target: PlayerId }
  | { type: 'endday'; line: number }
  | { type: 'bonus'; line: number; stat: Stat };

export function norm(s: string): string {
  return s.toLowerCase().replace(/ё/g, 'е').replace(/[.,;!?]+$/g, '');
}

const KEYWORDS: Record<string, GOrder['type'] | 'private' | 'anonymous' | 'public'> = {};
const kw: [GOrder['type'] | 'private' | 'anonymous' | 'public', string[]][] = [
  ['act', ['действие', 'действовать', 'act', 'action', 'do']],
  ['vote', ['голос', 'голосую', 'голосовать', 'vote']],
  ['invite', ['пригласить', 'приглашаю', 'приглашение', 'invite']],
  ['accept', ['принять', 'принимаю', 'accept']],
  ['leave', ['выйти', 'выхожу', 'покинуть', 'leave']],
  ['expel', ['исключить', 'исключаю', 'expel']],
  ['displace', ['сместить', 'смещаю', 'смещение', 'displace']],
  ['read', ['вскрыть', 'read']],
  ['eavesdrop', ['подслушать', 'eavesdrop', 'overhear']],
  ['endday', ['конец', 'окончание', 'endday']],
  ['bonus', ['бонус', 'bonus']],
  ['private', ['лично', 'личное', 'приват', 'private', 'pm']],
  ['anonymous', ['анонимно', 'анонимка', 'аноним', 'anon', 'anonymous']],
  ['public', ['всем', 'публично', 'public', 'all']],
];
for (const [k, ws] of kw) for (const w of ws) KEYWORDS[w] = k;

const KIND_WORDS: Record<string, string> = {
  'день': 'day', 'дневное': 'day', 'day': 'day',
  'ночь': 'night', 'ночное': 'night', 'night': 'night',
  'индивидуальное': 'individual', 'individual': 'individual',
  'фракционное': 'faction', 'faction': 'faction',
  'геройское': 'hero', 'hero': 'hero',
  'манипуляция': 'manipulation', 'манипуляционное': 'manipulation', 'manipulation': 'manipulation',
  'тайное': 'secret', 'secret': 'secret',
  'лидер': 'leader', 'leader': 'leader',
};

const SIGN: Record<string, 1 | -1> = { '+': 1, '+1': 1, 'плюс': 1, 'plus': 1, 'повысить': 1, 'хороший': 1, 'good': 1, '-': -1, '-1': -1, 'минус': -1, 'minus': -1, 'понизить': -1, 'неуклюжий': -1, 'clumsy': -1 };
const STAT: Record<string, Stat> = { 'во': 'vo', 'vo': 'vo', 'influence': 'vo', 'тв': 'tv', 'tv': 'tv', 'secret': 'tv' };
const GUARD: Record<string, 'execution' | 'prison'> = { 'казнь': 'execution', 'execution': 'execution', 'тюрьма': 'prison', 'prison': 'prison', 'иммунитет': 'prison', 'immunity': 'prison' };
const JAIL: Record<string, 'jail' | 'free'> = { 'посадить': 'jail', 'ловушка': 'jail', 'jail': 'jail', 'trap': 'jail', 'выпустить': 'free', 'побег': 'free', 'free': 'free', 'release': 'free' };

class OrderError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.code);
  }
}
const fail = (code: string, params: Record<string, string | number> = {}): never => {
  throw new OrderError({ code, params });
};
const must = (p: Problem | null): void => {
  if (p) throw new OrderError(p);
};

/** A player named by id or name (any case, ё = е). */
export function findPlayer(state: GState, word: string): PlayerId | null {
  const w = norm(word);
  const p = state.players.find((x) => norm(x.id) === w) ?? state.players.find((x) => norm(x.name) === w);
  return p ? p.id : null;
}

function actionName(def: ActionDef, lang: Lang): string {
  return def.name[L(lang)];
}

/** Players and choice words from tokens; names of several words are matched greedily. */
function parseArgs(state: GState, tokens: string[], allow: { players: boolean; stat?: boolean; sign?: boolean; guard?: boolean; jail?: boolean; number?: boolean }): { players: PlayerId[]; args: OrderArgs } {
  const players: PlayerId[] = [];
  const args: OrderArgs = {};
  const extras: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    let matched = false;
    for (let n = Math.min(3, tokens.length - i); n >= 1 && !matched; n--) {
      const id = findPlayer(state, tokens.slice(i, i + n).join(' '));
      if (id && allow.players) {
        players.push(id);
        i += n - 1;
        matched = true;
      }
    }
    if (matched) continue;
    const w = norm(tokens[i]!);
    if (allow.sign && w in SIGN) args.sign = SIGN[w];
    else if (allow.stat && w in STAT) args.stat = STAT[w];
    else if (allow.guard && w in GUARD) args.guard = GUARD[w];
    else if (allow.jail && w in JAIL) args.jail = JAIL[w];
    else if (allow.number && /^(#|№)?\d+$/.test(w)) args.number = Number(w.replace(/^(#|№)/, ''));
    else if (allow.players && /^[\p{L}\d_-]+$/u.test(tokens[i]!) && !(w in SIGN) && !(w in STAT)) extras.push(tokens[i]!);
    else extras.push(tokens[i]!);
  }
  if (extras.length) {
    if (allow.players && extras.length === 1 && players.length === 0) fail('unknown-player', { word: extras[0]! });
    fail('extra-words', { words: extras.join(' ') });
  }
  return { players, args };
}

function allowFor(def: ActionDef) {
  return { players: true, sign: def.choice === 'sign', stat: def.choice === 'stat', guard: def.choice === 'guard', jail: def.effect === 'jailOrFree', number: def.choice === 'number' };
}

/** An action word: a slug (ru/en) or a kind word, looked up among the actions of `of`. */
export function lookupAction(state: GState, of: PlayerId, word: string): ActionDef | 'leader' | null {
  const w = norm(word);
  const half = halfOf(state.t);
  const held = heldActions(state, of);
  const kind = KIND_WORDS[w];
  if (kind === 'leader') return 'leader';
  if (kind === 'secret') return character(player(state, of).character).actions[half === 'day' ? 0 : 1]!;
  if (kind) return role(effectiveRole(state, of)).actions.find((a) => a.kind === kind)!;
  const bySlug = (list: ActionDef[]) => {
    const m = list.filter((a) => a.slug.ru === w || a.slug.en === w);
    return m.find((a) => a.kind === (half === 'day' ? 'secretDay' : 'secretNight')) ?? m[0] ?? null;
  };
  return bySlug(held) ?? bySlug(allActions());
}

function ordinaryOf(state: GState, id: PlayerId): ActionDef {
  return role(effectiveRole(state, id)).actions[halfOf(state.t) === 'day' ? 0 : 1]!;
}

function describeTargets(state: GState, ids: PlayerId[]): string {
  return ids.map((id) => player(state, id).name).join(', ');
}

function describeArgs(args: OrderArgs, lang: Lang): string {
  const bits: string[] = [];
  if (args.sign) bits.push(args.sign > 0 ? '+' : '-');
  if (args.stat) bits.push(args.stat === 'vo' ? 'ВО' : 'ТВ');
  if (args.guard) bits.push(lang === 'ru' ? (args.guard === 'execution' ? 'защита от казни' : 'иммунитет к тюрьме') : args.guard === 'execution' ? 'protection from execution' : 'immunity from prison');
  if (args.jail) bits.push(lang === 'ru' ? (args.jail === 'jail' ? 'посадить' : 'выпустить') : args.jail);
  if (args.number) bits.push(`№${args.number}`);
  return bits.length ? ` (${bits.join(', ')})` : '';
}

export function describeAct(state: GState, o: Extract<GOrder, { type: 'act' }>, lang: Lang): string {
  const def = allActions().find((a) => a.key === o.key)!;
  let head = actionName(def, lang);
  if (o.via === 'leader') head = `${lang === 'ru' ? 'Действие лидера' : "Leader's action"}: ${player(state, o.member!).name} — ${head}`;
  if (o.via === 'proxy') head = `${actionName(allActions().find((a) => a.key === o.proxyKey)!, lang)}: ${player(state, o.member!).name} — ${head}`;
  if (o.via === 'trick') head = `${lang === 'ru' ? 'Хитрость' : 'Trick'}: ${head}`;
  let tail = o.targets.length ? ` → ${describeTargets(state, o.targets)}` : '';
  if (o.args.action) {
    const forced = allActions().find((a) => a.key === o.args.action);
    tail += `: ${forced ? actionName(forced, lang) : o.args.action}`;
  }
  if (o.args.then?.length) tail += ` → ${describeTargets(state, o.args.then)}`;
  return `${head}${describeArgs(o.args, lang)}${tail}`;
}

function parseAct(state: GState, me: PlayerId, tokens: string[], line: number, lang: Lang): Extract<GOrder, { type: 'act' }> {
  const word = tokens[0];
  if (!word) fail('unknown-order');
  const found = lookupAction(state, me, word!);
  if (!found) fail('unknown-action', { word: word! });
  const rest = tokens.slice(1);
  if (found === 'leader') {
    must(canLead(state, me));
    const { players } = parseArgs(state, rest.slice(0, 1), { players: true });
    const member = players[0];
    if (!member) fail('targets-count', { need: 1, got: 0 });
    if (!factionsOf(state, me).some((f) => f.leader === me && f.members.includes(member!))) fail('not-your-member', { player: player(state, member!).name });
    const def = ordinaryOf(state, member!);
    const { players: targets, args } = parseArgs(state, rest.slice(1), allowFor(def));
    must(checkTargets(state, me, def, targets, false));
    must(choiceNeeded(def, args));
    return { type: 'act', line, key: def.key, targets, args, via: 'leader', member: member! };
  }
  const def = found as ActionDef;
  const held = heldActions(state, me).some((a) => a.key === def.key);
  if (!held) fail('not-your-action', { action: actionName(def, lang) });
  must(canUse(state, me, def));
  if (def.effect === 'proxy') {
    const { players } = parseArgs(state, rest.slice(0, 1), { players: true });
    const member = players[0];
    if (!member) fail('targets-count', { need: 1, got: 0 });
    must(checkTargets(state, me, def, [member!], false));
    const performed = def.params?.what === 'secret' ? character(player(state, member!).character).actions[halfOf(state.t) === 'day' ? 0 : 1]! : ordinaryOf(state, member!);
    const { players: targets, args } = parseArgs(state, rest.slice(1), allowFor(performed));
    must(checkTargets(state, me, performed, targets, false));
    must(choiceNeeded(performed, args));
    return { type: 'act', line, key: performed.key, targets, args, via: 'proxy', proxyKey: def.key, member: member! };
  }
  if (def.effect === 'extraOrdinary') {
    const performed = ordinaryOf(state, me);
    if (player(state, me).extraHalf === (2 * (dayOf(state.t) - 1) + (halfOf(state.t) === 'night' ? 1 : 0))) fail('already-acted', { half: halfWord(state, lang) });
    const { players: targets, args } = parseArgs(state, rest, allowFor(performed));
    must(checkTargets(state, me, performed, targets, true));
    must(choiceNeeded(performed, args));
    return { type: 'act', line, key: performed.key, targets, args, via: 'trick', proxyKey: def.key };
  }
  if (def.effect === 'blackmail' || def.effect === 'loseAction') {
    const { players } = parseArgs(state, rest.slice(0, 1), { players: true });
    const target = players[0];
    if (!target) fail('targets-count', { need: 1, got: 0 });
    must(checkTargets(state, me, def, [target!], false));
    const next = rest[1];
    const args: OrderArgs = {};
    if (next && !findPlayer(state, next)) {
      const forced = lookupAction(state, target!, next);
      if (!forced || forced === 'leader') fail('unknown-action', { word: next });
      args.action = (forced as ActionDef).key;
      if (def.effect === 'blackmail') {
        const r = parseArgs(state, rest.slice(2), allowFor(forced as ActionDef));
        Object.assign(args, r.args);
        args.then = r.players;
      } else if (rest.length > 2) fail('extra-words', { words: rest.slice(2).join(' ') });
    } else if (def.effect === 'blackmail') {
      const r = parseArgs(state, rest.slice(1), { players: true });
      if (r.players.length !== 1) fail('need-choice-action');
      args.then = r.players;
    }
    must(choiceNeeded(def, args.action || args.then ? { ...args, action: args.action ?? 'target' } : args));
    return { type: 'act', line, key: def.key, targets: [target!], args, via: 'own' };
  }
  const { players: targets, args } = parseArgs(state, rest, allowFor(def));
  must(checkTargets(state, me, def, targets, isOrdinary(def)));
  must(choiceNeeded(def, args));
  if (def.choice === 'number' && !state.anons.some((a) => a.no === args.number)) fail('bad-anon', { number: args.number! });
  return { type: 'act', line, key: def.key, targets, args, via: 'own' };
}

function halfWord(state: GState, lang: Lang): string {
  return halfOf(state.t) === 'day' ? (lang === 'ru' ? 'день' : 'day') : lang === 'ru' ? 'ночь' : 'night';
}

export function isMain(state: GState, o: GOrder): boolean {
  if (o.type !== 'act') return false;
  if (o.via === 'trick') return false;
  const def = allActions().find((a) => a.key === o.key)!;
  return !(o.via === 'own' && def.free);
}

function oneTarget(state: GState, tokens: string[]): PlayerId {
  const { players } = parseArgs(state, tokens, { players: true });
  if (players.length !== 1) fail('targets-count', { need: 1, got: players.length });
  return players[0]!;
}

function nightOnly(state: GState): void {
  if (halfOf(state.t) !== 'night') fail('night-only');
}

function parseLine(state: GState, me: PlayerId, text: string, line: number, lang: Lang, orders: GOrder[]): GOrder {
  const tokens = text.replace(/[,;]/g, ' ').split(/\s+/).filter(Boolean);
  const head = norm(tokens[0] ?? '');
  const type = KEYWORDS[head];
  const rest = tokens.slice(1);
  const p = player(state, me);
  switch (type) {
    case 'act':
      return parseAct(state, me, rest, line, lang);
    case 'vote': {
      const target = oneTarget(state, rest);
      const v = state.vote;
      if (halfOf(state.t) !== 'day' || !v || v.day !== dayOf(state.t) || v.list.length === 0) fail('no-vote-now');
      if (!v!.list.includes(target)) fail('not-candidate', { player: player(state, target).name });
      const prev = v!.ballots[me];
      if (prev && prev !== target && p.voteChanges >= 1) fail('vote-changed');
      return { type: 'vote', line, target };
    }
    case 'invite': {
      nightOnly(state);
      const target = oneTarget(state, rest);
      if (target === me) fail('self');
      const fs = factionsOf(state, me);
      const leads = fs.some((f) => f.leader === me);
      const free = fs.length === 0 || (fs.length < maxFactions(state, me) && !leads);
      if (p.prison || p.tv <= 0 || !(free || leads) || !p.alive) fail('cannot-invite');
      const max = p.character === 'charismatic' ? 2 : 1;
      if (orders.filter((o) => o.type === 'invite').length >= max) fail('too-many-invites', { max });
      return { type: 'invite', line, target };
    }
    case 'accept': {
      nightOnly(state);
      const target = oneTarget(state, rest);
      if (target === me) fail('self');
      return { type: 'accept', line, target };
    }
    case 'leave':
    case 'displace': {
      nightOnly(state);
      if (factionsOf(state, me).length === 0) fail('not-member');
      const leader = rest.length ? oneTarget(state, rest) : null;
      return type === 'leave' ? { type: 'leave', line, leader } : { type: 'displace', line, leader };
    }
    case 'expel': {
      nightOnly(state);
      const target = oneTarget(state, rest);
      if (!isLeader(state, me)) fail('need-leader');
      if (!factionsOf(state, me).some((f) => f.leader === me && f.members.includes(target))) fail('not-your-member', { player: player(state, target).name });
      if (target === me) fail('self');
      return { type: 'expel', line, target };
    }
    case 'read': {
      if (p.character !== 'attentive') fail('not-your-feature');
      if (p.freeUsed.read === dayOf(state.t)) fail('free-used', { when: lang === 'ru' ? 'сегодня' : 'today' });
      return { type: 'read', line, target: oneTarget(state, rest) };
    }
    case 'eavesdrop': {
      if (p.character !== 'double') fail('not-your-feature');
      if (p.freeUsed.eavesdrop === dayOf(state.t)) fail('free-used', { when: lang === 'ru' ? 'сегодня' : 'today' });
      return { type: 'eavesdrop', line, target: oneTarget(state, rest) };
    }
    case 'endday':
      if (p.character !== 'strategist') fail('not-your-feature');
      if (p.freeUsed.endday !== undefined) fail('free-used', { when: lang === 'ru' ? 'в этой игре' : 'this game' });
      if (rest.length) fail('extra-words', { words: rest.join(' ') });
      return { type: 'endday', line };
    case 'bonus': {
      if (p.character !== 'strategist') fail('not-your-feature');
      if (state.t !== 0) fail('bonus-late');
      const s = STAT[norm(rest[0] ?? '')];
      if (!s || rest.length !== 1) fail('need-stat');
      return { type: 'bonus', line, stat: s! };
    }
    default:
      if (lookupAction(state, me, head)) return parseAct(state, me, tokens, line, lang);
      return fail('unknown-order');
  }
}

function describe(state: GState, o: GOrder, lang: Lang): string {
  const ru = lang === 'ru';
  const name = (id: PlayerId | null) => (id ? player(state, id).name : '');
  switch (o.type) {
    case 'act':
      return describeAct(state, o, lang);
    case 'vote':
      return ru ? `Голос за посадку: ${name(o.target)}` : `Vote to imprison: ${name(o.target)}`;
    case 'invite':
      return ru ? `Пригласить во фракцию: ${name(o.target)}` : `Invite into a faction: ${name(o.target)}`;
    case 'accept':
      return ru ? `Принять приглашение от ${name(o.target)}` : `Accept the invitation of ${name(o.target)}`;
    case 'leave':
      return ru ? `Выйти из фракции${o.leader ? ` (${name(o.leader)})` : ''}` : `Leave the faction${o.leader ? ` (${name(o.leader)})` : ''}`;
    case 'expel':
      return ru ? `Исключить из фракции: ${name(o.target)}` : `Expel from the faction: ${name(o.target)}`;
    case 'displace':
      return ru ? `Сместить лидера фракции${o.leader ? ` (${name(o.leader)})` : ''}` : `Displace the faction leader${o.leader ? ` (${name(o.leader)})` : ''}`;
    case 'read':
      return ru ? `Вскрыть 3 следующих привата: ${name(o.target)}` : `Open the next 3 privates of ${name(o.target)}`;
    case 'eavesdrop':
      return ru ? `Подслушать: ${name(o.target)}` : `Overhear: ${name(o.target)}`;
    case 'endday':
      return ru ? 'Узнать день окончания переговоров' : 'Learn the last day of the negotiations';
    case 'bonus':
      return ru ? `Тайный бонус: +2 ${o.stat === 'vo' ? 'ВО' : 'ТВ'}` : `Secret bonus: +2 ${o.stat === 'vo' ? 'ВО' : 'ТВ'}`;
  }
}

const MSG_HEAD = /^\s*(\S+)(.*)$/;

/** Split the block into logical entries: a message takes its indented continuation lines, or the lines up to ".". */
interface Entry {
  line: number;
  text: string;
  msg?: { kind: OutgoingMessage['kind']; head: string; body: string[] };
  error?: string;
}

function entries(text: string): Entry[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: Entry[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === '' || raw.trim().startsWith('#')) continue;
    const m = MSG_HEAD.exec(raw)!;
    const word = norm(m[1]!.replace(/:$/, ''));
    const kind = KEYWORDS[word];
    if (kind !== 'private' && kind !== 'anonymous' && kind !== 'public') {
      out.push({ line: i + 1, text: raw.trim() });
      continue;
    }
    const e: Entry = { line: i + 1, text: raw.trim(), msg: { kind, head: '', body: [] } };
    const all = raw.trim().slice(m[1]!.length);
    const colon = m[1]!.endsWith(':') ? -1 : all.indexOf(':');
    if (colon === -1 && !m[1]!.endsWith(':')) {
      e.error = 'msg-colon';
      out.push(e);
      continue;
    }
    e.msg!.head = colon === -1 ? '' : all.slice(0, colon).trim();
    const first = (colon === -1 ? all : all.slice(colon + 1)).trim();
    if (first === '') {
      // multi-line: everything up to a line holding only "."
      let j = i + 1;
      for (; j < lines.length && lines[j]!.trim() !== '.'; j++) e.msg!.body.push(lines[j]!.replace(/\s+$/, ''));
      if (j >= lines.length) e.error = 'msg-unterminated';
      i = j;
    } else {
      e.msg!.body.push(first);
      while (i + 1 < lines.length && /^[ \t]+\S/.test(lines[i + 1]!)) e.msg!.body.push(lines[++i]!.trim());
    }
    out.push(e);
  }
  return out;
}

export function parseOrders(text: string, ctx: OrderContext<GState>): ParseResult<GOrder> {
  const state = ctx.state;
  const me = ctx.player;
  const lang = ctx.lang;
  const orders: GOrder[] = [];
  const errors: LineError[] = [];
  const echo: OrderEcho[] = [];
  const messages: OutgoingMessage[] = [];
  const err = (e: Entry, p: Problem) => errors.push({ line: e.line, text: e.text, reason: tr(lang, p.code, p.params) });
  for (const e of entries(text)) {
    try {
      if (state.over) fail('game-over');
      if (!state.players.some((p) => p.id === me)) fail('unknown-player', { word: me });
      if (e.msg) {
        if (e.error) fail(e.error);
        const body = e.msg.body.join('\n').trim();
        if (!body) fail('msg-empty');
        let to: PlayerId[] = [];
        if (e.msg.kind === 'private') {
          const words = e.msg.head.replace(/[,;]/g, ' ').split(/\s+/).filter(Boolean);
          to = parseArgs(state, words, { players: true }).players;
          if (to.length === 0) fail('targets-count', { need: 1, got: 0 });
          if (to.includes(me)) fail('msg-to-self');
        } else if (e.msg.head) fail('extra-words', { words: e.msg.head });
        const m: OutgoingMessage = { line: e.line, kind: e.msg.kind, to, text: body };
        messages.push(m);
        const label = { private: lang === 'ru' ? 'Личное сообщение' : 'Private message', anonymous: lang === 'ru' ? 'Анонимка' : 'Anonymous message', public: lang === 'ru' ? 'Сообщение всем' : 'Message to all' }[m.kind];
        echo.push({ line: e.line, text: e.text, understood: `${label}${to.length ? ` → ${describeTargets(state, to)}` : ''} (${body.length} ${lang === 'ru' ? 'зн.' : 'chars'})` });
        continue;
      }
      const o = parseLine(state, me, e.text, e.line, lang, orders);
      if (isMain(state, o)) {
        if (orders.some((x) => isMain(state, x))) fail('two-actions', { half: halfWord(state, lang) });
        if (actedThisHalf(state, me)) fail('already-acted', { half: halfWord(state, lang) });
      }
      if (o.type === 'act' && o.via === 'trick' && orders.some((x) => x.type === 'act' && x.via === 'trick')) fail('duplicate');
      if (o.type !== 'act' && o.type !== 'invite' && orders.some((x) => x.type === o.type)) fail('duplicate');
      orders.push(o);
      echo.push({ line: e.line, text: e.text, understood: describe(state, o, lang) });
    } catch (x) {
      if (x instanceof OrderError) err(e, x.problem);
      else throw x;
    }
  }
  return { orders, errors, echo, messages };
}

export function slotLabel(t: number): string {
  return ['09–15', '15–21', '21–09'][slotOf(t)]!;
}
