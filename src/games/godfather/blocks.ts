// Blocks, protections and redirects: the first priority class ("Блокировки").
// "Если игрока заблокировали, то все его действия, начиная с одновременных ... не
// имеют силы": a blocked player's own block, protection or redirect has no force
// either. So the period's block-class acts are resolved in dependency order (A
// blocks B, B blocks C: A holds, B's block is void, C acts); only a true cycle (A
// blocks B, B blocks A) has no order, and then every act of the cycle takes effect
// (ruling godfather/block-cycle). Blocks still running from earlier periods void
// everything first.
import type { PlayerId } from '../../engine/types.js';
import { endOfHalf, fellowMembers, hasLasting, living, player, type Stat } from './state.js';
import { addLasting, fail, ok, okOf, trace, type Act, type Scratch } from './scratch.js';

export const SHIELD_EFFECTS = [
  'lamp',
  'hounds',
  'armSlaves',
  'loyalGuard',
  'prisonHome',
  'protectVo',
  'masquerade',
  'wrath',
  'prayer',
];
export const REDIRECT_EFFECTS = ['redirect', 'lighthouse'];
export const BLOCK_EFFECTS = ['block', 'blockLowTv', 'blockSecret', 'disable'];
export const BLOCK_CLASS = new Set([...SHIELD_EFFECTS, ...REDIRECT_EFFECTS, ...BLOCK_EFFECTS]);

export type Harm = 'stat' | 'block' | 'poison' | 'prison' | 'check' | 'other';

/**
 * Why an act cannot reach this target, or null. negative: the effect harms the
 * target (lowers a stat, blocks, poisons, imprisons…).
 */
export function shieldOf(
  sc: Scratch,
  act: Act | null,
  target: PlayerId,
  harm: Harm,
  negative: boolean,
  stat?: Stat,
  delta = 0,
): string | null {
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
      l.from <= sc.t &&
      sc.t < l.until &&
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
      trace(sc, 'trace-blocked-earlier', { n: a.n, actor: a.actor, action: a.def.key });
    }
}

function members(sc: Scratch, a: Act): PlayerId[] {
  return fellowMembers(sc.s, a.actor);
}

// ---- which block-class acts have force -----------------------------------------------

const isBlock = (a: Act) => BLOCK_EFFECTS.includes(a.def.effect);
const isShield = (a: Act) => SHIELD_EFFECTS.includes(a.def.effect);
const isRedirect = (a: Act) => REDIRECT_EFFECTS.includes(a.def.effect);
/** The protections that keep blocks off a player. */
const BLOCK_SHIELDS = ['lamp', 'hounds', 'loyalGuard', 'prisonHome'];

function scopeOf(b: Act): string {
  if (b.def.effect === 'blockSecret') return 'character';
  if (b.def.effect === 'block') return String(b.def.params?.scope ?? 'all');
  return 'all';
}

/** Every player an act with targets might end up on: its targets, where a redirect of its actor sends them, anyone a lighthouse may pick. */
function possibleTargets(sc: Scratch, c: Act, pool: Act[]): Set<PlayerId> {
  const out = new Set(c.targets);
  for (const r of pool) if (r.def.effect === 'redirect' && r.targets[0] === c.actor && r !== c) out.add(r.targets[1]!);
  for (const l of pool)
    if (l.def.effect === 'lighthouse' && l !== c && [...out].some((x) => members(sc, l).includes(x)))
      for (const p of living(sc.s)) out.add(p.id);
  return out;
}

/** Could block b reach the act a (its actor, for its kind of action)? */
function couldBlock(sc: Scratch, b: Act, a: Act, pool: Act[]): boolean {
  if (b === a) return false;
  const scope = scopeOf(b);
  if (scope !== 'all' && scope !== a.source) return false;
  if (b.def.effect === 'blockLowTv')
    return a.actor !== b.actor && sc.tvStart[a.actor]! < Number(b.def.params?.below ?? 10);
  if (b.def.effect === 'blockSecret') return true;
  return possibleTargets(sc, b, pool).has(a.actor);
}

function couldProtect(sc: Scratch, s: Act, a: Act, pool: Act[]): boolean {
  if (!BLOCK_SHIELDS.includes(s.def.effect)) return false;
  if (s.def.effect === 'hounds') return members(sc, s).includes(a.actor);
  if (s.def.effect === 'prisonHome') return s.actor === a.actor;
  return possibleTargets(sc, s, pool).has(a.actor) || (s.targets.length === 0 && s.actor === a.actor);
}

/** The undecided acts that could change whether a is blocked (none: the decided ones settle it). */
function dependsOn(sc: Scratch, a: Act, undecided: Act[], pool: Act[]): Act[] {
  if (a.unblockable) return [];
  const threats = pool.filter((b) => isBlock(b) && couldBlock(sc, b, a, pool));
  if (!threats.length) return [];
  const out = new Set<Act>();
  for (const b of undecided) {
    if (b === a) continue;
    if (threats.includes(b)) out.add(b);
    else if (isShield(b) && couldProtect(sc, b, a, pool)) out.add(b);
    else if (b.def.effect === 'redirect' && threats.some((c) => c.actor === b.targets[0])) out.add(b);
    else if (
      b.def.effect === 'lighthouse' &&
      (members(sc, b).includes(a.actor) || threats.some((c) => c.targets.some((x) => members(sc, b).includes(x))))
    )
      out.add(b);
  }
  return [...out];
}

/** Which of the acts would be blocked if exactly `effective` took effect (everything rolled back after). */
function simulate(sc: Scratch, effective: Act[], acts: Act[]): Set<Act> {
  const lasting = sc.s.lasting.length;
  const traceLen = sc.trace.length;
  const saved = sc.acts.map((a) => ({
    a,
    targets: [...a.targets],
    status: a.status,
    reason: a.reason,
    reasonParams: a.reasonParams,
    affected: [...a.affected],
  }));
  placeShields(sc, effective.filter(isShield));
  placeRedirects(sc, effective.filter(isRedirect));
  placeBlocks(sc, effective.filter(isBlock));
  const blocked = new Set(acts.filter((a) => blockedBy(sc, a, false)));
  sc.s.lasting.length = lasting;
  sc.trace.length = traceLen;
  for (const x of saved)
    Object.assign(x.a, {
      targets: x.targets,
      status: x.status,
      reason: x.reason,
      reasonParams: x.reasonParams,
      affected: x.affected,
    });
  return blocked;
}

/** A strongly connected group of undecided acts that depends on no other undecided act (Tarjan: the first group found). */
function sinkCycle(sc: Scratch, undecided: Act[], pool: Act[]): Act[] {
  const edges = new Map(undecided.map((a) => [a, dependsOn(sc, a, undecided, pool)]));
  const index = new Map<Act, number>();
  const low = new Map<Act, number>();
  const stack: Act[] = [];
  const on = new Set<Act>();
  let n = 0;
  let found: Act[] | null = null;
  const visit = (v: Act): void => {
    index.set(v, n);
    low.set(v, n++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v)!) {
      if (found) return;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (!found && low.get(v) === index.get(v)) {
      const group: Act[] = [];
      let w: Act;
      do {
        w = stack.pop()!;
        on.delete(w);
        group.push(w);
      } while (w !== v);
      found = group;
    }
  };
  for (const a of undecided) {
    if (found) break;
    if (!index.has(a)) visit(a);
  }
  return (found ?? undecided).sort((x, y) => x.n - y.n);
}

/**
 * Step: which of the period's blocks, protections and redirects have force.
 * An act whose fate no undecided act can change is settled by the acts already
 * in force: blocked (void, "но считаются ходом") or in force. What is left when
 * nothing can be settled is a true cycle: all of it takes effect.
 */
export function stepBlockForce(sc: Scratch): void {
  const all = okOf(sc, [...BLOCK_CLASS]);
  if (!all.length) return;
  const inForce: Act[] = [];
  let undecided = [...all];
  while (undecided.length) {
    let progress = false;
    for (const a of [...undecided]) {
      const pool = [...inForce, ...undecided];
      if (dependsOn(sc, a, undecided, pool).length) continue;
      undecided = undecided.filter((x) => x !== a);
      progress = true;
      if (simulate(sc, inForce, [a]).has(a)) {
        a.status = 'blocked';
        a.reason = 'r-blocked';
        trace(sc, 'trace-blocked-no-force', { n: a.n, actor: a.actor, action: a.def.key });
      } else inForce.push(a);
    }
    if (!progress) {
      const cycle = sinkCycle(sc, undecided, [...inForce, ...undecided]);
      trace(sc, 'trace-block-cycle', { acts: cycle.map((a) => `#${a.n} ${a.actor}`).join(', ') });
      inForce.push(...cycle);
      undecided = undecided.filter((x) => !cycle.includes(x));
    }
  }
}

/** Step: protections (lamp, hounds, armed slaves, the Loyal's guard, masquerade…). */
export function stepShields(sc: Scratch): void {
  placeShields(sc, okOf(sc, SHIELD_EFFECTS));
}

function placeShields(sc: Scratch, acts: Act[]): void {
  const t = sc.t;
  for (const a of acts) {
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
        // Божья кара: "в текущий день или ночь" — the rest of the day (both periods) or the night
        for (const m of members(sc, a))
          addLasting(sc, {
            type: e === 'armSlaves' ? 'armed' : e,
            target: m,
            by: a.actor,
            until: e === 'wrath' ? endOfHalf(t) + 1 : t + periods,
          });
        a.affected = members(sc, a);
        break;
    }
    if (a.targets.length) a.affected = [target];
    trace(sc, 'trace-shield', { n: a.n, actor: a.actor, action: a.def.key, targets: a.affected.join(',') || target });
  }
}

/** Step: redirects. Слежка first (in act order), then the lighthouse fire. */
export function stepRedirects(sc: Scratch): void {
  placeRedirects(sc, okOf(sc, REDIRECT_EFFECTS));
}

function placeRedirects(sc: Scratch, acts: Act[]): void {
  for (const a of acts.filter((x) => x.def.effect === 'redirect')) {
    const [from, to] = a.targets as [PlayerId, PlayerId];
    if (shieldOf(sc, a, from, 'other', true)) {
      fail(a, 'r-target-gone');
      continue;
    }
    for (const b of ok(sc))
      if (b.actor === from && b.targets.length && b !== a) {
        b.targets = [...new Set(b.targets.map(() => to))];
        trace(sc, 'trace-redirect', { n: a.n, m: b.n, from, to });
      }
    a.affected = [from];
  }
  for (const a of acts.filter((x) => x.def.effect === 'lighthouse')) {
    const fellows = members(sc, a);
    const outside = living(sc.s)
      .map((p) => p.id)
      .filter((id) => !fellows.includes(id))
      .sort();
    if (!outside.length) continue;
    for (const b of ok(sc)) {
      if (b === a || !b.targets.some((x) => fellows.includes(x))) continue;
      // the random players are drawn once per act and target, so working out who is blocked draws nothing twice
      b.targets = b.targets.map((x, i) =>
        fellows.includes(x) ? lighthousePick(sc, `${a.n}:${b.n}:${i}`, outside) : x,
      );
      trace(sc, 'trace-lighthouse', { n: a.n, action: a.def.key, m: b.n, targets: b.targets.join(',') });
    }
    a.affected = fellows;
  }
}

function lighthousePick(sc: Scratch, key: string, outside: PlayerId[]): PlayerId {
  sc.picks ??= new Map();
  let p = sc.picks.get(key);
  if (p === undefined) {
    p = sc.rng.pick(outside);
    sc.picks.set(key, p);
  }
  return p;
}

/** Step: blocks are placed, then every other act of a blocked actor fails ("считаются ходом"). */
export function stepBlocks(sc: Scratch): void {
  placeBlocks(sc, okOf(sc, BLOCK_EFFECTS));
  for (const a of ok(sc)) {
    if (BLOCK_CLASS.has(a.def.effect)) continue;
    if (blockedBy(sc, a, false)) {
      a.status = 'blocked';
      a.reason = 'r-blocked';
      trace(sc, 'trace-blocked', { n: a.n, actor: a.actor, action: a.def.key });
    }
  }
}

function placeBlocks(sc: Scratch, acts: Act[]): void {
  const t = sc.t;
  const dayEnd = endOfHalf(t) + 1;
  for (const a of acts) {
    const e = a.def.effect;
    if (e === 'blockLowTv') {
      const victims = living(sc.s)
        .filter((p) => p.id !== a.actor && sc.tvStart[p.id]! < Number(a.def.params?.below ?? 10))
        .map((p) => p.id);
      for (const v of victims)
        if (!shieldOf(sc, a, v, 'block', true))
          addLasting(sc, { type: 'block', target: v, by: a.actor, until: t + 1, params: { scope: 'all' } });
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
        trace(sc, 'trace-block-stopped', { n: a.n, target: v, why });
        continue;
      }
      affected.push(v);
      if (e === 'disable')
        addLasting(sc, {
          type: 'disable',
          target: v,
          by: a.actor,
          until: t + Number(a.def.params?.periods ?? 3),
          params: { vote: Boolean(a.def.params?.vote) },
        });
      else
        addLasting(sc, {
          type: 'block',
          target: v,
          by: a.actor,
          until: a.def.params?.until === 'day' ? dayEnd : t + 1,
          params: { scope: String(a.def.params?.scope ?? 'all') },
        });
    }
    a.affected = affected;
    if (!affected.length && a.def.params?.vo === undefined) fail(a, 'r-target-gone');
  }
}
