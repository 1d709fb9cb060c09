// The rpg game's own words: order keywords and options (what players type, per
// language), and the errors and words of reports, which are Fluent messages of
// templates/rpg/<lang>/rpg.ftl (render/fluent.ts). Numbers live in games/rpg/*.json.
import { formatWords, wordTable, type Words } from '../../render/fluent.js';
import type { Lang } from '../../engine/types.js';
import { fold } from '../../text-fold.js';
import type { OrderType } from './types.js';

/** Order keywords, compared folded (upper case here, no diacritics): HOĎ = HOD. */
export const KEYWORDS: Record<string, OrderType> = Object.fromEntries(
  (
    [
      ['roll', ['ROLL', 'HOD', 'БРОСОК', 'БРОСИТЬ']],
      ['check', ['CHECK', 'TEST', 'ZKOUŠKA', 'ПРОВЕРКА', 'ПРОВЕРИТЬ']],
      ['median', ['MEDIAN', 'MEDIÁN', 'МЕДИАНА', 'СТАБИЛИЗАЦИЯ']],
      ['madness', ['MADNESS', 'ŠÍLENSTVÍ', 'БЕЗУМИЕ']],
      ['horror', ['HORROR', 'HRŮZA', 'УЖАС']],
      ['opposed', ['OPPOSED', 'PROTI', 'ПРОТИВ', 'ПРОТИВОСТОЯНИЕ']],
      ['attack', ['ATTACK', 'ÚDER', 'ZAÚTOČIT', 'АТАКА', 'АТАКОВАТЬ']],
      ['sheet', ['SHEET', 'DENÍK', 'ЛИСТ', 'ПЕРСОНАЖ']],
    ] as [OrderType, string[]][]
  ).flatMap(([t, ws]) => ws.map((w) => [fold(w), t])),
);

/** Orders that need character sheets in the setup. */
export const SHEET_ORDERS: ReadonlySet<OrderType> = new Set(['check', 'opposed', 'attack', 'sheet']);

/** The keyword echoed back to a player. */
export const KEYWORD: Record<Lang, Record<OrderType, string>> = {
  en: {
    roll: 'ROLL',
    check: 'CHECK',
    median: 'MEDIAN',
    madness: 'MADNESS',
    horror: 'HORROR',
    opposed: 'OPPOSED',
    attack: 'ATTACK',
    sheet: 'SHEET',
  },
  cs: {
    roll: 'HOD',
    check: 'TEST',
    median: 'MEDIÁN',
    madness: 'ŠÍLENSTVÍ',
    horror: 'HRŮZA',
    opposed: 'PROTI',
    attack: 'ÚDER',
    sheet: 'DENÍK',
  },
  ru: {
    roll: 'БРОСОК',
    check: 'ПРОВЕРКА',
    median: 'МЕДИАНА',
    madness: 'БЕЗУМИЕ',
    horror: 'УЖАС',
    opposed: 'ПРОТИВ',
    attack: 'АТАКА',
    sheet: 'ЛИСТ',
  },
};
export const ROLL_KEYWORD: Record<Lang, string> = { en: 'ROLL', cs: 'HOD', ru: 'БРОСОК' };

/** Option words with a value (key:value), folded. */
export type ValueOption = 'copy' | 'trial' | 'team' | 'luck' | 'vs' | 'def';
export const VALUE_OPTIONS: Record<string, ValueOption> = Object.fromEntries(
  (
    [
      ['copy', ['copy', 'to', 'kopie', 'pro', 'копия', 'копии', 'для']],
      ['trial', ['trial', 'výzva', 'испытание']],
      ['team', ['team', 'tým', 'команда']],
      ['luck', ['luck', 'štěstí', 'удача']],
      ['vs', ['vs', 'obtížnost', 'сложность']],
      ['def', ['def', 'obrana', 'защита']],
    ] as [ValueOption, string[]][]
  ).flatMap(([o, ws]) => ws.map((w) => [fold(w), o])),
);

/** Flag words, folded. */
export type Flag =
  | 'public'
  | 'hidden'
  | 'secret'
  | 'wait'
  | 'adv'
  | 'dis'
  | 'outside'
  | 'series'
  | 'passive'
  | 'helpless'
  | 'untrained';
export const FLAGS: Record<string, Flag> = Object.fromEntries(
  (
    [
      ['public', ['public', 'all', 'všem', 'veřejně', 'всем', 'публично']],
      ['hidden', ['hidden', 'skrytě', 'skrytý', 'скрыто', 'скрытно']],
      ['secret', ['secret', 'tajně', 'тайно', 'секретно']],
      ['wait', ['wait', 'later', 'čekat', 'počkat', 'ждать', 'позже']],
      ['adv', ['adv', 'advantage', 'výhoda', 'преимущество']],
      ['dis', ['dis', 'disadvantage', 'nevýhoda', 'помеха']],
      ['outside', ['outside', 'not', 'mimo', 'вне', 'мимо']],
      ['series', ['series', 'série', 'серия']],
      ['passive', ['passive', 'pasivně', 'пассивно', 'пассивная']],
      ['helpless', ['helpless', 'bezbranný', 'bezbranná', 'беспомощен', 'беспомощна', 'беспомощный']],
      ['untrained', ['untrained', 'necvičený', 'необученный', 'необучен']],
    ] as [Flag, string[]][]
  ).flatMap(([f, ws]) => ws.map((w) => [fold(w), f])),
);

/** At most this many orders per mail: a typo must not flood the report. */
export const MAX_ROLLS = 50;

type Msg = Words;

/** Order errors: messages error-<key> of templates/rpg/<lang>/rpg.ftl. $w the word, $n a number, $list a list. */
export const ERR = wordTable('rpg', 'error', [
  'unknownOrder',
  'needSheets',
  'tooMany',
  'noSheet',
  'noSkill',
  'noSkillGiven',
  'noCharacter',
  'noTarget',
  'self',
  'noTrial',
  'trialGauss',
  'gaussOnly',
  'badDifficulty',
  'noModifier',
  'badWindow',
  'badOption',
  'unknownPlayer',
  'luckRange',
  'notNumber',
  'duplicate',
  'notHere',
  'noValue',
  'badModifier',
  'rollModifier',
  'trialDifficulty',
] as const);

export function msg(m: Msg, lang: Lang, vars: Record<string, string | number> = {}): string {
  return formatWords(m, lang, vars);
}

/** Words of reports and echoes: messages word-<key> of templates/rpg/<lang>/rpg.ftl. */
export const W = wordTable('rpg', 'word', [
  'untrained',
  'skill',
  'difficulty',
  'pool',
  'window',
  'outside',
  'inside',
  'missLow',
  'missHigh',
  'outLow',
  'outHigh',
  'outInside',
  'empty',
  'madnessHit',
  'madnessHigh',
  'madnessLow',
  'horrorHit',
  'horrorHigh',
  'horrorLow',
  'seriesEnd',
  'held',
  'hit',
  'attack',
  'defence',
  'opposed',
  'defenderFirst',
  'attacker',
  'damage',
  'noDamage',
  'damageMax',
  'damageMin',
  'helpless',
  'autoHit',
  'defenceFailed',
  'defenceBest',
  'attackFailed',
  'trial',
  'progress',
  'risk',
  'lateTrial',
  'team',
  'teamOfOne',
  'teamDifferent',
  'hiddenEcho',
  'hiddenRoll',
  'waits',
  'now',
  'copies',
  'everyone',
  'trialSuccess',
  'trialFailure',
  'trialDone',
  'trialClosed',
  'trialOpen',
  'none',
  'series',
  'passive',
  'advantage',
  'disadvantage',
  'luck',
  'trialDifficulty',
  'gm',
] as const);

/** Options as a player of each language writes them (ORDERS.md; VALUE_OPTIONS and FLAGS read them), to quote them in his words. */
export const OPTION_WORD: Record<Lang, Record<'vs' | 'luck' | 'def' | 'trial' | 'team' | 'adv' | 'dis', string>> = {
  en: { vs: 'vs', luck: 'luck', def: 'def', trial: 'trial', team: 'team', adv: 'adv', dis: 'dis' },
  cs: { vs: 'obtížnost', luck: 'štěstí', def: 'obrana', trial: 'výzva', team: 'tým', adv: 'výhoda', dis: 'nevýhoda' },
  ru: {
    vs: 'сложность',
    luck: 'удача',
    def: 'защита',
    trial: 'испытание',
    team: 'команда',
    adv: 'преимущество',
    dis: 'помеха',
  },
};

/** A formatted spec ("gauss20+10 vs:-12 luck:6 adv") with its options in the reader's words, for reports and echoes. */
export function shownSpec(spec: string, lang: Lang): string {
  const o = OPTION_WORD[lang];
  return spec
    .split(' ')
    .map((t) =>
      t === 'adv' ? o.adv : t === 'dis' ? o.dis : t.replace(/^(vs|luck):/, (_m, k: 'vs' | 'luck') => `${o[k]}:`),
    )
    .join(' ');
}

export const STAGE_OF = (lang: Lang) => ({
  msg: (m: Msg, vars?: Record<string, string | number>) => msg(m, lang, vars),
});
