// The caches and shortcuts of the order parsers (#15): a remembered answer is the
// answer computed afresh, a stem is never computed where its first letter already
// decides, and what is kept with a shared (frozen) state is per player — parsing
// for one seat never changes what another seat's parse says.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldWord, memoized, memoized2, sameStem, stem } from '../../src/words.js';
import { fromShared } from '../../src/engine/shared-json.js';
import { fold } from '../../src/text-fold.js';
import { isWord } from '../../src/games/godfather/words.js';
import { matchConcept, phrases, wordIs, WORDS, type Concept } from '../../src/games/nation/words.js';
import { createGame } from '../../src/engine/create-game.js';
import { demoScenarios } from '../../src/cli/demo-scenarios.js';
import { getRules, loadRules } from '../../src/games/registry.js';
import { currentPhase } from '../../src/store/phases.js';
import { testJudge } from '../helpers.js';

const letters = [...'абвгдеёжзийклмнопрстуфхцчшщъыьэюяabcdefghijklmnopqrstuvwxyz'];
const marks = ["'", '\u0301', '\u00ad', 'Ё', 'А', 'Z', '1', '-'];
const word = fc
  .array(fc.constantFrom(...letters, ...letters, ...marks), { minLength: 1, maxLength: 12 })
  .map((cs) => cs.join(''));
/** Two words that share a start more often than chance would have them. */
const pair = fc.tuple(word, word, fc.nat(6)).map(([a, b, k]) => [a, a.slice(0, k) + b] as const);

describe('stems and their shortcut', () => {
  it('a stem starts with the first letter of its folded word (apostrophes aside)', () => {
    fc.assert(
      fc.property(word, (w) => {
        const f = foldWord(w);
        fc.pre(f !== '' && f[0] !== "'");
        expect(stem(w)[0]).toBe(f[0]);
      }),
      { numRuns: 20_000 },
    );
  });
  it('sameStem is stem(a) === stem(b)', () => {
    fc.assert(
      fc.property(pair, ([a, b]) => {
        expect(sameStem(a, b)).toBe(stem(a) === stem(b));
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('remembered answers', () => {
  it('memoized and memoized2 answer what the function answers, also past their bound', () => {
    const once = memoized((s: string) => (s.length % 3 === 0 ? null : s.toUpperCase()), 5);
    const twice = memoized2((a: string, b: string) => a < b, 5);
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(once(a)).toBe(a.length % 3 === 0 ? null : a.toUpperCase());
        expect(twice(a, b)).toBe(a < b);
      }),
    );
  });

  it('text-fold: remembered or ASCII, the same folding (NFD, marks dropped, lower case)', () => {
    const text = fc.oneof(
      word,
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'grapheme', maxLength: 90 }),
      fc.constantFrom('ÁÉÍ Óú', 'ŽLUŤOUČKÝ', 'Ёлка'),
    );
    fc.assert(
      fc.property(text, (s) => {
        expect(fold(s)).toBe(
          s
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')
            .toLowerCase(),
        );
      }),
      { numRuns: 5_000 },
    );
  });

  it('godfather isWord: the exact folded form, or for words of 5+ letters the same stem', () => {
    const list = ['голосую', 'голосовать', 'vote', 'действие', 'ход', 'приглашаю'];
    fc.assert(
      fc.property(
        fc.oneof(word, fc.constantFrom('Голосуем', 'голосование', 'VOTES', 'действия', 'ходу', 'приглашаем')),
        (w) => {
          const f = foldWord(w);
          const want = list
            .map(foldWord)
            .some((k) => k === f || (k.length >= 5 && f.length >= 4 && stem(k) === stem(f)));
          expect(isWord(w, list)).toBe(want);
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('nation matchConcept tries only the phrases a first letter can start and picks as a scan of all of them', () => {
    const concepts = Object.keys(WORDS).filter(
      (k) => k !== '_comment' && k !== 'numbers' && k !== 'directions',
    ) as Concept[];
    const typed = fc.oneof(word, fc.constantFrom(...concepts.flatMap((c) => WORDS[c]).flatMap((s) => s.split(/\s+/))));
    fc.assert(
      fc.property(fc.constantFrom(...concepts), fc.array(typed, { minLength: 1, maxLength: 4 }), (concept, words) => {
        // every phrase the words start with; the longest, and of those the first typed exactly, else the first
        const fits = phrases(concept).filter(
          (p) => p.length <= words.length && p.every((w, i) => wordIs(words[i]!, concept, w)),
        );
        const longest = Math.max(0, ...fits.map((p) => p.length));
        const top = fits.filter((p) => p.length === longest);
        const chosen = top.find((p) => p.every((w, i) => foldWord(words[i]!) === w)) ?? top[0];
        expect(matchConcept(words, concept)).toEqual(
          chosen ? { used: chosen.length, exact: chosen.every((w, i) => foldWord(words[i]!) === w) } : null,
        );
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('kept with a shared state', () => {
  it('fromShared keeps a value with a frozen document only', () => {
    let made = 0;
    const make = () => ({ n: ++made });
    const doc = Object.freeze({ a: 1 });
    const first = fromShared(doc, 'k', make);
    expect(fromShared(doc, 'k', make)).toBe(first);
    expect(fromShared(Object.freeze({ a: 1 }), 'k', make)).not.toBe(first);
    const open = { a: 1 };
    expect(fromShared(open, 'k', make)).not.toBe(fromShared(open, 'k', make));
  });

  it.each(['godfather', 'nation', 'fandi'])(
    '%s: each seat parses on a shared state what it parses alone',
    async (kind) => {
      await loadRules([kind]);
      const rules = getRules(kind);
      const demo = demoScenarios[kind]!;
      const j = testJudge();
      createGame(j, { id: 'g', kind, setup: demo.setup, seed: 'word-caches', actor: 'test' });
      const text = currentPhase(j.db, 'g')!.state_json;
      const state = JSON.parse(text) as { players?: { id: string }[]; countries?: { player: string }[] };
      const seats = [
        ...new Set([...(state.players ?? []).map((p) => p.id), ...(state.countries ?? []).map((c) => c.player)]),
      ];
      // every seat's lines of the demo, said by every seat
      const lines = demo.mails
        .flatMap((m) => m.text.split('\n'))
        .filter((l) => l.trim() !== '')
        .slice(0, 40)
        .join('\n');
      const shared = JSON.parse(text, (_k, v: unknown) =>
        v && typeof v === 'object' ? Object.freeze(v) : v,
      ) as unknown;
      for (const order of [seats, [...seats].reverse()])
        for (const seat of order) {
          for (const lang of ['ru', 'en', 'cs'] as const) {
            const alone = rules.parseOrders(lines, { state: JSON.parse(text), player: seat, lang });
            expect(rules.parseOrders(lines, { state: shared, player: seat, lang })).toEqual(alone);
          }
        }
      j.db.close();
    },
  );
});
