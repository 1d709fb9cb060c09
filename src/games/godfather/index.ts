// "Наследие крестного отца" (The Godfather's Legacy): the rules object for the registry.
import type { Rules } from '../../engine/types.js';
import { adjudicate } from './adjudicate.js';
import { caseSupport } from './cases.js';
import { checkMessage } from './messages.js';
import { isMain, parseOrders } from './orders.js';
import type { GOrder } from './order-types.js';
import { replaceSeat, setup, setupSchema } from './setup.js';
import { expectsOrdersFrom, type GEvent, type GState } from './state.js';
import { gmSupport } from './gm.js';
import { overLabel, phaseLabel, view } from './view.js';
import { publicView } from './public.js';
import { forecast } from './forecast-text.js';
import { reveal } from './reveal.js';
import { publicSeat, seating } from './seating.js';

export type { GOrder } from './order-types.js';
export type { GEvent, GState } from './state.js';

export const rules: Rules<GState, GOrder, GEvent> = {
  kind: 'godfather',
  langs: ['ru', 'en'],
  defaultLang: 'ru',
  setupSchema,
  setup,
  phase: (state, lang = 'ru') => ({
    kind: state.t % 3 === 2 ? 'night' : 'day',
    label: state.over ? overLabel(state.t, lang) : phaseLabel(state.t, lang),
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
  // Reminders and missed phases only for a player who still has something to send in this period: an
  // action not yet taken (he can act and has not acted this day or night), or a vote due (the list is
  // open, he may vote and has not). Dead, imprisoned (but the Бывалый), absent or disabled players cannot act.
  expectsOrders: expectsOrdersFrom,
  view,
  publicView,
  // Sign-up by mail and open positions (issue #31).
  seating,
  publicSeat,
  reveal,
  checkMessage,
  replacePlayer: replaceSeat,
  cases: caseSupport,
  gm: gmSupport,
  // What the orders would do, in the acknowledgement: availability, costs, table effects, the vote.
  forecast,
};
