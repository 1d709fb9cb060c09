// The ids of a turn's new actions (A… in stage 1, F… in stage 2) and strategic
// actions (S…), RULES.md ruling nation/action-ids. First come the ones every
// player knows of when they are numbered (a public action of a home country, or
// of an order or figure everybody knows of), by actor — the home countries, then
// the orders, then the figures, each in the state's order — and each actor's in
// the order written; then all the others, in a random order from a stream of
// their own. Numbered in seat order, the gaps in the ids a player saw told him
// whose secret actions there were and how many; now they can tell him at most
// how many there were in all.
import { canonicalJson } from '../../engine/hash.js';
import { SeededRng, sha256, type Rng } from '../../engine/rng.js';
import type { PlayerId } from '../../engine/types.js';
import { actionAudience } from './audience.js';
import { planStage2, type Stage1Plan, type Stage2Plan } from './plan.js';
import type { ActorRef, NationOrder, NationState, Visibility } from './types.js';

interface Numbered {
  id: string;
  actor: ActorRef;
  player: PlayerId;
  visibility: Visibility;
}

/** An actor's place among the actors: the home countries, the orders, the figures, each in the state's order. */
function actorPlace(state: NationState, a: ActorRef): number {
  if (a.type === 'country') return state.countries.findIndex((c) => c.id === a.id);
  if (a.type === 'order') return state.countries.length + state.orders.findIndex((o) => o.id === a.id);
  return state.countries.length + state.orders.length + state.figures.findIndex((f) => f.id === a.id);
}

/** The new id of each item (old id → new): `<prefix><first>` on, in the order above. */
function newIds(state: NationState, items: Numbered[], prefix: string, first: number, rng: Rng): Map<string, string> {
  const known = items.filter((x) => actionAudience(state, x) === 'all');
  const others = items.filter((x) => actionAudience(state, x) !== 'all');
  // A stable sort: one actor's items stay in the order written.
  known.sort((a, b) => actorPlace(state, a.actor) - actorPlace(state, b.actor));
  return new Map([...known, ...rng.shuffle(others)].map((x, i) => [x.id, `${prefix}${first + i}`]));
}

const byNumber = (a: { id: string }, b: { id: string }) => Number(a.id.slice(1)) - Number(b.id.slice(1));

/**
 * Stage 1 (at the start of its adjudication): the ids of the actions and of the new strategic
 * actions, from the phase's stream "numbering"; returns the seed of stage 2's numbering, drawn
 * next from that stream.
 */
export function numberStage1(state: NationState, plan: Stage1Plan, rng: Rng): string {
  const stream = rng.unforced('numbering');
  const ids = newIds(state, plan.actions, 'A', 1, stream);
  const strategic = newIds(state, plan.created, 'S', state.strategic.length + 1, stream);
  for (const a of plan.actions) {
    a.id = ids.get(a.id)!;
    if (a.strategic !== null) a.strategic = strategic.get(a.strategic) ?? a.strategic;
  }
  for (const s of plan.created) s.id = strategic.get(s.id)!;
  plan.actions.sort(byNumber);
  plan.created.sort(byNumber);
  return [stream.int(0x100000000), stream.int(0x100000000)].map((n) => n.toString(16).padStart(8, '0')).join('');
}

/**
 * Stage 2's planning with the figures' actions numbered: the same for the GM's worksheet and
 * decisions and for the adjudication, from the seed stage 1 drew (a state from before it was
 * drawn: from the state's own hash, which no player can compute).
 */
export function planNumberedStage2(state: NationState, orders: Map<PlayerId, NationOrder[]>): Stage2Plan {
  const plan = planStage2(state, orders);
  const seed = state.numbering ?? sha256(canonicalJson(state)).toString('hex');
  const ids = newIds(state, plan.actions, 'F', 1, new SeededRng(`nation-numbering/${seed}`));
  for (const a of plan.actions) a.id = ids.get(a.id)!;
  for (const p of plan.permanents) p.action = ids.get(p.action)!;
  plan.actions.sort(byNumber);
  return plan;
}
