// What a nation player reads from the parser and the view, in Russian and
// English: the reasons a line is refused, how an order was understood, and
// the names of actors, directions and levels — Fluent messages of
// templates/nation/{ru,en}/nation.ftl (plurals by CLDR). Codes are stable (tests name them).
import type { Lang } from '../../engine/types.js';
import { formatMessage } from '../../render/fluent.js';
import { levelName, signed } from './ladder.js';
import { directionName } from './directions.js';
import { TABLES } from './tables.js';

export { directionName };
import type { ActorRef, Level, NationState, Visibility } from './types.js';

export type NLang = 'ru' | 'en';
/** The nation kind speaks Russian and English; anything else reads English. */
export const nlang = (lang: Lang): NLang => (lang === 'ru' ? 'ru' : 'en');

/** A message id of templates/nation/<lang>/nation.ftl (tests/nation/words.test.ts checks that every id the code names exists in both languages). */
export type MessageCode = string;

/** A nation message in the reader's language (Russian or English), by the judge's one Fluent loader (render/fluent.ts). */
export function msg(code: MessageCode, lang: Lang, params: Record<string, string | number> = {}): string {
  return formatMessage('nation', nlang(lang), code, params);
}

/** "3 хода", "1 turn" (CLDR plural forms). */
export function turnsText(n: number, lang: Lang): string {
  return msg('turns', lang, { n });
}

/** "3 года", "5 лет", "1 year". */
export function yearsText(n: number, lang: Lang): string {
  return msg('years', lang, { n });
}

/** The D&D attribute a direction was taken from (games/nation/directions.json `dnd`), in the reader's language. */
export function dndName(direction: string, lang: Lang): string {
  const d = TABLES.directions.directions.find((x) => x.id === direction);
  return d ? msg('dnd', lang, { dnd: d.dnd }) : direction;
}

/** All six, for "name one of …". */
export function directionList(lang: Lang): string {
  return TABLES.directions.directions
    .map((d) => `${nlang(lang) === 'ru' ? d.ru : d.en} (${dndName(d.id, lang)})`)
    .join(', ');
}

/** "Хорошо (+1)", "Good (+1)". */
export function level(l: Level, lang: Lang): string {
  return `${levelName(l, nlang(lang))} (${signed(l)})`;
}

export function visibilityAdj(v: Visibility, lang: Lang): string {
  return msg(v === 'secret' ? 'secret-adj' : 'public-adj', lang);
}

/** The actor's own name (the country's, order's or figure's), or its id when not found. */
export function actorName(state: NationState, ref: ActorRef): string {
  const list = ref.type === 'country' ? state.countries : ref.type === 'order' ? state.orders : state.figures;
  return list.find((x) => x.id === ref.id)?.name ?? ref.id;
}

/** "страна Руссия", "орден «Тамплиеры»" — or the name alone when it already says what it is. */
export function actorLabel(state: NationState, ref: ActorRef, lang: Lang): string {
  const name = actorName(state, ref);
  if (ref.type === 'order' && /^(орден|order)(\s|$)/iu.test(name)) return name;
  return msg(ref.type === 'country' ? 'country-label' : ref.type === 'order' ? 'order-label' : 'figure-label', lang, {
    name,
  });
}
