// The Godfather forecast (issue #33) against the real resolution. Over many seeded
// random games: one player's random orders and nobody else's (and no blackmail
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
import { action, allActions } from '../../src/games/godfather/tables.js';
import { halfIndex, slotOf, type GState } from '../../src/games/godfather/state.js';
import { newGame } from './helpers.js';

function frozen<T>(v: T): T {
  if (v && typeof v === 'object') for (const x of Object.values(Object.freeze(v))) frozen(x);
  return v;
}

const CTX = (t: number) => ({ phase: t + 1, deadline: null, messages: [], gm: NO_GM_INPUTS });

/** Random act and vote orders of one player, legal or not (wrong half, cooldown, bad targets). */
function randomOrders(s: GState, id: PlayerId, rng: SeededRng): GOrder[] {
  const alive = s.players.filter((p) => p.alive).map((p) => p.id);
  const out: GOrder[] = [];
  for (let k = rng.int(3); k > 0; k--) {
    const def = rng.pick(heldActions(s, id));
    const targets = rng.shuffle(alive).slice(0, def.targets);
    const args =
      def.choice === 'sign'
        ? { sign: rng.pick([1, -1] as const) }
        : def.choice === 'stat'
          ? { stat: rng.pick(['vo', 'tv'] as const) }
          : def.choice === 'guard'
            ? { guard: rng.pick(['execution', 'prison'] as const) }
            : {};
    out.push({ type: 'act', line: out.length + 1, key: def.key, targets, args, via: 'own' });
  }
  if (s.vote?.list.length && rng.int(2))
    out.push({ type: 'vote', line: out.length + 1, target: rng.pick([...s.vote.list, rng.pick(alive)]) });
  return out;
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
    const seen = { ok: 0, failed: 0, idle: 0, votes: 0, refusedVotes: 0, fines: 0 };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 10 }), (seed, periods) => {
        const s0 = played(seed, periods);
        if (s0.over) return;
        const alive = s0.players.filter((p) => p.alive);
        const me = alive[seed % alive.length]!.id;
        const s: GState = { ...s0, forced: s0.forced.filter((f) => f.target !== me) };
        const orders = randomOrders(s, me, new SeededRng(`gf-mine-${seed}`));
        // Frozen, as intake's shared state is: the forecast writes only to its own copies.
        const f = godfatherForecast(frozen(structuredClone(s)), me, orders)!;
        const real = rules.adjudicate(s, new Map([[me, orders]]), new SeededRng(`gf-real-${seed}`), CTX(s.t));
        const after = real.state.players.find((p) => p.id === me)!;
        const results = real.events.filter((e) => e.type === 'result' && e.player === me);
        for (const a of f.acts) {
          const r = results.find((e) => e.line === a.act.line)!;
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
