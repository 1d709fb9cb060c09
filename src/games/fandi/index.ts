// FanDi 1.1 (FANtasy DIplomacie): the rules object for the registry.
import type { Rules } from '../../engine/types.js';
import { adjudicate } from './adjudicate.js';
import { caseSupport } from './cases.js';
import { parseOrders } from './orders.js';
import { handOver, setup, setupSchema } from './setup.js';
import type { FandiEvent, FandiOrder, FandiState } from './state.js';
import { view } from './view.js';

export type { FandiEvent, FandiOrder, FandiState } from './state.js';

export const rules: Rules<FandiState, FandiOrder, FandiEvent> = {
  kind: 'fandi',
  langs: ['cs', 'en'],
  defaultLang: 'cs',
  setupSchema,
  setup,
  phase: (state, lang = 'cs') => ({
    kind: 'turn',
    label:
      lang === 'cs'
        ? state.over ? `konec hry (tah ${state.turn - 1})` : `tah ${state.turn}`
        : state.over ? `game over (turn ${state.turn - 1})` : `turn ${state.turn}`,
    over: state.over,
  }),
  parseOrders,
  // NMR (ruling fandi/nmr): units hold; each city keeps last turn's investment plan.
  nmrOrders: (previous) => previous.filter((o) => o.kind === 'invest' || o.kind === 'build'),
  replacePlayer: (state, seat) => handOver(state, seat.id, seat),
  adjudicate,
  view,
  cases: caseSupport,
};
