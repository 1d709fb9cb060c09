// The judge's order of names (src/engine/collate.ts) is Intl.Collator('en')'s,
// computed directly for the id alphabet, on any machine whatever its locale.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collate } from '../../src/engine/collate.js';

const en = new Intl.Collator('en');
const sign = (n: number) => Math.sign(n);

describe('the order of names', () => {
  it("is Intl.Collator('en')'s for ids and for any other text", () => {
    const idChar = fc.constantFrom(...'_-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));
    const id = fc.array(idChar, { maxLength: 8 }).map((cs) => cs.join(''));
    // Ids that share a start and differ late, in case only, or in length.
    const near = fc.tuple(id, id, idChar).map(([p, s, c]) => [p + s, p + c + s.toUpperCase()] as const);
    fc.assert(
      fc.property(id, id, (a, b) => sign(collate(a, b)) === sign(en.compare(a, b))),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(
        near,
        ([a, b]) => sign(collate(a, b)) === sign(en.compare(a, b)) && sign(collate(b, a)) === sign(en.compare(b, a)),
      ),
      { numRuns: 3000 },
    );
    // Other text (accents, spaces, Cyrillic, "ch"): the same collator.
    const other = fc.string({
      unit: fc.constantFrom('a', 'c', 'h', 'C', 'H', 'é', 'ü', ' ', 'ж', 'Ж', '.', '1', '_', '-'),
      maxLength: 6,
    });
    fc.assert(
      fc.property(other, other, (a, b) => sign(collate(a, b)) === sign(en.compare(a, b))),
      { numRuns: 3000 },
    );
  });

  it('does not follow the machine locale: Czech sorts "ch" after "h", the judge does not', () => {
    const ids = ['hana', 'chris', 'dana', 'Cyril', 'cyril', 'a_b', 'a-b', 'a1'];
    expect([...ids].sort(collate)).toEqual(['a_b', 'a-b', 'a1', 'chris', 'cyril', 'Cyril', 'dana', 'hana']);
    expect([...ids].sort(new Intl.Collator('cs').compare)).not.toEqual([...ids].sort(collate));
  });
});
