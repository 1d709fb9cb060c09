// The six directions of a style (seed 000, "Модификатор стиля") as the tables
// give them, and their names in a reader's language.
import type { Lang } from '../../engine/types.js';
import { TABLES } from './tables.js';
import type { Direction } from './types.js';

export const DIRECTION_TABLE = TABLES.directions.directions;

export function directionInfo(d: Direction) {
  return DIRECTION_TABLE.find((x) => x.id === d)!;
}

/** "Агрессивность", "Aggressiveness". */
export function directionName(d: Direction, lang: Lang): string {
  const x = directionInfo(d);
  return lang === 'ru' ? x.ru : x.en;
}
