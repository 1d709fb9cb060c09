// Who a nation order names: the player's country, orders and figures (and
// those he knows of others) by name in any case form, and the elements an
// order line is built of, with the refusal of a line (LineFail).
import type { Lang, PlayerId } from '../../engine/types.js';
import { knowersOf } from './audience.js';
import type { MessageCode } from './texts.js';
import type { ActorRef, Direction, NationState, Visibility } from './types.js';
import {
  DIRECTION_TERMS,
  fold,
  foldId,
  matchConcept,
  matchTerms,
  sameWord,
  type Concept,
  type WordMatch,
} from './words.js';
import { memoized } from '../../words.js';
import { fromShared } from '../../engine/shared-json.js';

// ---------------------------------------------------------------------------
// Order words

export type El =
  | { k: 'actor'; ref: ActorRef; own: boolean; name: string }
  | { k: 'vis'; v: Visibility }
  | { k: 'dir'; d: Direction }
  | { k: 'scale'; v: number }
  | { k: 'strategic' }
  | { k: 'goal' }
  | { k: 'askTime' }
  | { k: 'turns'; n: number; years: boolean }
  | { k: 'continue'; id: string }
  | { k: 'abandon'; id: string }
  | { k: 'influence'; target: string; sign: 1 | -1 }
  | { k: 'gain'; order: string };
export type Kind = El['k'];

interface Problem {
  code: MessageCode;
  params?: Record<string, string | number>;
}
export class LineFail extends Error {
  constructor(readonly problem: Problem) {
    super(problem.code);
  }
}
export const fail = (code: MessageCode, params: Record<string, string | number> = {}): never => {
  throw new LineFail({ code, params });
};

export type Cand =
  | { el: El; used: number; exact: boolean; actor?: boolean }
  | { error: Problem; used: number; exact: boolean; actor?: boolean };

interface Entity {
  ref: ActorRef;
  id: string;
  name: string;
  words: string[];
  own: boolean;
}

export interface Ctx {
  state: NationState;
  player: PlayerId;
  lang: Lang;
  entities: Entity[];
  /** The actor found so far (for "усилить влияние на …", which only a figure says). */
  actor: El | undefined;
}

const GENERIC: Concept[] = ['order', 'figure', 'country', 'onOrder', 'possessive', 'my', 'article'];
const isGeneric = memoized((w: string) => fold(w).length < 3 || GENERIC.some((c) => matchConcept([w], c)), 10_000);

/** The entities a player may name: every country; the orders and figures they know of (kept with a shared state, per player). */
export function entitiesOf(state: NationState, player: PlayerId): Entity[] {
  return fromShared(state, `entities\u0000${player}`, () => entitiesOfUncached(state, player));
}

function entitiesOfUncached(state: NationState, player: PlayerId): Entity[] {
  const words = (name: string) =>
    fold(name)
      .split(/[^\p{L}\p{N}'-]+/u)
      .filter((w) => w !== '');
  return [
    ...state.countries.map((c) => ({
      ref: { type: 'country' as const, id: c.id },
      id: c.id,
      name: c.name,
      words: words(c.name),
      own: c.player === player,
    })),
    ...state.orders
      .filter((o) => knowersOf(state, { type: 'order', id: o.id }).includes(player))
      .map((o) => ({
        ref: { type: 'order' as const, id: o.id },
        id: o.id,
        name: o.name,
        words: words(o.name),
        own: o.player === player,
      })),
    ...state.figures
      .filter((f) => knowersOf(state, { type: 'figure', id: f.id }).includes(player))
      .map((f) => ({
        ref: { type: 'figure' as const, id: f.id },
        id: f.id,
        name: f.name,
        words: words(f.name),
        own: f.player === player,
      })),
  ];
}

/**
 * How many of the words, from the start, name the entity: its id, or words of
 * its name in any order ("Мудрый Олег" for Олег Мудрый), each name word once,
 * not only generic ones ("орден" alone names nothing).
 */
function nameMatch(words: readonly string[], e: Entity): WordMatch | null {
  if (words.length === 0) return null;
  if (foldId(words[0]!) === fold(e.id)) return { used: 1, exact: true };
  const quoted = /^[«"„“‘](.*)[»"“”’]$/su.exec(words[0]!);
  if (quoted) {
    // A quoted name is the whole name (any case forms), or the id.
    const inner = fold(quoted[1]!)
      .split(/[^\p{L}\p{N}'-]+/u)
      .filter((w) => w !== '');
    if (inner.length === 1 && foldId(inner[0]!) === fold(e.id)) return { used: 1, exact: true };
    const ok = inner.length === e.words.length && inner.every((w, i) => sameWord(w, e.words[i]!));
    return ok ? { used: 1, exact: inner.every((w, i) => w === e.words[i]) } : null;
  }
  const free = e.words.map(() => true);
  let k = 0;
  let exact = true;
  let significant = false;
  for (; k < words.length; k++) {
    const w = words[k]!;
    let hit = e.words.findIndex((n, i) => free[i] && fold(w) === n);
    if (hit < 0) {
      // Another case form of a name word — unless, after the first word, it is an order word (Сов тайно: «тайно» is not «Тайное»).
      if (k > 0 && isKeyword(w)) break;
      hit = e.words.findIndex((n, i) => free[i] && sameWord(w, n));
      exact = false;
    }
    if (hit < 0) break;
    free[hit] = false;
    if (!isGeneric(e.words[hit]!)) significant = true;
  }
  return k > 0 && significant ? { used: k, exact } : null;
}

/** The entity the words start with (of one type, when given), the longest match; ambiguous ties are an error. */
export function entityAt(
  words: readonly string[],
  c: Ctx,
  type?: ActorRef['type'],
): { e: Entity; m: WordMatch } | { error: Problem; used: number } | null {
  let best: { e: Entity; m: WordMatch }[] = [];
  for (const e of c.entities) {
    if (type && e.ref.type !== type) continue;
    const m = nameMatch(words, e);
    if (!m) continue;
    const top = best[0];
    if (!top || m.used > top.m.used || (m.used === top.m.used && m.exact && !top.m.exact)) best = [{ e, m }];
    else if (m.used === top.m.used && m.exact === top.m.exact) best.push({ e, m });
  }
  if (best.length === 0) return null;
  if (best.length > 1) {
    // An id or a whole name typed exactly wins over partial names.
    const whole = best.filter(
      (b) => b.m.exact && (b.m.used === b.e.words.length || foldId(words[0]!) === fold(b.e.id)),
    );
    if (whole.length === 1) return whole[0]!;
    return {
      error: {
        code: 'ambiguous',
        params: { word: words.slice(0, best[0]!.m.used).join(' '), list: best.map((b) => b.e.name).join(', ') },
      },
      used: best[0]!.m.used,
    };
  }
  return best[0]!;
}

/** A single word that is an order word on its own (secret/public, strategic, a direction, scale). */
const isKeyword = memoized(
  (w: string): boolean =>
    (['secret', 'public', 'strategic', 'goal', 'scale'] as Concept[]).some((c) => matchConcept([w], c)) ||
    !!matchTerms([w], DIRECTION_TERMS),
  10_000,
);
