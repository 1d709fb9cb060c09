// What a nation player reads from the parser and the view, in Russian and
// English: the reasons a line is refused, how an order was understood, and
// the names of actors, directions and levels. Codes are stable (tests name them).
import { pluralForm } from '../../render/plural.js';
import type { Lang } from '../../engine/types.js';
import { fill } from '../../render/text.js';
import { levelName, signed } from './ladder.js';
import { directionName } from './style.js';
import { TABLES } from './tables.js';

export { directionName };
import type { ActorRef, Direction, Level, NationState, Visibility } from './types.js';

export type NLang = 'ru' | 'en';
/** The nation kind speaks Russian and English; anything else reads English. */
export const nlang = (lang: Lang): NLang => (lang === 'ru' ? 'ru' : 'en');

type Texts = Record<NLang, string>;

export const MESSAGES = {
  // ---- parse errors -------------------------------------------------------
  'no-actor': {
    ru: 'не указано, кто действует: «страна», орден или фигура по имени (например: «Страна публично, Мудрость: …», «Тамплиеры тайно, Агрессивность: …», «Фигура Иван: …»)',
    en: 'who acts is missing: "country", or an order or figure by its name (e.g. "Country public, Wisdom: …", "Templars secret, Aggressiveness: …", "Figure Ivan: …")',
  },
  'unknown-order': { ru: 'неизвестный орден «{name}»', en: 'unknown order "{name}"' },
  'unknown-figure': { ru: 'неизвестная фигура «{name}»', en: 'unknown figure "{name}"' },
  'ambiguous': { ru: '«{word}» может означать: {list}; уточните', en: '"{word}" may mean: {list}; be more specific' },
  'not-yours': { ru: '{name} вам не подчиняется', en: '{name} is not yours' },
  'figure-stage-1': {
    ru: 'фигуры действуют на втором этапе хода (сейчас первый этап: действия страны и орденов)',
    en: 'figures act in stage 2 of the turn (this is stage 1: the country and the orders act)',
  },
  'order-stage-2': {
    ru: 'страна и ордена действуют на первом этапе хода (сейчас второй этап: действия фигур)',
    en: 'the country and the orders act in stage 1 of the turn (this is stage 2: the figures act)',
  },
  'no-direction': { ru: 'не указано направление действия: {list}', en: 'the direction of the action is missing: {list}' },
  'no-text': { ru: 'не сказано, что делается: допишите после направления, например «… — построить плотину»', en: 'what is done is missing: add it after the direction, e.g. "… — build a dam"' },
  'no-goal': { ru: 'не указана цель стратегического действия (например «цель: изобрести порох»)', en: 'the goal of the strategic action is missing (e.g. "goal: invent gunpowder")' },
  'constitution-ordinary': {
    ru: 'Устойчивость применяется только к стратегическим действиям (добавьте «стратегическое» или выберите другое направление)',
    en: 'Constitution applies only to strategic actions (add "strategic" or choose another direction)',
  },
  'flexibility-strategic': {
    ru: 'Гибкость мышления применяется только к обычным (не стратегическим) действиям',
    en: 'Flexibility of thinking applies only to ordinary (not strategic) actions',
  },
  'strategic-figure': { ru: 'стратегические действия доступны только странам и орденам, не фигурам', en: 'strategic actions are for countries and orders, not figures' },
  'scale-figure': { ru: 'масштаб указывается только для действий страны или ордена', en: 'a scale is given only for actions of a country or an order' },
  'scale-strategic': { ru: 'у стратегического действия масштаб не учитывается — уберите его', en: 'a strategic action has no scale (the size modifier does not count) — leave it out' },
  'scale-range': { ru: 'масштаб — от {min} до {max} по шкале FUDGE', en: 'a scale is {min} to {max} on the FUDGE ladder' },
  'unknown-strategic': { ru: 'у вас нет стратегического действия {id}', en: 'you have no strategic action {id}' },
  'strategic-closed': { ru: 'стратегическое действие {id} уже {status}', en: 'strategic action {id} is already {status}' },
  'strategic-actor': { ru: '{id} выполняет {actor}, а не {other}', en: '{id} is carried out by {actor}, not {other}' },
  'strategic-direction': { ru: '{id} основано на направлении {dir}, а не {other}', en: '{id} is based on {dir}, not {other}' },
  'strategic-new-and-continue': {
    ru: 'строка и продолжает {id}, и спрашивает время нового действия — разделите на две строки',
    en: 'the line both continues {id} and asks the time of a new action — write two lines',
  },
  'ask-time-and-turns': {
    ru: 'либо спросите время («сколько времени?»), либо назовите его («за 3 хода») — не то и другое сразу',
    en: 'either ask the time ("how long?") or name it ("in 3 turns") — not both',
  },
  'turns-range': { ru: 'время — от {min} до {max} ходов', en: 'the time is {min} to {max} turns' },
  'years-per-turn': { ru: '{years} не делится на ходы: один ход — {per}', en: '{years} is not a whole number of turns: a turn is {per}' },
  'planned-too-short': { ru: '{id} уже выполнялось {done}: запланированное время должно быть больше', en: '{id} has already taken {done}: the planned time must be longer' },
  'influence-not-figure': { ru: 'влиять на действия орденов могут только фигуры', en: 'only figures influence the actions of orders' },
  'influence-stage-1': {
    ru: 'действия влияния заявляются на втором этапе хода, когда станут известны действия орденов',
    en: 'influence is declared in stage 2 of the turn, once the orders’ actions are known',
  },
  'unknown-action': { ru: 'действие {id} вам неизвестно', en: 'you know of no action {id}' },
  'influence-figure-action': { ru: '{id} — действие фигуры; влиять можно только на действия орденов первого этапа', en: '{id} is an action of a figure; only the orders’ stage 1 actions can be influenced' },
  'no-influence': { ru: 'у фигуры {figure} нет влияния на «{order}»', en: '{figure} has no influence on "{order}"' },
  'influence-extra': {
    ru: 'действие влияния не бывает стратегическим, с масштабом или с усилением влияния',
    en: 'an influence action is not strategic and has no scale or gain of influence',
  },
  'gain-not-figure': { ru: 'усиливать влияние на орден могут только фигуры', en: 'only figures increase their influence on an order' },
  'gain-no-order': { ru: 'не указан орден, влияние на который усиливается (например «усилить влияние на орден тамплиеров»)', en: 'the order is missing (e.g. "increase influence on the Templars")' },
  'abandon-stage-2': {
    ru: 'отказаться от стратегического действия можно на первом этапе хода, вместе с действиями страны и орденов',
    en: 'a strategic action is abandoned in stage 1 of the turn, with the actions of the country and the orders',
  },
  'abandon-extra': { ru: 'строка отказа от {id} не может быть ещё и действием — разделите на две строки', en: 'a line abandoning {id} cannot also be an action — write two lines' },
  // ---- how a line was understood ------------------------------------------
  'echo-action': { ru: '{actor}: {vis} действие, {dir}{scale}{extra} — «{text}»', en: '{actor}: {vis} action, {dir}{scale}{extra} — "{text}"' },
  'echo-action-notext': { ru: '{actor}: {vis} действие, {dir}{scale}{extra}', en: '{actor}: {vis} action, {dir}{scale}{extra}' },
  'echo-scale': { ru: ', масштаб {level}', en: ', scale {level}' },
  'echo-scale-default': { ru: '', en: '' },
  'echo-ask-time': { ru: '; новое стратегическое действие, время оценит ведущий', en: '; a new strategic action, the GM estimates the time' },
  'echo-ask-difficulty': { ru: '; новое стратегическое действие за {turns}, сложность назначит ведущий', en: '; a new strategic action in {turns}, the GM sets the difficulty' },
  'echo-continue': { ru: '; продолжение {id} «{goal}»{planned}', en: '; continuing {id} "{goal}"{planned}' },
  'echo-planned': { ru: ', всего на него {turns}', en: ', {turns} in all' },
  'echo-gain': { ru: '; усиление влияния на «{order}»', en: '; increasing influence on "{order}"' },
  'echo-influence': { ru: '{actor}: {vis} действие влияния — {sign} {id} ({target}){text}', en: '{actor}: {vis} influence action — {sign} {id} ({target}){text}' },
  'echo-abandon': { ru: 'отказ от стратегического действия {id} «{goal}» ({actor})', en: 'abandoning strategic action {id} "{goal}" ({actor})' },
  'support': { ru: 'поддержка', en: 'support of' },
  'oppose': { ru: 'противодействие', en: 'opposition to' },
  'secret-adj': { ru: 'тайное', en: 'secret' },
  'public-adj': { ru: 'публичное', en: 'public' },
  'secret-adv': { ru: 'тайно', en: 'secret' },
  'public-adv': { ru: 'публично', en: 'public' },
  'status-done': { ru: 'завершено', en: 'done' },
  'status-abandoned': { ru: 'прекращено', en: 'abandoned' },
  'country-label': { ru: 'страна {name}', en: 'country {name}' },
  'order-label': { ru: 'орден «{name}»', en: 'order "{name}"' },
  'figure-label': { ru: 'фигура {name}', en: 'figure {name}' },
} satisfies Record<string, Texts>;

export type MessageCode = keyof typeof MESSAGES;

export function msg(code: MessageCode, lang: Lang, params: Record<string, string | number> = {}): string {
  return fill(MESSAGES[code][nlang(lang)], params);
}

/** Russian plural forms (one / few / many) by the CLDR rules (src/render/plural.ts). */
export function plural(n: number, one: string, few: string, many: string): string {
  return pluralForm(n, one, few, many, 'ru');
}

/** "3 хода", "1 turn". */
export function turnsText(n: number, lang: Lang): string {
  return nlang(lang) === 'ru' ? `${n} ${plural(n, 'ход', 'хода', 'ходов')}` : `${n} turn${n === 1 ? '' : 's'}`;
}

/** "3 года", "5 лет", "1 year". */
export function yearsText(n: number, lang: Lang): string {
  return nlang(lang) === 'ru' ? `${n} ${plural(n, 'год', 'года', 'лет')}` : `${n} year${n === 1 ? '' : 's'}`;
}

/** All six, for "name one of …". */
export function directionList(lang: Lang): string {
  return TABLES.directions.directions.map((d) => (nlang(lang) === 'ru' ? `${d.ru} (${d.dnd})` : `${d.en} (${d.dnd})`)).join(', ');
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
  return msg(ref.type === 'country' ? 'country-label' : ref.type === 'order' ? 'order-label' : 'figure-label', lang, { name });
}
