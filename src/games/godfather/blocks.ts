// Blocks, protections and redirects: the first priority class ("Блокировки").
// Ruling: block-class actions (protections, redirects, blocks) of one period all
// take effect together; a block placed in the same period voids only the target's
// other actions, while a block still running from an earlier period voids all.
import type { PlayerId } from '../../engine/types.js';
import { endOfHalf, fellowMembers, hasLasting, living, player, type Stat } from './state.js';
import { addLasting, fail, ok, okOf, trace, type Act, type Scratch } from './scratch.js';

export const SHIELD_EFFECTS = ['lamp', 'hounds', 'armSlaves', 'loyalGuard', 'prisonHome', 'protectVo', 'masquerade', 'wrath', 'prayer'];
export const REDIRECT_EFFECTS = ['redirect', 'lighthouse'];
export const BLOCK_EFFECTS = ['block', 'blockLowTv', 'blockSecret', 'disable'];
export const BLOCK_CLASS = new Set([...SHIELD_EFFECTS, ...REDIRECT_EFFECTS, ...BLOCK_EFFECTS]);

export type Harm = 'stat' | 'block' | 'poison' | 'prison' | 'check' | 'other';

/**
 * Why an act cannot reach this target, or null. negative: the effect harms the
 * target (lowers a stat, blocks, poisons, imprisons…).
 */
export function shieldOf(sc: Scratch, act: Act | null, target: PlayerId, harm: Harm, negative: boolean, stat?: Stat, delta = 0): string | null {
  const s = sc.s;
  const by = act?.actor ?? null;
  const other = by !== null && by !== target;
  const p = player(s, target);
  if (!p.alive) return 'dead';
  if (other && hasLasting(s, 'absent', target)) return 'absent';
  if (other && hasLasting(s, 'lamp', target)) return 'lamp';
  if (negative && hasLasting(s, 'guard', target)) return 'guard';
  if (negative && p.prison && hasLasting(s, 'home', target)) return 'home';
  if (harm === 'block' && hasLasting(s, 'hounds', target)) return 'hounds';
  if (harm === 'stat' && stat === 'vo') {
    if (hasLasting(s, 'tasting', target)) return 'tasting';
    const fellow = by !== null && fellowMembers(s, target).includes(by);
    if (negative && hasLasting(s, 'armed', target) && !fellow) return 'armed';
    if (negative && p.character === 'gossip' && delta < -1 && !fellow && by !== target) return 'gossip';
  }
  if (harm === 'prison' && negative && hasLasting(s, 'prisonImmune', target)) return 'immune';
  if (harm === 'poison' && hasLasting(s, 'poisonShield', target)) return 'shield';
  return null;
}

/** Is the actor blocked for this act? fromBefore: only blocks placed in earlier periods count. */
function blockedBy(sc: Scratch, a: Act, fromBefore: boolean): boolean {
  if (a.unblockable) return false;
  const s = sc.s;
  if (hasLasting(s, 'hounds', a.actor) || hasLasting(s, 'lamp', a.actor)) return false;
  return s.lasting.some(
    (l) =>
      (l.type === 'block' || l.type === 'disable') &&
      (l.target === a.actor || l.target === '*') &&
      l.from <= sc.t && sc.t < l.until &&
      (!fromBefore || l.from < sc.t) &&
      (l.type === 'disable' || l.params?.scope === 'all' || l.params?.scope === a.source),
  );
}

/** Step: acts of actors still blocked from an earlier period never start. */
export function stepEarlierBlocks(sc: Scratch): void {
  for (const a of ok(sc))
    if (blockedBy(sc, a, true)) {
      a.status = 'blocked';
      a.reason = 'r-blocked';
      trace(sc, `  #${a.n} ${a.actor} ${a.def.key}: blocked (earlier block)`);
    }
}

function members(sc: Scratch, a: Act): PlayerId[] {
  return fellowMembers(sc.s, a.actor);
}

/** Step: protections (lamp, hounds, armed slaves, the Loyal's guard, masquerade…). */
export function stepShields(sc: Scratch): void {
  const t = sc.t;
  for (const a of okOf(sc, SHIELD_EFFECTS)) {
    const e = a.def.effect;
    const periods = Number(a.def.params?.periods ?? 3);
    const target = a.targets[0] ?? a.actor;
    if (a.targets.length && shieldOf(sc, a, target, 'other', false)) {
      fail(a, 'r-target-gone');
      continue;
    }
    switch (e) {
      case 'lamp':
        addLasting(sc, { type: 'lamp', target, by: a.actor, until: t + 1 });
        break;
      case 'protectVo':
        addLasting(sc, { type: 'tasting', target, by: a.actor, until: t + 1 });
        break;
      case 'prayer':
        addLasting(sc, { type: 'prayer', target, by: a.actor, until: t + 1 });
        break;
      case 'loyalGuard':
        // "до начала следующего дня": until the next 09:00
        addLasting(sc, { type: 'guard', target, by: a.actor, until: 3 * sc.day });
        break;
      case 'prisonHome':
        addLasting(sc, { type: 'home', target: a.actor, by: a.actor, until: t + periods });
        break;
      case 'hounds':
      case 'armSlaves':
      case 'masquerade':
      case 'wrath':
        for (const m of members(sc, a))
          addLasting(sc, { type: e === 'armSlaves' ? 'armed' : e, target: m, by: a.actor, until: e === 'wrath' ? t + 1 : t + periods });
        a.affected = members(sc, a);
        break;
    }
    if (a.targets.length) a.affected = [target];
    trace(sc, `  #${a.n} ${a.actor} ${e} → ${a.affected.join(',') || target}`);
  }
}

/** Step: redirects. Слежка first (in act order), then the lighthouse fire. */
export function stepRedirects(sc: Scratch): void {
  for (const a of okOf(sc, ['redirect'])) {
    const [from, to] = a.targets as [PlayerId, PlayerId];
    if (shieldOf(sc, a, from, 'other', true)) {
      fail(a, 'r-target-gone');
      continue;
    }
    for (const b of ok(sc))
      if (b.actor === from && b.targets.length && b !== a) {
        b.targets = [...new Set(b.targets.map(() => to))];
        trace(sc, `  #${a.n} redirects #${b.n} (${from}) → ${to}`);
      }
    a.affected = [from];
  }
  for (const a of okOf(sc, ['lighthouse'])) {
    const fellows = members(sc, a);
    const outside = living(sc.s).map((p) => p.id).filter((id) => !fellows.includes(id)).sort();
    if (!outside.length) continue;
    for (const b of ok(sc)) {
      if (b === a || !b.targets.some((x) => fellows.includes(x))) continue;
      b.targets = b.targets.map((x) => (fellows.includes(x) ? sc.rng.pick(outside) : x));
      trace(sc, `  #${a.n} lighthouse sends #${b.n} to ${b.targets.join(',')}`);
    }
    a.affected = fellows;
  }
}

/** Step: blocks are placed, then every non-block act of a blocked actor fails ("считаются ходом"). */
export function stepBlocks(sc: Scratch): void {
  const t = sc.t;
  const dayEnd = endOfHalf(t) + 1;
  for (const a of okOf(sc, BLOCK_EFFECTS)) {
    const e = a.def.effect;
    if (e === 'blockLowTv') {
      const victims = living(sc.s).filter((p) => p.id !== a.actor && sc.tvStart[p.id]! < Number(a.def.params?.below ?? 10)).map((p) => p.id);
      for (const v of victims) if (!shieldOf(sc, a, v, 'block', true)) addLasting(sc, { type: 'block', target: v, by: a.actor, until: t + 1, params: { scope: 'all' } });
      a.affected = victims;
      continue;
    }
    if (e === 'blockSecret') {
      addLasting(sc, { type: 'block', target: '*', by: a.actor, until: dayEnd, params: { scope: 'character' } });
      continue;
    }
    const affected: PlayerId[] = [];
    for (const v of a.targets) {
      const why = shieldOf(sc, a, v, 'block', true);
      if (why) {
        trace(sc, `  #${a.n} block on ${v} stopped: ${why}`);
        continue;
      }
      affected.push(v);
      if (e === 'disable') addLasting(sc, { type: 'disable', target: v, by: a.actor, until: t + Number(a.def.params?.periods ?? 3), params: { vote: Boolean(a.def.params?.vote) } });
      else addLasting(sc, { type: 'block', target: v, by: a.actor, until: a.def.params?.until === 'day' ? dayEnd : t + 1, params: { scope: String(a.def.params?.scope ?? 'all') } });
    }
    a.affected = affected;
    if (!affected.length && a.def.params?.vo === undefined) fail(a, 'r-target-gone');
  }
  for (const a of ok(sc)) {
    if (BLOCK_CLASS.has(a.def.effect)) continue;
    if (blockedBy(sc, a, false)) {
      a.status = 'blocked';
      a.reason = 'r-blocked';
      trace(sc, `  #${a.n} ${a.actor} ${a.def.key}: blocked`);
    }
  }
}
