// Plural forms by the CLDR rules of each language (Intl.PluralRules, the
// platform's ICU): Russian one / few / many (1 фаза, 2 фазы, 5 фаз, 21 фаза),
// Czech one / few / other (1 kolo, 2 kola, 5 kol, 21 kol), English one / other.
// Fractions take the "few" form in Czech and Russian (1,5 хода, 1,5 kola).
import type { Lang } from '../engine/types.js';

const rules = new Map<Lang, Intl.PluralRules>();

function rulesFor(lang: Lang): Intl.PluralRules {
  let r = rules.get(lang);
  if (!r) rules.set(lang, (r = new Intl.PluralRules(lang)));
  return r;
}

/** The form of a noun after n, given its one / few / many forms (English: few = many). */
export function pluralForm(n: number, one: string, few: string, many: string, lang: Lang): string {
  switch (rulesFor(lang).select(n)) {
    case 'one':
      return one;
    case 'few':
      return few;
    case 'many':
      // Czech "many" is for fractions; Russian "many" is 5+, 11–14, 0.
      return lang === 'cs' ? few : many;
    default:
      // "other": English plural, Czech 0 and 5+, Russian fractions.
      return lang === 'ru' && !Number.isInteger(n) ? few : many;
  }
}

/** A number with its English noun, for the GM's command line: "1 order", "2 orders", "1 mail with the GM's answers". */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${pluralForm(n, one, many, many, 'en')}`;
}
