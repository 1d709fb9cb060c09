// Players by name, as forum players write them: any grammatical case, common
// short forms, one word of the name or all of it; the longest full match
// first, then the best score. Self words («себе») name the writer.
import type { PlayerId } from '../../engine/types.js';
import { player, type GPlayer, type GState } from './state.js';
import { FILLERS, PREPOSITIONS, SELF, fold, sameStem, sameWord, shortForms, tokens } from './words.js';
import { norm } from './order-types.js';
import { fail } from './order-words.js';

// ---- players by name --------------------------------------------------------

interface Form {
  words: string[];
  /** The id: only the exact spelling. */
  id?: boolean;
  /** An alias or short form: a full match only. */
  alias?: boolean;
}

function formsOf(p: GPlayer): Form[] {
  const forms: Form[] = [{ words: tokens(p.id).map(fold), id: true }, { words: tokens(p.name).map(fold) }];
  for (const a of p.aliases ?? []) forms.push({ words: tokens(a).map(fold), alias: true });
  for (const w of tokens(p.name)) for (const s of shortForms(w)) forms.push({ words: [s], alias: true });
  return forms.filter((f) => f.words.length);
}

/** How well a typed word matches a name word: 3 the same, 2 the same stem, 1 a case form by a longer ending, 0 no. */
function wordScore(typed: string, name: string): number {
  const a = fold(typed);
  const b = fold(name);
  if (a === b) return 3;
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return Number(a) === Number(b) ? 3 : 0;
  if (/\d/.test(a) || /\d/.test(b) || a.length < 2 || b.length < 2) return 0;
  if (sameStem(a, b)) return 2;
  return sameWord(a, b) ? 1 : 0;
}

export interface PlayerHit {
  ids: PlayerId[];
  /** Tokens taken. */
  len: number;
}

interface NameIndex {
  forms: { id: PlayerId; form: Form }[];
  maxK: number;
  hits: Map<string, PlayerHit>;
}
const indexes = new WeakMap<GState, NameIndex>();

function nameIndex(state: GState): NameIndex {
  let ix = indexes.get(state);
  if (!ix) {
    const forms = state.players.flatMap((p) => formsOf(p).map((form) => ({ id: p.id, form })));
    ix = { forms, maxK: Math.max(1, ...forms.map((f) => f.form.words.length)), hits: new Map() };
    indexes.set(state, ix);
  }
  return ix;
}

/** The players the tokens at i name (longest full match first, then the best score); [] when none. */
export function playersAt(state: GState, toks: string[], i: number): PlayerHit {
  const ix = nameIndex(state);
  const key = toks.slice(i, i + ix.maxK).join('\u0001');
  let hit = ix.hits.get(key);
  if (!hit) {
    hit = playersAtUncached(ix, toks.slice(i, i + ix.maxK));
    if (ix.hits.size < 10_000) ix.hits.set(key, hit);
  }
  return hit;
}

function playersAtUncached(ix: NameIndex, toks: string[]): PlayerHit {
  const i = 0;
  // ranks: the id 40; a whole name (or alias) 30 the same, 20 the same stem, 10 a longer ending;
  // one word of a several-word name 8 the same, 6 the same stem, 4 a longer ending
  let best: { k: number; score: number; ids: Set<PlayerId> } | null = null;
  const offer = (id: PlayerId, k: number, score: number) => {
    if (score <= 0) return;
    if (!best || k > best.k || (k === best.k && score > best.score)) best = { k, score, ids: new Set([id]) };
    else if (k === best.k && score === best.score) best.ids.add(id);
  };
  if (!toks.length) return { ids: [], len: 0 };
  for (const { id, form: f } of ix.forms) {
    const k = f.words.length;
    // one typed word for one word of a several-word name ("Анну" for Анна Петрова, "Петровой")
    if (k > 1 && !f.id && !f.alias && !f.words.some((w) => /\d/.test(w)))
      for (const w of f.words) {
        const s = wordScore(toks[i]!, w);
        if (s >= 1) offer(id, 1, s === 3 ? 8 : s === 2 ? 6 : 4);
      }
    if (i + k > toks.length) continue;
    const window = toks.slice(i, i + k);
    if (f.id) {
      if (window.map(fold).join('') === f.words.join('')) offer(id, k, 40);
      continue;
    }
    const score = Math.min(...window.map((t, j) => wordScore(t, f.words[j]!)));
    if (score > 0) offer(id, k, score * 10);
  }
  const b = best as { k: number; score: number; ids: Set<PlayerId> } | null;
  if (!b) return { ids: [], len: 0 };
  return { ids: [...b.ids].sort(), len: b.k };
}

/** A player named by id or name in any case form (one word or the whole name), or null. */
export function findPlayer(state: GState, word: string): PlayerId | null {
  const toks = tokens(word);
  if (!toks.length) return null;
  const hit = playersAt(state, toks, 0);
  return hit.ids.length === 1 && hit.len === toks.length ? hit.ids[0]! : null;
}

export function names(state: GState, ids: PlayerId[]): string {
  return ids.map((id) => player(state, id).name).join(', ');
}

interface Scan {
  players: { id: PlayerId; at: number; len: number }[];
  /** Tokens that are neither players nor fillers, with their positions. */
  words: { text: string; at: number }[];
}

/** Players in token order; self words ("себе") name the writer; prepositions and fillers dropped. */
export function scan(
  state: GState,
  me: PlayerId,
  toks: string[],
  prefer?: (id: PlayerId) => boolean,
  extraFillers?: Set<string>,
): Scan {
  const out: Scan = { players: [], words: [] };
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const f = norm(t);
    if (SELF.has(f)) {
      out.players.push({ id: me, at: i, len: 1 });
      continue;
    }
    const hit = playersAt(state, toks, i);
    if (hit.ids.length) {
      let ids = hit.ids;
      if (ids.length > 1 && prefer) {
        const p = ids.filter(prefer);
        if (p.length) ids = p;
      }
      if (ids.length > 1)
        fail('ambiguous-player', { word: toks.slice(i, i + hit.len).join(' '), options: names(state, ids) });
      out.players.push({ id: ids[0]!, at: i, len: hit.len });
      i += hit.len - 1;
      continue;
    }
    if (PREPOSITIONS.has(f) || FILLERS.has(f) || extraFillers?.has(f) || f === '' || /^[-−+]$/.test(f)) continue;
    out.words.push({ text: t, at: i });
  }
  return out;
}

export function extraWords(words: { text: string }[], playersAllowed: boolean, anyPlayer: boolean): never {
  if (playersAllowed && words.length === 1 && !anyPlayer) fail('unknown-player', { word: words[0]!.text });
  const named = words.find((w) => /^\p{Lu}/u.test(w.text));
  if (playersAllowed && named && !anyPlayer) fail('unknown-player', { word: named.text });
  return fail('extra-words', { words: words.map((w) => w.text).join(' ') });
}
