// Every number of the dice rules, in one place. The rule texts are the seeds
// 001 (GaussD20) and 004 (success dice); games/rpg/RULES.md quotes them.
import type { Lang } from '../engine/types.js';

export type Localized = Record<Lang, string>;

/** Bounds of the spec grammar (not rules of any game: they keep rolls and distributions sane). */
export const LIMITS = {
  count: { min: 1, max: 100 },
  sides: { min: 2, max: 1000 },
  modifier: { min: -1000, max: 1000 },
  /** A threshold for NdM / NdF (vs:D means result >= D). */
  threshold: { min: -100000, max: 100000 },
  /** Difficulty of a success-dice check (004: 1..6, raised by 2 per member of a team check). */
  successDifficulty: { min: 1, max: 200 },
} as const;

/** FUDGE dice (000: "1DF", "4DF"): a d3 read as -1, 0, +1. */
export const FUDGE_FACES: readonly number[] = [-1, 0, 1];

/** 004 "Игровой кубик": a d6 with one success on two faces and two successes on one. */
export const SUCCESS_DIE_FACES: readonly number[] = [0, 0, 0, 1, 1, 2];

/** 004 "Критические успехи и провалы": three above or below the difficulty is critical. */
export const SUCCESS_CRITICAL_MARGIN = 3;

/** 001: GaussD20 = round(3d20 / 3) on fair d20s, luck 1..9 shifts it by luck-5 within 1..20. */
export const GAUSS = {
  dice: 3,
  sides: 20,
  min: 1,
  max: 20,
  luck: { min: 1, max: 9, neutral: 5 },
  /** "никакие модификаторы сами по себе не могут уменьшить значение ниже 4 и выше 17" */
  clamp: { low: 4, high: 17 },
} as const;

export type OutcomeKey =
  | 'worst'
  | 'double-critical-failure'
  | 'critical-failure'
  | 'failure'
  | 'success'
  | 'good'
  | 'critical-success'
  | 'double-critical-success'
  | 'best';

export const OUTCOME_LABELS: Record<OutcomeKey, Localized> = {
  worst: { en: 'worst possible result', cs: 'nejhorší možný výsledek', ru: 'худший из всех возможных результатов' },
  'double-critical-failure': { en: 'double critical failure', cs: 'dvojitý kritický neúspěch', ru: 'двойной критический провал' },
  'critical-failure': { en: 'critical failure', cs: 'kritický neúspěch', ru: 'критический провал' },
  failure: { en: 'failure', cs: 'neúspěch', ru: 'провал' },
  success: { en: 'success', cs: 'úspěch', ru: 'успех' },
  good: { en: 'good work', cs: 'dobrá práce', ru: 'хорошая работа' },
  'critical-success': { en: 'critical success', cs: 'kritický úspěch', ru: 'критический успех' },
  'double-critical-success': { en: 'double critical success', cs: 'dvojitý kritický úspěch', ru: 'двойной критический успех' },
  best: { en: 'best possible result', cs: 'nejlepší možný výsledek', ru: 'лучший из всех возможных результатов' },
};

/** 001 "Результат": the GaussD20 check ladder, lowest first. */
export const GAUSS_LADDER: readonly { min: number; max: number; outcome: OutcomeKey }[] = [
  { min: 1, max: 1, outcome: 'worst' },
  { min: 2, max: 3, outcome: 'double-critical-failure' },
  { min: 4, max: 5, outcome: 'critical-failure' },
  { min: 6, max: 7, outcome: 'failure' },
  { min: 8, max: 13, outcome: 'success' },
  { min: 14, max: 15, outcome: 'good' },
  { min: 16, max: 17, outcome: 'critical-success' },
  { min: 18, max: 19, outcome: 'double-critical-success' },
  { min: 20, max: 20, outcome: 'best' },
];

/** Outcomes of a success-dice check (004), lowest first. */
export const SUCCESS_OUTCOMES: readonly OutcomeKey[] = ['critical-failure', 'failure', 'success', 'critical-success'];

/** Outcomes of a plain threshold (NdM / NdF with vs:D), lowest first. */
export const THRESHOLD_OUTCOMES: readonly OutcomeKey[] = ['failure', 'success'];

/** 004 "Уровни сложности". */
export const SUCCESS_DIFFICULTIES: Readonly<Record<number, Localized>> = {
  1: { en: 'elementary', cs: 'elementární', ru: 'Элементарно' },
  2: { en: 'easy', cs: 'snadné', ru: 'Легко' },
  3: { en: 'medium', cs: 'střední', ru: 'Средне' },
  4: { en: 'hard', cs: 'těžké', ru: 'Тяжело' },
  5: { en: 'very hard', cs: 'velmi těžké', ru: 'Очень тяжело' },
  6: { en: 'impossible', cs: 'nemožné', ru: 'Невозможно' },
};

/** 001 skill levels: the bonus added to a GaussD20 check. */
export const GAUSS_SKILLS: Readonly<Record<number, Localized>> = {
  0: { en: 'untrained', cs: 'necvičený', ru: 'необученный' },
  2: { en: 'self-taught', cs: 'samouk', ru: 'самоучка' },
  4: { en: 'pupil', cs: 'učeň', ru: 'ученик' },
  6: { en: 'journeyman', cs: 'tovaryš', ru: 'подмастерье' },
  8: { en: 'worker', cs: 'pracovník', ru: 'работник' },
  10: { en: 'experienced worker', cs: 'zkušený pracovník', ru: 'опытный работник' },
  12: { en: 'senior worker', cs: 'vedoucí pracovník', ru: 'старший работник' },
  14: { en: 'master', cs: 'mistr', ru: 'мастер' },
  16: { en: 'grand master', cs: 'velmistr', ru: 'главный мастер' },
  18: { en: 'legendary master', cs: 'legendární mistr', ru: 'легендарный мастер' },
};

/** 001 "Уровни сложности": the (usually negative) difficulty added to a GaussD20 check. */
export const GAUSS_DIFFICULTIES: Readonly<Record<number, Localized>> = {
  4: { en: 'instinctive', cs: 'instinktivní', ru: 'инстинктивная' },
  2: { en: 'simplest', cs: 'nejjednodušší', ru: 'простейшая' },
  0: { en: "child's play", cs: 'dětská', ru: 'детская' },
  [-2]: { en: 'elementary', cs: 'elementární', ru: 'элементарная' },
  [-4]: { en: 'light', cs: 'lehká', ru: 'легкая' },
  [-6]: { en: 'simple', cs: 'prostá', ru: 'простая' },
  [-8]: { en: 'normal', cs: 'normální', ru: 'нормальная' },
  [-10]: { en: 'average', cs: 'průměrná', ru: 'средняя' },
  [-12]: { en: 'hard', cs: 'těžká', ru: 'сложная' },
  [-14]: { en: 'very hard', cs: 'velmi těžká', ru: 'очень сложная' },
  [-16]: { en: 'super task', cs: 'nadúkol', ru: 'сверхзадача' },
  [-18]: { en: 'practically impossible', cs: 'prakticky neproveditelná', ru: 'практически неосуществимая' },
  [-20]: { en: 'legendary', cs: 'legendární', ru: 'легендарная' },
  [-22]: { en: 'fantastic', cs: 'fantastická', ru: 'фантастическая' },
  [-24]: { en: 'a challenge to god', cs: 'výzva bohu', ru: 'вызов богу' },
};
