// The language a mail is written in, when the sender holds no seat to tell it
// (the reply to a stranger is in the mail's own language).
import type { Lang } from '../../engine/types.js';

/** Czech words people write without diacritics (a Czech mail typed on an English keyboard). */
const CZECH_WORDS = new Set(
  'ahoj dobry dobrej zdravim dekuji dekuju diky posilam posilani tahy tah rozkazy rozkaz heslo prosim jsem jsme nejsem neni nevim jeste taky muzu muzes chci chtel tady tohle proc kdyz jsou bude budu hrac hraci hry nase vase moje'.split(
    ' ',
  ),
);

/** The language a mail is written in: Cyrillic letters say Russian, Czech letters or words Czech; else English. */
export function guessLang(text: string): Lang {
  const cyr = (text.match(/[а-яё]/gi) ?? []).length;
  const cz =
    (text.match(/[ěščřžýáíéůúťďň]/gi) ?? []).length +
    3 * (text.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => CZECH_WORDS.has(w)).length;
  if (cyr > 0 && cyr >= cz) return 'ru';
  if (cz > 0) return 'cs';
  return 'en';
}
