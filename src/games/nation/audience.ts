// Who may know what (seed 000): "Секретные действия известны только игроку, контролирующему
// орден/руководителя. Публичные — всем игрокам, которым известно о существовании данного
// ордена/руководителя." A home country is known to everybody.
import type { Audience, PlayerId } from '../../engine/types.js';
import type { ActorRef, DeclaredAction, NationState, Strategic, Visibility } from './types.js';

/** The players in state order; 'all' when that is everybody. */
export function audienceOf(state: NationState, players: Iterable<PlayerId>): Audience {
  const set = new Set(players);
  const list = state.players.map((p) => p.id).filter((id) => set.has(id));
  return list.length === state.players.length ? 'all' : list;
}

export function union(state: NationState, ...auds: Audience[]): Audience {
  if (auds.includes('all')) return 'all';
  const ids = auds.flatMap((a) => (a === 'gm' ? [] : a));
  return audienceOf(state, ids);
}

/** The players who know the actor exists (a country: everybody). */
export function knowersOf(state: NationState, actor: ActorRef): PlayerId[] {
  if (actor.type === 'country') return state.players.map((p) => p.id);
  const e =
    actor.type === 'order' ? state.orders.find((o) => o.id === actor.id) : state.figures.find((f) => f.id === actor.id);
  if (!e) return [];
  return [...new Set([e.player, ...e.knownBy])];
}

/** Who knows an action of this actor and visibility (its player always). */
export function visibleTo(state: NationState, actor: ActorRef, player: PlayerId, vis: Visibility): Audience {
  if (vis === 'secret') return [player];
  return audienceOf(state, [player, ...knowersOf(state, actor)]);
}

export function actionAudience(
  state: NationState,
  a: Pick<DeclaredAction, 'actor' | 'player' | 'visibility'>,
): Audience {
  return visibleTo(state, a.actor, a.player, a.visibility);
}

export function strategicAudience(state: NationState, s: Strategic): Audience {
  return visibleTo(state, s.actor, s.player, s.visibility);
}

/** Does the player know this action? */
export function knowsAction(state: NationState, a: DeclaredAction, player: PlayerId): boolean {
  const aud = actionAudience(state, a);
  return aud === 'all' || (aud !== 'gm' && aud.includes(player));
}

/** The owner of a country, order or figure id, or null. */
export function ownerOf(state: NationState, id: string): PlayerId | null {
  return (
    state.countries.find((c) => c.id === id)?.player ??
    state.orders.find((o) => o.id === id)?.player ??
    state.figures.find((f) => f.id === id)?.player ??
    null
  );
}
