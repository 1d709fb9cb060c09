// adjudicate: one period (09–15, 15–21 or the night) through the priority list.
import { NO_GM_INPUTS, type Adjudication, type AdjudicationContext, type PlayerId } from '../../engine/types.js';
import type { Rng } from '../../engine/rng.js';
import type { GOrder } from './order-types.js';
import { resolvePeriod } from './resolve.js';
import type { GEvent, GState } from './state.js';

export function adjudicate(
  state: GState,
  orders: Map<PlayerId, GOrder[]>,
  rng: Rng,
  ctx: AdjudicationContext,
): Adjudication<GState, GEvent> {
  const r = resolvePeriod(state, orders, rng, ctx ?? { phase: 0, deadline: null, messages: [], gm: NO_GM_INPUTS });
  return { state: r.state, events: r.events };
}
