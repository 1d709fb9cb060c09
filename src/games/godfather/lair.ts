// Маскировка фракционного логова: "Выполнить любое ролевое действие члена своей
// фракции" (RULES.md §10, ruling godfather/lair-any-role-action). The order may
// name which of the member's role actions it performs: one of his role's in the
// table (its slug or the words of its name: his role is public) or a kind of role
// action («геройское», «фракционное» …). Without one it is his ordinary action of
// this half, as before. What he holds now (an imitated role, a lost action) is
// looked at only at the deadline (proxy.ts).
import type { Lang, PlayerId } from '../../engine/types.js';
import { actionHalf, roleKindAction } from './access.js';
import { actionName, namedAction } from './order-actions.js';
import { fail } from './order-words.js';
import type { LairNamed } from './order-types.js';
import { role, type ActionDef } from './tables.js';
import { halfOf, player, type ActionWord, type GState } from './state.js';

/** Actions whose own order names or performs another action: not performed through the lair. */
const NESTED = new Set(['blackmail', 'loseAction', 'proxy']);

/** Whether the lair performs this action: a role action whose own order names or performs no other action. */
export function performedByLair(def: ActionDef): boolean {
  return def.source === 'role' && !NESTED.has(def.effect);
}

/** The member's role action of a kind as the table shows it (his public role's). */
function publicKindAction(state: GState, member: PlayerId, kind: Exclude<ActionWord, 'secret'>): ActionDef | null {
  return roleKindAction(state, player(state, member).role, kind);
}

/**
 * The role action of `member` a lair order's words name, or null when they name
 * none (his ordinary action of this half). `known` is the action as the writer
 * may know it (his public role's, by the table), `named` what the deadline looks
 * up (null when it is his ordinary action of this half, named or not), `rest` the
 * words without those that named it. Refused: his secret action (not a role
 * action), an action that is not his role's, one of the other half, one whose
 * order names or performs another action.
 */
export function lairAction(
  state: GState,
  member: PlayerId,
  toks: string[],
  lang: Lang,
): { known: ActionDef; named: LairNamed | null; rest: string[] } | null {
  const found = namedAction(state, toks, lang);
  if (!found) return null;
  const m = player(state, member);
  if ('kind' in found && found.kind === 'secret') fail('lair-role-only', { member: m.name });
  const kind = 'kind' in found ? (found.kind as Exclude<ActionWord, 'secret'>) : null;
  const known = kind
    ? publicKindAction(state, member, kind)
    : (role(m.role).actions.find((a) => 'key' in found && a.key === found.key) ?? null);
  if (!known)
    return fail('lair-not-role-action', { member: m.name, role: role(m.role).name[lang === 'ru' ? 'ru' : 'en'] });
  const half = actionHalf(known);
  if (half !== 'any' && half !== halfOf(state.t)) fail(half === 'day' ? 'wrong-half-day' : 'wrong-half-night');
  if (!performedByLair(known)) fail('lair-nested', { action: actionName(known, lang) });
  // his ordinary action of this half, named or not, is the one the order performs without a name (as before)
  const named: LairNamed | null =
    known.key === publicKindAction(state, member, 'ordinary')?.key ? null : kind ? { kind } : { key: known.key };
  return { known, named, rest: toks.filter((_, i) => !found.used.has(i)) };
}
