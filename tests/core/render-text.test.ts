// render/text.ts: trimLineEnds is the multiline regular expression it replaces, on any text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trimLineEnds } from '../../src/render/text.js';

describe('trimLineEnds', () => {
  it('removes spaces and tabs at every line end exactly as /[ \\t]+$/gm does', () => {
    const chars = fc.constantFrom(' ', '\t', '\n', '\r', '\u2028', '\u2029', 'a', 'ž', '-', '\u00a0');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 60 }), (cs) => {
        const s = cs.join('');
        expect(trimLineEnds(s)).toBe(s.replace(/[ \t]+$/gm, ''));
      }),
      { numRuns: 2000 },
    );
    expect(trimLineEnds('a  \n b\t\n\n c ')).toBe('a\n b\n\n c');
  });
});
