// The modifiers of an action known before the dice: style, penalty, size, age
// (the worksheet shows them, adjudication adds influence, the GM's and the dice).
import { ageModifier } from './age.js';
import { penaltyFor, type EntityType } from './penalties.js';
import { reasonableSize, sizeModifier } from './size.js';
import { styleModifier } from './style.js';
import type { ActorRef, Country, DeclaredAction, Level, Modifier, NationState, Visibility } from './types.js';

export function actorKey(actor: ActorRef, vis: Visibility): string {
  return `${actor.type}:${actor.id}:${vis}`;
}

/** The country whose style an actor's actions take: a country its own, an order its country's. */
export function styleCountry(state: NationState, actor: ActorRef): Country | null {
  if (actor.type === 'country') return state.countries.find((c) => c.id === actor.id) ?? null;
  if (actor.type === 'order') {
    const o = state.orders.find((x) => x.id === actor.id);
    return o ? (state.countries.find((c) => c.id === o.country) ?? null) : null;
  }
  return null;
}

/** Fill each action's penalty from how many actions of its visibility its actor took. */
export function setPenalties(actions: DeclaredAction[], entityOf: (a: DeclaredAction) => EntityType): void {
  const counts = new Map<string, number>();
  for (const a of actions)
    counts.set(actorKey(a.actor, a.visibility), (counts.get(actorKey(a.actor, a.visibility)) ?? 0) + 1);
  for (const a of actions) {
    const entity = entityOf(a);
    const count = counts.get(actorKey(a.actor, a.visibility))!;
    a.penalty = { entity, count, value: penaltyFor(a.visibility, entity, count, a.rank) };
  }
}

export interface StaticMods {
  modifiers: Modifier[];
  /** Reasonable size and scale of a country's/order's ordinary action, else null. */
  rr: Level | null;
  scale: Level | null;
}

/**
 * Style (countries' and orders' actions: "Каждое из действий ордена … получает модификатор,
 * равный очкам в этом направлении"), penalty (every action), size (ordinary actions of
 * countries and orders: "При выполнении стратегических действий модификатор размера не
 * учитывается!"), age (figures' ordinary actions: "ко всем действиям, отличным от влияния на орден").
 * `scale` is the GM's or declared scale (null: the actor's РР).
 */
export function staticModifiers(state: NationState, a: DeclaredAction, scale: Level | null): StaticMods {
  const mods: Modifier[] = [];
  let rr: Level | null = null;
  let sc: Level | null = null;
  if (a.actor.type !== 'figure') {
    const c = styleCountry(state, a.actor);
    mods.push({ source: 'style', value: c ? styleModifier(c.style, a.direction) : 0, note: a.direction });
  }
  if (a.penalty)
    mods.push({
      source: 'penalty',
      value: a.penalty.value,
      note: `${a.visibility} ${a.rank}/${a.penalty.count} ${a.penalty.entity}`,
    });
  if (a.actor.type !== 'figure' && !a.strategic) {
    rr = reasonableSize(state, a.actor);
    sc = scale ?? a.scale ?? rr;
    if (rr !== null && sc !== null)
      mods.push({ source: 'size', value: sizeModifier(rr, sc), note: `rr=${rr} scale=${sc}` });
  }
  if (a.actor.type === 'figure' && !a.influence) {
    const f = state.figures.find((x) => x.id === a.actor.id);
    if (f) mods.push({ source: 'age', value: ageModifier(f.age), note: `age=${f.age}` });
  }
  return { modifiers: mods, rr, scale: sc };
}
