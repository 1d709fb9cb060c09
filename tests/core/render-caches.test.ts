// The caches and fast paths of rendering (src/render): each gives what the
// uncached way gives. Formatted Fluent messages (by bundle, id and arguments),
// counts written without Intl.NumberFormat, message files parsed once per text;
// seats found by id.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { FluentBundle, FluentNumber, FluentResource } from '@fluent/bundle';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMessage, messageFiles } from '../../src/render/fluent.js';
import { playerGender } from '../../src/engine/seats.js';
import { inferGender } from '../../src/render/gender.js';
import { trimLineEnds, width } from '../../src/render/text.js';
import type { Lang } from '../../src/engine/types.js';
import { tempDir } from '../helpers.js';

afterEach(() => {
  delete process.env.JUDGE_TEMPLATES;
});

const LANGS: Lang[] = ['en', 'cs', 'ru'];

/** The message as a fresh bundle of the same files formats it, numbers through Intl.NumberFormat. */
function uncached(kind: string, lang: Lang, id: string, args: Record<string, unknown>): string {
  const b = new FluentBundle(lang, { useIsolating: false });
  for (const f of messageFiles(kind, lang))
    b.addResource(new FluentResource(readFileSync(f, 'utf8')), { allowOverrides: true });
  const m = b.getMessage(id)!;
  const vars = Object.fromEntries(
    Object.entries(args)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, typeof v === 'number' ? new FluentNumber(v, { useGrouping: false }) : String(v)]),
  );
  return b.formatPattern(m.value!, vars, []);
}

describe('render caches give what the uncached way gives', () => {
  it('formatted messages, cached by bundle, id and arguments, over generated counts and genders', () => {
    const number = fc.oneof(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.constantFrom(-0, 0, 1, 2, 5, 21, 1.5, 0.25, 1e21, Number.MAX_SAFE_INTEGER),
      fc.double({ noNaN: true }),
    );
    const bundleIds: [string, string][] = [
      ['common', 'ack-errors'],
      ['common', 'ack-mangled'],
      ['common', 'list-players'],
      ['common', 'ack-player'],
      ['common', 'ack-replaced'],
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...LANGS),
        fc.constantFrom(...bundleIds),
        number,
        fc.constantFrom('f', 'm', undefined),
        fc.boolean(),
        (lang, [kind, id], count, gender, twice) => {
          const args = { count, gender, limit: count };
          const want = uncached(kind, lang, id, args);
          expect(formatMessage(kind, lang, id, args)).toBe(want);
          if (twice) expect(formatMessage(kind, lang, id, { ...args })).toBe(want);
        },
      ),
      { numRuns: 600 },
    );
  });

  it('a count is written as Intl.NumberFormat writes it, without grouping, in every language', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LANGS),
        fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.constantFrom(-0, 1e21, -1e21, 0.5, -2.75)),
        (lang, n) => {
          const args = { count: n };
          expect(formatMessage('common', lang, 'ack-errors', args)).toBe(uncached('common', lang, 'ack-errors', args));
          expect(formatMessage('common', lang, 'ack-errors', args)).toContain(
            new Intl.NumberFormat(lang, { useGrouping: false }).format(n),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a message of an override file rewritten in the same process is read anew by the next bundle that reads it', () => {
    const root = tempDir();
    mkdirSync(join(root, 'common', 'en'), { recursive: true });
    const file = join(root, 'common', 'en', 'zz-override.ftl');
    writeFileSync(file, 'ack-player = Seat one:\n');
    process.env.JUDGE_TEMPLATES = root;
    expect(formatMessage('fandi', 'en', 'ack-player', {})).toBe('Seat one:');
    writeFileSync(file, 'ack-player = Seat two:\n');
    // fandi/en's bundle is kept for the process; godfather/en's is new and reads the file as it is now.
    expect(formatMessage('godfather', 'en', 'ack-player', {})).toBe('Seat two:');
    expect(formatMessage('fandi', 'en', 'ack-player', {})).toBe('Seat one:');
  });

  it('a message with an error is formatted (and reported) every time', () => {
    const counts = [0, 1, 2].map(() => {
      const errors: Error[] = [];
      formatMessage('common', 'en', 'ack-errors', {}, errors);
      return errors.length;
    });
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts).toEqual([counts[0], counts[0], counts[0]]);
  });

  it('trimLineEnds is text.replace(/[ \\t]+$/gm, ""), also when it finds nothing to trim', () => {
    const piece = fc.constantFrom('a', 'Ž', ' ', '\t', '\n', '\r', '\r\n', '\u2028', '\u2029', 'xyz ', ' \n', '\t\n');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (ps) => {
        const text = ps.join('');
        expect(trimLineEnds(text)).toBe(text.replace(/[ \t]+$/gm, ''));
      }),
      { numRuns: 2000 },
    );
  });

  it('width of a non-ASCII text, remembered, is its count of code points without combining marks', () => {
    // Combining marks and the bidirectional controls (the isolates around players' text: render/bidi.ts) take no column.
    const reference = (s: string) =>
      [...s.normalize('NFC')].filter((ch) => !/\p{M}|[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u.test(ch)).length;
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(
            'a',
            'á',
            'a\u0301',
            'Ж',
            '\u0308',
            '😀',
            ' ',
            '\u00e9',
            '\ud83d',
            '\ude00',
            '\u{1d165}',
            'ё',
            'е\u0308',
            '—',
            '№',
            '«',
            'ı',
            'ǅ',
            '\u0483',
            '\u2028',
            '€',
            'Ω',
            '\u212b',
          ),
          maxLength: 80,
        }),
        (s) => {
          expect(width(s)).toBe(reference(s));
          expect(width(s)).toBe(reference(s));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('width of every character from U+0020 to U+22FF, alone and between letters, is the uncached count', () => {
    // Combining marks and the bidirectional controls (the isolates around players' text: render/bidi.ts) take no column.
    const reference = (s: string) =>
      [...s.normalize('NFC')].filter((ch) => !/\p{M}|[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u.test(ch)).length;
    for (let c = 0x20; c < 0x2300; c++) {
      const ch = String.fromCharCode(c);
      for (const s of [ch, `Ж${ch}а`, `${ch}${ch}`]) expect(width(s), `U+${c.toString(16)}`).toBe(reference(s));
    }
  });

  it('playerGender by the seat index: the first seat of an id, its name and gender, else the inferred gender', () => {
    const setup = {
      seats: [
        null,
        { id: 'Anna', name: 'Anna', gender: 'm' },
        { id: 'anna', name: 'Other', gender: 'f' },
        { id: 7 },
        { id: 'petr', name: 'Petr' },
        { id: 'jana', name: 'Jana' },
      ],
      game: { genders: { petr: 'f', ghost: 'f' } },
    };
    const setup_json = JSON.stringify(setup);
    for (const game of [{ id: 'g-seats', setup_json }, { setup_json }]) {
      expect(playerGender(game, { id: 'ANNA', name: 'Anna' })).toBe('m');
      expect(playerGender(game, { id: 'anna', name: 'Anička' })).toBe(inferGender('Anička'));
      expect(playerGender(game, { id: 'petr', name: 'Petr' })).toBe('f');
      expect(playerGender(game, { id: 'ghost', name: 'Ghost' })).toBe('f');
      expect(playerGender(game, { id: 'jana', name: 'Jana' })).toBe('f');
      expect(playerGender(game, { id: 'nobody', name: 'Ivan' })).toBe('m');
    }
    // Another game's setup is its own.
    expect(
      playerGender(
        { id: 'g-seats-2', setup_json: JSON.stringify({ seats: [{ id: 'anna', name: 'Anna', gender: 'f' }] }) },
        { id: 'anna', name: 'Anna' },
      ),
    ).toBe('f');
  });
});
