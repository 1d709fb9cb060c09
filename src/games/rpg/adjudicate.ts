// A round of rolls: every player's orders, players by id, orders as given.
import type { Adjudication, AdjudicationContext, PlayerId } from '../../engine/types.js';
import type { Rng } from '../../engine/rng.js';
import { formatSpec, rollSpec, type DiceSpec } from '../../dice/index.js';
import type { RpgEvent, RpgOrder, RpgRoll, RpgState } from './types.js';

/** A gauss20 spec without luck:N rolls with the player's luck from the setup. */
export function withPlayerLuck(spec: DiceSpec, state: RpgState, player: PlayerId): DiceSpec {
  if (spec.form !== 'gauss20' || spec.luck !== null || !Object.hasOwn(state.luck, player)) return spec;
  return { ...spec, luck: state.luck[player]! };
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function adjudicate(
  state: RpgState,
  orders: Map<PlayerId, RpgOrder[]>,
  rng: Rng,
  ctx: AdjudicationContext,
): Adjudication<RpgState, RpgEvent> {
  const rolls: RpgRoll[] = [];
  for (const player of [...orders.keys()].sort(byId)) {
    for (const order of orders.get(player) ?? []) {
      const spec = withPlayerLuck(order.spec, state, player);
      const roll = rollSpec(spec, rng);
      rolls.push({
        phase: ctx.phase,
        round: state.round,
        player,
        spec: formatSpec(spec),
        comment: order.comment,
        result: roll.result,
        outcome: roll.outcome,
        dice: roll.attempts.map((a) => a.dice.map((d) => d.face)),
        roll,
      });
    }
  }
  const events: RpgEvent[] = rolls.map((r) => ({ type: 'roll', audience: [r.player], ...r }));
  return { state: { ...state, round: state.round + 1, log: [...state.log, ...rolls] }, events };
}
