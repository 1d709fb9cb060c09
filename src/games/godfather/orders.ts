// The order language (games/godfather/ORDERS.md): one order per line, Russian or
// English, as players write them on a forum — keywords in any form and with a
// colon («ДЕЙСТВИЕ: патент», «ГОЛОСУЮ ЗА Машу»), names in any grammatical case
// and in common short forms («речь на Игрока07», «байки Игроку05», «Маше»),
// prepositions and filler words, natural word order, a stray «+» where there is
// no choice. Only what is truly ambiguous is refused, naming what it could mean.
// Messages (ЛИЧНО / АНОНИМНО / ВСЕМ) go to ParseResult.messages. This module
// reads the lines; the words, names, actions and arguments are order-*.ts.
import type {
  LineError,
  OrderContext,
  OrderEcho,
  OutgoingMessage,
  ParseResult,
  PlayerId,
  Lang,
} from '../../engine/types.js';
import {
  LEADER_KEY,
  actedThisHalf,
  canLead,
  canUse,
  checkTargets,
  choiceNeeded,
  isOrdinary,
  maxFactions,
  type Problem,
} from './access.js';
import { action, allActions, type ActionDef } from './tables.js';
import { dayOf, factionsOf, halfOf, isLeader, player, slotOf, type GState, type OrderArgs } from './state.js';
import { tr } from './texts.js';
import { FILLERS, PREPOSITIONS, SELF, tokens } from './words.js';
import { type ActionFound, findAction, namedAction, ordinaryOf, publicOrdinaryOf } from './order-actions.js';
import { lairAction } from './lair.js';
import { firstPlayer, parseArgs, withoutPublicWordsOf, withoutWordsOf } from './order-args.js';
import { describeOrder } from './order-describe.js';
import { type Entry, entries } from './order-entries.js';
import { extraWords, names, playersAt, scan } from './order-names.js';
import { type ActOrder, type GOrder, norm } from './order-types.js';
import {
  FACTION_FILLER,
  HIS,
  LEAD,
  OrderError,
  STAT_WORDS,
  fail,
  headOf,
  kindOf,
  must,
  signOf,
  wordIn,
} from './order-words.js';

// ---- the lines -------------------------------------------------------------------

/** Every choice an action can ask (the forced action named by its kind: which one it is is the target's secret). */
const ANY_CHOICE = { sign: true, stat: true, guard: true, jail: true, number: true };

/**
 * A leader's or proxy's order for a faction member (whose membership the writer
 * knows): the targets and the choice as written. His role is public, so his ordinary
 * action is read from the table and its targets and choice are checked; his secret
 * action is his secret, so only what holds for every action is checked (the players
 * alive, present, not named twice) and any choice is taken. What he holds now (his
 * character, an imitated role, a lost action) is looked at only at the deadline
 * (proxy.ts; RULES.md §10, godfather/proxy-named-publicly).
 */
function forMember(
  state: GState,
  me: PlayerId,
  words: string[],
  member: PlayerId,
  kind: 'secret' | 'ordinary',
  chosen?: ActionDef,
): { known: ActionDef | null; targets: PlayerId[]; args: OrderArgs } {
  // the leader's action on himself («в том числе свое»): his own, as he knows it; a role action the lair's order named (lair.ts)
  const own = chosen ?? (member === me ? ordinaryOf(state, me) : publicOrdinaryOf(state, member));
  const known = kind === 'ordinary' ? own : null;
  const toks = withoutPublicWordsOf(state, words, known, kind);
  const { players: targets, args } = parseArgs(state, me, toks, known, known ? {} : { allow: ANY_CHOICE });
  must(checkTargets(state, me, known, targets, false));
  if (known) must(choiceNeeded(known, args));
  return { known, targets, args };
}

/**
 * Kind words after the member that the writer's own action took as naming it
 * («логово Иван фракционное»: Маскировка is the Indian's faction action): they
 * name the member's action.
 */
function kindsAfter(state: GState, toks: string[], found: ActionFound, member: PlayerId): string[] {
  const at = toks.findIndex((_, i) => playersAt(state, toks, i).ids.includes(member));
  return at < 0 ? [] : toks.filter((t, i) => i > at && found.used.has(i) && kindOf(t) !== null);
}

function parseAct(
  state: GState,
  me: PlayerId,
  toks: string[],
  line: number,
  lang: Lang,
  named?: ActionFound,
): ActOrder {
  if (!toks.length) fail('unknown-order');
  const found = named ?? findAction(state, me, toks, lang);
  if (!found) {
    const words = scan(state, me, toks).words;
    return fail('unknown-action', { word: (words[0] ?? { text: toks[0]! }).text });
  }
  const first = Math.min(...found.used);
  const kept = (t: string, i: number) =>
    i > first || playersAt(state, toks, i).ids.length > 0 || SELF.has(norm(t)) || signOf(t) !== null || /\d/.test(t);
  const rest = toks.filter((t, i) => !found.used.has(i) && kept(t, i));
  if (found.def === 'leader') {
    must(canLead(state, me));
    const { id: member, rest: after } = firstPlayer(state, me, rest, (id) =>
      factionsOf(state, me).some((f) => f.leader === me && f.members.includes(id)),
    );
    if (!member) fail('targets-count', { need: 1, got: 0 });
    if (!factionsOf(state, me).some((f) => f.leader === me && f.members.includes(member!)))
      fail('not-your-member', { player: player(state, member!).name });
    const { known, targets, args } = forMember(state, me, after, member!, 'ordinary');
    return { type: 'act', line, key: known!.key, targets, args, via: 'leader', member: member! };
  }
  const def = found.def;
  must(canUse(state, me, def));
  if (def.effect === 'proxy') {
    const { id: member, rest: after } = firstPlayer(state, me, rest, (id) =>
      factionsOf(state, me).some((f) => f.members.includes(id)),
    );
    if (!member) fail('targets-count', { need: 1, got: 0 });
    must(checkTargets(state, me, def, [member!], false));
    const kind = def.params?.what === 'secret' ? 'secret' : 'ordinary';
    // Маскировка: "любое ролевое действие" — the words may name which (lair.ts)
    const lair =
      kind === 'ordinary'
        ? lairAction(state, member!, [...after, ...kindsAfter(state, toks, found, member!)], lang)
        : null;
    const { known, targets, args } = forMember(state, me, lair?.rest ?? after, member!, kind, lair?.known);
    // the order's action is the one the writer may know: his role's action by the table, or the proxy itself for his secret one
    const key = known?.key ?? def.key;
    const order: ActOrder = { type: 'act', line, key, targets, args, via: 'proxy', proxyKey: def.key, member: member! };
    if (lair?.named) order.memberAction = lair.named;
    return order;
  }
  if (def.effect === 'extraOrdinary') {
    const performed = ordinaryOf(state, me);
    if (player(state, me).extraHalf === 2 * (dayOf(state.t) - 1) + (halfOf(state.t) === 'night' ? 1 : 0))
      fail('already-acted', { half: halfOf(state.t) });
    const { players: targets, args } = parseArgs(state, me, withoutWordsOf(state, me, rest, performed), performed);
    must(checkTargets(state, me, performed, targets, true));
    must(choiceNeeded(performed, args));
    return { type: 'act', line, key: performed.key, targets, args, via: 'trick', proxyKey: def.key };
  }
  if (def.effect === 'blackmail' || def.effect === 'loseAction') {
    // the words after the target name his action, even one that also names the writer's («шантаж Ивана геройское»)
    const { id: target, rest: words } = firstPlayer(
      state,
      me,
      toks.filter((t, i) => i !== first && kept(t, i)),
    );
    if (!target) fail('targets-count', { need: 1, got: 0 });
    must(checkTargets(state, me, def, [target!], false));
    const after = words.filter((t, i) => !HIS.has(norm(t)) || playersAt(state, words, i).ids.length > 0);
    // the action named for him comes from the public tables or is a kind word: what he holds is his secret, checked at the deadline
    const named = after.length ? namedAction(state, after, lang) : null;
    const args: OrderArgs = {};
    if (named) {
      if ('key' in named) args.action = named.key;
      else args.kind = named.kind;
      const left = after.filter((_, i) => !named.used.has(i));
      if (def.effect === 'blackmail') {
        // the players named and any choice; a named action's own needs are in the tables (a kind's are his secret)
        const forced = 'key' in named ? action(named.key) : null;
        const r = parseArgs(state, me, left, forced, forced ? {} : { allow: ANY_CHOICE });
        Object.assign(args, r.args);
        args.then = r.players;
        if (forced && r.players.length !== forced.targets)
          fail('targets-count', { need: forced.targets, got: r.players.length });
        if (forced) must(choiceNeeded(forced, r.args));
      } else {
        const s = scan(state, me, left);
        if (s.words.length || s.players.length) fail('extra-words', { words: left.join(' ') });
      }
    } else if (def.effect === 'blackmail') {
      const r = parseArgs(state, me, after, null, { allow: {} });
      if (r.players.length !== 1) fail('need-choice-action');
      args.then = r.players;
    }
    const chosen = args.action ?? args.kind ?? (args.then ? 'target' : undefined);
    must(choiceNeeded(def, chosen ? { ...args, action: chosen } : args));
    return { type: 'act', line, key: def.key, targets: [target!], args, via: 'own' };
  }
  if (def.effect === 'gm') {
    // an action the document leaves undescribed: the players named (none to three) and the player's own words go to the GM
    const sc = scan(state, me, rest);
    const taken = new Set(sc.players.flatMap((p) => Array.from({ length: p.len }, (_, j) => p.at + j)));
    const targets = [...new Set(sc.players.map((p) => p.id))];
    if (targets.length > def.targets) fail('targets-count', { need: def.targets, got: targets.length });
    for (const t of targets) {
      const q = player(state, t);
      if (!q.alive) fail('target-dead', { player: q.name, playerGender: q.gender ?? 'm' });
    }
    // the player's words, without the little words that only joined the names («Ивана и Машу»)
    const little = (i: number) => PREPOSITIONS.has(norm(rest[i]!)) || FILLERS.has(norm(rest[i]!));
    const words = rest.filter((_, i) => !taken.has(i) && !(little(i) && (taken.has(i - 1) || taken.has(i + 1))));
    const note = words.some((w) => !PREPOSITIONS.has(norm(w)) && !FILLERS.has(norm(w))) ? words.join(' ').trim() : '';
    return { type: 'act', line, key: def.key, targets, args: note ? { note } : {}, via: 'own' };
  }
  const { players: targets, args } = parseArgs(state, me, rest, def);
  must(checkTargets(state, me, def, targets, isOrdinary(def)));
  must(choiceNeeded(def, args));
  if (def.choice === 'number' && !state.anons.some((a) => a.no === args.number))
    fail('bad-anon', { number: args.number! });
  return { type: 'act', line, key: def.key, targets, args, via: 'own' };
}

export function isMain(_state: GState, o: GOrder): boolean {
  if (o.type !== 'act') return false;
  if (o.via === 'trick') return false;
  const def = allActions().find((a) => a.key === o.key)!;
  return !(o.via === 'own' && def.free);
}

function oneTarget(
  state: GState,
  me: PlayerId,
  toks: string[],
  prefer?: (id: PlayerId) => boolean,
  fillers?: Set<string>,
): PlayerId {
  const s = scan(state, me, toks, prefer, fillers);
  if (s.words.length) extraWords(s.words, true, s.players.length > 0);
  if (s.players.length !== 1) fail('targets-count', { need: 1, got: s.players.length });
  return s.players[0]!.id;
}

function nightOnly(state: GState): void {
  if (halfOf(state.t) !== 'night') fail('night-only');
}

function parseLine(state: GState, me: PlayerId, text: string, line: number, lang: Lang, orders: GOrder[]): GOrder {
  const all = tokens(text);
  let k = 0;
  while (k < all.length - 1 && LEAD.has(norm(all[k]!)) && !headOf(all[k]!)) k++;
  const head = all[k] ?? '';
  const type = headOf(head);
  const rest = all.slice(k + 1);
  const p = player(state, me);
  switch (type) {
    case 'act':
      return parseAct(state, me, rest, line, lang);
    case 'vote': {
      const v = state.vote;
      const target = oneTarget(state, me, rest, (id) => !!v && v.list.includes(id));
      if (halfOf(state.t) !== 'day' || !v || v.day !== dayOf(state.t) || v.list.length === 0) fail('no-vote-now');
      const q = player(state, target);
      if (!v!.list.includes(target)) fail('not-candidate', { player: q.name, playerGender: q.gender ?? 'm' });
      const prev = v!.ballots[me];
      if (prev && prev !== target && p.voteChanges >= 1) fail('vote-changed');
      return { type: 'vote', line, target };
    }
    case 'invite': {
      nightOnly(state);
      const target = oneTarget(state, me, rest, undefined, FACTION_FILLER);
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
      const target = oneTarget(
        state,
        me,
        rest,
        (id) => state.invitations.some((i) => i.from === id && i.to === me),
        FACTION_FILLER,
      );
      if (target === me) fail('self');
      return { type: 'accept', line, target };
    }
    case 'leave':
    case 'displace': {
      nightOnly(state);
      if (factionsOf(state, me).length === 0) fail('not-member');
      const fill = new Set([...FACTION_FILLER, 'лидера', 'лидер', 'leader']);
      const s = scan(state, me, rest, (id) => factionsOf(state, me).some((f) => f.members.includes(id)), fill);
      if (s.words.length) extraWords(s.words, true, s.players.length > 0);
      if (s.players.length > 1) fail('targets-count', { need: 1, got: s.players.length });
      const leader = s.players[0]?.id ?? null;
      return type === 'leave' ? { type: 'leave', line, leader } : { type: 'displace', line, leader };
    }
    case 'expel': {
      nightOnly(state);
      const target = oneTarget(
        state,
        me,
        rest,
        (id) => factionsOf(state, me).some((f) => f.members.includes(id)),
        FACTION_FILLER,
      );
      if (!isLeader(state, me)) fail('need-leader');
      const q = player(state, target);
      if (!factionsOf(state, me).some((f) => f.leader === me && f.members.includes(target)))
        fail('not-your-member', { player: q.name, playerGender: q.gender ?? 'm' });
      if (target === me) fail('self');
      return { type: 'expel', line, target };
    }
    case 'read': {
      if (p.character !== 'attentive') fail('not-your-feature');
      if (p.freeUsed.read === dayOf(state.t)) fail('free-used', { when: 'today' });
      return { type: 'read', line, target: oneTarget(state, me, rest) };
    }
    case 'eavesdrop': {
      if (p.character !== 'double') fail('not-your-feature');
      if (p.freeUsed.eavesdrop === dayOf(state.t)) fail('free-used', { when: 'today' });
      return {
        type: 'eavesdrop',
        line,
        target: oneTarget(state, me, rest, (id) => factionsOf(state, me).some((f) => f.members.includes(id))),
      };
    }
    case 'endday':
      if (p.character !== 'strategist') fail('not-your-feature');
      if (p.freeUsed.endday !== undefined) fail('free-used', { when: 'game' });
      if (rest.length) fail('extra-words', { words: rest.join(' ') });
      return { type: 'endday', line };
    case 'bonus': {
      if (p.character !== 'strategist') fail('not-your-feature');
      if (state.t !== 0) fail('bonus-late');
      const stats = rest.map((t) => wordIn(t, STAT_WORDS)).filter((x) => x !== null);
      const others = rest.filter((t) => !wordIn(t, STAT_WORDS) && !PREPOSITIONS.has(norm(t)) && !FILLERS.has(norm(t)));
      const s = stats.length === 1 && !others.length ? stats[0] : null;
      if (!s) fail('need-stat');
      return { type: 'bonus', line, stat: s! };
    }
    default: {
      // no keyword: a line that names one of his actions is an action («речь на Игрока07», «Ивану байки»)
      const found = findAction(state, me, all, lang);
      if (found) return parseAct(state, me, all, line, lang, found);
      return fail('unknown-order');
    }
  }
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
          to = [...new Set(oneOrMore(state, me, tokens(e.msg.head)))];
          if (to.length === 0) fail('targets-count', { need: 1, got: 0 });
          if (to.includes(me)) fail('msg-to-self');
        } else if (e.msg.head && scan(state, me, tokens(e.msg.head)).words.length)
          fail('extra-words', { words: e.msg.head });
        const m: OutgoingMessage = { line: e.line, kind: e.msg.kind, to, text: body };
        messages.push(m);
        echo.push({
          line: e.line,
          text: e.text,
          understood: tr(lang, `o-msg-${m.kind}`, { to: names(state, to), n: body.length }),
        });
        continue;
      }
      const o = parseLine(state, me, e.text, e.line, lang, orders);
      if (isMain(state, o)) {
        if (orders.some((x) => isMain(state, x))) fail('two-actions', { half: halfOf(state.t) });
        if (actedThisHalf(state, me)) fail('already-acted', { half: halfOf(state.t) });
      }
      if (o.type === 'act' && o.via === 'trick' && orders.some((x) => x.type === 'act' && x.via === 'trick'))
        fail('duplicate');
      if (o.type !== 'act' && o.type !== 'invite' && orders.some((x) => x.type === o.type)) fail('duplicate');
      orders.push(o);
      echo.push({ line: e.line, text: e.text, understood: describeOrder(state, o, lang) });
    } catch (x) {
      if (x instanceof OrderError) err(e, x.problem);
      else throw x;
    }
  }
  return { orders, errors, echo, messages };
}

function oneOrMore(state: GState, me: PlayerId, toks: string[]): PlayerId[] {
  const s = scan(state, me, toks);
  if (s.words.length) extraWords(s.words, true, s.players.length > 0);
  return s.players.map((p) => p.id);
}

export function slotLabel(t: number): string {
  return ['09–15', '15–21', '21–09'][slotOf(t)]!;
}

export { LEADER_KEY };
