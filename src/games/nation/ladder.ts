// The FUDGE ladder (games/nation/ladder.json): names, typed words, bounds.
import type { Lang } from '../../engine/types.js';
import { fold } from '../../text-fold.js';
import { TABLES } from './tables.js';
import type { Level } from './types.js';

export const LADDER = TABLES.ladder.levels;
export const LEVEL_MIN: Level = LADDER[0]!.value;
export const LEVEL_MAX: Level = LADDER[LADDER.length - 1]!.value;

const byWord = new Map<string, Level>();
for (const l of LADDER) for (const w of [l.en, l.ru, ...l.words.en, ...l.words.ru]) byWord.set(fold(w), l.value);

/** The level's name in the reader's language ("Хорошо", "Good"); beyond the ladder: the number. */
export function levelName(level: Level, lang: Lang): string {
  const l = LADDER.find((x) => x.value === level);
  if (!l) return signed(level);
  return lang === 'ru' ? l.ru : l.en;
}

/** "Хорошо (+1)". */
export function levelText(level: Level, lang: Lang): string {
  const l = LADDER.find((x) => x.value === level);
  return l ? `${lang === 'ru' ? l.ru : l.en} (${signed(level)})` : signed(level);
}

/** +1, 0, −2 (with a real minus sign). */
export function signed(n: number): string {
  if (n > 0) return `+${fmt(n)}`;
  if (n < 0) return `−${fmt(-n)}`;
  return '0';
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000);
}

export function isLevel(n: number): boolean {
  return Number.isInteger(n) && n >= LEVEL_MIN && n <= LEVEL_MAX;
}

/** Keep a value on the ladder. */
export function clampLevel(n: number): Level {
  return Math.max(LEVEL_MIN, Math.min(LEVEL_MAX, n));
}

/** A typed word or number ("хорошо", "Good", "+1", "−2") as a level, or null. */
export function parseLevel(text: string): Level | null {
  const t = text.trim();
  if (/^[+−-]?\d+$/.test(t)) {
    const n = Number(t.replace('−', '-'));
    return isLevel(n) ? n : null;
  }
  const v = byWord.get(fold(t));
  return v === undefined ? null : v;
}

/** Every typed word → level (folded), for DecisionSpec.names: the seven names in lang first. */
export function ladderNames(lang: Lang): Record<string, number> {
  const out: Record<string, number> = {};
  for (const l of LADDER) out[fold(lang === 'ru' ? l.ru : l.en)] = l.value;
  for (const [w, v] of byWord) if (!(w in out)) out[w] = v;
  return out;
}
