// shareBuilt (engine/shared-json.ts): a value just built and stringified is
// kept as the shared value itself only when a parse of its text would give
// it back equal; anything else is the parse, as sharedValue gives it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainJson, sharedValue, shareBuilt } from '../../src/engine/shared-json.js';

let n = 0;
/** A text no earlier case has shared (each case its own slot). */
const unique = (v: unknown) => ({ tag: `case-${n++}`, v });

describe('shareBuilt', () => {
  it('any JSON value: kept itself, frozen, equal to the parse, and what sharedValue then gives for its text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const built = unique(structuredClone(v));
        const text = JSON.stringify(built);
        expect(plainJson(built)).toBe(!hasNegativeZero(v));
        const shared = shareBuilt(text, built);
        expect(shared).toEqual(JSON.parse(text));
        expect(Object.isFrozen(shared)).toBe(true);
        expect(sharedValue(text)).toBe(shared);
        if (plainJson(built)) expect(shared).toBe(built);
      }),
    );
  });

  it('values a parse would not give back equal: the parse is kept, not the value', () => {
    class Point {
      constructor(readonly x: number) {}
    }
    const cases: unknown[] = [
      { a: undefined, b: 1 },
      [1, undefined, 2],
      // biome-ignore lint/suspicious/noSparseArray: a hole is what this case is about
      [1, , 2],
      { n: Number.NaN },
      { n: -0 },
      { n: Infinity },
      { d: new Date(0) },
      { p: new Point(1) },
      { f: () => 1, g: 2 },
      { toJSON: () => 'x' },
      Object.assign(Object.create({ inherited: 1 }) as object, { own: 2 }),
      { [Symbol('s')]: 1, k: 1 },
      Object.defineProperty({ k: 1 }, 'hidden', { value: 2, enumerable: false }),
      Object.assign([1, 2], { extra: 3 }),
    ];
    for (const c of cases) {
      const built = unique(c);
      expect(plainJson(built)).toBe(false);
      const text = JSON.stringify(built);
      const shared = shareBuilt(text, built);
      expect(shared).not.toBe(built);
      expect(shared).toEqual(JSON.parse(text));
      expect(Object.isFrozen(built)).toBe(false);
    }
  });
});

function hasNegativeZero(v: unknown): boolean {
  if (typeof v === 'number') return Object.is(v, -0);
  if (v && typeof v === 'object') return Object.values(v).some(hasNegativeZero);
  return false;
}
