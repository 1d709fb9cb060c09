// "Наследие крестного отца" (The Godfather's Legacy): the rules object for the registry.
import type { Rules } from '../../engine/types.js';
import { adjudicate } from './adjudicate.js';
import { caseSupport } from './cases.js';
import { checkMessage } from './messages.js';
import { isMain, parseOrders, type GOrder } from './orders.js';
import { setup, setupSchema } from './setup.js';
import { canAct, type GEvent, type GState } from './state.js';
import { phaseLabel, view } from './view.js';

export type { GOrder } from './orders.js';
export type { GEvent, GState } from './state.js';

export const rules: Rules<GState, GOrder, GEvent> = {
  kind: 'godfather',
  langs: ['ru', 'en'],
  defaultLang: 'ru',
  setupSchema,
  setup,
  phase: (state, lang = 'ru') => ({
    kind: state.t % 3 === 2 ? 'night' : 'day',
    label: state.over ? (lang === 'ru' ? `Игра окончена (утро дня ${Math.floor(state.t / 3) + 1})` : `Game over (morning of day ${Math.floor(state.t / 3) + 1})`) : phaseLabel(state.t, lang),
    over: state.over,
  }),
  parseOrders,
  // A later mail amends the period's orders: an action replaces the earlier
  // action of the same slot (the main action, or that extra action), a vote the
  // earlier vote, a faction command the same command; the rest stands (RULES.md, "Orders by mail").
  mergeOrders: (state, previous, next) => {
    const slot = (o: GOrder) => (o.type === 'act' ? (isMain(state, o) ? 'act' : `act:${o.via}:${o.key}`) : o.type);
    const fresh = new Set(next.map(slot));
    return [...previous.filter((o) => !fresh.has(slot(o))), ...next];
  },
  adjudicate,
  // Dead, imprisoned (but the Бывалый), absent or disabled players cannot act: not chased, no missed phase.
  expectsOrders: (state, id) => !state.over && state.players.some((p) => p.id === id) && canAct(state, id),
  view,
  checkMessage,
  cases: caseSupport,
};
