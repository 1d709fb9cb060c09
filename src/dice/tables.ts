// Every number of the dice rules, read from games/rpg/gauss.json (seed 001,
// GaussD20) and games/rpg/success.json (seed 004, success dice): one source of
// truth, checked at load. games/rpg/RULES.md quotes the sentences they implement.
import * as z from '../zod.js';
import type { Lang } from '../engine/types.js';
import { loadGameTable } from '../engine/tables.js';
import { wordTable } from '../render/fluent.js';

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

const OUTCOME_KEYS = [
  'worst',
  'double-critical-failure',
  'critical-failure',
  'failure',
  'success',
  'good',
  'critical-success',
  'double-critical-success',
  'best',
] as const;

/** The rows of the combat tables, by what they mean (the 8 and the 13-17 rows carry a bonus of their own). */
export const COMBAT_LABEL_KEYS = [
  'worst',
  'double-critical-failure',
  'critical-failure',
  'failure',
  'success-penalty',
  'success',
  'success-bonus',
  'double-critical-success',
  'best',
] as const;
export type CombatLabel = (typeof COMBAT_LABEL_KEYS)[number];

/** The tables' schemas: made only when a table is validated (tables.ts keeps what a build validated before). */
function schemas() {
  const int = z.number().int();
  const comment = z.string().optional();
  const named = z
    .object({
      value: int,
      ru: z.string().min(1),
      en: z.string().min(1),
      cs: z.string().min(1),
      aliases: z.array(z.string()).optional(),
    })
    .passthrough();
  const band = z.object({ min: int, max: int });
  const damage = z
    .object({
      multiply: int.optional(),
      divide: int.optional(),
      maximise: z.boolean().optional(),
      minimise: z.boolean().optional(),
    })
    .strict();
  const combatRow = band
    .extend({
      label: z.enum(COMBAT_LABEL_KEYS),
      outcome: z.enum(OUTCOME_KEYS),
      hit: z.boolean().optional(),
      held: z.boolean().optional(),
      bonus: int.optional(),
      bonusMinus: int.optional(),
      auto: z.boolean().optional(),
      damage: damage.optional(),
      ru: z.string().min(1),
    })
    .strict();
  const windowRow = z
    .object({ _comment: comment, low: int, high: int, base: int, seriesStep: int, repeatSeconds: int })
    .strict();

  const gaussSchema = z
    .object({
      _comment: comment,
      formula: z.object({ _comment: comment, dice: int.min(1), sides: int.min(2), min: int, max: int }).strict(),
      luck: z.object({ _comment: comment, min: int, max: int, neutral: int }).strict(),
      clamp: z.object({ _comment: comment, low: int, high: int }).strict(),
      skills: z.array(named.extend({ modern: z.object({ ru: z.string(), en: z.string(), cs: z.string() }) })).min(1),
      difficulties: z.array(named).min(1),
      ladder: z.array(band.extend({ outcome: z.enum(OUTCOME_KEYS), ru: z.string().min(1) }).strict()).length(9),
      median: z
        .object({ _comment: comment, centreLow: int, centreHigh: int, halfWidth: z.object({ min: int, max: int }) })
        .strict(),
      madness: windowRow,
      horror: windowRow,
      seriesLimit: z.object({ _comment: comment, max: int.min(1) }).strict(),
      attack: z.array(combatRow).min(1),
      defence: z.array(combatRow).min(1),
      published: z
        .object({
          _comment: comment,
          values: z.array(z.number()),
          atMost: z.array(z.number().nullable()),
          centre: z.array(z.number()),
          failureBySteps: z.array(z.number()),
        })
        .strict(),
    })
    .strict()
    .superRefine((g, ctx) => {
      // The ladder and both combat tables cover 1..20 exactly once, in order.
      for (const [name, rows] of [
        ['ladder', g.ladder],
        ['attack', g.attack],
        ['defence', g.defence],
      ] as const) {
        let next = g.formula.min;
        for (const r of rows as { min: number; max: number }[]) {
          if (r.min !== next || r.max < r.min)
            ctx.addIssue({
              code: 'custom',
              path: [name],
              message: `rows must cover ${g.formula.min}..${g.formula.max} in order (at ${r.min}..${r.max})`,
            });
          next = r.max + 1;
        }
        if (next !== g.formula.max + 1)
          ctx.addIssue({ code: 'custom', path: [name], message: `rows end at ${next - 1}, not ${g.formula.max}` });
      }
    });

  const successSchema = z
    .object({
      _comment: comment,
      die: z.object({ _comment: comment, faces: z.array(int.min(0)).min(2) }).strict(),
      criticalMargin: z.object({ _comment: comment, value: int.min(1) }).strict(),
      trialCritical: z.object({ _comment: comment, counts: int.min(1) }).strict(),
      team: z.object({ _comment: comment, perParticipant: int.min(0), minParticipants: int.min(1) }).strict(),
      difficulties: z.array(named).min(1),
      skills: z.array(named).min(1),
      relations: z.array(named.extend({ note: z.object({ ru: z.string(), en: z.string(), cs: z.string() }) })).min(1),
      trialKinds: z
        .array(
          z
            .object({
              id: z.enum(['standard', 'harder', 'easier', 'exploration', 'survival']),
              ru: z.string(),
              en: z.string(),
              cs: z.string(),
              step: int,
              progress: z.boolean(),
              risk: z.boolean(),
              outcome: z.boolean(),
              _comment: comment,
            })
            .strict(),
        )
        .length(5),
      trialDifficulty: z.object({ _comment: comment, min: int.min(1) }).strict(),
    })
    .strict();
  return { gaussSchema, successSchema };
}

export const GAUSS_TABLE = loadGameTable('rpg', 'gauss.json', () => schemas().gaussSchema);
export const SUCCESS_TABLE = loadGameTable('rpg', 'success.json', () => schemas().successSchema);

/** 001: GaussD20 = round(3d20 / 3) on fair d20s, luck 1..9 shifts it by luck-5 within 1..20. */
export const GAUSS = {
  dice: GAUSS_TABLE.formula.dice,
  sides: GAUSS_TABLE.formula.sides,
  min: GAUSS_TABLE.formula.min,
  max: GAUSS_TABLE.formula.max,
  luck: { min: GAUSS_TABLE.luck.min, max: GAUSS_TABLE.luck.max, neutral: GAUSS_TABLE.luck.neutral },
  /** "никакие модификаторы сами по себе не могут уменьшить значение ниже 4 и выше 17" */
  clamp: { low: GAUSS_TABLE.clamp.low, high: GAUSS_TABLE.clamp.high },
} as const;

/** 004 "Игровой кубик": a d6 with one success on two faces and two successes on one. */
export const SUCCESS_DIE_FACES: readonly number[] = SUCCESS_TABLE.die.faces;

/** 004 "Критические успехи и провалы": three above or below the difficulty is critical. */
export const SUCCESS_CRITICAL_MARGIN = SUCCESS_TABLE.criticalMargin.value;

/** Outcome labels: messages outcome-<key> of templates/rpg/<lang>/dice.ftl. */
export const OUTCOME_LABELS: Readonly<Record<OutcomeKey, Localized>> = wordTable('rpg', 'outcome', [
  'worst',
  'double-critical-failure',
  'critical-failure',
  'failure',
  'success',
  'good',
  'critical-success',
  'double-critical-success',
  'best',
] as const);

/**
 * The words of the combat tables' rows (001 "Проверка боевого навыка атакующего / защищающегося"):
 * messages attack-<label> and defence-<label> of templates/rpg/<lang>/dice.ftl. A combat roll is
 * read on its own table, not on the check's ladder (13-17 is "a hit with a bonus", not "good work").
 */
export const ATTACK_LABELS: Readonly<Record<CombatLabel, Localized>> = wordTable('rpg', 'attack', COMBAT_LABEL_KEYS);
export const DEFENCE_LABELS: Readonly<Record<CombatLabel, Localized>> = wordTable('rpg', 'defence', COMBAT_LABEL_KEYS);

/** 001 "Результат": the GaussD20 check ladder, lowest first. */
export const GAUSS_LADDER: readonly { min: number; max: number; outcome: OutcomeKey }[] = GAUSS_TABLE.ladder;

/** Outcomes of a success-dice check (004), lowest first. */
export const SUCCESS_OUTCOMES: readonly OutcomeKey[] = ['critical-failure', 'failure', 'success', 'critical-success'];

/** Outcomes of a plain threshold (NdM / NdF with vs:D), lowest first. */
export const THRESHOLD_OUTCOMES: readonly OutcomeKey[] = ['failure', 'success'];

const byValue = (rows: { value: number; ru: string; en: string; cs: string }[]): Readonly<Record<number, Localized>> =>
  Object.fromEntries(rows.map((r) => [r.value, { en: r.en, cs: r.cs, ru: r.ru }]));

/** 004 "Уровни сложности". */
export const SUCCESS_DIFFICULTIES: Readonly<Record<number, Localized>> = byValue(SUCCESS_TABLE.difficulties);
/** 004 skill levels (Новичок … Гений). */
export const SUCCESS_SKILLS: Readonly<Record<number, Localized>> = byValue(SUCCESS_TABLE.skills);
/** 004 "Отношения". */
export const RELATIONS: Readonly<Record<number, Localized>> = byValue(SUCCESS_TABLE.relations);
/** 001 skill levels: the bonus added to a GaussD20 check. */
export const GAUSS_SKILLS: Readonly<Record<number, Localized>> = byValue(GAUSS_TABLE.skills);
/** 001 "Уровни сложности": the (usually negative) difficulty added to a GaussD20 check. */
export const GAUSS_DIFFICULTIES: Readonly<Record<number, Localized>> = byValue(GAUSS_TABLE.difficulties);

/** Every word (any language, aliases) of a named ladder → its value, for reading orders and setups. */
export function ladderWords(
  rows: { value: number; ru: string; en: string; cs: string; aliases?: string[] }[],
): { words: string; value: number }[] {
  return rows.flatMap((r) => [r.ru, r.en, r.cs, ...(r.aliases ?? [])].map((w) => ({ words: w, value: r.value })));
}
