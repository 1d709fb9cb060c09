// Numbers, levels and dice in a nation report's words (the other words are
// Fluent messages of templates/nation/<lang>/nation.ftl, texts.ts msg).
import { levelName } from './ladder.js';
import type { NLang } from './texts.js';
import type { Level } from './types.js';

/** +1, 0, −2; fractions to two places, with a decimal comma in Russian. */
export function num(n: number, l: NLang): string {
  const r = Math.round(n * 100) / 100;
  const body = String(Math.abs(r));
  const s = l === 'ru' ? body.replace('.', ',') : body;
  return r > 0 ? `+${s}` : r < 0 ? `−${s}` : '0';
}

/** "Хорошо (+1)". */
export function lvl(v: Level, l: NLang): string {
  return `${levelName(v, l)} (${num(v, l)})`;
}

/** One FUDGE die: +, − or 0. */
export const dieFace = (d: number) => (d > 0 ? '+' : d < 0 ? '−' : '0');

/** "4dF: + 0 − + = +1". */
export const diceText = (dice: number[], l: NLang) =>
  `${dice.length}dF: ${dice.map(dieFace).join(' ')} = ${num(
    dice.reduce((s, x) => s + x, 0),
    l,
  )}`;
