// Secrecy in a nation turn: who learns of an order's or a figure's actions
// (the penalty tables' rolls), and a secrecy that falls letting strangers in.
import type { Rng } from '../../engine/rng.js';
import type { PlayerId } from '../../engine/types.js';
import { audienceOf } from './audience.js';
import { chance } from './dice.js';
import { penaltyCell, type EntityType } from './penalties.js';
import type { SecrecyEffect } from './tables.js';
import type { DeclaredAction, Figure, NationState, Society, Visibility } from './types.js';
import type { Ev } from './gm-decisions.js';

// ---------------------------------------------------------------------------
// Secrecy: "Если «секретность» руководителя или ордена уменьшается в результате выполнения им
// слишком большого количества действий, то на данном ходу руководитель или орден считается уже
// известным все игрокам, которые о нем узнали из-за этого."

/** Players (state order) who do not know of an order or figure. */
function strangers(s: NationState, e: { player: PlayerId; knownBy: PlayerId[] }): PlayerId[] {
  return s.players.map((p) => p.id).filter((id) => id !== e.player && !e.knownBy.includes(id));
}

export function sortKnown(s: NationState, ids: PlayerId[]): PlayerId[] {
  const set = new Set(ids);
  return s.players.map((p) => p.id).filter((id) => set.has(id));
}

/** One new player learns of it (drawn at random among those who do not know), or all do. */
export function reveal(
  s: NationState,
  e: { player: PlayerId; knownBy: PlayerId[] },
  all: boolean,
  rng: Rng,
): PlayerId[] {
  const others = strangers(s, e);
  if (!others.length) return [];
  const learnt = all ? others : [rng.pick(others)];
  e.knownBy = sortKnown(s, [e.player, ...e.knownBy, ...learnt]);
  return learnt;
}

export function orderSecrecyAfter(s: NationState, o: Society): Society['secrecy'] {
  return strangers(s, o).length === 0 ? 'public' : 'partial';
}

/** The secrecy rolls of one actor's tables (its row at the start of the stage). */
export function secrecyRolls(
  s: NationState,
  entity: EntityType,
  counts: Record<Visibility, number>,
  target: { kind: 'order'; o: Society } | { kind: 'figure'; f: Figure },
  rng: Rng,
  events: Ev[],
): void {
  for (const vis of ['secret', 'public'] as const) {
    const n = counts[vis];
    if (!n) continue;
    const cell = penaltyCell(vis, entity, n);
    if (!cell || 'unavailable' in cell || !cell.secrecy) continue;
    const { chance: p, effect } = cell.secrecy;
    let roll: number | null = null;
    if (p !== undefined) {
      const r = chance(rng, p);
      roll = r.roll;
      if (!r.hit) {
        const e = target.kind === 'order' ? target.o : target.f;
        events.push({
          type: 'secrecy',
          audience: [e.player],
          entity: target.kind,
          id: e.id,
          from: e.secrecy,
          to: e.secrecy,
          learnt: [],
          roll,
          chance: p,
        });
        continue;
      }
    }
    applyEffect(s, target, effect, roll, p ?? null, rng, events);
  }
}

function applyEffect(
  s: NationState,
  target: { kind: 'order'; o: Society } | { kind: 'figure'; f: Figure },
  effect: SecrecyEffect,
  roll: number | null,
  p: number | null,
  rng: Rng,
  events: Ev[],
): void {
  if (target.kind === 'order') {
    const o = target.o;
    const from = o.secrecy;
    const learnt = reveal(s, o, effect === 'known-to-all', rng);
    o.secrecy = orderSecrecyAfter(s, o);
    events.push({
      type: 'secrecy',
      audience: audienceOf(s, [o.player, ...learnt]),
      entity: 'order',
      id: o.id,
      from,
      to: o.secrecy,
      learnt,
      roll,
      chance: p,
    });
  } else {
    const f = target.f;
    const from = f.secrecy;
    const learnt = reveal(s, f, effect === 'known-to-all', rng);
    if (learnt.length) f.secrecy = 'known';
    events.push({
      type: 'secrecy',
      audience: audienceOf(s, [f.player, ...learnt]),
      entity: 'figure',
      id: f.id,
      from,
      to: f.secrecy,
      learnt,
      roll,
      chance: p,
    });
  }
}

export function countsOf(actions: DeclaredAction[], type: 'order' | 'figure', id: string): Record<Visibility, number> {
  const mine = actions.filter((a) => a.actor.type === type && a.actor.id === id);
  return {
    secret: mine.filter((a) => a.visibility === 'secret').length,
    public: mine.filter((a) => a.visibility === 'public').length,
  };
}
