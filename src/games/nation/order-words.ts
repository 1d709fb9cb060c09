// The order words of a nation line, each kind at most once: who acts,
// secret/public, the direction, a scale, a strategic step, influence on a
// declared action, continue/abandon, what a gain or an estimate asks.
import { DIRECTION_TERMS, LADDER_TERMS, actionIdOf, matchConcept, matchTerms, numberOf, skipConcept } from './words.js';
import { type Cand, type Ctx, type Kind, entityAt } from './order-entities.js';
import type { MessageCode } from './texts.js';
import type { ActorRef } from './types.js';

const unknownOf = (type: ActorRef['type']): MessageCode => (type === 'figure' ? 'unknown-figure' : 'unknown-order');

/** An order or figure, optionally after its type word ("орден тамплиеров", "фигура Иван", "order templars"). */
export function typedEntityAt(words: readonly string[], c: Ctx, only?: ActorRef['type']): Cand | null {
  const typeWord: { type: ActorRef['type']; used: number } | null = (() => {
    for (const t of ['order', 'figure'] as const) {
      if (only && only !== t) continue;
      const m = matchConcept(words, t);
      if (m) return { type: t, used: m.used };
    }
    return null;
  })();
  const direct = entityAt(words, c, only);
  const after = typeWord ? entityAt(words.slice(typeWord.used), c, typeWord.type) : null;
  const pick = (r: NonNullable<ReturnType<typeof entityAt>>, extra: number): Cand =>
    'error' in r
      ? { error: r.error, used: r.used + extra, exact: true, actor: true }
      : {
          el: { k: 'actor', ref: r.e.ref, own: r.e.own, name: r.e.name },
          used: r.m.used + extra,
          exact: r.m.exact,
          actor: true,
        };
  const a = direct ? pick(direct, 0) : null;
  const b = after ? pick(after, typeWord!.used) : null;
  if (a && b) return b.used > a.used ? b : a;
  if (a || b) return (a ?? b)!;
  if (typeWord) {
    // The unknown name runs up to the next order word ("Орден Сов тайно …" → «Сов»).
    let end = typeWord.used;
    while (end < words.length && !orderWordAt(words.slice(end), c, new Set(), false)) end++;
    const name = words.slice(typeWord.used, Math.max(end, typeWord.used + 1)).join(' ');
    return {
      error: { code: unknownOf(typeWord.type), params: { name } },
      used: words.length,
      exact: true,
      actor: true,
    };
  }
  return null;
}

function actorAt(all: readonly string[], c: Ctx): Cand | null {
  // "the Templars", "the country"
  const art = skipConcept(all, 'article');
  if (art) {
    const r = actorAt(all.slice(art), c);
    return r ? { ...r, used: r.used + art } : null;
  }
  const words = all;
  // моя страна, государство, country [+ its name]
  const my = skipConcept(words, 'my');
  const cw = matchConcept(words.slice(my), 'country');
  if (cw) {
    let used = my + cw.used;
    const own = c.state.countries.find((x) => x.player === c.player);
    const named = entityAt(words.slice(used), c, 'country');
    if (named && !('error' in named)) {
      used += named.m.used;
      return {
        el: { k: 'actor', ref: named.e.ref, own: named.e.own, name: named.e.name },
        used,
        exact: true,
        actor: true,
      };
    }
    if (!own)
      return {
        error: { code: 'not-yours', params: { name: words.slice(0, used).join(' ') } },
        used,
        exact: true,
        actor: true,
      };
    return {
      el: { k: 'actor', ref: { type: 'country', id: own.id }, own: true, name: own.name },
      used,
      exact: cw.exact,
      actor: true,
    };
  }
  return typedEntityAt(words, c);
}

/** One of the id-bearing words: "продолжить S2", bare "S2". */
function continueAt(words: readonly string[]): Cand | null {
  const bare = words[0] === undefined ? null : actionIdOf(words[0], 'S');
  if (bare) return { el: { k: 'continue', id: bare }, used: 1, exact: true };
  const m = matchConcept(words, 'continue');
  if (!m) return null;
  let j = m.used;
  j += skipConcept(words.slice(j), 'strategic');
  j += skipConcept(words.slice(j), 'action');
  const id = words[j] === undefined ? null : actionIdOf(words[j]!, 'S');
  return id ? { el: { k: 'continue', id }, used: j + 1, exact: m.exact } : null;
}

function abandonAt(words: readonly string[]): Cand | null {
  const m = matchConcept(words, 'abandon');
  if (!m) return null;
  let j = m.used;
  j += skipConcept(words.slice(j), 'from');
  j += skipConcept(words.slice(j), 'strategic');
  j += skipConcept(words.slice(j), 'action');
  const id = words[j] === undefined ? null : actionIdOf(words[j]!, 'S');
  return id ? { el: { k: 'abandon', id }, used: j + 1, exact: m.exact } : null;
}

function influenceAt(words: readonly string[]): Cand | null {
  const first = words[0];
  if (first === undefined) return null;
  const signedId = /^([+\-−])(.+)$/u.exec(first);
  if (signedId) {
    const id = actionIdOf(signedId[2]!, 'AF');
    if (id) return { el: { k: 'influence', target: id, sign: signedId[1] === '+' ? 1 : -1 }, used: 1, exact: true };
  }
  let sign: 1 | -1 = 1;
  let m = matchConcept(words, 'support');
  if (!m) {
    m = matchConcept(words, 'oppose');
    sign = -1;
  }
  if (!m) return null;
  let j = m.used;
  j += skipConcept(words.slice(j), 'action');
  const id = words[j] === undefined ? null : actionIdOf(words[j]!, 'AF');
  return id ? { el: { k: 'influence', target: id, sign }, used: j + 1, exact: m.exact } : null;
}

function gainAt(words: readonly string[], c: Ctx): Cand | null {
  const m = matchConcept(words, 'gain');
  if (!m) return null;
  let j = m.used;
  j += skipConcept(words.slice(j), 'possessive');
  const inf = matchConcept(words.slice(j), 'influence');
  if (!inf) return null;
  j += inf.used;
  j += skipConcept(words.slice(j), 'onOrder');
  j += skipConcept(words.slice(j), 'possessive');
  const isFigure = c.actor?.k === 'actor' && c.actor.ref.type === 'figure';
  // An order, or a country ("a country counts as an order" for influence: setup.ts).
  const rest = words.slice(j);
  let r = typedEntityAt(rest, c, 'order');
  if (!r || 'error' in r) {
    const my = skipConcept(rest, 'my');
    const cw = matchConcept(rest.slice(my), 'country');
    const country = entityAt(rest.slice(cw ? my + cw.used : 0), c, 'country');
    const home = c.state.countries.find((x) => x.player === c.player);
    if (country && !('error' in country))
      r = {
        el: { k: 'actor', ref: country.e.ref, own: country.e.own, name: country.e.name },
        used: (cw ? my + cw.used : 0) + country.m.used,
        exact: true,
      };
    else if (cw && home)
      r = {
        el: { k: 'actor', ref: { type: 'country', id: home.id }, own: true, name: home.name },
        used: my + cw.used,
        exact: true,
      };
  }
  if (r && 'el' in r && r.el.k === 'actor')
    return { el: { k: 'gain', order: r.el.ref.id }, used: j + r.used, exact: m.exact };
  if (!isFigure) return null;
  if (r && 'error' in r) return { ...r, used: j + r.used, actor: false };
  const name = rest.join(' ');
  return {
    error: name ? { code: 'unknown-order', params: { name } } : { code: 'gain-no-order' },
    used: words.length,
    exact: true,
  };
}

function turnsAt(words: readonly string[]): Cand | null {
  const j = skipConcept(words, 'timePrep');
  const n = numberOf(words.slice(j));
  if (!n) return null;
  const k = j + n.used;
  const turn = matchConcept(words.slice(k), 'turn');
  const year = turn ? null : matchConcept(words.slice(k), 'year');
  const unit = turn ?? year;
  if (!unit) return null;
  return { el: { k: 'turns', n: n.value, years: !!year }, used: k + unit.used, exact: true };
}

function scaleAt(words: readonly string[]): Cand | null {
  let j = skipConcept(words, 'inScale');
  const m = matchConcept(words.slice(j), 'scale');
  if (!m) return null;
  j += m.used;
  const n = numberOf(words.slice(j));
  if (n) return { el: { k: 'scale', v: n.value }, used: j + n.used, exact: true };
  const l = matchTerms(words.slice(j), LADDER_TERMS);
  return l ? { el: { k: 'scale', v: l.value }, used: j + l.used, exact: true } : null;
}

function visAt(words: readonly string[]): Cand | null {
  for (const [concept, v] of [
    ['secret', 'secret'],
    ['public', 'public'],
  ] as const) {
    const m = matchConcept(words, concept);
    if (m) return { el: { k: 'vis', v }, used: m.used + skipConcept(words.slice(m.used), 'action'), exact: m.exact };
  }
  return null;
}

function strategicAt(words: readonly string[]): Cand | null {
  const m = matchConcept(words, 'strategic');
  if (!m) return null;
  return { el: { k: 'strategic' }, used: m.used + skipConcept(words.slice(m.used), 'action'), exact: m.exact };
}

/** "цель:" — the goal of a strategic action follows (a new strategic action). */
function goalAt(words: readonly string[]): Cand | null {
  const m = matchConcept(words, 'goal');
  return m ? { el: { k: 'goal' }, used: m.used, exact: m.exact } : null;
}

function askTimeAt(words: readonly string[]): Cand | null {
  const m = matchConcept(words, 'askTime');
  return m ? { el: { k: 'askTime' }, used: m.used, exact: m.exact } : null;
}

function directionAt(words: readonly string[]): Cand | null {
  const j = skipConcept(words, 'direction');
  const m = matchTerms(words.slice(j), DIRECTION_TERMS);
  return m ? { el: { k: 'dir', d: m.value }, used: j + m.used, exact: m.exact } : null;
}

/** The best order word at the start of the words, of a kind not given yet (null: the text starts here). */
export function orderWordAt(words: readonly string[], c: Ctx, have: Set<Kind>, allowActor: boolean): Cand | null {
  const cands: Cand[] = [];
  const add = (k: Kind, f: () => Cand | null) => {
    if (have.has(k)) return;
    const r = f();
    if (r) cands.push(r);
  };
  add('continue', () => continueAt(words));
  add('abandon', () => abandonAt(words));
  add('influence', () => influenceAt(words));
  add('gain', () => gainAt(words, c));
  add('askTime', () => askTimeAt(words));
  add('strategic', () => strategicAt(words));
  add('goal', () => goalAt(words));
  add('turns', () => turnsAt(words));
  add('scale', () => scaleAt(words));
  add('vis', () => visAt(words));
  add('dir', () => directionAt(words));
  if (allowActor) add('actor', () => actorAt(words, c));
  if (cands.length === 0) return null;
  // The longest match; then one typed exactly; then an order word over a name.
  cands.sort((a, b) => b.used - a.used || Number(b.exact) - Number(a.exact) || Number(!!a.actor) - Number(!!b.actor));
  return cands[0]!;
}
