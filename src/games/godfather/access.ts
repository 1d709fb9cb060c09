// Which actions a player may use now, and why not: shared by the order parser
// (which only looks at public facts and the player's own secrets) and by the
// resolution (which re-checks at the deadline).
import type { PlayerId } from '../../engine/types.js';
import { action, character, role, type ActionDef } from './tables.js';
import {
  active,
  canAct,
  dayOf,
  factionsOf,
  halfIndex,
  halfOf,
  hasLasting,
  hoursAt,
  isLeader,
  player,
  type ActionWord,
  type GState,
  type OrderArgs,
} from './state.js';

export interface Problem {
  code: string;
  params?: Record<string, string | number>;
}

/** The leader's action is not in the tables: a pseudo-definition. */
export const LEADER_KEY = 'leader';

/** The role whose actions the player uses now (Искусное подражание swaps it for a day). */
export function effectiveRole(state: GState, id: PlayerId): string {
  const m = active(state, 'mimic', id).at(-1);
  return m ? String(m.params!.role) : player(state, id).role;
}

/** Every action definition the player holds now, own first. */
export function heldActions(state: GState, id: PlayerId): ActionDef[] {
  const p = player(state, id);
  const out: ActionDef[] = [...role(effectiveRole(state, id)).actions, ...character(p.character).actions];
  if (p.gainedRole) out.push(...role(p.gainedRole).actions.filter((a) => a.kind === 'day' || a.kind === 'night'));
  if (p.gainedCharacter && p.gainedCharacter !== p.character) out.push(...character(p.gainedCharacter).actions);
  const seen = new Set<string>();
  return out.filter((a) => (seen.has(a.key) ? false : (seen.add(a.key), true)));
}

/** His action of a kind now: «тайное» his character's of this half, «рядовое» his role's of this half, else his role's of that kind. */
export function kindAction(state: GState, id: PlayerId, kind: ActionWord): ActionDef | null {
  if (kind === 'secret')
    return character(player(state, id).character).actions[halfOf(state.t) === 'day' ? 0 : 1] ?? null;
  return roleKindAction(state, effectiveRole(state, id), kind);
}

/** A role's action of a kind in the table: «рядовое» its ordinary one of this half, else the one of that kind. */
export function roleKindAction(state: GState, slug: string, kind: Exclude<ActionWord, 'secret'>): ActionDef | null {
  const actions = role(slug).actions;
  if (kind === 'ordinary') return actions[halfOf(state.t) === 'day' ? 0 : 1] ?? null;
  return actions.find((a) => a.kind === kind) ?? null;
}

export function isOrdinary(def: ActionDef): boolean {
  return def.kind === 'day' || def.kind === 'night';
}

export function actionHalf(def: ActionDef): 'day' | 'night' | 'any' {
  if (def.kind === 'day' || def.kind === 'secretDay') return 'day';
  if (def.kind === 'night' || def.kind === 'secretNight') return 'night';
  return 'any';
}

/** Влиятельный's bonus to the thresholds of hero and manipulation actions. */
export function thresholdBonus(state: GState, id: PlayerId, stat: 'vo' | 'tv'): number {
  return active(state, 'influence', id)
    .filter((l) => l.params?.stat === stat)
    .reduce((s, l) => s + Number(l.params?.amount ?? 0), 0);
}

/** Hours until the action (cooldown key) may be used again; 0 = now. */
export function cooldownLeft(state: GState, id: PlayerId, key: string, hours: number): number {
  const last = player(state, id).used[key];
  if (last === undefined || hours <= 0) return 0;
  return Math.max(0, hours - (hoursAt(state.t) - hoursAt(last)));
}

export function maxFactions(state: GState, id: PlayerId): number {
  return player(state, id).character === 'double' ? 2 : 1;
}

/**
 * May the player use this action now (not counting targets)? The checks use only
 * what the player knows: his own stats, faction, cooldowns and the public clock.
 */
export function canUse(
  state: GState,
  id: PlayerId,
  def: ActionDef,
  opts: { cooldownKey?: string; asProxy?: boolean } = {},
): Problem | null {
  const p = player(state, id);
  if (!p.alive) return { code: 'dead' };
  if (!canAct(state, id)) return p.prison && p.character !== 'veteran' ? { code: 'in-prison' } : { code: 'cannot-act' };
  const half = actionHalf(def);
  const now = halfOf(state.t);
  if (half !== 'any' && half !== now) return { code: half === 'day' ? 'wrong-half-day' : 'wrong-half-night' };
  if (opts.asProxy) return null;
  if (p.lost.includes(def.key)) return { code: 'lost-action' };
  const inFaction = factionsOf(state, id).length > 0;
  if (def.kind === 'individual' && inFaction) return { code: 'need-no-faction' };
  if (def.kind === 'faction' && !inFaction) return { code: 'need-faction' };
  if (def.kind === 'hero' && p.vo + thresholdBonus(state, id, 'vo') < 8)
    return { code: 'need-vo', params: { have: p.vo } };
  if (def.kind === 'manipulation' && p.tv + thresholdBonus(state, id, 'tv') < 12)
    return { code: 'need-tv', params: { have: p.tv } };
  if (def.once && p.used[def.key] !== undefined) return { code: 'once' };
  const left = cooldownLeft(state, id, opts.cooldownKey ?? def.key, def.cooldownHours);
  if (left > 0) return { code: 'cooldown', params: { hours: left } };
  return null;
}

/** The leader's daily action: 24 hours between uses. */
export function canLead(state: GState, id: PlayerId): Problem | null {
  const p = player(state, id);
  if (!p.alive) return { code: 'dead' };
  if (!canAct(state, id)) return { code: p.prison ? 'in-prison' : 'cannot-act' };
  if (!isLeader(state, id)) return { code: 'need-leader' };
  const left = cooldownLeft(state, id, LEADER_KEY, 24);
  if (left > 0) return { code: 'cooldown', params: { hours: left } };
  return null;
}

/** Has the player already used his main action in this half (day or night)? */
export function actedThisHalf(state: GState, id: PlayerId): boolean {
  return player(state, id).mainHalf === halfIndex(state.t);
}

/**
 * Target checks on public facts (alive, prison, absence) and the actor's own faction.
 * With no action (another's, which one is his secret: a proxy's member's), only what
 * holds for every action: no one named twice, nobody dead or absent.
 */
export function checkTargets(
  state: GState,
  id: PlayerId,
  def: ActionDef | null,
  targets: PlayerId[],
  ordinary: boolean,
): Problem | null {
  if (def && targets.length !== def.targets)
    return { code: 'targets-count', params: { need: def.targets, got: targets.length } };
  if (new Set(targets).size !== targets.length) return { code: 'same-target' };
  for (const t of targets) {
    const q = player(state, t);
    if (ordinary && t === id) return { code: 'no-self' };
    if (!q.alive) return { code: 'target-dead', params: { player: q.name, playerGender: q.gender ?? 'm' } };
    if (hasLasting(state, 'absent', t))
      return { code: 'target-absent', params: { player: q.name, playerGender: q.gender ?? 'm' } };
    if (!def) continue;
    if (def.target === 'prisoner' && !q.prison)
      return { code: 'target-not-prisoner', params: { player: q.name, playerGender: q.gender ?? 'm' } };
    if (def.target === 'notPrisoner' && q.prison)
      return { code: 'target-prisoner', params: { player: q.name, playerGender: q.gender ?? 'm' } };
    if (
      (def.target === 'member' || def.target === 'memberOrSelf') &&
      !factionsOf(state, id).some((f) => f.members.includes(t))
    )
      return { code: 'target-not-member', params: { player: q.name, playerGender: q.gender ?? 'm' } };
    if (def.target === 'member' && t === id && def.effect !== 'stat') return { code: 'self' };
  }
  return null;
}

/** The choices an action takes: a sign, a stat, a guard, a jail word, an anonymous message's number. */
export interface Choices {
  sign?: boolean;
  stat?: boolean;
  guard?: boolean;
  jail?: boolean;
  number?: boolean;
}

export function choicesOf(def: ActionDef): Choices {
  return {
    sign: def.choice === 'sign',
    stat: def.choice === 'stat',
    guard: def.choice === 'guard',
    jail: def.effect === 'jailOrFree',
    number: def.choice === 'number',
  };
}

/**
 * Of the choices written, those the action takes. An order naming another's action
 * by its kind takes any choice as written (which action it is, is his secret): at
 * the deadline a choice the action does not take changes nothing (a «-» written
 * for what turns out to be Упомянуть в местных байках does not turn its +3 ВО round).
 */
export function takenChoices(def: ActionDef, args: OrderArgs): OrderArgs {
  const takes = choicesOf(def);
  const out: OrderArgs = {};
  for (const k of ['sign', 'stat', 'guard', 'jail', 'number'] as const)
    if (takes[k] && args[k] !== undefined) Object.assign(out, { [k]: args[k] });
  return out;
}

export function choiceNeeded(def: ActionDef, args: OrderArgs): Problem | null {
  switch (def.choice) {
    case 'sign':
      return args.sign ? null : { code: 'need-choice-sign' };
    case 'stat':
      return args.stat ? null : { code: 'need-choice-stat' };
    case 'guard':
      return args.guard ? null : { code: 'need-choice-guard' };
    case 'action':
      return args.action ? null : { code: 'need-choice-action' };
    case 'number':
      return args.number ? null : { code: 'need-choice-number' };
    default:
      return null;
  }
}

export function gameDay(state: GState): number {
  return dayOf(state.t);
}

export { action };
