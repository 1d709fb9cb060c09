// A plain text as a screen shows it (render/text-blocks.ts, page-css.ts): the
// prose in a <pre> that wraps, a table in a box that scrolls sideways, the
// ASCII map in <pre class="map">; a text with lines wider than the page makes
// a wide page; the outbox's marker of a text page gives back the same page.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textPage } from '../../src/render/page-css.js';
import { packPage, PAGE_COLUMNS, textBlocksHtml, unpackPage, wideText } from '../../src/render/page-css.js';
import { table } from '../../src/render/text.js';
import { longestLine, textBlocks } from '../../src/render/text-blocks.js';
import { width } from '../../src/render/text.js';

const MAP = `   ABCDE
  +-----+
 1| a  #|1
 2|  %  |2
  +-----+
   ABCDE`;

const REPORT = `FanDi 1.1 — demo
Result of turn 1.

== MAP ==
(columns A–E, rows 1–2 from the top)

${MAP}

  a = Alfa (alfa): 1

== CITIES ==
${table(
  ['City', 'Value', 'Units'],
  [
    ['B1', 200, '5 foot'],
    ['C2', 100, '-'],
  ],
)}
(Technology: level+invested; Walls: level+invested; Science: invested in this city, and some more words)
  B1: units 4

--
the judge`;

describe('text blocks', () => {
  it('cut a report into its prose, its map and its tables, in order, losing no line but the blank ones between', () => {
    const blocks = textBlocks(REPORT);
    expect(blocks.map((b) => b.kind)).toEqual(['text', 'map', 'text', 'table', 'text']);
    expect(blocks[1]!.text).toBe(MAP);
    expect(blocks[3]!.text.split('\n')[0]).toMatch(/^City +Value +Units$/);
    expect(blocks[3]!.text.split('\n')).toHaveLength(4);
    // The note under the table is wider than the table: prose again, and it wraps.
    expect(blocks[4]!.text.startsWith('(Technology:')).toBe(true);
    // The signature's "--" is no table rule.
    expect(blocks[4]!.text.endsWith('--\nthe judge')).toBe(true);
    const lines = (s: string) => s.split('\n').filter((l) => l.trim());
    expect(blocks.flatMap((b) => lines(b.text))).toEqual(lines(REPORT));
  });

  it('a text without a table or a map is one block, as it is', () => {
    const text = '\nHra: x\n\n  1  B2 hradby\n       ! a reason that is long enough to wrap on a phone, and more\n';
    expect(textBlocks(text)).toEqual([{ kind: 'text', text }]);
  });

  it('in HTML: prose in <pre>, a table in a box that scrolls, the map in pre.map; every text escaped', () => {
    const html = textBlocksHtml(`a <b> & c\n\n${table(['x', 'y'], [['<1>', '2']])}\n\n${MAP}\n`);
    expect(html).toBe(
      [
        '<pre>a &lt;b&gt; &amp; c</pre>',
        '<div class="scroll"><pre class="table">x    y\n---  -\n&lt;1&gt;  2</pre></div>',
        `<pre class="map">${MAP}</pre>`,
      ].join('\n'),
    );
  });

  it('a line longer than the page holds makes a wide page; combining marks take no column', () => {
    expect(PAGE_COLUMNS).toBe(80);
    expect(wideText(`short\n${'x'.repeat(80)}`)).toBe(false);
    expect(wideText(`short\n${'x'.repeat(81)}`)).toBe(true);
    expect(longestLine(`${'e\u0301'.repeat(80)}`)).toBe(80);
    expect(wideText('e\u0301'.repeat(80))).toBe(false);
    expect(textPage('en', 'S', 'x'.repeat(81))).toContain('<div class="mail wide">');
    expect(textPage('en', 'S', 'x'.repeat(80))).toContain('<div class="mail">');
  });

  it('the outbox keeps a wide text page, and one with tables, as a marker and makes the same page again from the row', () => {
    for (const body of [`${'DECIDE A1.dif … '.repeat(12)}\n`, `${REPORT}\n`]) {
      const page = textPage('ru', 'Лист ведущего', body);
      const mail = { subject: 'Лист ведущего', body };
      expect(packPage(page, mail)).toBe('<!--judge:text-page ru-->');
      expect(unpackPage('<!--judge:text-page ru-->', mail)).toBe(page);
    }
  });
});

describe('a line counted in columns', () => {
  it('is its code points less combining marks and bidirectional controls, for any text', () => {
    // The reading per character, as the count is defined (the module counts in whole-line passes).
    const slow = (line: string) => {
      let n = 0;
      for (const ch of line) if (!/\p{M}|[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u.test(ch)) n++;
      return n;
    };
    const pieces = fc.constantFrom(
      'a',
      'ж',
      'é',
      '\u0301',
      '\u2067',
      '\u2069',
      '\u200F',
      '😀',
      '\uD800',
      '\uDC00',
      '中',
      ' ',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const line = parts.join('');
        expect(longestLine(line)).toBe(slow(line));
        // One measure: a table's padding (render/text.ts width) counts the columns as a page's widest line does.
        if (!line.includes('\n')) expect(width(line)).toBe(longestLine(line));
      }),
      { numRuns: 2000 },
    );
    expect(longestLine('Иван\u0301 😀\u2069')).toBe(6);
  });
});
