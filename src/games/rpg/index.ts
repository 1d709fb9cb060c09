// The rpg game kind: a dice server for GM-run games (seeds 001 GaussD20, 004 success dice, FUDGE).
import type { Lang, Rules } from '../../engine/types.js';
import { adjudicate } from './adjudicate.js';
import { cases } from './cases.js';
import { gm } from './gm.js';
import { instant } from './instant.js';
import { parseOrders } from './orders.js';
import { DEFAULT_PHASE_LABEL, setup, setupSchema } from './setup.js';
import type { RpgEvent, RpgOrder, RpgState } from './types.js';
import { view } from './view.js';
import { publicView } from './public.js';
import { forecast, forecasts } from './forecast.js';

export type { RpgEvent, RpgOrder, RpgState } from './types.js';

const ROUND: Record<Lang, string> = { en: DEFAULT_PHASE_LABEL, cs: 'Kolo', ru: 'Раунд' };

export const rules: Rules<RpgState, RpgOrder, RpgEvent> = {
  kind: 'rpg',
  langs: ['en', 'cs', 'ru'],
  defaultLang: 'en',
  setupSchema,
  setup: (raw, players) => setup(raw, players),
  addPlayer: (state, seat) => ({ ...state, players: [...state.players, { id: seat.id, name: seat.name }] }),
  // A position handed over keeps its sheet; only the name is the new player's.
  replacePlayer: (state, seat) => ({
    ...state,
    players: state.players.map((p) => (p.id === seat.id ? { ...p, name: seat.name } : p)),
  }),
  // The default word is the reader's ("Kolo 3", "Раунд 3"); a word the GM chose (phaseLabel) is shown as written.
  phase: (state, lang = 'en') => ({
    kind: 'rolls',
    label: `${state.phaseLabel === DEFAULT_PHASE_LABEL ? ROUND[lang] : state.phaseLabel} ${state.round}`,
    over: false,
  }),
  parseOrders,
  adjudicate,
  view,
  publicView,
  cases,
  gm,
  instant,
  verifiableDice: true,
  // The exact odds of the rolls that wait for the end of the round, in the acknowledgement.
  forecast,
  forecasts,
};
