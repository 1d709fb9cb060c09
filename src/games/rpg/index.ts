// The rpg game kind: a dice server for GM-run games (seeds 001 GaussD20, 004 success dice, FUDGE).
import type { Rules } from '../../engine/types.js';
import { adjudicate } from './adjudicate.js';
import { cases } from './cases.js';
import { parseOrders } from './orders.js';
import { setup, setupSchema } from './setup.js';
import type { RpgEvent, RpgOrder, RpgState } from './types.js';
import { view } from './view.js';

export type { RpgEvent, RpgOrder, RpgState } from './types.js';

export const rules: Rules<RpgState, RpgOrder, RpgEvent> = {
  kind: 'rpg',
  langs: ['en', 'cs', 'ru'],
  defaultLang: 'en',
  setupSchema,
  setup: (raw, players) => setup(raw, players),
  addPlayer: (state, seat) => ({ ...state, players: [...state.players, { id: seat.id, name: seat.name }] }),
  phase: (state) => ({ kind: 'rolls', label: `${state.phaseLabel} ${state.round}`, over: false }),
  parseOrders,
  adjudicate,
  view,
  cases,
};
