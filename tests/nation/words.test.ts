// The nation kind's words are Fluent messages (templates/nation/{ru,en}/nation.ftl,
// loaded by render/fluent.ts): both languages hold the same messages, every id the
// code names exists in both and formats without errors, plurals follow CLDR, and no
// Russian phrase holds an English word.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { msg, turnsText, yearsText } from '../../src/games/nation/texts.js';
import { reasonId, reasonText } from '../../src/games/nation/reasons.js';
import '../../src/games/nation/gm.js';
import { declaredWordIds, ownMessageIds } from '../../src/render/fluent.js';
import { idsCalled, messageProblems, messageVariables } from '../fluent-check.js';

const dir = 'src/games/nation';
const source = readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => readFileSync(`${dir}/${f}`, 'utf8'))
  .join('\n');

/** Ids the code names: msg('id', …), t('id', …), fail('id', …), t(x ? 'a' : 'b'), and refusal codes refuse(o, 'code'). */
function usedIds(): string[] {
  const direct = idsCalled(source, /\b(?:msg|t|fail)\(\s*'([a-z][a-z0-9-]*)'/g);
  const ternary = idsCalled(source, /\b(?:msg|t)\([^()]*?\?\s*'([a-z][a-z0-9-]*)'/g).concat(
    idsCalled(source, /\b(?:msg|t)\([^()]*?\?\s*'[a-z][a-z0-9-]*'\s*:\s*'([a-z][a-z0-9-]*)'/g),
  );
  const reasons = idsCalled(source, /\brefuse\([^,]+,\s*'([a-z][a-z0-9-]*)'/g).map(reasonId);
  // Tables of words (gm.ts): wordTable declares their ids.
  return [...new Set([...direct, ...ternary, ...reasons, ...declaredWordIds('nation')])];
}

describe('nation words (Fluent)', () => {
  it('ru and en hold the same messages; every id the code names exists in both and formats without errors', () => {
    const used = usedIds();
    expect(used.length).toBeGreaterThan(100);
    expect(used).toContain('reason-too-many');
    expect(used).toContain('example-gain');
    expect(used).toContain('gm-error-secrecy-figure');
    expect(messageProblems('nation', ['ru', 'en'], used)).toEqual([]);
  });

  it('no Russian message holds an English word (D&D, FUDGE and dice notation aside)', () => {
    const english: string[] = [];
    // The GM's refusals (gm-error-*) quote the GM's own command syntax (DECIDE set:…, style:… aggression=+1).
    for (const id of ownMessageIds('nation', 'ru').filter((x) => !x.startsWith('gm-error-'))) {
      const args = Object.fromEntries(messageVariables('nation', 'ru', id).map((v) => [v, 'Х']));
      const out = msg(id, 'ru', args).replace(/D&D|FUDGE|\b\d*dF\b|\bFD\b|\bN\b/g, '');
      if (/[A-Za-z]/.test(out)) english.push(`${id}: ${out}`);
    }
    expect(english).toEqual([]);
  });

  it('plurals by CLDR, selectors by code', () => {
    expect([1, 2, 5, 21, 22, 25, 11].map((n) => turnsText(n, 'ru'))).toEqual([
      '1 ход',
      '2 хода',
      '5 ходов',
      '21 ход',
      '22 хода',
      '25 ходов',
      '11 ходов',
    ]);
    expect([1, 3, 5, 101].map((n) => yearsText(n, 'ru'))).toEqual(['1 год', '3 года', '5 лет', '101 год']);
    expect([1, 2].map((n) => turnsText(n, 'en'))).toEqual(['1 turn', '2 turns']);
    expect(msg('slot-every', 'ru', { n: 1 })).toBe('каждый ход');
    expect(msg('slot-every', 'ru', { n: 3 })).toBe('раз в 3 хода');
    expect(msg('slot-every', 'en', { n: 5 })).toBe('once in 5 turns');
    // The GM's worksheet: no hedges like «ход(а/ов)», «орден(а)».
    expect(msg('gm-ask-strategic-difficulty', 'ru', { who: 'S1', n: 2 })).toBe(
      'сложность стратегического действия S1 за 2 хода',
    );
    expect(msg('gm-ask-strategic-difficulty', 'ru', { who: 'S1', n: 5 })).toBe(
      'сложность стратегического действия S1 за 5 ходов',
    );
    expect(msg('gm-error-orders', 'ru', { v: '+1', max: 1, figure: 'Иван', n: 2 })).toBe(
      'влиятельность +1 даёт влияние не более чем на 1 орден, а у Иван их 2',
    );
    expect(msg('gm-error-orders', 'en', { v: '+1', max: 3, figure: 'Ivan', n: 4 })).toBe(
      'influentiality +1 gives influence on at most 3 orders; Ivan has 4',
    );
    expect(msg('style-exception', 'ru', { count: 1, value: 3 })).toBe('одно направление с ±3');
    expect(msg('style-exception', 'ru', { count: 2, value: 2 })).toBe('2 направления с ±2');
    expect(
      msg('secrecy-known', 'ru', { name: 'Тамплиеры', change: '', entity: 'order', count: 1, who: 'Иван', roll: '' }),
    ).toBe('Тамплиеры: теперь о нём знает также: Иван.');
    expect(
      msg('secrecy-known', 'ru', { name: 'Зоя', change: '', entity: 'figure', count: 2, who: 'Иван, Ольга', roll: '' }),
    ).toBe('Зоя: теперь о ней знают также: Иван, Ольга.');
  });

  it('a refusal reads its words from the messages, codes put into words', () => {
    expect(reasonText('too-many', { entity: 'country', max: 2, visibility: 'secret' }, 'ru')).toBe(
      'для «Домашняя страна» таблица допускает не более 2 (тайных) действий за ход',
    );
    expect(reasonText('too-many', { entity: 'country', max: 2, visibility: 'public' }, 'en')).toBe(
      'the table allows "Home country" at most 2 public actions a turn',
    );
    expect(reasonText('no-such-code', {}, 'ru')).toBe('no-such-code');
  });
});
