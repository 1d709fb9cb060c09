// The Godfather forecast (issue #33) against the real resolution. Over many seeded
// random games: one player's random orders (some through a faction member: the
// leader's action, the cabin, the lair) and nobody else's (and no blackmail
// waiting for him: it is the blackmailer's secret until it strikes). An act the
// forecast says would not be carried out fails at the deadline for the same
// reason; one it says would be carried out is charged (the day's or night's
// action, its cooldown); the fine for not acting comes exactly when the forecast
// warns of it; a vote counts exactly when the forecast says so.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../src/engine/rng.js';
import { NO_GM_INPUTS, type PlayerId } from '../../src/engine/types.js';
import { heldActions, LEADER_KEY } from '../../src/games/godfather/access.js';
import { godfatherForecast } from '../../src/games/godfather/forecast.js';
import { rules } from '../../src/games/godfather/index.js';
import { tableChanges } from '../../src/games/godfather/influence.js';
import type { GOrder } from '../../src/games/godfather/order-types.js';
import { publicOrdinaryOf } from '../../src/games/godfather/order-actions.js';
import { action, allActions, role, type ActionDef } from '../../src/games/godfather/tables.js';
import {
  fellowMembers,
  halfIndex,
  isLeader,
  slotOf,
  type GState,
  type OrderArgs,
} from '../../src/games/godfather/state.js';
import { newGame } from './helpers.js';

function frozen<T>(v: T): T {
  if (v && typeof v === 'object') for (const x of Object.values(Object.freeze(v))) frozen(x);
  return v;
}

const CTX = (t: number) => ({ phase: t + 1, deadline: null, messages: [], gm: NO_GM_INPUTS });

/** A choice for an action that asks one. */
function choiceFor(def: ActionDef, rng: SeededRng): OrderArgs {
  return def.choice === 'sign'
    ? { sign: rng.pick([1, -1] as const) }
    : def.choice === 'stat'
      ? { stat: rng.pick(['vo', 'tv'] as const) }
      : def.choice === 'guard'
        ? { guard: rng.pick(['execution', 'prison'] as const) }
        : {};
}

/**
 * Through a faction member, as the parser makes such orders (orders.ts): the
 * leader's action or a proxy's (Ремонт каюты капитана, Маскировка with or
 * without a role action named), read by what the writer may know (the member's
 * public role). Null when the writer has no member to act through.
 */
function throughMember(s: GState, id: PlayerId, rng: SeededRng, alive: PlayerId[], line: number): GOrder | null {
  const members = fellowMembers(s, id);
  const proxies = heldActions(s, id).filter((a) => a.effect === 'proxy');
  if (!members.length || (!isLeader(s, id) && !proxies.length)) return null;
  const member = rng.pick(members);
  const proxy = !isLeader(s, id) || (proxies.length && rng.int(2)) ? rng.pick(proxies) : null;
  const roleActions = role(s.players.find((p) => p.id === member)!.role).actions;
  const named = proxy && proxy.params?.what !== 'secret' && rng.int(2) ? rng.pick(roleActions.slice(2)) : null;
  const known = proxy?.params?.what === 'secret' ? null : (named ?? publicOrdinaryOf(s, member));
  const targets = rng.shuffle(alive).slice(0, known?.targets ?? rng.int(2));
  const args = known ? choiceFor(known, rng) : {};
  if (!proxy) return { type: 'act', line, key: known!.key, targets, args, via: 'leader', member };
  const order: GOrder = {
    type: 'act',
    line,
    key: known?.key ?? proxy.key,
    targets,
    args,
    via: 'proxy',
    proxyKey: proxy.key,
    member,
  };
  if (named) order.memberAction = { key: named.key };
  return order;
}

/** Random act and vote orders of one player, legal or not (wrong half, cooldown, bad targets), some through a faction member. */
function randomOrders(s: GState, id: PlayerId, rng: SeededRng): GOrder[] {
  const alive = s.players.filter((p) => p.alive).map((p) => p.id);
  const out: GOrder[] = [];
  for (let k = rng.int(3); k > 0; k--) {
    const through = rng.int(3) === 0 ? throughMember(s, id, rng, alive, out.length + 1) : null;
    if (through) {
      out.push(through);
      continue;
    }
    const def = rng.pick(heldActions(s, id));
    const targets = rng.shuffle(alive).slice(0, def.targets);
    out.push({ type: 'act', line: out.length + 1, key: def.key, targets, args: choiceFor(def, rng), via: 'own' });
  }
  if (s.vote?.list.length && rng.int(2))
    out.push({ type: 'vote', line: out.length + 1, target: rng.pick([...s.vote.list, rng.pick(alive)]) });
  return out;
}

/**
 * Two games in three: the player leads a faction of himself and two others (the
 * random games seldom make one), and is an Indian or a shipwright in two of
 * those, so that he may act through a member (the lair, the cabin).
 */
function withFaction(s0: GState, me: PlayerId, seed: number): GState {
  if (seed % 3 === 0) return s0;
  const s = structuredClone(s0);
  const others = s.players.filter((p) => p.alive && p.id !== me).map((p) => p.id);
  const members = [me, ...others.slice(seed % Math.max(1, others.length - 2)).slice(0, 2)];
  s.factions = [
    { id: 'FX', leader: me, members, joined: Object.fromEntries(members.map((m) => [m, 0])), expelDay: null },
  ];
  const mine = s.players.find((p) => p.id === me)!;
  if (seed % 9 < 6) mine.role = seed % 2 ? 'indian' : 'shipwright';
  return s;
}

function played(seed: number, periods: number): GState {
  let s = newGame({}, seed);
  const rng = new SeededRng(`gf-play-${seed}`);
  for (let t = 0; t < periods && !s.over; t++) {
    const orders = new Map(s.players.filter((p) => p.alive).map((p) => [p.id, randomOrders(s, p.id, rng)]));
    s = rules.adjudicate(s, orders, rng, CTX(t)).state;
  }
  return s;
}

describe('Godfather forecast', () => {
  it('availability, costs, the idle fine and the vote are what the resolution then does (property, seeded)', () => {
    const seen = { ok: 0, failed: 0, idle: 0, votes: 0, refusedVotes: 0, fines: 0, through: 0 };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 10 }), (seed, periods) => {
        const s0 = played(seed, periods);
        if (s0.over) return;
        const alive = s0.players.filter((p) => p.alive);
        const me = alive[seed % alive.length]!.id;
        const s: GState = withFaction({ ...s0, forced: s0.forced.filter((f) => f.target !== me) }, me, seed);
        const orders = randomOrders(s, me, new SeededRng(`gf-mine-${seed}`));
        // Frozen, as intake's shared state is: the forecast writes only to its own copies.
        const f = godfatherForecast(frozen(structuredClone(s)), me, orders)!;
        const real = rules.adjudicate(s, new Map([[me, orders]]), new SeededRng(`gf-real-${seed}`), CTX(s.t));
        const after = real.state.players.find((p) => p.id === me)!;
        const results = real.events.filter((e) => e.type === 'result' && e.player === me);
        for (const a of f.acts) {
          const r = results.find((e) => e.line === a.act.line)!;
          if (a.act.via === 'leader' || a.act.via === 'proxy') seen.through++;
          if (a.problem) {
            expect([r.outcome, (r.params as { why?: string }).why]).toEqual(['r-failed', a.problem.code]);
            seen.failed++;
          } else {
            expect(r.outcome).not.toBe('r-failed');
            expect(after.used[a.act.useKey]).toBe(s.t);
            if (a.act.main) expect(after.mainHalf).toBe(halfIndex(s.t));
            const hours = a.act.useKey === LEADER_KEY ? 24 : action(a.act.useKey).cooldownHours;
            expect(a.cooldownHours).toBe(hours);
            seen.ok++;
          }
        }
        const riot = real.events.some((e) => e.type === 'riot');
        const reprimand = (what: string) =>
          real.events.some((e) => e.type === 'reprimand' && e.player === me && e.what === what);
        if (slotOf(s.t) !== 0 && !riot) {
          expect(reprimand('action'), `idle ${me} at ${s.t}`).toBe(f.idle);
          if (f.idle) seen.idle++;
        }
        if (f.vote?.target) {
          const ballot = real.events.some((e) => e.type === 'ballot' && e.voter === me);
          const same = s.vote!.ballots[me] === f.vote.target;
          expect(ballot).toBe(f.vote.why === null && !same);
          if (f.vote.why) seen.refusedVotes++;
          else seen.votes++;
        }
        if (f.vote && slotOf(s.t) === 1 && !riot) {
          expect(reprimand('vote')).toBe(f.vote.fine);
          if (f.vote.fine) seen.fines++;
        }
      }),
      { seed: 33, numRuns: 250 },
    );
    expect(seen.ok).toBeGreaterThan(50);
    expect(seen.failed).toBeGreaterThan(50);
    expect(seen.idle).toBeGreaterThan(10);
    expect(seen.votes + seen.refusedVotes).toBeGreaterThan(5);
    expect(seen.through).toBeGreaterThan(20);
  }, 120_000);

  it("an act's ВО/ТВ changes are its table entry's numbers; effects that read the period's stats have none", () => {
    const amounts = new Set(['stat', 'block', 'factionStat', 'tempStat', 'tempSelf']);
    let checked = 0;
    for (const def of allActions()) {
      const args = def.choice === 'sign' ? { sign: -1 as const } : def.choice === 'stat' ? { stat: 'tv' as const } : {};
      const changes = tableChanges(def, args, 'me', ['x', 'y']);
      expect(changes === null, def.key).toBe(!amounts.has(def.effect));
      if (def.effect === 'stat' && !def.choice) {
        const P = def.params ?? {};
        const per = [
          ...(P.vo !== undefined ? [{ stat: 'vo', delta: Number(P.vo) }] : []),
          ...(P.tv !== undefined ? [{ stat: 'tv', delta: Number(P.tv) }] : []),
        ].filter((c) => c.delta !== 0);
        expect(changes).toEqual(['x', 'y'].flatMap((target) => per.map((c) => ({ target, ...c }))));
        checked++;
      }
      if (def.effect === 'tempSelf') expect(changes!.every((c) => c.target === 'me' && c.temp)).toBe(true);
    }
    expect(checked).toBeGreaterThan(5);
  });
});
