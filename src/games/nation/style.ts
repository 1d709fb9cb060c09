// Style (seed 000, "Модификатор стиля"): six directions with points on the
// ladder; the constraint on the points; the style modifier of an action.
import type { Lang } from '../../engine/types.js';
import { fold } from '../../text-fold.js';
import { isLevel, signed } from './ladder.js';
import { msg } from './texts.js';
import { DIRECTION_TABLE, directionInfo, directionName } from './directions.js';
import { TABLES } from './tables.js';
import { DIRECTIONS, type Direction, type Level } from './types.js';

const C = TABLES.directions.constraint;

const byWord = new Map<string, Direction>();
for (const d of DIRECTION_TABLE)
  for (const w of [d.id, d.en, d.ru, ...d.words.en, ...d.words.ru]) byWord.set(fold(w), d.id as Direction);

/** A typed direction (id, name or word, folded), or null. */
export function parseDirection(word: string): Direction | null {
  return byWord.get(fold(word.trim())) ?? null;
}

/**
 * What is wrong with a style, in lang ([] when it holds):
 * "Сумма модификаторов по всем направлениям не должна превышать по абсолютной величине единицу.
 *  Все очки по направлениям должны лежать в диапазоне от -1 до +1, за исключением либо двух
 *  направлений, имеющих очки +2 или -2, либо одного направления, имеющего очки +3 или -3."
 */
export function styleProblems(style: Record<Direction, Level>, lang: Lang): string[] {
  const out: string[] = [];
  for (const d of DIRECTIONS) {
    const v = style[d];
    if (typeof v !== 'number' || !isLevel(v))
      out.push(msg('style-not-level', lang, { direction: directionName(d, lang), value: String(v) }));
  }
  if (out.length) return out;
  const sum = DIRECTIONS.reduce((s, d) => s + style[d], 0);
  if (Math.abs(sum) > C.maxAbsSum) out.push(msg('style-sum', lang, { sum: signed(sum), max: C.maxAbsSum }));
  const big = DIRECTIONS.filter((d) => Math.abs(style[d]) > C.normalMax);
  if (big.length) {
    const sizes = [...new Set(big.map((d) => Math.abs(style[d])))];
    const ex = sizes.length === 1 ? C.exceptions.find((e) => e.value === sizes[0]) : undefined;
    if (!ex || big.length > ex.count) {
      const list = big.map((d) => `${directionName(d, lang)} ${signed(style[d])}`).join(', ');
      const allowed = C.exceptions
        .map((e) => msg('style-exception', lang, { count: e.count, value: e.value }))
        .join(msg('style-or', lang));
      out.push(msg('style-beyond', lang, { max: C.normalMax, allowed, list }));
    }
  }
  return out;
}

/**
 * May an action of this kind be based on the direction? null = yes, else why not (lang).
 * "Модификатор гибкости мышления применяется только к не-стратегическим действиям."
 * "Модификатор устойчивости применяется только к стратегическим действиям."
 */
export function directionRefusal(d: Direction, strategic: boolean, lang: Lang): string | null {
  const a = directionInfo(d).appliesTo;
  if (a === 'ordinary' && strategic)
    return msg('reason-direction-ordinary-only', lang, { direction: directionName(d, lang) });
  if (a === 'strategic' && !strategic)
    return msg('reason-direction-strategic-only', lang, { direction: directionName(d, lang) });
  return null;
}

/** "…получает модификатор, равный очкам в этом направлении." */
export function styleModifier(style: Record<Direction, Level>, d: Direction): number {
  return style[d] ?? 0;
}
