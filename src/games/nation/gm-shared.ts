// What the nation GM's decisions and worksheet share: the worksheet's words,
// how an actor and a player are named, the kind of an action, the turn's actions.
import { wordTable } from '../../render/fluent.js';
import type { Lang, PlayerId } from '../../engine/types.js';
import { planNumberedStage2 } from './numbering.js';
import { nlang } from './texts.js';
import type { ActorRef, DeclaredAction, NationOrder, NationState } from './types.js';

export const l = nlang;

/** The worksheet's words: messages gm-word-<key> of templates/nation/<lang>/nation.ftl. */
export const W = wordTable('nation', 'gm-word', [
  'country',
  'order',
  'figure',
  'secret',
  'public',
  'ordinary',
  'step',
  'newStrategic',
  'influence',
  'gain',
  'support',
  'oppose',
  'style',
  'penalty',
  'size',
  'age',
  'permanent',
  'askTime',
  'askDifficulty',
  'abandoned',
] as const);

export function actorLabel(state: NationState, a: ActorRef, lang: Lang): string {
  const e =
    a.type === 'country'
      ? state.countries.find((c) => c.id === a.id)
      : a.type === 'order'
        ? state.orders.find((o) => o.id === a.id)
        : state.figures.find((f) => f.id === a.id);
  return `${e?.name ?? a.id} (${W[a.type][l(lang)]} ${a.id})`;
}

export function playerName(state: NationState, p: PlayerId): string {
  const x = state.players.find((y) => y.id === p);
  return x ? `${x.name} (${p})` : p;
}

export const kindOf = (
  a: DeclaredAction,
  state: NationState,
): 'ordinary' | 'step' | 'newStrategic' | 'influence' | 'gain' =>
  a.influence
    ? 'influence'
    : a.gainInfluence
      ? 'gain'
      : a.strategic
        ? state.strategic.find((s) => s.id === a.strategic)?.startedTurn === state.turn &&
          state.strategic.find((s) => s.id === a.strategic)?.progress.length === 0
          ? 'newStrategic'
          : 'step'
        : 'ordinary';

/** The actions of the turn: stage 1's from the state, stage 2's as the orders give them. */
export function turnActions(state: NationState, orders: Map<PlayerId, NationOrder[]>) {
  const plan = planNumberedStage2(state, orders);
  return { plan, all: [...state.declared, ...plan.actions] };
}
