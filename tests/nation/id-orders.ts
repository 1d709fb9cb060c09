// Orders that name actions by what they are, not by their ids, for the test that
// a player's mails name the same ids whatever the others' secret actions
// (secrecy.test.ts, ruling nation/action-ids): the same orders can then be given
// to games whose ids differ. An influence names its target's key (keyOf), a step
// or an abandon its strategic action's goal; resolve() puts in the game's ids.
import type { SeededRng } from '../../src/engine/rng.js';
import type { PlayerId } from '../../src/engine/types.js';
import { knowersOf, knowsAction } from '../../src/games/nation/audience.js';
import {
  DIRECTIONS,
  type ActorRef,
  type DeclaredAction,
  type NationOrder,
  type NationState,
} from '../../src/games/nation/types.js';

/** An action by what it is: stage, player, actor, visibility and rank (its place among the actor's of that visibility). */
export const keyOf = (a: Pick<DeclaredAction, 'stage' | 'player' | 'actor' | 'visibility' | 'rank'>) =>
  `${a.stage} ${a.player} ${a.actor.type}:${a.actor.id} ${a.visibility} ${a.rank}`;

const GOAL = 'goal:';

/** Random orders of every player for the stage, naming actions and strategic actions by what they are. */
export function keyedOrders(s: NationState, rng: SeededRng, tag: string): Map<PlayerId, NationOrder[]> {
  const out = new Map<PlayerId, NationOrder[]>();
  for (const p of s.players.map((x) => x.id)) {
    const list: NationOrder[] = [];
    const vis = () => (rng.int(2) ? 'secret' : 'public') as 'secret' | 'public';
    const action = (actor: ActorRef, strategic: boolean) =>
      list.push({
        type: 'action',
        line: list.length + 1,
        actor,
        visibility: vis(),
        direction: rng.pick(DIRECTIONS),
        text: `${tag}.${p}.${list.length + 1}`,
        scale: null,
        strategic: strategic ? { mode: 'ask-difficulty', turns: 2 + rng.int(3) } : null,
        gainInfluence: null,
      });
    if (s.stage === 1) {
      const country = s.countries.find((c) => c.player === p)!;
      for (let k = rng.int(3); k > 0; k--) action({ type: 'country', id: country.id }, rng.int(6) === 0);
      for (const o of s.orders.filter((x) => x.player === p))
        for (let k = rng.int(3); k > 0; k--) action({ type: 'order', id: o.id }, false);
      for (const st of s.strategic.filter((x) => x.player === p && x.status === 'active'))
        if (rng.int(6) === 0) list.push({ type: 'abandon', line: list.length + 1, id: `${GOAL}${st.goal}` });
        else if (rng.int(3))
          list.push({
            type: 'action',
            line: list.length + 1,
            actor: st.actor,
            visibility: st.visibility,
            direction: st.direction,
            text: `${tag}.${p}.${list.length + 1}`,
            scale: null,
            strategic: { mode: 'continue', id: `${GOAL}${st.goal}`, planned: null },
            gainInfluence: null,
          });
    } else
      for (const f of s.figures.filter((x) => x.player === p)) {
        const targets = s.declared.filter(
          (a) => a.actor.type !== 'figure' && knowsAction(s, a, p) && f.influence.some((i) => i.order === a.actor.id),
        );
        if (targets.length && rng.int(2))
          list.push({
            type: 'influence',
            line: list.length + 1,
            figure: f.id,
            visibility: vis(),
            target: keyOf(rng.pick(targets)),
            sign: rng.int(2) ? 1 : -1,
            text: `${tag}.${p}.${list.length + 1}`,
          });
        for (let k = rng.int(2); k > 0; k--) action({ type: 'figure', id: f.id }, false);
      }
    out.set(p, list);
  }
  return out;
}

/**
 * More actions of the other players than `me` that he cannot see, after their orders: secret
 * ones of their home countries (stage 1) or of their figures known to everybody (stage 2), and
 * public ones of their orders he does not know of (stage 1: at most two of an underground order,
 * three of another). None of these cells of the penalty tables risks the actor's secrecy, so no
 * secrecy roll is made or left out for them: he learns of nothing more.
 */
export function moreUnseen(
  s: NationState,
  orders: Map<PlayerId, NationOrder[]>,
  me: PlayerId,
  rng: SeededRng,
): Map<PlayerId, NationOrder[]> {
  const out = new Map(orders);
  for (const [p, list] of orders) {
    if (p === me) continue;
    const more = [...list];
    const add = (actor: ActorRef, visibility: 'secret' | 'public', n: number) => {
      for (let k = n; k > 0; k--)
        more.push({
          type: 'action',
          line: more.length + 1,
          actor,
          visibility,
          direction: 'wisdom',
          text: `more.${p}.${more.length + 1}`,
          scale: null,
          strategic: null,
          gainInfluence: null,
        });
    };
    if (s.stage === 1) {
      for (const c of s.countries.filter((x) => x.player === p))
        add({ type: 'country', id: c.id }, 'secret', rng.int(3));
      for (const o of s.orders.filter(
        (x) => x.player === p && !knowersOf(s, { type: 'order', id: x.id }).includes(me),
      )) {
        const written = list.filter(
          (x) => x.type === 'action' && x.actor.id === o.id && x.visibility === 'public',
        ).length;
        add(
          { type: 'order', id: o.id },
          'public',
          Math.min(rng.int(2), (o.secrecy === 'underground' ? 2 : 3) - written),
        );
      }
    } else
      for (const f of s.figures.filter((x) => x.player === p && x.secrecy === 'known'))
        add({ type: 'figure', id: f.id }, 'secret', rng.int(3));
    out.set(p, more);
  }
  return out;
}

/** The orders with this game's ids: each target and strategic action named by what it is. */
export function resolve(s: NationState, orders: NationOrder[]): NationOrder[] {
  const strategic = (id: string) =>
    id.startsWith(GOAL) ? (s.strategic.find((x) => x.goal === id.slice(GOAL.length))?.id ?? 'S999') : id;
  return orders.map((o) => {
    if (o.type === 'influence') return { ...o, target: s.declared.find((a) => keyOf(a) === o.target)?.id ?? 'A999' };
    if (o.type === 'abandon') return { ...o, id: strategic(o.id) };
    const st = o.strategic;
    return st?.mode === 'continue' ? { ...o, strategic: { ...st, id: strategic(st.id) } } : o;
  });
}
