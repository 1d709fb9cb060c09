// The nation forecast (issue #33) against the real resolution. Over many seeded
// random games: one player's random orders of a stage and nobody else's, the GM
// deciding nothing (defaults). Every action the forecast plans is declared (its
// id and a new strategic action's are given then: ruling nation/action-ids),
// refused orders are refused for the same reason, and at the
// resolution each action's modifiers are exactly the forecast's (style, penalty,
// size, age, the player's own influence; an influence whose die decides shows one
// of the values the forecast gives), with as many dice as it says and a total the
// forecast's distribution allows; an influence action's value is one it gives;
// the population growth's ПП is the forecast's for the die rolled.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../src/engine/rng.js';
import { NO_GM_INPUTS } from '../../src/engine/types.js';
import { parseState } from '../../src/games/nation/case-prestate.js';
import { nationForecast, outcomeCounts, actionCounts } from '../../src/games/nation/forecast.js';
import { rules } from '../../src/games/nation/index.js';
import type { DeclaredAction, Modifier, NationEvent, NationState } from '../../src/games/nation/types.js';
import { sampleGame } from './helpers.js';
import { randomOrders } from './random-orders.js';
import { forecastText } from '../forecast-check.js';

const CTX = (phase: number) => ({ phase, deadline: null, messages: [], gm: NO_GM_INPUTS });
type Ev<T extends NationEvent['type']> = Extract<NationEvent, { type: T }>;

/** A game after some stages of everybody's random orders. */
function played(seed: number, stages: number): NationState {
  let s = sampleGame();
  const rng = new SeededRng(`nf-play-${seed}`);
  for (let i = 0; i < stages; i++) {
    const orders = new Map(s.players.map((p) => [p.id, randomOrders(s, p.id, rng)]));
    s = rules.adjudicate(s, orders, rng, CTX(i + 1)).state;
  }
  return s;
}

describe('nation forecast', () => {
  it('the modifiers, dice, refusals, influence and growth are what the resolution then uses (property, seeded)', () => {
    const seen = { actions: 0, steps: 0, influence: 0, dieInfluence: 0, refused: 0, stage2own: 0, growth: 0 };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 5 }), (seed, stages) => {
        const s = played(seed, stages);
        const me = s.players[seed % s.players.length]!.id;
        const orders = randomOrders(s, me, new SeededRng(`nf-mine-${seed}`));
        const f = nationForecast(s, me, orders);
        const rng = new SeededRng(`nf-real-${seed}`);
        const first = rules.adjudicate(s, new Map([[me, orders]]), rng, CTX(1));
        const refused = first.events.filter((e): e is Ev<'refused'> => e.type === 'refused');
        expect(f.refused).toEqual(refused);
        seen.refused += refused.length;
        // Stage 1 is resolved at the end of stage 2 (nobody orders there).
        const events = s.stage === 1 ? rules.adjudicate(first.state, new Map(), rng, CTX(2)).events : first.events;
        // Each planned action as declared: the same actor, visibility and rank (its place in the order written).
        const key = (a: DeclaredAction) => `${a.stage} ${a.actor.type} ${a.actor.id} ${a.visibility} ${a.rank}`;
        const declared = first.events.flatMap((e) => (e.type === 'declared' ? [e.action] : []));
        const real = new Map(
          f.actions.map((a) => [
            a.action.id,
            a.line === null ? a.action : declared.find((d) => key(d) === key(a.action))!,
          ]),
        );
        const idOf = (id: string) => real.get(id)?.id ?? id;
        const newStrategic = (a: DeclaredAction) =>
          a.strategic !== null && !s.strategic.some((x) => x.id === a.strategic);
        for (const a of f.actions)
          expect({
            ...a.action,
            id: real.get(a.action.id)!.id,
            strategic: newStrategic(a.action) ? real.get(a.action.id)!.strategic : a.action.strategic,
          }).toEqual(real.get(a.action.id));
        if (s.stage === 1) expect(f.actions).toHaveLength(first.state.declared.filter((a) => a.player === me).length);
        for (const a of f.actions) {
          const r = real.get(a.action.id)!;
          if (a.influence) {
            const e = events.find((x): x is Ev<'influence'> => x.type === 'influence' && x.action === r.id)!;
            expect(a.influence.values).toContain(e.value);
            seen.influence++;
            continue;
          }
          const e = events.find(
            (x): x is Ev<'result'> | Ev<'progress'> =>
              (x.type === 'result' && x.action === r.id) || (x.type === 'progress' && x.strategic === r.strategic),
          )!;
          expect(e, `${r.id}`).toBeDefined();
          const dieNotes = new Set(a.dieInfluences.map((d) => idOf(d.action)));
          const rolled = e.modifiers.filter((m) => m.source === 'influence' && dieNotes.has(m.note));
          // The resolution adds the influences in F order, the forecast in the order written.
          const inOrder = (ms: Modifier[]) => [
            ...ms.filter((m) => m.source !== 'influence'),
            ...ms.filter((m) => m.source === 'influence').sort((x, y) => x.note.localeCompare(y.note)),
          ];
          expect(inOrder(e.modifiers.filter((m) => !rolled.includes(m)))).toEqual(
            inOrder(a.modifiers.map((m) => (m.source === 'influence' ? { ...m, note: idOf(m.note) } : m))),
          );
          for (const m of rolled)
            expect(a.dieInfluences.find((d) => idOf(d.action) === m.note)!.values).toContain(m.value);
          seen.dieInfluence += rolled.length;
          if (e.type === 'result') {
            expect(e.dice).toHaveLength(a.dice);
            expect(e.difficulty).toBe(a.difficulty);
            expect(a.counts.get(e.total + e.difficulty)).toBeGreaterThan(0n);
            seen.actions++;
          } else {
            expect(a.dice).toBe(1);
            expect(a.counts.get(e.value)).toBeGreaterThan(0n);
            seen.steps++;
          }
          if (a.line === null) seen.stage2own++;
        }
        for (const g of f.growth) {
          const e = events.find((x): x is Ev<'growth'> => x.type === 'growth' && x.country === g.country)!;
          const o = g.outcomes.find((x) => x.die === e.die)!;
          expect([o.pp, o.populationTo, o.carried]).toEqual([e.pp, e.populationTo, e.carried]);
          seen.growth++;
        }
      }),
      { seed: 33, numRuns: 150 },
    );
    // The runs covered every kind of action the forecast speaks of.
    expect(seen.actions).toBeGreaterThan(200);
    expect(seen.steps).toBeGreaterThan(10);
    expect(seen.influence).toBeGreaterThan(10);
    expect(seen.dieInfluence).toBeGreaterThan(3);
    expect(seen.refused).toBeGreaterThan(10);
    expect(seen.stage2own).toBeGreaterThan(20);
    expect(seen.growth).toBeGreaterThan(100);
  }, 120_000);

  it('the odds are exact: 4dF + 1 at difficulty Fair succeeds in 50 of 81 rolls; a die influence widens the spread', () => {
    const plain = actionCounts(4, 1, []);
    expect(plain.total).toBe(81n);
    expect(outcomeCounts(plain, 0)).toEqual({ success: 50n, failure: 31n, disaster: 0n });
    const withDie = actionCounts(4, 1, [[0, 0, 1]]);
    expect(withDie.total).toBe(243n);
    expect([...withDie.counts.keys()]).toEqual([-3, -2, -1, 0, 1, 2, 3, 4, 5, 6]);
    expect(outcomeCounts(actionCounts(4, -3, []), 2).disaster).toBe(66n);
  });

  it('names his influence by the line he wrote: its F id is given only at the deadline, with everybody else’s', () => {
    const s = parseState(`
      turn 1 stage 2
      country alba
      country bob
      order guild in=alba name="Гильдия"
      figure ivan in=alba name="Иван"
      influence ivan on=guild degree=fair
      declared A1 by=guild visibility=public direction=wisdom text="открыть школу"`);
    const orders = rules.parseOrders('Иван публично мудрость произнести речь\nИван поддержать A1', {
      state: s,
      player: 'alba',
      lang: 'en',
    });
    expect(orders.errors).toEqual([]);
    const en = forecastText(rules.forecast!(s, 'alba', orders.orders, 'en'));
    expect(en).toContain('your influence (line 2): +1');
    expect(forecastText(rules.forecast!(s, 'alba', orders.orders, 'ru'))).toContain('ваше влияние (строка 2): +1');
    expect(en).not.toMatch(/\bF\d/);
  });

  it('names are quoted once: an influence gain on an order reads «Name», never «орден «Name»» (random games, both languages)', () => {
    let gains = 0;
    for (let seed = 0; seed < 60; seed++) {
      const s = played(seed, seed % 4);
      for (const p of s.players) {
        const orders = randomOrders(s, p.id, new SeededRng(`nq-${seed}`));
        for (const lang of ['ru', 'en'] as const) {
          const text = forecastText(rules.forecast!(s, p.id, orders, lang));
          expect(text, `${seed}/${p.id}/${lang}`).not.toMatch(/«[^»\n]*«|"[^"\n]*\border "/);
          gains += (text.match(/усиление влияния на «|increasing influence on "/g) ?? []).length;
        }
      }
    }
    expect(gains).toBeGreaterThan(0);
  });
});
