// The forecast of a Godfather player's orders (issue #33): his acts collected as
// the resolution collects them at the deadline (resolve.ts stepCollect: the
// availability re-checked, the day's or night's action and the cooldowns
// charged in the order given), what each costs him, the ВО/ТВ changes its table
// entry asks of its targets (influence.ts tableChanges), what a block would do
// to it, whether he would be fined for not acting, and whether his vote counts.
// Only his orders are collected, on the state without the blackmail waiting for
// anyone (a blackmailed player learns of it only when it strikes): nothing in it
// comes from another player's secrets. A faction member's action (the leader's,
// a proxy's) stays the one the order named — his role's ordinary action by the
// table, or the proxy itself for his secret one — and is never looked up among
// what he holds (proxy.ts). Protections, blocks and reactions are the others'
// secrets and are not forecast.
import { NO_GM_INPUTS, type PlayerId } from '../../engine/types.js';
import { NoDice } from '../../engine/rng.js';
import { LEADER_KEY } from './access.js';
import { tableChanges, type TableChange } from './influence.js';
import type { GOrder } from './order-types.js';
import { baseStrength, canVote } from './prison.js';
import { stepCollect } from './resolve.js';
import { newScratch, type Act } from './scratch.js';
import { action } from './tables.js';
import { canAct, dayOf, halfIndex, halfOf, player, type GState } from './state.js';

export interface ActForecast {
  act: Act;
  /** Why it would not be carried out at the deadline (the code and params of the result), or null. */
  problem: { code: string; params: Record<string, string | number> } | null;
  /** Hours until it may be used again once used (0: the day's or night's limit only). */
  cooldownHours: number;
  /** What the act's table entry asks of ВО/ТВ, target by target; null when the amounts depend on the period. */
  changes: TableChange[] | null;
}

export interface VoteForecast {
  /** The vote order's target, or null when he sent none. */
  target: PlayerId | null;
  /** Why the vote would not count (a code), or null. */
  why: 'not-listed' | 'cannot-vote' | 'change-used' | null;
  /** His voting strength as fixed when the list opened. */
  strength: number;
  /** Players whose vote he carries (Подделать патент). */
  carries: PlayerId[];
  /** He may vote, has not voted today and sends no vote that counts: the fine at 21:00. */
  fine: boolean;
}

export interface GodfatherForecast {
  acts: ActForecast[];
  /** He could act this day or night, has not, and no act of his would go through: −2 ВО −2 ТВ. */
  idle: boolean;
  /** The prison vote of today, when a list is open and it is day. */
  vote: VoteForecast | null;
}

/** The forecast of the player's orders for the period being ordered; null when he is out of the game. */
export function godfatherForecast(state: GState, id: PlayerId, orders: GOrder[]): GodfatherForecast | null {
  const me = state.players.find((p) => p.id === id);
  if (state.over || !me?.alive) return null;
  // The collection charges acts to their actor (used, the halves, the bonus): his record is copied, the rest is only read
  // (intake's state is shared and frozen: a write elsewhere would throw, and the acknowledgement would go without forecast).
  const s: GState = {
    ...state,
    forced: [],
    players: state.players.map((p) => (p.id === id ? { ...p, used: { ...p.used } } : p)),
  };
  const sc = { ...newScratch(s, new Map([[id, orders]]), [], new NoDice(), NO_GM_INPUTS), forecast: true };
  stepCollect(sc);
  const acts = sc.acts
    .filter((a) => a.actor === id)
    .map((a) => ({
      act: a,
      problem:
        a.status === 'failed'
          ? { code: String(a.reasonParams?.why ?? a.reason), params: { ...(a.reasonParams ?? {}) } }
          : null,
      cooldownHours: a.useKey === LEADER_KEY ? 24 : action(a.useKey).cooldownHours,
      changes: a.status === 'ok' ? tableChanges(a.def, a.args, a.actor, a.targets) : null,
    }));
  const half = halfIndex(state.t);
  const p = player(sc.s, id);
  // A blocked act counts as the move all the same: only what was charged counts (resolve.ts charge).
  const idle = canAct(state, id) && p.mainHalf !== half && p.extraHalf !== half;
  return { acts, idle, vote: voteForecast(state, id, orders) };
}

function voteForecast(state: GState, id: PlayerId, orders: GOrder[]): VoteForecast | null {
  const v = state.vote;
  if (!v || v.day !== dayOf(state.t) || !v.list.length || halfOf(state.t) !== 'day') return null;
  const o = [...orders].reverse().find((x) => x.type === 'vote');
  const target = o?.type === 'vote' ? o.target : null;
  const prev = v.ballots[id];
  const may = canVote(state, id);
  let why: VoteForecast['why'] = null;
  if (target !== null) {
    if (!v.list.includes(target)) why = 'not-listed';
    else if (!may) why = 'cannot-vote';
    else if (prev && prev !== target && player(state, id).voteChanges >= 1) why = 'change-used';
  }
  const t = state.t;
  return {
    target,
    why,
    strength: v.strength[id] ?? baseStrength(state, id),
    carries: state.lasting
      .filter((l) => l.type === 'voteSteal' && l.by === id && l.from <= t && t < l.until)
      .map((l) => l.target),
    fine: may && !prev && (target === null || why !== null) && v.strength[id] !== undefined,
  };
}
