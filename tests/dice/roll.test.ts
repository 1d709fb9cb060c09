import { describe, expect, it } from 'vitest';
import { ForcedRng, SeededRng } from '../../src/engine/rng.js';
import { formatRoll, parseSpec, rollSpec, valueDistribution, type DiceSpec } from '../../src/dice/index.js';

const spec = (text: string): DiceSpec => {
  const r = parseSpec(text);
  if (!r.ok) throw new Error(text);
  return r.spec;
};

describe('rollSpec', () => {
  it('is reproducible from a seed', () => {
    const s = spec('gauss20+2 luck:6 adv');
    const a = Array.from(
      { length: 50 },
      (
        (rng) => () =>
          rollSpec(s, rng)
      )(new SeededRng('abc')),
    );
    const b = Array.from(
      { length: 50 },
      (
        (rng) => () =>
          rollSpec(s, rng)
      )(new SeededRng('abc')),
    );
    expect(a).toEqual(b);
    const c = Array.from(
      { length: 50 },
      (
        (rng) => () =>
          rollSpec(s, rng)
      )(new SeededRng('abd')),
    );
    expect(c).not.toEqual(a);
  });

  it('names every die: the 001 example 4+6+2', () => {
    const r = rollSpec(spec('gauss20+2'), new ForcedRng([4, 6, 2]));
    expect(r.result).toBe(6);
    expect(r.outcome).toBe('failure');
    expect(r.attempts[0]!.gauss).toEqual({ sum: 12, base: 4, luck: 5, natural: 4, modifier: 2, result: 6 });
    expect(formatRoll(r)).toBe('3d20: 4+6+2=12 → round(12/3)=4, luck +0, mod +2 → 6: failure');
    expect(formatRoll(r, 'ru')).toBe('3к20: 4+6+2=12 → round(12/3)=4, удача +0, мод +2 → 6: провал');
  });

  it('the 001 example 17+5+2 with luck and a check', () => {
    const r = rollSpec(spec('gauss20+10 vs:-8 luck:7'), new ForcedRng([17, 5, 2]));
    expect(formatRoll(r)).toBe('3d20: 17+5+2=24 → round(24/3)=8, luck +2 → 10, mod +10-8=+2 → 12: success');
  });

  it('pure 1-3 are not pushed down by a modifier', () => {
    const r = rollSpec(spec('gauss20-6'), new ForcedRng([1, 1, 2]));
    expect(r.result).toBe(1);
    expect(r.outcome).toBe('worst');
  });

  it('FUDGE, success and standard dice keep their faces', () => {
    const f = rollSpec(spec('4dF+1'), new ForcedRng([1, 2, 3, 3]));
    expect(f.attempts[0]!.dice.map((d) => d.value)).toEqual([-1, 0, 1, 1]);
    expect(f.result).toBe(2);
    expect(formatRoll(f)).toBe('4dF: [-][ ][+][+] = +1, +1 → 2');

    const s = rollSpec(spec('3dS vs:2'), new ForcedRng([6, 4, 1]));
    expect(s.attempts[0]!.dice.map((d) => d.value)).toEqual([2, 1, 0]);
    expect(s.result).toBe(3);
    expect(formatRoll(s, 'cs')).toBe('3dS: [2][1][0] = 3, obtížnost 2: úspěch');

    const d = rollSpec(spec('2d6+1 vs:10'), new ForcedRng([3, 4]));
    expect(formatRoll(d)).toBe('2d6: 3+4=7, +1 → 8, difficulty 10: failure');
  });

  it('004: critical at three above or below the difficulty', () => {
    expect(rollSpec(spec('5dS vs:3'), new ForcedRng([6, 6, 5, 5, 1])).outcome).toBe('critical-success'); // 6 = 3+3
    expect(rollSpec(spec('5dS vs:3'), new ForcedRng([6, 6, 1, 1, 1])).outcome).toBe('success'); // 4
    expect(rollSpec(spec('5dS vs:4'), new ForcedRng([5, 1, 1, 1, 1])).outcome).toBe('critical-failure'); // 1 = 4-3
    expect(rollSpec(spec('5dS vs:4'), new ForcedRng([5, 4, 1, 1, 1])).outcome).toBe('failure'); // 2
  });

  it('advantage keeps the best attempt, disadvantage the worst', () => {
    const a = rollSpec(spec('3dS vs:2 adv'), new ForcedRng([1, 1, 4, 6, 6, 1]));
    expect(a.attempts.map((x) => x.result)).toEqual([1, 4]);
    expect(a.kept).toBe(1);
    expect(a.outcome).toBe('success');
    expect(formatRoll(a)).toBe(
      'advantage, best of two: 3dS: [0][0][1] = 1 | 3dS: [2][2][0] = 4 ⇒ 4, difficulty 2: success',
    );
    const d = rollSpec(spec('1d20 dis'), new ForcedRng([15, 3]));
    expect(d.result).toBe(3);
    expect(d.kept).toBe(1);
  });
});

describe('seeded rolls follow the exact distribution', () => {
  it('20,000 gauss20 rolls: chi-square and max deviation', () => {
    const s = spec('gauss20');
    const exact = valueDistribution(s);
    const rng = new SeededRng('gauss-check');
    const n = 20_000;
    const seen = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const v = rollSpec(s, rng).result;
      seen.set(v, (seen.get(v) ?? 0) + 1);
    }
    let chi2 = 0;
    let maxDev = 0;
    for (const row of exact.rows) {
      const expected = row.p * n;
      const observed = seen.get(row.value as number) ?? 0;
      chi2 += (observed - expected) ** 2 / expected;
      maxDev = Math.max(maxDev, Math.abs(observed / n - row.p));
    }
    // 19 degrees of freedom: P(chi2 > 43.8) = 0.001.
    expect(chi2).toBeLessThan(43.8);
    expect(maxDev).toBeLessThan(0.006);
  });
});

describe('unforced streams (draws no rule case forces: the nation game’s numbering)', () => {
  it('a seeded generator’s is its fork; forced dice’s is a seeded stream of the case’s seed that takes no forced die or choice', () => {
    const seeded = new SeededRng('k');
    expect(seeded.unforced('numbering').shuffle([1, 2, 3, 4, 5, 6])).toEqual(
      seeded.fork('numbering').shuffle([1, 2, 3, 4, 5, 6]),
    );
    expect(seeded.draws).toEqual([]);
    const forced = new ForcedRng([3, 1], 'case', [1]);
    const shuffled = forced.unforced('numbering').shuffle([1, 2, 3, 4, 5, 6]);
    expect(shuffled).toEqual(new SeededRng('case/numbering').shuffle([1, 2, 3, 4, 5, 6]));
    // The case's dice and choices are still there, in order, for the rolls they were written for.
    expect([forced.die(6), forced.int(2), forced.die(6)]).toEqual([3, 1, 1]);
    expect(forced.unusedDice).toEqual([]);
  });
});
