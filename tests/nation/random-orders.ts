// Random orders of one nation player for the stage being ordered, as order
// objects (legal or not: too many actions, unknown steps): the forecast tests'.
import type { SeededRng } from '../../src/engine/rng.js';
import type { PlayerId } from '../../src/engine/types.js';
import { DIRECTIONS, type NationOrder, type NationState } from '../../src/games/nation/types.js';

/** Random orders of one player for the stage: actions of his country and orders, strategic ones, influence, gain. */
export function randomOrders(s: NationState, p: PlayerId, rng: SeededRng): NationOrder[] {
  const out: NationOrder[] = [];
  let line = 1;
  const vis = () => (rng.int(2) ? 'secret' : 'public') as 'secret' | 'public';
  const dir = () => rng.pick(DIRECTIONS);
  if (s.stage === 1) {
    const actors = [
      ...s.countries.filter((c) => c.player === p).map((c) => ({ type: 'country' as const, id: c.id })),
      ...s.orders.filter((o) => o.player === p).map((o) => ({ type: 'order' as const, id: o.id })),
    ];
    for (const actor of actors)
      for (let k = rng.int(4); k > 0; k--)
        out.push({
          type: 'action',
          line: line++,
          actor,
          visibility: vis(),
          direction: dir(),
          text: `a${line}`,
          scale: rng.int(4) === 0 ? rng.int(5) - 2 : null,
          strategic:
            rng.int(6) === 0
              ? rng.int(2)
                ? { mode: 'ask-time' }
                : { mode: 'ask-difficulty', turns: 2 + rng.int(4) }
              : null,
          gainInfluence: null,
        });
    for (const st of s.strategic.filter((x) => x.player === p && x.status === 'active'))
      if (rng.int(5) === 0) out.push({ type: 'abandon', line: line++, id: st.id });
      else if (rng.int(3))
        out.push({
          type: 'action',
          line: line++,
          actor: st.actor,
          visibility: st.visibility,
          direction: st.direction,
          text: `step ${st.id}`,
          scale: null,
          strategic: { mode: 'continue', id: st.id, planned: null },
          gainInfluence: null,
        });
    return out;
  }
  for (const f of s.figures.filter((x) => x.player === p)) {
    const targets = s.declared.filter((a) => a.stage === 1 && f.influence.some((i) => i.order === a.actor.id));
    if (targets.length && rng.int(3))
      out.push({
        type: 'influence',
        line: line++,
        figure: f.id,
        visibility: vis(),
        target: rng.pick(targets).id,
        sign: rng.int(2) ? 1 : -1,
        text: `i${line}`,
      });
    for (let k = rng.int(3); k > 0; k--)
      out.push({
        type: 'action',
        line: line++,
        actor: { type: 'figure', id: f.id },
        visibility: vis(),
        direction: dir(),
        text: `f${line}`,
        scale: null,
        strategic: null,
        gainInfluence: rng.int(4) === 0 && f.influence.length ? f.influence[0]!.order : null,
      });
  }
  return out;
}
