// Prison, the prison vote and the other lasting "воздействия" of the ВО/ТВ step:
// releases, imprisonments, executions, vote strength, negotiations, gained and
// lost abilities, blackmail, the riot.
import type { PlayerId } from '../../engine/types.js';
import { shieldOf } from './blocks.js';
import { disband, dropLeadership, removeMember } from './factions.js';
import { character, role } from './tables.js';
import { namedNow, namesakes } from './forced.js';
import {
  dayOf,
  factionsOf,
  fellowMembers,
  hasLasting,
  living,
  player,
  slotOf,
  type GState,
  type OrderArgs,
} from './state.js';
import { addLasting, applyNow, fail, learned, notice, okOf, trace, type Act, type Scratch } from './scratch.js';

/** Why a player goes to prison or leaves it: an act (its action key) or a rule (a code of trace.ftl's trace-why-*). */
export type PrisonWhy = { action: string } | 'execution' | 'vote' | 'debt' | 'low-vo' | 'high-vo';

function traceWhy(sc: Scratch, code: string, id: PlayerId, why: PrisonWhy): void {
  if (typeof why === 'string') trace(sc, code, { player: id, why });
  else trace(sc, `${code}-act`, { player: id, action: why.action });
}

export function imprison(sc: Scratch, id: PlayerId, why: PrisonWhy): boolean {
  const p = player(sc.s, id);
  if (!p.alive || p.prison) return false;
  p.prison = true;
  traceWhy(sc, 'trace-prison', id, why);
  dropLeadership(sc, id);
  return true;
}

export function release(sc: Scratch, id: PlayerId, why: PrisonWhy): boolean {
  const p = player(sc.s, id);
  if (!p.alive || !p.prison) return false;
  p.prison = false;
  traceWhy(sc, 'trace-released', id, why);
  return true;
}

const OTHER = [
  'release',
  'autoPrison',
  'jailGuard',
  'judge',
  'prisonSwap',
  'jailOrFree',
  'voteSteal',
  'voteStrip',
  'negotiations',
  'loseAction',
  'gainCharacter',
  'gainRole',
  'mimic',
  'blackmail',
  'riot',
  'noPrivates',
  'absent',
  'influence',
  'expel',
  'disband',
  'freezeFactions',
];

/** The choices of a forced action (its sign, stat, guard, jail word, number) from the blackmail's order. */
function choices(args: OrderArgs): OrderArgs {
  const { sign, stat, guard, jail, number } = args;
  return Object.fromEntries(Object.entries({ sign, stat, guard, jail, number }).filter(([, v]) => v !== undefined));
}

function guarded(sc: Scratch, a: Act, target: PlayerId, harm: 'prison' | 'other', negative: boolean): boolean {
  const why = shieldOf(sc, a, target, harm, negative);
  if (why) {
    trace(sc, 'trace-act-stopped', { n: a.n, action: a.def.key, target, why });
    fail(a, 'r-no-effect');
    return true;
  }
  return false;
}

/** The rest of the "воздействия" step, after the ВО/ТВ changes. */
export function stepOther(sc: Scratch): void {
  const s = sc.s;
  const t = sc.t;
  const nextMorning = 3 * sc.day; // period index of the next 09:00
  const endOfDay = sc.half === 'night' ? 3 * sc.day + 2 : 3 * (sc.day - 1) + 2; // first period after the (next) day's 21:00
  for (const a of okOf(sc, OTHER)) {
    const P = a.def.params ?? {};
    const target = a.targets[0]!;
    const tp = target ? player(s, target) : null;
    switch (a.def.effect) {
      case 'release':
        if (guarded(sc, a, target, 'other', false)) break;
        if (!release(sc, target, { action: a.def.key })) fail(a, 'r-no-effect');
        break;
      case 'jailOrFree':
        if (a.args.jail === 'free') {
          if (guarded(sc, a, target, 'other', false) || !release(sc, target, { action: a.def.key }))
            fail(a, 'r-no-effect');
        } else if (guarded(sc, a, target, 'prison', true) || !imprison(sc, target, { action: a.def.key }))
          fail(a, 'r-no-effect');
        break;
      case 'autoPrison':
        if (guarded(sc, a, target, 'prison', true)) break;
        addLasting(sc, { type: 'autoPrison', target, by: a.actor, until: endOfDay });
        break;
      case 'jailGuard':
        if (guarded(sc, a, target, 'other', false)) break;
        if (a.args.guard === 'execution')
          addLasting(sc, { type: 'execGuard', target, by: a.actor, until: sc.half === 'night' ? t + 1 : endOfDay });
        else addLasting(sc, { type: 'prisonImmune', target, by: a.actor, until: t + 6 });
        break;
      case 'judge': {
        const v = P.stat === 'tv' ? tp!.tv : tp!.vo;
        if (v < Number(P.execute)) {
          if (guarded(sc, a, target, 'prison', true)) break;
          sc.executions.push({ act: a.n, target });
        } else if (v < Number(P.prison)) {
          if (guarded(sc, a, target, 'prison', true) || !imprison(sc, target, { action: a.def.key }))
            fail(a, 'r-no-effect');
        } else fail(a, 'r-no-effect');
        break;
      }
      case 'prisonSwap': {
        const [inside, outside] = a.targets as [PlayerId, PlayerId];
        const pi = player(s, inside);
        const po = player(s, outside);
        if (
          !pi.prison ||
          po.prison ||
          po.vo >= 0 ||
          shieldOf(sc, a, outside, 'prison', true) ||
          shieldOf(sc, a, inside, 'other', false)
        ) {
          fail(a, 'r-no-effect');
          break;
        }
        release(sc, inside, { action: a.def.key });
        imprison(sc, outside, { action: a.def.key });
        break;
      }
      case 'voteSteal':
        if (guarded(sc, a, target, 'other', true)) break;
        addLasting(sc, { type: 'voteSteal', target, by: a.actor, until: t + Number(P.periods ?? 9) });
        break;
      case 'voteStrip': {
        const victims = living(s)
          .filter((p) => p.vo < Number(P.vo) || p.tv < Number(P.tv))
          .map((p) => p.id);
        for (const v of victims)
          if (!shieldOf(sc, a, v, 'other', true))
            addLasting(sc, { type: 'noVote', target: v, by: a.actor, from: t + 1, until: t + 4 });
        a.affected = victims;
        break;
      }
      case 'negotiations': {
        const before = s.endDay;
        s.endDay = Math.max(dayOf(t) + 1, s.endDay + (a.args.sign ?? 1));
        trace(sc, 'trace-end-day', { before, after: s.endDay });
        break;
      }
      case 'loseAction': {
        if (guarded(sc, a, target, 'other', true)) break;
        // the action named (with its namesake of the other half), or his action of the kind named, as it is now
        const named = namedNow(s, target, { key: a.args.action, kind: a.args.kind });
        for (const x of named ? namesakes(named) : []) if (!tp!.lost.includes(x.key)) tp!.lost.push(x.key);
        break;
      }
      case 'gainCharacter':
        if (guarded(sc, a, target, 'other', false)) break;
        player(s, a.actor).gainedCharacter = tp!.character;
        learned(sc, a.actor, 'character', { target, character: tp!.character }, a);
        break;
      case 'gainRole':
        if (guarded(sc, a, target, 'other', false)) break;
        player(s, a.actor).gainedRole = tp!.role;
        break;
      case 'mimic':
        if (guarded(sc, a, target, 'other', false)) break;
        addLasting(sc, {
          type: 'mimic',
          target: a.actor,
          by: a.actor,
          from: t + 1,
          until: t + 1 + Number(P.periods ?? 3),
          params: { role: tp!.role },
        });
        break;
      case 'blackmail':
        if (guarded(sc, a, target, 'other', true)) break;
        s.forced = s.forced.filter((f) => f.target !== target);
        // what he holds is not looked at here: the action named is held up against it when it strikes (forced.ts)
        s.forced.push({
          target,
          by: a.actor,
          key: a.args.action ?? null,
          kind: a.args.kind ?? null,
          targets: a.args.then ?? [],
          args: choices(a.args),
        });
        break;
      case 'riot':
        if (slotOf(t) === 0) sc.riot = true;
        break;
      case 'freezeFactions':
        sc.freeze = true;
        break;
      case 'noPrivates':
        if (guarded(sc, a, target, 'other', true)) break;
        if (P.start === 'night') {
          const night = 3 * (sc.day - 1) + 2;
          const from = sc.half === 'night' ? night + 3 : night;
          addLasting(sc, { type: 'noPrivates', target, by: a.actor, from, until: from + Number(P.periods ?? 1) });
        } else
          addLasting(sc, {
            type: 'noPrivates',
            target,
            by: a.actor,
            from: t + 1,
            until: t + 1 + Number(P.periods ?? 3),
          });
        break;
      case 'absent': {
        const ok: PlayerId[] = [];
        for (const v of a.targets) if (!player(s, v).prison && !shieldOf(sc, a, v, 'other', true)) ok.push(v);
        for (const v of ok)
          addLasting(sc, {
            type: 'absent',
            target: v,
            by: a.actor,
            from: t + 1,
            until: t + 1 + Number(P.periods ?? 3),
          });
        a.affected = ok;
        if (!ok.length) fail(a, 'r-no-effect');
        break;
      }
      case 'influence':
        addLasting(sc, {
          type: 'influence',
          target: a.actor,
          by: a.actor,
          from: t + 1,
          until: t + 1 + Number(P.periods ?? 3),
          params: { stat: a.args.stat!, amount: Number(P[a.args.stat!]) },
        });
        break;
      case 'expel': {
        if (guarded(sc, a, target, 'other', true)) break;
        const f = factionsOf(s, target)[0];
        if (!f || (sc.freeze && sc.half === 'night')) {
          fail(a, 'r-no-effect');
          break;
        }
        notice(sc, target, 'n-expelled', { faction: f.id });
        removeMember(sc, f, target);
        break;
      }
      case 'disband': {
        const own = new Set(factionsOf(s, a.actor).map((f) => f.id));
        let f = factionsOf(s, target).find((x) => !own.has(x.id)) ?? null;
        if (!f && factionsOf(s, target).length === 0) {
          const others = s.factions.filter((x) => !own.has(x.id));
          f = others.length ? sc.rng.pick(others) : null;
        }
        if (!f) {
          fail(a, 'r-no-effect');
          break;
        }
        disband(sc, f);
        break;
      }
    }
    if (a.targets.length && a.status === 'ok' && !a.affected.length) a.affected = [...a.targets];
  }
  void nextMorning;
}

/** Voting strength: 1 + ⌊ТВ/5⌋ when the list opens (+1 Влиятельный). */
export function baseStrength(s: GState, id: PlayerId): number {
  const p = player(s, id);
  return 1 + Math.floor(p.tv / 5) + (p.character === 'influential' ? 1 : 0);
}

export function canVote(s: GState, id: PlayerId, t = s.t): boolean {
  const p = player(s, id);
  if (!p.alive) return false;
  if (hasLasting(s, 'absent', id, t)) return false;
  if (s.lasting.some((l) => l.type === 'disable' && l.target === id && l.params?.vote && l.from <= t && t < l.until))
    return false;
  return true;
}

/** Add the players at liberty whose ВО fell below 0 to the day's list (opening it if it was empty). */
export function updateVoteList(sc: Scratch, day: number): void {
  const s = sc.s;
  if (!s.vote || s.vote.day !== day) s.vote = { day, list: [], strength: {}, ballots: {} };
  const v = s.vote;
  const wasOpen = v.list.length > 0;
  for (const p of living(s)) if (!p.prison && p.vo < 0 && !v.list.includes(p.id)) v.list.push(p.id);
  if (!wasOpen && v.list.length) {
    for (const p of living(s)) v.strength[p.id] = baseStrength(s, p.id);
    sc.events.push({ type: 'vote-list', audience: 'all', day, list: [...v.list], opened: true });
  } else if (v.list.length)
    sc.events.push({ type: 'vote-list', audience: 'all', day, list: [...v.list], opened: false });
}

/**
 * Step: the period's ballots (one a day; one change of mind a game). "проголосовать
 * в теме": a vote is cast in the public thread, so who votes for whom is public
 * (ruling godfather/public-ballots); the strengths and the tally are not.
 */
export function stepBallots(sc: Scratch): void {
  const s = sc.s;
  const v = s.vote;
  if (!v || v.day !== sc.day || sc.half !== 'day') return;
  for (const id of [...sc.orders.keys()].sort()) {
    const o = sc.orders.get(id)!.find((x) => x.type === 'vote');
    if (o?.type !== 'vote' || !v.list.includes(o.target) || !canVote(s, id)) continue;
    const prev = v.ballots[id];
    if (prev === o.target) continue;
    if (prev) {
      const p = player(s, id);
      if (p.voteChanges >= 1) {
        notice(sc, id, 'n-vote-change-ignored');
        continue;
      }
      p.voteChanges++;
    }
    v.ballots[id] = o.target;
    sc.events.push({ type: 'ballot', audience: 'all', voter: id, target: o.target, changed: Boolean(prev) });
  }
}

/**
 * Step (end of the day, 21:00), after the fines for not acting: the fine for not
 * voting, the vote, the moneylender's debt and the automatic thresholds — "в
 * конце дня" reads the ВО after every change of the day.
 */
export function stepEndOfDay(sc: Scratch): void {
  const s = sc.s;
  const t = sc.t;
  const v = s.vote && s.vote.day === sc.day ? s.vote : null;
  if (v?.list.length) {
    // not voting: -2 ВО -2 ТВ and the GM's reprimand
    for (const p of living(s))
      if (!v.ballots[p.id] && canVote(s, p.id) && v.strength[p.id] !== undefined) {
        applyNow(sc, p.id, 'vo', -2);
        applyNow(sc, p.id, 'tv', -2);
        sc.events.push({ type: 'reprimand', audience: 'all', player: p.id, what: 'vote' });
      }
    const weight: Record<PlayerId, number> = {};
    for (const [voter, cand] of Object.entries(v.ballots)) {
      if (!canVote(s, voter)) continue;
      let w = v.strength[voter] ?? baseStrength(s, voter);
      if (hasLasting(s, 'noVote', voter) || hasLasting(s, 'voteSteal', voter)) w = 0;
      for (const st of s.lasting.filter((l) => l.type === 'voteSteal' && l.by === voter && l.from <= t && t < l.until))
        if (!hasLasting(s, 'noVote', voter)) w += v.strength[st.target] ?? baseStrength(s, st.target);
      weight[cand] = (weight[cand] ?? 0) + w;
    }
    const tally = v.list.map((c) => ({ player: c, votes: weight[c] ?? 0 }));
    const tiebreak = sc.rng.shuffle(v.list);
    const ranked = [...tally].sort(
      (a, b) =>
        b.votes - a.votes ||
        player(s, a.player).vo - player(s, b.player).vo ||
        tiebreak.indexOf(a.player) - tiebreak.indexOf(b.player),
    );
    let prisoner: PlayerId | null = null;
    for (const r of ranked) {
      const p = player(s, r.player);
      if (r.votes <= 0) break;
      if (p.vo >= 0 || p.prison || !p.alive || hasLasting(s, 'prisonImmune', r.player)) continue;
      prisoner = r.player;
      break;
    }
    if (prisoner) imprison(sc, prisoner, 'vote');
    // the result is public; the strengths behind it are secret (they follow from ТВ), so the tally is the GM's
    sc.events.push({ type: 'vote-result', audience: 'all', day: sc.day, list: [...v.list], prisoner });
    sc.events.push({ type: 'vote-tally', audience: 'gm', day: sc.day, tally, prisoner });
  }
  for (const l of s.lasting.filter((x) => x.type === 'autoPrison' && x.from <= t && t < x.until)) {
    if (!hasLasting(s, 'prisonImmune', l.target)) imprison(sc, l.target, 'debt');
    l.until = t; // done
  }
  for (const p of living(s)) {
    if (!p.prison && p.vo <= -6 && !hasLasting(s, 'prisonImmune', p.id)) imprison(sc, p.id, 'low-vo');
    else if (p.prison && p.vo >= 6) release(sc, p.id, 'high-vo');
  }
  s.vote = null;
}

/**
 * Not acting (a living player who could act and did not, this day or night): -2
 * ВО -2 ТВ and a reprimand. A Хитрец who used only his extra action has acted.
 */
export function stepIdle(sc: Scratch): void {
  const s = sc.s;
  const half = 2 * (sc.day - 1) + (sc.half === 'night' ? 1 : 0);
  for (const p of living(s)) {
    // Whether he could act is judged on the period as it was: a prisoner released only now (21:00,
    // ВО ≥ 6) could not act, one sent to prison only now (the vote, ВО ≤ -6) could.
    const jailed = sc.statusStart[p.id]?.startsWith('prison') && p.character !== 'veteran';
    if (
      p.mainHalf === half ||
      p.extraHalf === half ||
      jailed ||
      hasLasting(s, 'absent', p.id) ||
      hasLasting(s, 'disable', p.id)
    )
      continue;
    applyNow(sc, p.id, 'vo', -2);
    applyNow(sc, p.id, 'tv', -2);
    sc.events.push({ type: 'reprimand', audience: 'all', player: p.id, what: 'action' });
  }
}

/** The names of a role's and a character's actions, for reports. */
export function abilityNames(roleSlug: string, characterSlug: string): string[] {
  return [...role(roleSlug).actions, ...character(characterSlug).actions].map((a) => a.key);
}

export { fellowMembers };
