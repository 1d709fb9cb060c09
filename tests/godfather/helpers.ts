import type { PlayerSeat, RelayedMessage } from '../../src/engine/types.js';
import { SeededRng } from '../../src/engine/rng.js';
import { rules } from '../../src/games/godfather/index.js';
import type { GOrder } from '../../src/games/godfather/order-types.js';
import type { GEvent, GState } from '../../src/games/godfather/state.js';
import { NO_GM_INPUTS } from '../../src/engine/types.js';

export const IDS = ['p01', 'p02', 'p03', 'p04', 'p05', 'p06', 'p07', 'p08', 'p09', 'p10', 'p11', 'p12', 'p13'];
export const NAMES = [
  'Аркадий',
  'Борислав',
  'Всеволод',
  'Глафира',
  'Дарина',
  'Евстафий',
  'Жозефина',
  'Зиновий',
  'Изольда',
  'Капитолина',
  'Лукьян',
  'Мирослава',
  'Никодим',
];

export function seats(lang: 'ru' | 'en' = 'ru'): PlayerSeat[] {
  return IDS.map((id, i) => ({ id, name: NAMES[i]!, email: `${id}@example.org`, lang }));
}

export function newGame(setup: unknown = {}, seed: string | number = 1): GState {
  return rules.setup(setup, seats(), new SeededRng(seed));
}

/** Parse each player's text and adjudicate one period. */
export function play(
  state: GState,
  texts: Record<string, string>,
  seed: string | number = 0,
  messages: RelayedMessage[] = [],
): { state: GState; events: GEvent[]; errors: string[] } {
  const orders = new Map<string, GOrder[]>();
  const errors: string[] = [];
  for (const [id, text] of Object.entries(texts)) {
    const r = rules.parseOrders(text, { state, player: id, lang: 'ru' });
    orders.set(id, r.orders);
    errors.push(...r.errors.map((e) => `${id} ${e.line}: ${e.reason}`));
  }
  const out = rules.adjudicate(state, orders, new SeededRng(seed), {
    phase: state.t + 1,
    deadline: null,
    messages,
    gm: NO_GM_INPUTS,
  });
  return { state: out.state, events: out.events, errors };
}
