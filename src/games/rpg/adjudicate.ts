// A round of the table. What counts, in this order: the GM's hidden rolls and
// the rolls answered at once (recorded inputs of the phase, never rolled
// again), then the rolls that waited for the round's end — players by id,
// their orders as given, each from its own stream "deadline:<player>:<i>" of
// the phase key — then the team checks, then the GM's changes to the table
// (sheets, trials, the reveal), narrative and bulletin.
import { NO_GM_INPUTS, type Adjudication, type AdjudicationContext, type PlayerId } from '../../engine/types.js';
import type { Rng } from '../../engine/rng.js';
import { GM_ROLL_SALT } from '../../engine/dice-trust.js';
import { canonicalJson } from '../../engine/hash.js';
import { applyAdjustments } from './gm.js';
import { applyEffects, resolveTeams, rollOrder } from './resolve.js';
import type { RpgEvent, RpgOrder, RpgRoll, RpgState } from './types.js';

export { withPlayerLuck } from './resolve.js';

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The record of a roll answered at once or by the GM: what InstantSupport.roll and GmSupport.roll store. */
export interface RecordedRolls {
  order: RpgOrder;
  rolls: RpgRoll[];
  /** Who asked (a player answered at once). */
  by?: PlayerId;
}

/** A recorded roll counted again in this round: its dice and results as recorded, its effects recomputed. */
function replay(work: RpgState, r: RpgRoll, phase: number, stream: string, seq: number): RpgRoll {
  const copy: RpgRoll = { ...structuredClone(r), phase, round: work.round, stream, seq };
  if (copy.trial) copy.trial = { ...copy.trial };
  applyEffects(work, copy);
  return copy;
}

export function adjudicate(
  state: RpgState,
  orders: Map<PlayerId, RpgOrder[]>,
  rng: Rng,
  ctx: AdjudicationContext,
): Adjudication<RpgState, RpgEvent> {
  const gm = ctx.gm ?? NO_GM_INPUTS;
  const work: RpgState = structuredClone(state);
  const openBefore = new Map(state.trials.map((t) => [t.id, t.status]));
  const rolls: RpgRoll[] = [];
  for (const g of gm.rolls) {
    const d = g.detail as RecordedRolls | undefined;
    if (!d?.rolls) continue; // recorded by the engine alone (gm-inputs.ts gmRoll, no kind record): nothing to count
    for (const r of d.rolls)
      rolls.push(
        replay(work, r, ctx.phase, `master:${GM_ROLL_SALT + g.seq}${r.stream.replace(/^master:gm/, '')}`, g.seq),
      );
  }
  // Answered at once: every recorded roll counts (a roll once mailed is never taken back), and the
  // standing orders it answered are not rolled again (matched by their text, each record once).
  const answered = new Map<PlayerId, string[]>();
  for (const rec of gm.instant ?? []) {
    const d = rec.value as RecordedRolls;
    answered.set(rec.player, [...(answered.get(rec.player) ?? []), canonicalJson(d.order)]);
    for (const r of d.rolls) rolls.push(replay(work, r, ctx.phase, r.stream, rec.seq));
  }
  const orderOf = new Map<RpgRoll, RpgOrder>();
  for (const player of [...orders.keys()].sort(byId)) {
    const open = [...(answered.get(player) ?? [])];
    let i = 0;
    for (const order of orders.get(player) ?? []) {
      const k = order.wait ? -1 : open.indexOf(canonicalJson(order));
      if (k >= 0) {
        open.splice(k, 1); // answered at once when the mail came in: recorded above
        continue;
      }
      if (order.type === 'sheet') continue;
      const label = `deadline:${player}:${i++}`;
      const stream = rng.fork ? rng.fork(label) : rng;
      for (const r of rollOrder(work, player, order, stream, {
        phase: ctx.phase,
        via: 'deadline',
        seq: null,
        stream: `phase:${label}`,
      })) {
        rolls.push(r);
        orderOf.set(r, order);
      }
    }
  }
  const teams = resolveTeams(work, rolls, orderOf);
  const events: RpgEvent[] = rolls.map((r) => ({ ...r, type: 'roll' as const, audience: r.audience }));
  for (const t of teams) events.push({ type: 'team', audience: t.audience, team: t });
  const adjustments = applyAdjustments(work, gm.decisions);
  for (const t of work.trials)
    if (
      openBefore.get(t.id) === 'open' &&
      t.status !== 'open' &&
      !adjustments.some((e) => e.type === 'trial' && e.trial.id === t.id)
    )
      events.push({ type: 'trial', audience: 'all', trial: structuredClone(t), change: 'ended' });
  events.push(...adjustments);
  for (const [target, text] of Object.entries(gm.narrative)) {
    const sheet = work.sheets[target];
    const audience =
      target === 'all'
        ? 'all'
        : work.players.some((p) => p.id === target)
          ? [target]
          : sheet?.player
            ? [sheet.player]
            : 'all';
    events.push({ type: 'narrative', audience, target, text });
  }
  if (gm.bulletin) events.push({ type: 'bulletin', audience: 'all', text: gm.bulletin });
  work.log = [...state.log, ...rolls];
  work.teams = teams;
  work.round = state.round + 1;
  return { state: work, events };
}
