// Actions by word: a slug, a kind word or words of an action's name, looked
// up among the actions a player may use now; for another player (Шантаж,
// Кабальный договор), among the public tables only.
import type { PlayerId, Lang } from '../../engine/types.js';
import { canUse, effectiveRole, heldActions, kindAction, roleKindAction } from './access.js';
import { allActions, type ActionDef } from './tables.js';
import { halfOf, player, type ActionWord, type GState } from './state.js';
import { L } from './texts.js';
import { PREPOSITIONS, fold, sameStem, sameWord, tokens } from './words.js';
import { memoized } from '../../words.js';
import { fromShared } from '../../engine/shared-json.js';
import { playersAt } from './order-names.js';
import { norm } from './order-types.js';
import { fail, kindOf, signOf } from './order-words.js';

// ---- actions by word ----------------------------------------------------------

export function actionName(def: ActionDef, lang: Lang): string {
  return def.name[L(lang)];
}

const NAME_STOP = new Set([
  'игрока',
  'своих',
  'своей',
  'свой',
  'любого',
  'выбранного',
  'player',
  'your',
  'own',
  'from',
  'the',
  'a',
  'an',
  'of',
  'to',
  'in',
  'on',
  'with',
  'for',
  'by',
  'up',
  'away',
  'under',
]);

const nameWordCache = new Map<string, string[]>();
function nameWords(def: ActionDef): string[] {
  let ws = nameWordCache.get(def.key);
  if (!ws) {
    ws = [...tokens(def.name.ru), ...tokens(def.name.en)]
      .map(fold)
      .filter((w) => w.length >= 3 && !PREPOSITIONS.has(w) && !NAME_STOP.has(w) && !/\d/.test(w));
    nameWordCache.set(def.key, ws);
  }
  return ws;
}

/** How strongly a token names this action: 3 its slug or kind word, 1 a word of its name, 0 no. */
export function tokenNames(state: GState, of: PlayerId, tok: string, def: ActionDef): number {
  const w = norm(tok);
  if (w.length < 2) return 0;
  const own = namesByWords(def)(w);
  if (own === 3) return 3;
  const kind = kindOf(w);
  if (kind && kindDef(state, of, kind)?.key === def.key) return 3;
  return own;
}

const byWords = new Map<string, (w: string) => number>();
/** The words of an action (its slug, its name; not the kind words, which depend on who acts): 3 its slug, 1 a word of its name, 0 no, per folded word (remembered: the tables are fixed). */
function namesByWords(def: ActionDef): (w: string) => number {
  let f = byWords.get(def.key);
  if (!f) {
    const ru = fold(def.slug.ru);
    f = memoized((w) => {
      if (ru === w || def.slug.en === w) return 3;
      if (w.length >= 3 && (sameStem(def.slug.ru, w) || (def.slug.en.length >= 4 && sameStem(def.slug.en, w))))
        return 3;
      if (w.length >= 4 && nameWords(def).some((n) => sameStem(n, w) || (n.length >= 5 && sameWord(n, w)))) return 1;
      return 0;
    }, 10_000);
    byWords.set(def.key, f);
  }
  return f;
}

function kindDef(state: GState, of: PlayerId, kind: string): ActionDef | null {
  return fromShared(state, `kind\u0000${of}\u0000${kind}`, () => kindDefOf(state, of, kind));
}

function kindDefOf(state: GState, of: PlayerId, kind: string): ActionDef | null {
  return kind === 'leader' ? null : kindAction(state, of, kind as ActionWord);
}

export interface ActionFound {
  def: ActionDef | 'leader';
  /** The tokens that named it. */
  used: Set<number>;
}

interface Score {
  def: ActionDef;
  used: Set<number>;
  strength: number;
  first: number;
  count: number;
}

/** Is each token exactly a player's name or id (then it names him, not an action)? */
function exactPlayers(state: GState, toks: string[]): boolean[] {
  return toks.map((t, i) => {
    const h = playersAt(state, toks, i);
    return (
      h.ids.length > 0 &&
      h.len === 1 &&
      state.players.some((p) => h.ids.includes(p.id) && (fold(p.name) === fold(t) || fold(p.id) === fold(t)))
    );
  });
}

/** How strongly the line names each action: `names` gives a token's strength for an action (3 slug or kind word, 1 a word of its name). */
function scoresOf(
  toks: string[],
  defs: ActionDef[],
  names: (tok: string, def: ActionDef) => number,
  off: (i: number) => boolean,
): Score[] {
  return defs.map((def) => {
    const used = new Set<number>();
    let strength = 0;
    let first = Infinity;
    toks.forEach((t, i) => {
      if (off(i)) return;
      const s = names(t, def);
      // a sign word («хорошего», «неуклюжего») is the choice, not the action's name
      if (s === 1 && signOf(t) !== null) return;
      if (s > 0) {
        used.add(i);
        strength = Math.max(strength, s);
        first = Math.min(first, i);
      }
    });
    return { def, used, strength, first, count: used.size };
  });
}

/** Is the token the action's own slug (not only a kind word that names it)? */
function isSlug(def: ActionDef, tok: string): boolean {
  const w = norm(tok);
  return fold(def.slug.ru) === w || def.slug.en === w || sameStem(def.slug.ru, w);
}

/** The actions named by a slug or kind word, with the position of the first such word of the line (Infinity: none). */
function strongest(state: GState, toks: string[], scores: Score[], names: (tok: string, def: ActionDef) => number) {
  const strong = scores.filter((s) => s.strength === 3);
  // a word that also names a player is his name as long as the action is named by another word («ром Роме»)
  for (const s of strong) {
    const plain = [...s.used].filter((i) => playersAt(state, toks, i).ids.length === 0);
    if (plain.some((i) => names(toks[i]!, s.def) === 3))
      for (const i of [...s.used]) if (!plain.includes(i)) s.used.delete(i);
    s.first = Math.min(...s.used);
  }
  // the first slug or kind word of the line names the action; the same action's other words go with it
  const at = Math.min(...strong.map((s) => s.first));
  return { at, list: strong.filter((s) => s.first === at) };
}

/** One of the actions a slug or kind word names at the same place: the slug's own, else the secret one of this half, else the one usable now. */
function pickStrong(state: GState, toks: string[], lang: Lang, list: Score[], usable: (l: Score[]) => Score[]): Score {
  if (list.length === 1) return list[0]!;
  const firstAt = list[0]!.first;
  // a kind word and a slug on one token cannot both be meant: the slug's own action wins
  const bySlug = list.filter((s) => isSlug(s.def, toks[firstAt]!));
  let pick =
    bySlug.length === 1
      ? bySlug
      : list.filter((s) => s.def.kind === (halfOf(state.t) === 'day' ? 'secretDay' : 'secretNight'));
  if (pick.length !== 1) pick = usable(list);
  if (pick.length !== 1)
    fail('ambiguous-action', { word: toks[firstAt]!, options: list.map((s) => actionName(s.def, lang)).join('; ') });
  return pick[0]!;
}

/** The action named by words of its name: the one most words fit (of several, the one usable now); several: refused. */
function pickWeak(toks: string[], lang: Lang, scores: Score[], usable: (l: Score[]) => Score[]): Score | null {
  const weak = scores.filter((s) => s.strength === 1);
  if (!weak.length) return null;
  const most = Math.max(...weak.map((s) => s.count));
  let best = weak.filter((s) => s.count === most);
  // only what is truly ambiguous is refused: of the actions the words fit, the one he can use now
  if (best.length > 1 && usable(best).length === 1) best = usable(best);
  if (best.length > 1)
    fail('ambiguous-action', {
      word: [...best[0]!.used].map((i) => toks[i]).join(' '),
      options: best.map((s) => actionName(s.def, lang)).join('; '),
    });
  return best[0]!;
}

/**
 * The action a line names, among the actions of `of` (the writer; a leader's or
 * proxy's member): a slug or kind word anywhere in the line, else the words
 * of the action's name («упомянуть в местных байках»). Several of his actions at
 * the same strength: refused, naming them. An action that is not his: refused.
 */
export function findAction(
  state: GState,
  of: PlayerId,
  toks: string[],
  lang: Lang,
  skip: Set<number> = new Set(),
): ActionFound | null {
  const held = fromShared(state, `held\u0000${of}`, () => heldActions(state, of));
  const exact = exactPlayers(state, toks);
  const exactPlayer = (i: number) => exact[i]!;
  // the leader's action
  for (let i = 0; i < toks.length; i++)
    if (!skip.has(i) && kindOf(toks[i]!) === 'leader' && !exactPlayer(i)) return { def: 'leader', used: new Set([i]) };
  const usable = <T extends { def: ActionDef }>(list: T[]) => list.filter((x) => canUse(state, of, x.def) === null);
  const names = (t: string, def: ActionDef) => tokenNames(state, of, t, def);
  const scores = scoresOf(toks, held, names, (i) => skip.has(i) || exactPlayer(i));
  const strong = strongest(state, toks, scores, names);
  if (strong.list.length) {
    const pick = pickStrong(state, toks, lang, strong.list, usable);
    return { def: pick.def, used: pick.used };
  }
  // another's action named by its slug: not his — unless that word belongs to the name of one of his («Выдать защиту от отравлений»)
  const weak = scores.filter((s) => s.strength === 1);
  for (let i = 0; i < toks.length; i++) {
    if (skip.has(i)) continue;
    const other = actionBySlug(norm(toks[i]!));
    if (other && !exactPlayer(i) && playersAt(state, toks, i).ids.length === 0 && !weak.some((s) => s.used.has(i)))
      fail('not-your-action', { action: actionName(other, lang) });
  }
  const best = pickWeak(toks, lang, scores, usable);
  return best && { def: best.def, used: best.used };
}

/** An action named for another player: one of the tables (by key) or a kind of his actions, and the tokens that named it. */
export type NamedAction = ({ key: string } | { kind: ActionWord }) & { used: Set<number> };

/**
 * The action a blackmailer or a moneylender names for another player: looked up
 * in the public tables of all actions (slug, words of the name), or a kind word
 * («тайное», «дневное», «hero») kept as the kind. Nothing here reads what the
 * other player holds or may use (his character, his mimicry, his cooldowns):
 * that is checked at the deadline (RULES.md §10, Шантаж). Refusals name only
 * actions of the tables.
 */
export function namedAction(state: GState, toks: string[], lang: Lang): NamedAction | null {
  const exact = exactPlayers(state, toks);
  const kindAt = toks.findIndex((t, i) => !exact[i] && kindOf(t) !== null && kindOf(t) !== 'leader');
  const names = (t: string, def: ActionDef) => namesByWords(def)(norm(t));
  const scores = scoresOf(toks, allActions(), names, (i) => exact[i]!);
  const every = <T>(list: T[]) => list;
  const strong = strongest(state, toks, scores, names);
  const kind = kindAt >= 0 ? { kind: kindOf(toks[kindAt]!) as ActionWord, used: new Set([kindAt]) } : null;
  // a kind word before the first slug, or on the same word when it is not that action's slug («secret», not «secrets»)
  if (kind && (kindAt < strong.at || (kindAt === strong.at && !strong.list.some((s) => isSlug(s.def, toks[kindAt]!)))))
    return kind;
  if (strong.list.length) {
    const pick = pickStrong(state, toks, lang, strong.list, every);
    return { key: pick.def.key, used: pick.used };
  }
  const best = pickWeak(toks, lang, scores, every);
  return best && { key: best.def.key, used: best.used };
}

/** The first action of the tables whose slug a folded word is (or, 3+ letters, has the stem of). */
const actionBySlug = memoized(
  (w: string): ActionDef | null =>
    allActions().find((a) => fold(a.slug.ru) === w || a.slug.en === w || (w.length >= 3 && sameStem(a.slug.ru, w))) ??
    null,
  10_000,
);

/** An action word: a slug (ru/en) or a kind word, looked up among the actions of `of` (for callers outside the parser). */
export function lookupAction(state: GState, of: PlayerId, word: string): ActionDef | 'leader' | null {
  try {
    return findAction(state, of, [word], 'en')?.def ?? null;
  } catch {
    return null;
  }
}

/** The writer's own ordinary action of this half (his imitated role's, Искусное подражание, while it lasts: he knows it). */
export function ordinaryOf(state: GState, id: PlayerId): ActionDef {
  return roleKindAction(state, effectiveRole(state, id), 'ordinary')!;
}

/**
 * Another player's ordinary action of this half as everybody may know it: his role's
 * in the table («роль, известная всем»). What he holds now (an imitated role, a lost
 * action) is his secret, looked at only at the deadline (proxy.ts).
 */
export function publicOrdinaryOf(state: GState, id: PlayerId): ActionDef {
  return roleKindAction(state, player(state, id).role, 'ordinary')!;
}

/** Does the token name the action by its own words (its slug or a word of its name; not a kind word, which depends on who holds it)? */
export function namesAction(tok: string, def: ActionDef): boolean {
  return namesByWords(def)(norm(tok)) > 0;
}
