// Messages relayed by the judge: the daily limits (checkMessage), anonymous
// messages published at the end of the period without their author, and the
// abilities that read, count or eavesdrop on private messages. Texts stay out
// of the state except the day's privates while a Тактик lives.
import type { Lang, OutgoingMessage, PlayerId, RelayedMessage } from '../../engine/types.js';
import { character } from './tables.js';
import { dayOf, fellowMembers, hasLasting, living, options, player, type GState } from './state.js';
import { learned, notice, trace, type Scratch } from './scratch.js';
import { tr } from './texts.js';
import { collate } from '../../engine/collate.js';

export const PRIVATE_LIMIT = 20;

export function privateLimit(s: GState, id: PlayerId): number {
  return PRIVATE_LIMIT + Number(character(player(s, id).character).passive.extraPrivates ?? 0);
}

/**
 * Anonymous messages a day: one ("один раз в день"), the Стратег's two ("Лимит
 * анонимок в день - 2"), and the Умный's exception, which the document names
 * ("(исключение - Умный)") without saying what it is: a setup option, default 2.
 */
export function anonLimit(s: GState, id: PlayerId): number {
  const p = player(s, id);
  if (p.character === 'smart') return options(s).smartAnonymous;
  return Number(character(p.character).passive.anonymous ?? 1);
}

function counts(s: GState, id: PlayerId): { privates: number; anonymous: number } {
  if (s.messages.day !== dayOf(s.t)) return { privates: 0, anonymous: 0 };
  return { privates: s.messages.privates[id] ?? 0, anonymous: s.messages.anonymous[id] ?? 0 };
}

/** Concealed correspondence: a Хитрец's, or a masked faction's (Устроить бал-маскарад). */
export function concealed(s: GState, id: PlayerId): boolean {
  return player(s, id).character === 'trickster' || hasLasting(s, 'masquerade', id);
}

export function checkMessage(
  s: GState,
  from: PlayerId,
  msg: OutgoingMessage,
  sent: RelayedMessage[],
  lang: Lang,
): string | null {
  if (s.over) return tr(lang, 'game-over');
  const p = s.players.find((x) => x.id === from);
  if (!p) return tr(lang, 'unknown-player', { word: from });
  if (!p.alive) return tr(lang, 'msg-dead');
  if (hasLasting(s, 'absent', from)) return tr(lang, 'msg-absent');
  const c = counts(s, from);
  if (msg.kind === 'private') {
    if (hasLasting(s, 'noPrivates', from)) return tr(lang, 'msg-no-privates');
    for (const to of msg.to) {
      const q = s.players.find((x) => x.id === to);
      if (!q) return tr(lang, 'unknown-player', { word: to });
      if (to === from) return tr(lang, 'msg-to-self');
      if (!q.alive) return tr(lang, 'msg-to-dead', { player: q.name, playerGender: q.gender ?? 'm' });
      if (hasLasting(s, 'absent', to))
        return tr(lang, 'msg-to-absent', { player: q.name, playerGender: q.gender ?? 'm' });
    }
    const already = c.privates + sent.filter((m) => m.kind === 'private').reduce((n, m) => n + m.to.length, 0);
    const max = privateLimit(s, from);
    if (already + msg.to.length > max) return tr(lang, 'msg-limit', { max });
  }
  if (msg.kind === 'anonymous') {
    const max = anonLimit(s, from);
    if (c.anonymous + sent.filter((m) => m.kind === 'anonymous').length >= max)
      return tr(lang, max === 0 ? 'msg-anon-none' : 'msg-anon-limit', { max });
  }
  return null;
}

/** Step: the period's messages — counters, anonymous publication, the reading abilities. */
export function stepMessages(sc: Scratch): void {
  const s = sc.s;
  const log = s.messages;
  if (log.day !== sc.day) {
    log.prevPairs = log.pairs;
    log.pairs = {};
    log.privates = {};
    log.anonymous = {};
    log.day = sc.day;
  }
  const msgs = [...sc.messages].sort((a, b) => a.seq - b.seq);
  const privates = msgs.filter((m) => m.kind === 'private');
  for (const m of msgs) {
    if (m.kind === 'private') {
      log.privates[m.from] = (log.privates[m.from] ?? 0) + m.to.length;
      // the counts the courier reads: a concealed player's correspondence (sent or received) is left out
      if (!concealed(s, m.from))
        for (const to of m.to)
          if (!concealed(s, to)) log.pairs[`${m.from}>${to}`] = (log.pairs[`${m.from}>${to}`] ?? 0) + 1;
    } else if (m.kind === 'anonymous') {
      log.anonymous[m.from] = (log.anonymous[m.from] ?? 0) + 1;
      const no = s.nextAnon++;
      s.anons.push({ no, author: m.from, t: sc.t, hidden: concealed(s, m.from) });
      // the author is never part of the event: everybody reads it
      sc.events.push({ type: 'anon', audience: 'all', no, text: m.text });
      trace(sc, 'trace-anon', { no });
    }
  }
  const readable = (m: RelayedMessage) => !concealed(s, m.from) && !m.to.some((x) => concealed(s, x));
  // Внимательный: a new request, then the open requests read the target's next privates in order
  for (const [id, os] of [...sc.orders.entries()].sort((a, b) => collate(a[0], b[0])))
    for (const o of os) {
      if (o.type !== 'read' || player(s, id).character !== 'attentive') continue;
      player(s, id).freeUsed.read = sc.day;
      s.watches = s.watches.filter((w) => w.by !== id);
      s.watches.push({ by: id, target: o.target, left: Number(character('attentive').passive.readNext ?? 3) });
      notice(sc, id, 'n-watch-set', { n: 3, player: o.target });
    }
  for (const w of s.watches) {
    if (!player(s, w.by).alive) {
      w.left = 0;
      continue;
    }
    for (const m of privates) {
      if (w.left <= 0) break;
      if (m.from !== w.target || !readable(m)) continue;
      w.left--;
      sc.events.push({
        type: 'message',
        audience: [w.by],
        player: w.by,
        how: 'watch',
        from: m.from,
        to: m.to,
        text: m.text,
      });
    }
  }
  s.watches = s.watches.filter((w) => w.left > 0);
  // Двойной игрок: 5 random privates of one member of his factions
  for (const [id, os] of [...sc.orders.entries()].sort((a, b) => collate(a[0], b[0])))
    for (const o of os) {
      if (o.type !== 'eavesdrop' || player(s, id).character !== 'double' || !player(s, id).alive) continue;
      player(s, id).freeUsed.eavesdrop = sc.day;
      if (!fellowMembers(s, id).includes(o.target) || o.target === id) {
        learned(sc, id, 'eavesdropNone', { target: o.target });
        continue;
      }
      const pool = privates.filter((m) => (m.from === o.target || m.to.includes(o.target)) && readable(m));
      const picked = sc.rng
        .shuffle(pool)
        .slice(0, Number(character('double').passive.eavesdrop ?? 5))
        .sort((a, b) => a.seq - b.seq);
      if (!picked.length) learned(sc, id, 'eavesdropNone', { target: o.target });
      for (const m of picked)
        sc.events.push({
          type: 'message',
          audience: [id],
          player: id,
          how: 'eavesdrop',
          from: m.from,
          to: m.to,
          text: m.text,
        });
    }
  // Тактик: the day's privates (09–21) are kept until 21:00, then one is opened for all and three for him
  const tacticians = living(s).filter((p) => p.character === 'tactician');
  if (sc.half === 'day' && tacticians.length) {
    for (const m of privates)
      if (readable(m)) for (const to of m.to) s.dayPrivates.push({ from: m.from, to, text: m.text, hidden: false });
    if (sc.t % 3 === 1 || sc.riot) {
      const pool = s.dayPrivates.filter((m) => !tacticians.some((tt) => tt.id === m.from || tt.id === m.to));
      if (pool.length) {
        const pub = sc.rng.pick(pool);
        sc.events.push({ type: 'published', audience: 'all', text: pub.text });
      }
      for (const tt of tacticians) {
        const mine = sc.rng.shuffle(s.dayPrivates.filter((m) => m.from !== tt.id && m.to !== tt.id)).slice(0, 3);
        for (const m of mine)
          sc.events.push({
            type: 'message',
            audience: [tt.id],
            player: tt.id,
            how: 'tactician',
            from: m.from,
            to: [m.to],
            text: m.text,
          });
      }
      s.dayPrivates = [];
    }
  } else s.dayPrivates = [];
}
