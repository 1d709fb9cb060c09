// The action a Шантаж or a Кабальный договор named for another player, as it
// stands at the deadline (RULES.md §10). The order named it from the public
// tables or by its kind (order-actions.ts namedAction); only here is it held up
// against what the target really holds and may do.
import type { PlayerId } from '../../engine/types.js';
import {
  actedThisHalf,
  actionHalf,
  canUse,
  checkTargets,
  choiceNeeded,
  heldActions,
  isOrdinary,
  kindAction,
} from './access.js';
import { action, character, type ActionDef } from './tables.js';
import { canAct, halfOf, type ActionWord, type Forced, type GState } from './state.js';

/** An action and its namesakes: a character's day and night action of one name (Хитрость, Использовать влияние) are one. */
export function namesakes(def: ActionDef): ActionDef[] {
  if (def.source !== 'character') return [def];
  return character(def.owner).actions.filter((a) => a.slug.en === def.slug.en);
}

/** The action named for `id` in this half: the one named (its namesake of this half), or his own action of the kind named. */
export function namedNow(
  s: GState,
  id: PlayerId,
  named: { key?: string | null; kind?: ActionWord | null },
): ActionDef | null {
  if (named.kind) return kindAction(s, id, named.kind);
  if (!named.key) return null;
  const def = action(named.key);
  return namesakes(def).find((a) => actionHalf(a) === halfOf(s.t)) ?? def;
}

/**
 * What a blackmail waiting for its target does in this period: 'wait' (he cannot
 * act, has acted in this day or night already, or the action is of the other half), 'target' (it chooses the target of
 * whatever he does), the action it forces, or 'void' — the action is none of his
 * moves now (he does not hold it, cannot use it, or its targets or choice do not
 * fit it): the blackmail comes to nothing and his own act stands.
 */
export function forcedNow(s: GState, f: Forced): 'wait' | 'target' | 'void' | ActionDef {
  if (!canAct(s, f.target)) return 'wait';
  // his next action ("следующим действием") is in a half he has not acted in yet: one action a day or night (godfather/blackmail-next-action)
  if (actedThisHalf(s, f.target)) return 'wait';
  if (!f.key && !f.kind) return 'target';
  const def = namedNow(s, f.target, f);
  if (!def) return 'void';
  const half = actionHalf(def);
  if (half !== 'any' && half !== halfOf(s.t)) return 'wait';
  if (!heldActions(s, f.target).some((a) => a.key === def.key)) return 'void';
  const problem =
    canUse(s, f.target, def) ?? checkTargets(s, f.target, def, f.targets, isOrdinary(def)) ?? choiceNeeded(def, f.args);
  return problem ? 'void' : def;
}
