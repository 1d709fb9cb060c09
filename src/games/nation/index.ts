// The nation kind ("Интерактивная история", seed 000): the rules object for the registry.
import type { Lang, PhaseInfo, Rules } from '../../engine/types.js';
import { adjudicate } from './adjudicate.js';
import { cases } from './cases.js';
import { gm } from './gm.js';
import { parseOrders } from './orders.js';
import { setup, setupSchema } from './setup.js';
import type { NationEvent, NationOrder, NationState } from './types.js';
import { view } from './view.js';
import { msg } from './texts.js';
import { reveal } from './reveal.js';
import { publicView } from './public.js';
import { forecast } from './forecast-text.js';
import { publicSeat, seating } from './seating.js';

export type { NationEvent, NationOrder, NationState } from './types.js';

/** "Ход 3, этап 2: действия фигур" / "Turn 3, stage 2: figures' actions". */
export function phase(state: NationState, lang: Lang = 'ru'): PhaseInfo {
  return {
    kind: state.stage === 1 ? 'orders' : 'figures',
    label: msg('phase-label', lang, { turn: state.turn, stage: state.stage }),
    over: false,
  };
}

/** Stage 1: whoever runs a country or an order; stage 2: whoever has a figure. */
export function expectsOrders(state: NationState, player: string): boolean {
  if (state.stage === 1)
    return state.countries.some((c) => c.player === player) || state.orders.some((o) => o.player === player);
  return state.figures.some((f) => f.player === player);
}

export const rules: Rules<NationState, NationOrder, NationEvent> = {
  kind: 'nation',
  langs: ['ru', 'en'],
  defaultLang: 'ru',
  setupSchema,
  setup,
  phase,
  expectsOrders,
  replacePlayer: (state, seat) => ({
    ...state,
    players: state.players.map((p) => (p.id === seat.id ? { ...p, name: seat.name } : p)),
  }),
  parseOrders,
  adjudicate,
  view,
  publicView,
  // Sign-up by mail and open positions (issue #31).
  seating,
  publicSeat,
  reveal,
  cases,
  gm,
  // What the orders would do, in the acknowledgement: their modifiers and the odds of the dice.
  forecast,
};
