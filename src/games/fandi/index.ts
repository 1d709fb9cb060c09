// FanDi 1.1 (FANtasy DIplomacie): the rules object for the registry.
import type { Lang, Rules } from '../../engine/types.js';
import { adjudicate } from './adjudicate.js';
import { caseSupport } from './cases.js';
import { parseOrders } from './orders.js';
import { handOver, setup, setupSchema } from './setup.js';
import type { FandiEvent, FandiOrder, FandiState } from './state.js';
import { view } from './view.js';
import { picture } from './picture.js';
import { playerOf } from './state.js';
import { publicView } from './public.js';
import { forecast } from './forecast-text.js';
import { publicSeat, seating } from './seating.js';

/**
 * RULING fandi/nmr: a player who sent no orders repeats last turn's investments only
 * (walls, science, technology, city value, cash), never builds, extra yield, moves,
 * coats, spies or messengers; the first order says so in the report.
 */
export function nmrOrders(previous: FandiOrder[]): FandiOrder[] {
  const repeated = previous.filter((o) => o.kind === 'invest').map((o) => ({ ...o, repeated: true as const }));
  return [{ kind: 'nmr', line: 0, text: '', count: repeated.length }, ...repeated];
}

export type { FandiEvent, FandiOrder, FandiState } from './state.js';

/** Phase labels in every language a seat may have (reports come in cs and en; acks, notices and lists in all three). */
const TURN: Record<Lang, { turn: string; over: string }> = {
  cs: { turn: 'tah', over: 'konec hry' },
  en: { turn: 'turn', over: 'game over' },
  ru: { turn: 'ход', over: 'конец игры' },
};

export const rules: Rules<FandiState, FandiOrder, FandiEvent> = {
  kind: 'fandi',
  langs: ['cs', 'en'],
  defaultLang: 'cs',
  setupSchema,
  setup,
  phase: (state, lang = 'cs') => ({
    kind: 'turn',
    label: state.over
      ? `${TURN[lang].over} (${TURN[lang].turn} ${state.turn - 1})`
      : `${TURN[lang].turn} ${state.turn}`,
    over: state.over,
  }),
  parseOrders,
  nmrOrders,
  // A player who is out (or a finished game) is not waited for, reminded or counted as missing.
  expectsOrders: (state, player) => !state.over && !(playerOf(state, player)?.out ?? true),
  replacePlayer: (state, seat) => handOver(state, seat.id, seat),
  adjudicate,
  view,
  // The map picture of a report (HTML mail, web pages): drawn from the model's board only.
  picture,
  publicView,
  // Sign-up by mail and open positions (issue #31).
  seating,
  publicSeat,
  cases: caseSupport,
  // What the orders would do, in the acknowledgement: the turn's steps on what the player knows, no battles.
  forecast,
};
