// Adjudication of a nation turn's two stages (games/nation/RULES.md, "The turn").
//
// Stage 1 ("orders"): the actions of countries and orders are declared (A1 …),
// new strategic actions get their ids (S…), the secrecy rolls of the penalty
// tables are made for orders, and every action is disclosed to whoever may know it.
// Stage 2 ("figures"): the figures' actions (F1 …) are declared, and the whole
// turn is resolved with the GM's decisions. The ids (numbering.ts, ruling
// nation/action-ids) come from the phase's stream "numbering", not from these dice.
//
// The dice, in this fixed order (ruling nation/dice-order) — a FUDGE die is
// rng.die(3) − 2, a chance rng.die(100), a player drawn at random rng.pick:
//   stage 1: for each order (state order), its secret then its public table:
//            the d100 when the cell has a chance, then the player who learns (a pick);
//   stage 2: 1. for each acting figure (state order), secret then public table: d100, pick;
//            2. for each influence action (F order) whose modifier has FD: 1 die;
//            3. for each action A1 … then F1 … (not influence actions): a strategic
//               step 1 die (1DF), an ordinary action 4 dice (4DF);
//            4. ПИ decay: for each figure (state order), each order it influences
//               (its list order) that it did not influence this turn: 1 die;
//            5. for each strategic action that ends (S order): 4 dice;
//            6. growth: for each country (state order): 1 die;
//            7. GM secrecy adjustments that let a new player learn: a pick each.
import type { Ev } from './gm-decisions.js';
import type { Rng } from '../../engine/rng.js';
import {
  NO_GM_INPUTS,
  type Adjudication,
  type AdjudicationContext,
  type GmInputs,
  type PlayerId,
} from '../../engine/types.js';
import { actionAudience } from './audience.js';
import type { EntityType } from './penalties.js';
import { numberStage1 } from './numbering.js';
import { planStage1 } from './plan.js';
import type { NationOrder, NationState, Strategic } from './types.js';
import { countsOf, secrecyRolls } from './secrecy.js';
import { applyGm, stage2 } from './stage2.js';

export function adjudicate(
  state: NationState,
  orders: Map<PlayerId, NationOrder[]>,
  rng: Rng,
  ctx: AdjudicationContext,
): Adjudication<NationState, Ev> {
  const s = structuredClone(state);
  const gm = ctx.gm ?? NO_GM_INPUTS;
  return s.stage === 1 ? stage1(s, orders, rng, gm) : stage2(s, orders, rng, gm);
}

// ---------------------------------------------------------------------------

function stage1(
  s: NationState,
  orders: Map<PlayerId, NationOrder[]>,
  rng: Rng,
  gm: GmInputs,
): Adjudication<NationState, Ev> {
  const events: Ev[] = [];
  const plan = planStage1(s, orders);
  s.numbering = numberStage1(s, plan, rng);
  events.push(...plan.refused);
  for (const id of plan.abandoned) s.strategic.find((x) => x.id === id)!.status = 'abandoned';
  for (const [id, n] of plan.planned) s.strategic.find((x) => x.id === id)!.planned = n;
  s.strategic.push(...plan.created);
  // The secrecy rolls, each order by its row at the start of the turn.
  const start = new Map(s.orders.map((o) => [o.id, o.secrecy as EntityType]));
  for (const o of s.orders)
    secrecyRolls(s, start.get(o.id)!, countsOf(plan.actions, 'order', o.id), { kind: 'order', o }, rng, events);
  for (const a of plan.actions) events.push({ type: 'declared', audience: actionAudience(s, a), action: a });
  s.declared = plan.actions;
  // The judge does not wait for the GM in stage 1, but what the GM sent is applied all the same.
  applyGm(s, gm, rng, events);
  s.stage = 2;
  return { state: s, events };
}

export type { Strategic };
