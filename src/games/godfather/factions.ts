// Factions: membership, leaders, the night's faction actions in the document's
// order (invitations, displacement, leaving, expelling, accepting), and the
// actions that expel or disband.
import type { PlayerId } from '../../engine/types.js';
import { maxFactions } from './access.js';
import type { GOrder } from './order-types.js';
import { canAct, factionsOf, player, type Faction } from './state.js';
import { applyNow, notice, trace, type Scratch } from './scratch.js';
import { collate } from '../../engine/collate.js';

export function capacity(sc: Scratch, f: Faction): number {
  return player(sc.s, f.leader).character === 'charismatic' ? 4 : 3;
}

/** New leader: the highest ТВ among members at liberty, then ВО, then the seed's random. */
export function chooseLeader(sc: Scratch, f: Faction, exclude: PlayerId[] = []): PlayerId | null {
  const pool = f.members.filter((m) => !exclude.includes(m));
  const free = pool.filter((m) => !player(sc.s, m).prison);
  const cands = (free.length ? free : pool).map((m) => player(sc.s, m));
  if (!cands.length) return null;
  const bestTv = Math.max(...cands.map((p) => p.tv));
  const a = cands.filter((p) => p.tv === bestTv);
  const bestVo = Math.max(...a.map((p) => p.vo));
  const b = a
    .filter((p) => p.vo === bestVo)
    .map((p) => p.id)
    .sort();
  return b.length === 1 ? b[0]! : sc.rng.pick(b);
}

function tellMembers(
  sc: Scratch,
  f: Faction,
  code: string,
  params: Record<string, string | number>,
  except: PlayerId[] = [],
): void {
  for (const m of f.members) if (!except.includes(m)) notice(sc, m, code, params);
}

/** A faction of one dissolves ("по результатам ночи или действия"). */
function dissolveIfSmall(sc: Scratch, f: Faction): void {
  if (f.members.length >= 2) return;
  for (const m of f.members) notice(sc, m, 'n-dissolved', { faction: f.id });
  sc.s.factions = sc.s.factions.filter((x) => x !== f);
  trace(sc, 'trace-faction-dissolved', { faction: f.id });
}

export function removeMember(sc: Scratch, f: Faction, id: PlayerId): void {
  f.members = f.members.filter((m) => m !== id);
  delete f.joined[id];
  if (f.leader === id && f.members.length >= 2) {
    f.leader = chooseLeader(sc, f)!;
    tellMembers(sc, f, 'n-new-leader', { faction: f.id, player: f.leader });
  } else if (f.leader === id && f.members.length === 1) f.leader = f.members[0]!;
  dissolveIfSmall(sc, f);
}

/** A leader in prison becomes a simple member; the free member with the highest ТВ leads. */
export function dropLeadership(sc: Scratch, id: PlayerId): void {
  for (const f of factionsOf(sc.s, id)) {
    if (f.leader !== id) continue;
    const next = chooseLeader(sc, f, [id]);
    if (!next || player(sc.s, next).prison) continue;
    f.leader = next;
    notice(sc, id, 'n-leadership-lost-prison', { faction: f.id });
    tellMembers(sc, f, 'n-new-leader', { faction: f.id, player: next }, [id]);
  }
}

export function disband(sc: Scratch, f: Faction): void {
  tellMembers(sc, f, 'n-dissolved', { faction: f.id });
  sc.s.factions = sc.s.factions.filter((x) => x !== f);
  trace(sc, 'trace-faction-disbanded', { faction: f.id });
}

/** Death: the player leaves every faction. */
export function leaveAll(sc: Scratch, id: PlayerId): void {
  for (const f of factionsOf(sc.s, id)) removeMember(sc, f, id);
}

function pickFaction(sc: Scratch, id: PlayerId, leader: PlayerId | null): Faction | null {
  const fs = factionsOf(sc.s, id);
  return (leader ? fs.find((f) => f.leader === leader || f.members.includes(leader)) : fs[0]) ?? null;
}

const LOCK = 9; // 3 days in periods (Преданный)
const WAIT = 6; // 2 cycles

/** Step (night): "Фракционные действия" in the document's order. */
export function stepFactions(sc: Scratch): void {
  const s = sc.s;
  const t = sc.t;
  const byType = <T extends GOrder['type']>(type: T) =>
    [...sc.orders.entries()]
      .sort((a, b) => collate(a[0], b[0]))
      .flatMap(([id, os]) =>
        os.filter((o) => o.type === type).map((o) => ({ id, o: o as Extract<GOrder, { type: T }> })),
      );
  const changed = new Set<PlayerId>(); // left a faction this night
  // 1. invitations
  for (const { id, o } of byType('invite')) {
    const p = player(s, id);
    if (!p.alive || p.prison || p.tv <= 0 || !canAct(s, id)) continue;
    if (sc.freeze) {
      notice(sc, id, 'n-invite-blocked');
      continue;
    }
    const q = player(s, o.target);
    if (!q.alive) continue;
    const led = factionsOf(s, id).find((f) => f.leader === id) ?? null;
    // a Подлый who leaves tonight may join another faction the same night
    const leaving = q.character === 'vile' && (sc.orders.get(o.target) ?? []).some((x) => x.type === 'leave') ? 1 : 0;
    const qf = factionsOf(s, o.target);
    if (qf.length - leaving >= maxFactions(s, o.target) || (led && qf.includes(led))) {
      notice(sc, o.target, 'n-invite-declined', { player: id });
      notice(sc, id, 'n-invite-sent', { player: o.target });
      continue;
    }
    s.invitations.push({ from: id, to: o.target, t, faction: led?.id ?? null });
    notice(sc, o.target, 'n-invited', { player: id });
    notice(sc, id, 'n-invite-sent', { player: o.target });
    trace(sc, 'trace-invitation', { player: id, target: o.target });
  }
  // 2. displacement: challengers by ТВ (high first), ties by the seed
  const challengers = byType('displace').filter(({ id }) => {
    const p = player(s, id);
    return p.alive && (!p.prison || p.character === 'veteran');
  });
  const order = sc.rng.shuffle(challengers).sort((a, b) => player(s, b.id).tv - player(s, a.id).tv);
  for (const { id, o } of order) {
    const f = pickFaction(sc, id, o.leader);
    if (!f || f.leader === id) continue;
    const c = player(s, id);
    const l = player(s, f.leader);
    const wins = c.tv >= l.tv || (c.character === 'smart' && c.vo >= l.vo);
    if (wins) {
      const old = f.leader;
      f.leader = id;
      applyNow(sc, id, 'vo', 2);
      applyNow(sc, id, 'tv', 2);
      applyNow(sc, old, 'vo', -3);
      applyNow(sc, old, 'tv', -3);
      notice(sc, id, 'n-displace-won', { faction: f.id });
      notice(sc, old, 'n-displaced', { faction: f.id, player: id });
      tellMembers(sc, f, 'n-new-leader', { faction: f.id, player: id }, [id, old]);
      trace(sc, 'trace-displace', { player: id, leader: old, faction: f.id });
    } else {
      applyNow(sc, id, 'vo', -3);
      applyNow(sc, id, 'tv', -3);
      notice(sc, id, 'n-displace-lost');
      trace(sc, 'trace-displace-failed', { player: id, leader: l.id, faction: f.id });
    }
  }
  // 3. leaving
  for (const { id, o } of byType('leave')) {
    const f = pickFaction(sc, id, o.leader);
    if (!f) continue;
    const p = player(s, id);
    const since = t - (f.joined[id] ?? -99);
    const leaderLoyal = player(s, f.leader).character === 'loyal' && f.leader !== id;
    let why: string | null = null;
    if (sc.freeze) why = 'frozen';
    else if (p.character === 'loyal' && since < LOCK) why = 'loyal';
    else if (leaderLoyal && since < LOCK) why = 'loyal-leader';
    else if (p.character !== 'vile' && since < WAIT) why = 'wait';
    if (why) {
      notice(sc, id, 'n-leave-failed', { why: `why-${why}` });
      if (leaderLoyal) notice(sc, f.leader, 'n-leave-attempt', { player: id });
      continue;
    }
    if (leaderLoyal) notice(sc, f.leader, 'n-leave-attempt', { player: id });
    tellMembers(sc, f, 'n-member-left', { faction: f.id, player: id }, [id]);
    notice(sc, id, 'n-left', { faction: f.id });
    removeMember(sc, f, id);
    changed.add(id);
    if (p.character === 'vile') {
      applyNow(sc, id, 'vo', 3);
      applyNow(sc, id, 'tv', 3);
    }
  }
  // 4. expelling: one a day (the Vile leader: any number)
  for (const { id, o } of byType('expel')) {
    const f = s.factions.find((x) => x.leader === id && x.members.includes(o.target));
    if (!f) continue;
    const leader = player(s, id);
    const target = player(s, o.target);
    const since = t - (f.joined[o.target] ?? -99);
    let why: string | null = null;
    if (sc.freeze) why = 'frozen';
    else if (leader.character !== 'vile' && f.expelDay === sc.day) why = 'one-a-day';
    else if (leader.character === 'loyal' && t - (f.joined[id] ?? -99) < LOCK) why = 'loyal';
    else if (target.character === 'loyal' && since < LOCK) why = 'loyal-target';
    else if (leader.character !== 'vile' && since < WAIT) why = 'wait';
    if (target.character === 'loyal') notice(sc, o.target, 'n-expel-attempt');
    if (why) {
      notice(sc, id, 'n-expel-failed', { player: o.target, why: `why-${why}` });
      continue;
    }
    f.expelDay = sc.day;
    notice(sc, o.target, 'n-expelled', { faction: f.id });
    tellMembers(sc, f, 'n-member-expelled', { faction: f.id, player: o.target }, [o.target]);
    removeMember(sc, f, o.target);
    changed.add(o.target);
    if (leader.character === 'vile') {
      applyNow(sc, id, 'vo', 3);
      applyNow(sc, id, 'tv', 3);
    }
  }
  // 5. accepting (this night's or last night's invitation)
  for (const { id, o } of byType('accept')) {
    const inv = s.invitations.find((i) => i.from === o.target && i.to === id && i.t >= t - 3);
    const p = player(s, id);
    const fail = () => notice(sc, id, 'n-accept-failed', { player: o.target });
    if (
      !inv ||
      sc.freeze ||
      !p.alive ||
      (changed.has(id) && p.character !== 'vile') ||
      factionsOf(s, id).length >= maxFactions(s, id)
    ) {
      fail();
      continue;
    }
    const inviter = player(s, o.target);
    if (!inviter.alive) {
      fail();
      continue;
    }
    let f = inv.faction
      ? (s.factions.find((x) => x.id === inv.faction) ?? null)
      : (s.factions.find((x) => x.leader === o.target) ?? null);
    if (f && (f.members.includes(id) || f.members.length >= capacity(sc, f) || !f.members.includes(o.target))) {
      fail();
      continue;
    }
    if (!f) {
      if (factionsOf(s, o.target).length >= maxFactions(s, o.target)) {
        fail();
        continue;
      }
      f = {
        id: `F${s.nextFaction++}`,
        leader: o.target,
        members: [o.target],
        joined: { [o.target]: t },
        expelDay: null,
      };
      s.factions.push(f);
      notice(sc, o.target, 'n-founded', { faction: f.id });
    }
    tellMembers(sc, f, 'n-member-joined', { faction: f.id, player: id });
    f.members.push(id);
    f.members.sort();
    f.joined[id] = t;
    notice(sc, id, 'n-joined', { faction: f.id });
    s.invitations = s.invitations.filter((i) => i !== inv);
    trace(sc, 'trace-join', { player: id, faction: f.id, leader: f.leader });
  }
  s.invitations = s.invitations.filter((i) => i.t >= t - 2);
}
