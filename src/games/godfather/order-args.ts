// An action's arguments: signs, stats, guard and jail words, numbers, the
// players it names and the action a leader or proxy performs.
import type { PlayerId } from '../../engine/types.js';
import { choicesOf, type Choices } from './access.js';
import type { ActionDef } from './tables.js';
import { halfOf, type GState, type OrderArgs } from './state.js';
import { SELF } from './words.js';
import { actionName, namesAction, tokenNames } from './order-actions.js';
import { extraWords, names, playersAt, scan } from './order-names.js';
import { norm } from './order-types.js';
import { GUARD_WORDS, HIS, JAIL_WORDS, STAT_WORDS, fail, kindOf, signOf, wordIn } from './order-words.js';

// ---- arguments --------------------------------------------------------------

/** Which way an action without a sign choice moves the stats: 1 up, -1 down, 0 mixed or none. */
function direction(def: ActionDef): 1 | -1 | 0 {
  const P = def.params ?? {};
  const ds = [P.vo, P.tv].filter((x) => typeof x === 'number') as number[];
  if (!ds.length) return 0;
  if (ds.every((d) => d > 0)) return 1;
  if (ds.every((d) => d < 0)) return -1;
  return 0;
}

interface Parsed {
  players: PlayerId[];
  args: OrderArgs;
  /** Words the GM reads (actions the document leaves undescribed). */
  note: string[];
}

/**
 * Players and choices from tokens, in order. A stray «+» (or a «-» on an action
 * that lowers) where the action has no choice of sign is accepted and dropped.
 */
export function parseArgs(
  state: GState,
  me: PlayerId,
  toks: string[],
  def: ActionDef | null,
  opts: { allow?: Choices; prefer?: (id: PlayerId) => boolean; note?: boolean } = {},
): Parsed {
  const allow = opts.allow ?? (def ? choicesOf(def) : {});
  const args: OrderArgs = {};
  const keep: string[] = [];
  for (let idx = 0; idx < toks.length; idx++) {
    const t = toks[idx]!;
    const sign = signOf(t);
    if (sign !== null && (/^[+\-−]/.test(t) || allow.sign)) {
      // a bare "-" between words is a dash ("байки - Ивану"), unless it is the only sign of a choice
      if (t === '-' && idx < toks.length - 1 && !allow.sign) continue;
      if (allow.sign) args.sign = sign;
      else if (sign === -1 && def && direction(def) !== -1 && !opts.note)
        fail('no-sign-choice', { action: actionName(def, 'ru') });
      continue;
    }
    if (allow.stat && wordIn(t, STAT_WORDS)) {
      args.stat = wordIn(t, STAT_WORDS)!;
      continue;
    }
    if (allow.guard && wordIn(t, GUARD_WORDS)) {
      args.guard = wordIn(t, GUARD_WORDS)!;
      continue;
    }
    if (allow.jail && wordIn(t, JAIL_WORDS)) {
      args.jail = wordIn(t, JAIL_WORDS)!;
      continue;
    }
    if (allow.number && /^(#|№)?\d+$/.test(t)) {
      args.number = Number(t.replace(/^(#|№)/, ''));
      continue;
    }
    if (allow.number && /^(№|#|номер|анонимк\p{L}*)$/iu.test(t)) continue;
    // a stat word where the action has no choice of stat ("байки Ивану +3 ВО"): dropped like a stray sign
    if (!allow.stat && wordIn(t, STAT_WORDS) && def && (def.params?.vo !== undefined || def.params?.tv !== undefined))
      continue;
    keep.push(t);
  }
  const s = scan(state, me, keep, opts.prefer);
  if (s.words.length) {
    if (opts.note) return { players: s.players.map((p) => p.id), args, note: s.words.map((w) => w.text) };
    extraWords(s.words, true, s.players.length > 0);
  }
  return { players: s.players.map((p) => p.id), args, note: [] };
}

/** The first player of the tokens and the tokens after him. */
export function firstPlayer(
  state: GState,
  me: PlayerId,
  toks: string[],
  prefer?: (id: PlayerId) => boolean,
): { id: PlayerId | null; rest: string[]; before: string[] } {
  for (let i = 0; i < toks.length; i++) {
    const f = norm(toks[i]!);
    if (SELF.has(f)) return { id: me, rest: toks.slice(i + 1), before: toks.slice(0, i) };
    const hit = playersAt(state, toks, i);
    if (!hit.ids.length) continue;
    let ids = hit.ids;
    if (ids.length > 1 && prefer) {
      const p = ids.filter(prefer);
      if (p.length) ids = p;
    }
    if (ids.length > 1)
      fail('ambiguous-player', { word: toks.slice(i, i + hit.len).join(' '), options: names(state, ids) });
    return { id: ids[0]!, rest: toks.slice(i + hit.len), before: toks.slice(0, i) };
  }
  return { id: null, rest: [], before: toks };
}

/**
 * Tokens without the words that name a faction member's action in public terms (a
 * leader's or proxy's order: «лидер Борис байки Ивану», «каюта Борис его тайное
 * дневное Ивану»): the words of `known` (his role's ordinary action in the table), a
 * kind word of it (`kind`, or this half's «дневное» / «ночное») and «его … действие».
 * Nothing here reads what he holds.
 */
export function withoutPublicWordsOf(
  state: GState,
  toks: string[],
  known: ActionDef | null,
  kind: 'secret' | 'ordinary',
): string[] {
  const fits = new Set<string>([kind, halfOf(state.t)]);
  const says = (t: string) =>
    (known !== null && namesAction(t, known)) || fits.has(kindOf(t) ?? '') || HIS.has(norm(t));
  return toks.filter((t, i) => !says(t) || playersAt(state, toks, i).ids.length > 0);
}

/** Tokens without those that name `def` (the performed action named again: «хитрость: байки Маше»). */
export function withoutWordsOf(state: GState, of: PlayerId, toks: string[], def: ActionDef): string[] {
  return toks.filter((t) => tokenNames(state, of, t, def) === 0 || playersAt(state, [t], 0).ids.length > 0);
}
