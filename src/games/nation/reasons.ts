// Why an order was refused at adjudication: the `reason` code of a `refused`
// event and its `args`, and the text in the reader's language (for the view).
import type { Lang } from '../../engine/types.js';
import { entityName, type EntityType } from './penalties.js';
import { directionName } from './style.js';
import type { Direction, NationState } from './types.js';

export const REASONS = {
  'unknown-actor': { ru: 'нет страны, ордена или фигуры «{actor}»', en: 'no country, order or figure "{actor}"' },
  'not-yours': { ru: '«{actor}» вам не подчиняется', en: '"{actor}" is not yours' },
  'figure-in-stage-1': { ru: 'фигуры действуют на втором этапе хода, после того как станут известны действия орденов', en: "figures act in stage 2, after the orders' actions are made known" },
  'country-in-stage-2': { ru: 'страны и ордена действуют на первом этапе хода', en: 'countries and orders act in stage 1' },
  'influence-in-stage-1': { ru: 'действия влияния заявляются на втором этапе хода', en: 'influence actions are declared in stage 2' },
  'abandon-in-stage-2': { ru: 'от стратегического действия отказываются на первом этапе хода', en: 'a strategic action is abandoned in stage 1' },
  'direction-ordinary-only': { ru: '{direction}: применяется только к не-стратегическим действиям', en: '{direction} applies to non-strategic actions only' },
  'direction-strategic-only': { ru: '{direction}: применяется только к стратегическим действиям', en: '{direction} applies to strategic actions only' },
  'figure-strategic': { ru: 'стратегические действия могут выполняться только орденами или странами', en: 'strategic actions can be taken only by orders or countries' },
  'unknown-strategic': { ru: 'нет вашего стратегического действия {id}', en: 'you have no strategic action {id}' },
  'strategic-other-actor': { ru: 'стратегическое действие {id} выполняет {actor}', en: 'strategic action {id} is carried out by {actor}' },
  'strategic-not-active': { ru: 'стратегическое действие {id} уже завершено', en: 'strategic action {id} is over' },
  'strategic-twice': { ru: 'стратегическое действие {id} уже продвигается на этом ходу', en: 'strategic action {id} is already worked on this turn' },
  'strategic-abandoned': { ru: 'от стратегического действия {id} вы отказались на этом ходу', en: 'you abandon strategic action {id} this turn' },
  'planned-too-short': { ru: 'на {id} уже потрачено ходов: {done}; новый срок должен быть больше', en: '{done} turns are already spent on {id}; the new time must be longer' },
  'bad-turns': { ru: 'срок {turns}: нужно целое число ходов от {min} до {max}', en: 'time {turns}: a whole number of turns {min}..{max} is needed' },
  'too-many': { ru: 'для «{entity}» таблица допускает не более {max} ({visibility}) действий за ход', en: 'the table allows "{entity}" at most {max} {visibility} actions a turn' },
  'gain-not-figure': { ru: '«увеличить влияние» — действие фигуры влияния', en: '"increase influence" is an action of a figure' },
  'gain-no-influence': { ru: 'у {figure} нет влияния на {order}', en: '{figure} has no influence on {order}' },
  'unknown-target': { ru: 'вам не известно действие {target}', en: 'you know of no action {target}' },
  'target-not-order': { ru: 'влиять можно только на действия орденов и стран, а {target} — действие фигуры', en: 'influence acts on actions of orders and countries; {target} is a figure\'s' },
  'no-influence': { ru: 'у {figure} нет влияния на {order}', en: '{figure} has no influence on {order}' },
  'influence-twice': { ru: '{figure} уже влияет на {target} на этом ходу', en: '{figure} already influences {target} this turn' },
  'no-slot': { ru: 'у {figure} на этом ходу не осталось действий влияния (влиятельность)', en: '{figure} has no influence action left this turn (influentiality)' },
  'permanent-done': { ru: 'после перманентного влияния {figure} на {strategic} влияние на отдельные ходы этого действия невозможно', en: "after {figure}'s permanent influence on {strategic}, influence on single turns of it is impossible" },
  'permanent-other': { ru: '{figure} уже оказывает перманентное влияние на {strategic}; повторное перманентное влияние невозможно', en: '{figure} already gives a permanent influence to {strategic}; a second permanent influence is impossible' },
  'style-invalid': { ru: 'изменение стиля {country} не принято: {problems}', en: 'the style change of {country} is not taken: {problems}' },
} as const;

export type ReasonCode = keyof typeof REASONS;

/**
 * A refusal's text in the reader's language. Args named entity, visibility and
 * direction are codes put into words; actor, figure, order and country are ids,
 * shown by name when the state is given.
 */
export function reasonText(code: string, args: Record<string, string | number> | undefined, lang: Lang, state?: NationState): string {
  const r = (REASONS as Record<string, { ru: string; en: string }>)[code];
  if (!r) return code;
  const t = lang === 'ru' ? r.ru : r.en;
  const word = (k: string, v: string | number): string => {
    const s = String(v);
    if (k === 'entity') return entityName(s as EntityType, lang);
    if (k === 'visibility') return lang === 'ru' ? (s === 'secret' ? 'тайных' : 'публичных') : s;
    if (k === 'direction') return directionName(s as Direction, lang);
    if (state && ['actor', 'figure', 'order', 'country'].includes(k)) {
      const e = state.countries.find((x) => x.id === s) ?? state.orders.find((x) => x.id === s) ?? state.figures.find((x) => x.id === s);
      if (e) return e.name;
    }
    return s;
  };
  // An arg may come in Russian words too (`<key>Ru`), for texts the judge writes at adjudication.
  const a = args ?? {};
  return Object.entries(a)
    .filter(([k]) => !k.endsWith('Ru'))
    .reduce<string>((s, [k, v]) => s.split(`{${k}}`).join(lang === 'ru' && a[`${k}Ru`] !== undefined ? String(a[`${k}Ru`]) : word(k, v)), t);
}
