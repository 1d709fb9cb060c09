// Exact distributions against the seeds' published tables and against
// independent brute-force computations written out here.
import { describe, expect, it } from 'vitest';
import {
  applyGaussModifier,
  outcomeDistribution,
  parseSpec,
  valueDistribution,
  distribution,
  type DiceSpec,
  type Distribution,
} from '../../src/dice/index.js';

const spec = (text: string): DiceSpec => {
  const r = parseSpec(text);
  if (!r.ok) throw new Error(text);
  return r.spec;
};
const counts = (d: Distribution) => Object.fromEntries(d.rows.map((r) => [r.value, Number(r.count)]));

/** Every 3d20 roll, by brute force. */
function* threeD20(): Generator<number> {
  for (let a = 1; a <= 20; a++) for (let b = 1; b <= 20; b++) for (let c = 1; c <= 20; c++) yield a + b + c;
}

// 001 "Вероятности получения значений числа на таком броске".
const TABLE_001: Record<number, number> = {
  1: 0.05,
  2: 0.39,
  3: 1.04,
  4: 2.09,
  5: 3.47,
  6: 5.11,
  7: 7.13,
  8: 9.13,
  9: 10.47,
  10: 11.09,
  11: 11.18,
  12: 10.48,
  13: 9.16,
  14: 7.13,
  15: 5.09,
  16: 3.4,
  17: 2.07,
  18: 1.06,
  19: 0.39,
  20: 0.05,
};

// 001 "Таблица соответствий значения 3D20 и GaussD20".
const CONVERSION_001: [number[], number][] = [
  [[3, 4], 1],
  [[5, 6, 7], 2],
  [[8, 9, 10], 3],
  [[11, 12, 13], 4],
  [[14, 15, 16], 5],
  [[17, 18, 19], 6],
  [[20, 21, 22], 7],
  [[23, 24, 25], 8],
  [[26, 27, 28], 9],
  [[29, 30, 31], 10],
  [[32, 33, 34], 11],
  [[35, 36, 37], 12],
  [[38, 39, 40], 13],
  [[41, 42, 43], 14],
  [[44, 45, 46], 15],
  [[47, 48, 49], 16],
  [[50, 51, 52], 17],
  [[53, 54, 55], 18],
  [[56, 57, 58], 19],
  [[59, 60], 20],
];

describe('GaussD20 (001)', () => {
  const d = valueDistribution(spec('gauss20'));

  it('counts every one of the 8000 rolls of 3 fair d20', () => {
    expect(d.total).toBe(8000n);
    expect(d.rows.reduce((a, r) => a + r.count, 0n)).toBe(8000n);
    expect(d.rows.map((r) => r.value)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it.each(Object.entries(TABLE_001))('value %s is within 0.1 points of the 001 table', (v, pct) => {
    const row = d.rows.find((r) => r.value === Number(v))!;
    expect(Math.abs(row.p * 100 - pct)).toBeLessThanOrEqual(0.1);
  });

  it('follows the 001 conversion table of 3d20 sums', () => {
    const bySum = new Map<number, number>();
    for (const [sums, g] of CONVERSION_001) for (const s of sums) bySum.set(s, g);
    expect([...bySum.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 58 }, (_, i) => i + 3));
    const expected = new Map<number, number>();
    for (const s of threeD20()) expected.set(bySum.get(s)!, (expected.get(bySum.get(s)!) ?? 0) + 1);
    expect(counts(d)).toEqual(Object.fromEntries(expected));
  });

  it('is symmetric: fair dice make 1 and 20 as likely as each other (4 in 8000)', () => {
    expect(counts(d)[1]).toBe(4);
    expect(counts(d)[20]).toBe(4);
    for (let v = 1; v <= 10; v++) expect(counts(d)[v]).toBe(counts(d)[21 - v]);
  });

  it.each([1, 3, 7, 9])('luck:%i shifts round(3d20/3) by luck-5 within 1..20', (luck) => {
    const expected = new Map<number, number>();
    for (const s of threeD20()) {
      const v = Math.min(20, Math.max(1, Math.round(s / 3) + luck - 5));
      expected.set(v, (expected.get(v) ?? 0) + 1);
    }
    expect(counts(valueDistribution(spec(`gauss20 luck:${luck}`)))).toEqual(Object.fromEntries(expected));
  });

  it('the modifier rule: 4..17 clamped, pure 1-3 and 18-20 only move toward the centre', () => {
    const cases: [number, number, number][] = [
      [10, 20, 17],
      [10, -20, 4],
      [10, 3, 13],
      [4, -1, 4],
      [17, 1, 17],
      [2, 5, 7],
      [2, -5, 2],
      [2, 20, 17],
      [1, 2, 3],
      [3, 0, 3],
      [19, -3, 16],
      [19, 3, 19],
      [19, -30, 4],
      [20, -1, 19],
      [18, 0, 18],
    ];
    for (const [v, m, r] of cases) expect(applyGaussModifier(v, m), `${v}${m >= 0 ? '+' : ''}${m}`).toBe(r);
  });

  it('a check with skill +10 and difficulty -8 uses the modifier +2 and the 001 ladder', () => {
    const expected = new Map<string, number>();
    const ladder = (r: number) =>
      r === 1
        ? 'worst'
        : r <= 3
          ? 'double-critical-failure'
          : r <= 5
            ? 'critical-failure'
            : r <= 7
              ? 'failure'
              : r <= 13
                ? 'success'
                : r <= 15
                  ? 'good'
                  : r <= 17
                    ? 'critical-success'
                    : r <= 19
                      ? 'double-critical-success'
                      : 'best';
    for (const s of threeD20()) {
      const v = Math.round(s / 3);
      const r = v >= 4 && v <= 17 ? Math.min(17, v + 2) : v <= 3 ? Math.min(v + 2, 17) : v;
      expected.set(ladder(r), (expected.get(ladder(r)) ?? 0) + 1);
    }
    const o = outcomeDistribution(spec('gauss20+10 vs:-8'))!;
    expect(o.rows.map((r) => r.value)).toEqual([
      'worst',
      'double-critical-failure',
      'critical-failure',
      'failure',
      'success',
      'good',
      'critical-success',
      'double-critical-success',
      'best',
    ]);
    for (const row of o.rows) expect(Number(row.count), String(row.value)).toBe(expected.get(row.value as string) ?? 0);
    expect(distribution(spec('gauss20+10 vs:-8')).kind).toBe('outcomes');
  });

  it('001: at an adequate task (skill + difficulty = 0) failing means 7 or less', () => {
    const o = outcomeDistribution(spec('gauss20+8 vs:-8'))!;
    const failed = o.rows.slice(0, 4).reduce((a, r) => a + r.p, 0);
    expect(failed).toBeCloseTo((4 + 31 + 85 + 166 + 274 + 409 + 571) / 8000, 12);
  });
});

describe('FUDGE dice', () => {
  it('4dF: 1 4 10 16 19 16 10 4 1 over 81', () => {
    const d = valueDistribution(spec('4dF'));
    expect(d.total).toBe(81n);
    expect(d.rows.map((r) => r.value)).toEqual([-4, -3, -2, -1, 0, 1, 2, 3, 4]);
    expect(d.rows.map((r) => Number(r.count))).toEqual([1, 4, 10, 16, 19, 16, 10, 4, 1]);
  });

  it('4dF+2 vs:3 is a threshold on the total', () => {
    const o = outcomeDistribution(spec('4dF+2 vs:3'))!;
    expect(o.rows.map((r) => [r.value, Number(r.count)])).toEqual([
      ['failure', 1 + 4 + 10 + 16 + 19],
      ['success', 16 + 10 + 4 + 1],
    ]);
  });
});

/** (3 + 2x + x²)^n: the success-dice sum by polynomial multiplication. */
function successPoly(n: number): number[] {
  let p = [1];
  for (let i = 0; i < n; i++) {
    const q = new Array<number>(p.length + 2).fill(0);
    p.forEach((c, k) => {
      q[k]! += 3 * c;
      q[k + 1]! += 2 * c;
      q[k + 2]! += c;
    });
    p = q;
  }
  return p;
}

describe('success dice (004)', () => {
  it.each([1, 2, 3, 4, 5, 6])('%idS matches (3+2x+x²)^n / 6^n', (n) => {
    const d = valueDistribution(spec(`${n}dS`));
    expect(d.total).toBe(6n ** BigInt(n));
    expect(d.rows.map((r) => Number(r.count))).toEqual(successPoly(n));
    expect(d.rows.map((r) => r.value)).toEqual(Array.from({ length: 2 * n + 1 }, (_, k) => k));
  });

  it('10dS is exact too', () => {
    expect(valueDistribution(spec('10dS')).rows.map((r) => Number(r.count))).toEqual(successPoly(10));
  });

  it.each([
    [3, 2],
    [5, 3],
    [6, 4],
    [4, 1],
  ])('%idS vs:%i: success at D, critical at D+3 and D-3', (n, D) => {
    const poly = successPoly(n);
    const sum = (f: (k: number) => boolean) => poly.reduce((a, c, k) => a + (f(k) ? c : 0), 0);
    const o = outcomeDistribution(spec(`${n}dS vs:${D}`))!;
    expect(o.rows.map((r) => [r.value, Number(r.count)])).toEqual([
      ['critical-failure', sum((k) => k <= D - 3)],
      ['failure', sum((k) => k < D && k > D - 3)],
      ['success', sum((k) => k >= D && k < D + 3)],
      ['critical-success', sum((k) => k >= D + 3)],
    ]);
    expect(o.rows.reduce((a, r) => a + r.p, 0)).toBeCloseTo(1, 12);
  });
});

describe('advantage and disadvantage', () => {
  it('1d6 adv keeps the best of two: (2v-1)/36', () => {
    const d = valueDistribution(spec('1d6 adv'));
    expect(d.total).toBe(36n);
    expect(d.rows.map((r) => Number(r.count))).toEqual([1, 3, 5, 7, 9, 11]);
  });

  it('1d6 dis keeps the worst of two', () => {
    expect(valueDistribution(spec('1d6 dis')).rows.map((r) => Number(r.count))).toEqual([11, 9, 7, 5, 3, 1]);
  });

  it('3dS vs:2 adv by brute force over two rolls', () => {
    const one = successPoly(3);
    const expected = new Map<string, number>();
    const outcome = (k: number) =>
      k >= 5 ? 'critical-success' : k >= 2 ? 'success' : k <= -1 ? 'critical-failure' : 'failure';
    one.forEach((a, i) =>
      one.forEach((b, j) =>
        expected.set(outcome(Math.max(i, j)), (expected.get(outcome(Math.max(i, j))) ?? 0) + a * b),
      ),
    );
    const o = outcomeDistribution(spec('3dS vs:2 adv'))!;
    expect(o.total).toBe(216n * 216n);
    for (const r of o.rows) expect(Number(r.count), String(r.value)).toBe(expected.get(r.value as string) ?? 0);
  });

  it('gauss20 dis by brute force over 8000² pairs of results', () => {
    const base = valueDistribution(spec('gauss20'));
    const expected = new Map<number, bigint>();
    for (const a of base.rows)
      for (const b of base.rows) {
        const v = Math.min(a.value as number, b.value as number);
        expected.set(v, (expected.get(v) ?? 0n) + a.count * b.count);
      }
    const d = valueDistribution(spec('gauss20 dis'));
    expect(d.total).toBe(64_000_000n);
    expect(Object.fromEntries(d.rows.map((r) => [r.value, r.count]))).toEqual(Object.fromEntries(expected));
  });

  it('one advantage and one disadvantage cancel', () => {
    expect(valueDistribution(spec('2d6 adv dis'))).toEqual(valueDistribution(spec('2d6')));
  });
});

describe('big specs stay exact', () => {
  it('20d1000 sums to 1000^20 with the symmetric middle', () => {
    const d = valueDistribution(spec('20d1000'));
    expect(d.total).toBe(1000n ** 20n);
    expect(d.rows.reduce((a, r) => a + r.count, 0n)).toBe(d.total);
    expect(d.rows[0]!.count).toBe(1n);
    expect(d.rows.at(-1)!.value).toBe(20000);
    expect(Math.abs(d.rows.reduce((a, r) => a + r.p, 0) - 1)).toBeLessThan(1e-9);
  });
});
