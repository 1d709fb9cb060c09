// The Godfather's texts are Fluent messages (templates/godfather/<lang>/godfather.ftl):
// both languages hold the same messages, every code the source uses exists, plurals
// and genders come out right.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { textCodes, tr } from '../../src/games/godfather/texts.js';

describe('godfather texts (Fluent)', () => {
  it('ru and en hold the same messages, and every code the source names exists', () => {
    const ru = textCodes('ru');
    const en = textCodes('en');
    expect(ru.filter((c) => !en.includes(c))).toEqual([]);
    expect(en.filter((c) => !ru.includes(c))).toEqual([]);
    const dir = 'src/games/godfather';
    const src = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(`${dir}/${f}`, 'utf8'))
      .join('\n');
    const used = new Set(
      [
        ...src.matchAll(
          /(?:tr\([^,]+, |trace\(sc, |fail\(|notice\(sc, [^,]+, |code: |reason = |fail\(a, )'([a-z][a-z0-9-]*)'/g,
        ),
      ].map((m) => m[1]!),
    );
    for (const prefix of ['kind', 'st', 'via', 'why'])
      for (const c of ru.filter((x) => x.startsWith(`${prefix}-`))) used.delete(c);
    expect(used.size).toBeGreaterThan(60);
    const missing = [...used].filter((c) => !ru.includes(c) && !['r-', 'n-'].includes(c));
    expect(missing).toEqual([]);
  });

  it('plurals by the language, genders by the player', () => {
    expect(tr('ru', 'targets-count', { need: 1, got: 0 })).toBe('нужна 1 цель, названо 0');
    expect(tr('ru', 'targets-count', { need: 3, got: 2 })).toBe('нужны 3 цели, названо 2');
    expect(tr('ru', 'n-watch-set', { n: 5, player: 'Иван' })).toBe(
      'Следующие 5 приватных сообщений игрока Иван будут вскрыты для вас',
    );
    expect(tr('en', 'targets-count', { need: 1, got: 2 })).toBe('1 target needed, 2 given');
    expect(tr('ru', 'p-reprimand-action', { player: 'Анна', playerGender: 'f' })).toBe(
      'Порицание ведущего: Анна бездействовала (-2 ВО, -2 ТВ)',
    );
    expect(tr('ru', 'p-reprimand-vote', { player: 'Борис', playerGender: 'm' })).toBe(
      'Порицание ведущего: Борис не голосовал (-2 ВО, -2 ТВ)',
    );
    expect(tr('ru', 'st-dead', { gender: 'f' })).toBe('убита');
    expect(tr('ru', 'already-acted', { half: 'day' })).toBe('вы уже действовали в этот день');
    expect(tr('ru', 'already-acted', { half: 'night' })).toBe('вы уже действовали этой ночью');
    expect(tr('ru', 'no-such-code')).toBe('no-such-code');
  });
});
