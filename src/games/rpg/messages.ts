// The rpg game's own words: order keywords and order errors, per language.
import type { Lang } from '../../engine/types.js';

/** Accepted keywords, compared upper-cased and without diacritics (HOĎ = HOD). */
export const ROLL_KEYWORDS: readonly string[] = ['ROLL', 'HOD', 'БРОСОК', 'БРОСИТЬ'];

/** The keyword echoed back to a player. */
export const ROLL_KEYWORD: Record<Lang, string> = { en: 'ROLL', cs: 'HOD', ru: 'БРОСОК' };

/** At most this many rolls per player per round: a typo must not flood the report. */
export const MAX_ROLLS = 50;

export const ORDER_ERRORS: Record<Lang, { unknownOrder(word: string): string; tooMany(max: number): string }> = {
  en: {
    unknownOrder: (w) => `unknown order "${w}": write ROLL <dice> [comment], e.g. ROLL 3d6+1 stealth`,
    tooMany: (n) => `too many rolls: at most ${n} per round`,
  },
  cs: {
    unknownOrder: (w) => `neznámý rozkaz "${w}": pište HOD <kostky> [komentář], např. HOD 3d6+1 plížení`,
    tooMany: (n) => `příliš mnoho hodů: nejvýše ${n} za kolo`,
  },
  ru: {
    unknownOrder: (w) => `неизвестный приказ «${w}»: пишите БРОСОК <кубики> [комментарий], например: БРОСОК 3d6+1 скрытность`,
    tooMany: (n) => `слишком много бросков: не больше ${n} за раунд`,
  },
};
