// The action a faction member's action is performed as: the leader's action
// (ЛИДЕР: his ordinary action) and the proxies (Ремонт каюты капитана: his secret
// action; Маскировка фракционного логова: the role action named, else his ordinary one), as it stands at
// the deadline (RULES.md §10, ruling godfather/proxy-named-publicly). The order
// named the member, the targets and the choice from what the writer may know
// (orders.ts: his public role's ordinary action in the table, or only the players
// for his secret one); what the member holds — his secret character, an imitated
// role, a lost action — is looked at only here.
import type { PlayerId } from '../../engine/types.js';
import { checkTargets, choiceNeeded, heldActions, kindAction, type Problem } from './access.js';
import { namedNow } from './forced.js';
import { performedByLair } from './lair.js';
import type { ActOrder } from './order-types.js';
import { action, type ActionDef } from './tables.js';
import { player, type GState } from './state.js';

/** Which of the member's actions the order performs: his character's secret one of this half, or his role's ordinary one. */
export function memberKind(o: ActOrder): 'secret' | 'ordinary' {
  return o.via === 'proxy' && action(o.proxyKey!).params?.what === 'secret' ? 'secret' : 'ordinary';
}

export interface Performed {
  /** The member's action of that kind now (his imitated role's while Искусное подражание lasts), or null. */
  def: ActionDef | null;
  /** Why it cannot be performed as ordered (he lost it, the targets or choice written do not fit), or null. */
  problem: Problem | null;
}

/** What a leader's or proxy's order performs at the deadline: the member's action now, held up against the order. */
export function performedNow(s: GState, actor: PlayerId, o: ActOrder): Performed {
  const member = o.member!;
  const named = o.memberAction;
  // a role action the lair's order named: his now (of his imitated role, for a kind), and one the lair performs (lair.ts)
  const def = named ? namedNow(s, member, named) : kindAction(s, member, memberKind(o));
  if (!def || (named && (!heldActions(s, member).some((a) => a.key === def.key) || !performedByLair(def))))
    return { def, problem: { code: 'member-no-action', params: { member } } };
  if (player(s, member).lost.includes(def.key))
    return { def, problem: { code: 'member-lost-action', params: { member } } };
  return { def, problem: checkTargets(s, actor, def, o.targets, false) ?? choiceNeeded(def, o.args) };
}
