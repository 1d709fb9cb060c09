// Damage in the reader's words (001 "Бой с активной защитой"): every step gauss.ts
// records — ×2 after an attack of 18-19, maximised ×3 after 20, ÷2 after a defence
// of 18-19, minimised after 20 — reads in the reader's language, never as the
// engine's codes (max, min, x2, /2), numbers shown or not.
import { describe, expect, it } from 'vitest';
import { rollDamage } from '../../src/dice/index.js';
import { SeededRng } from '../../src/engine/rng.js';
import type { Lang } from '../../src/engine/types.js';
import { damageWords } from '../../src/games/rpg/format.js';

const COMBOS = [
  { multiply: 1, maximise: false, divide: 1, minimise: false },
  { multiply: 2, maximise: false, divide: 1, minimise: false },
  { multiply: 3, maximise: true, divide: 1, minimise: false },
  { multiply: 1, maximise: false, divide: 2, minimise: false },
  { multiply: 2, maximise: false, divide: 2, minimise: false },
  { multiply: 1, maximise: false, divide: 1, minimise: true },
];

const words = (lang: Lang, numbers: boolean) =>
  COMBOS.map((m) => damageWords(rollDamage('2d6+1', m, new SeededRng(7)), lang, numbers));

describe('damage steps in the reader’s words', () => {
  it('reads ×2, maximised ×3, ÷2 and minimised in every language, with the total', () => {
    expect(words('en', true).slice(1)).toEqual([
      expect.stringMatching(/^damage 2d6\+1: \d+\+\d+ \[×2\] = \d+$/),
      'damage 2d6+1: [maximised ×3] = 39',
      expect.stringMatching(/^damage 2d6\+1: \d+\+\d+ \[÷2\] = \d+$/),
      expect.stringMatching(/^damage 2d6\+1: \d+\+\d+ \[×2 ÷2\] = \d+$/),
      'damage 2d6+1: [minimised] = 3',
    ]);
    expect(words('ru', false)).toEqual([
      'урон',
      'урон [×2]',
      'урон [максимум ×3]',
      'урон [÷2]',
      'урон [×2 ÷2]',
      'урон [минимум]',
    ]);
    expect(words('cs', false)[2]).toBe('zranění [maximální ×3]');
  });

  it('holds no code of the engine in Czech, and no Latin word but the damage dice in Russian', () => {
    for (const numbers of [true, false]) {
      for (const w of words('cs', numbers)) expect(w).not.toMatch(/\b(max|min|x\d)\b|\/\d/);
      for (const w of words('ru', numbers)) expect(w.replace('2d6+1', '')).not.toMatch(/[A-Za-z]/);
    }
  });
});
