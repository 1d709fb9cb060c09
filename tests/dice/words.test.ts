// The rpg kind's and the dice module's words are Fluent messages
// (templates/rpg/<lang>/{rpg,dice}.ftl, loaded by render/fluent.ts): the three
// languages hold the same messages, every id the code declares exists in each and
// formats without errors, and a Czech or Russian player's phrase holds no English
// word (dice notation aside).
import { describe, expect, it } from 'vitest';
import '../../src/games/rpg/index.js';
import { ERR, msg, W } from '../../src/games/rpg/messages.js';
import { describeSpec, OUTCOME_LABELS, parseSpec, specErrorMessage } from '../../src/dice/index.js';
import type { SpecError } from '../../src/dice/spec.js';
import { declaredWordIds, formatMessage, ownMessageIds } from '../../src/render/fluent.js';
import type { Lang } from '../../src/engine/types.js';
import { messageProblems, messageVariables } from '../fluent-check.js';

const SPEC_ERRORS: SpecError['code'][] = [
  'empty',
  'not-a-spec',
  'count-range',
  'sides-range',
  'modifier-range',
  'success-modifier',
  'luck-not-gauss',
  'luck-range',
  'vs-range',
  'vs-gauss-ladder',
  'duplicate-option',
  'unknown-option',
  'unknown-word',
];

/** Words Czech spells as English does (the recipe's "text", "modulo", "plus"). */
const SAME_IN_CZECH = new Set(['text', 'modulo', 'plus']);

describe('rpg and dice words (Fluent)', () => {
  it('en, cs and ru hold the same messages; every id the code declares exists in each and formats without errors', () => {
    const used = [...declaredWordIds('rpg'), 'rolled-by', ...SPEC_ERRORS.map((c) => `spec-error-${c}`)];
    expect(used.length).toBeGreaterThan(100);
    expect(used).toContain('word-madness-high');
    expect(used).toContain('outcome-double-critical-success');
    expect(used).toContain('sheet-penetration');
    expect(messageProblems('rpg', ['en', 'cs', 'ru'], used)).toEqual([]);
  });

  it('no Czech or Russian phrase a player reads holds an English word (dice notation and spec options aside)', () => {
    // What a player types in any language: dice specs and their options (001/004 notation).
    const notation =
      /\b\d*(d|dS|dF)\d*\b|\bd\d+\b|gauss20|GaussD20|FUDGE|\bvs:D\b|\bvs\b|luck:N|\badv\b|\bdis\b|round|\bGM\b|\bmod\b/g;
    const text = (lang: Lang, id: string) => {
      const args = Object.fromEntries(messageVariables('rpg', lang, id).map((v) => [v, 'Х']));
      // The verification recipe quotes the #dice lines' field names and literal texts ("key", "pbem-judge:S:N:M"), as
      // written in the lines, and names its variables with one letter (a, b, c, d, t, n): data and formulas, not words.
      return formatMessage('rpg', lang, id, { ...args, examples: '', options: '', ladder: '' })
        .replace(notation, '')
        .replace(/"[^"\n]*"|#dice(-key)?|sha256|(?<!\p{L})[A-Za-z](?!\p{L})/gu, '');
    };
    // The GM's own answers and help (gm-*, trial-error-*: DECIDE lines) quote the GM's command syntax; they are not a player's.
    const players = (lang: Lang) => ownMessageIds('rpg', lang).filter((x) => !/^(gm-|trial-error-)/.test(x));
    // English words: those of the English messages (3 letters or more).
    const englishWords = new Set(
      players('en').flatMap(
        (id) =>
          text('en', id)
            .toLowerCase()
            .match(/[a-z]{3,}/g) ?? [],
      ),
    );
    const english: string[] = [];
    for (const id of players('ru')) if (/[A-Za-z]/.test(text('ru', id))) english.push(`ru ${id}: ${text('ru', id)}`);
    for (const id of players('cs')) {
      const found = (
        text('cs', id)
          .toLowerCase()
          .match(/\p{L}{3,}/gu) ?? []
      ).filter((w) => englishWords.has(w) && !SAME_IN_CZECH.has(w));
      if (found.length) english.push(`cs ${id}: ${found.join(', ')} in ${text('cs', id)}`);
    }
    expect(english).toEqual([]);
  });

  it('the tables read their words from the messages', () => {
    expect(W.hit.ru).toBe('пробитие');
    expect(W.hit.cs).toBe('zásah');
    expect(msg(ERR.tooMany, 'ru', { n: 50 })).toBe('слишком много бросков: не больше 50 за раунд');
    expect(msg(W.madnessHigh, 'en', { n: '+2' })).toBe(
      'madness, above: the mind is seized by infernal visions (repeat in 30 s at +2)',
    );
    expect(OUTCOME_LABELS['critical-success'].cs).toBe('kritický úspěch');
    const bad = parseSpec('0d6');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(specErrorMessage(bad.error, 'ru')).toBe('«0d6»: число кубиков должно быть от 1 до 100');
    const spec = parseSpec('4dF+1');
    if (spec.ok) expect(describeSpec(spec.spec, 'ru')).toBe('4 × кубик FUDGE (-1/0/+1), +1');
  });
});
