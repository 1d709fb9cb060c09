// render/text.ts: trimLineEnds is the multiline regular expression it replaces, on any text;
// wrap keeps a line's width as words are added and wraps as measuring the whole line each time did.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trimLineEnds, width, wrap } from '../../src/render/text.js';

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

/** The definition: each word's line measured whole again. */
function wrapByDefinition(text: string, w: number): string {
  return text
    .split('\n')
    .map((line) => {
      const out: string[] = [];
      let cur = '';
      for (const word of line.split(/ +/)) {
        if (cur && width(cur) + 1 + width(word) > w) {
          out.push(cur);
          cur = word;
        } else cur = cur ? `${cur} ${word}` : word;
      }
      out.push(cur);
      return out.join('\n');
    })
    .join('\n');
}

describe('wrap', () => {
  it('wraps any text as measuring the whole line for each word does (combining marks, isolates, Cyrillic, CJK)', () => {
    const chars = fc.constantFrom(
      ' ',
      ' ',
      '  ',
      '\n',
      'a',
      'Ž',
      'я',
      '\u0301',
      '\u2068',
      '\u2069',
      '中',
      'e\u0301',
      '-',
      'xyzzy',
    );
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 120 }), fc.integer({ min: 1, max: 40 }), (cs, w) => {
        const s = cs.join('');
        expect(wrap(s, w)).toBe(wrapByDefinition(s, w));
      }),
      { numRuns: 3000 },
    );
  });
});
