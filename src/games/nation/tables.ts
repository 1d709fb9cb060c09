// The nation kind's rule tables (games/nation/*.json): one source of truth for
// every number of the document, read once and checked at load — every problem
// of every file reported at once (checkTables is the pure part, for tests).
import * as z from '../../zod.js';
import { loadGameTable } from '../../engine/tables.js';
import { fold } from '../../text-fold.js';
import { DIRECTIONS, type Direction } from './types.js';

const int = z.number().int();
const words = z.object({ en: z.array(z.string().min(1)), ru: z.array(z.string().min(1)) }).strict();

const ladderSchema = z
  .object({
    _comment: z.string().optional(),
    levels: z.array(z.object({ value: int, en: z.string().min(1), ru: z.string().min(1), words }).strict()).min(1),
  })
  .strict();

const directionsSchema = z
  .object({
    _comment: z.string().optional(),
    directions: z.array(
      z
        .object({
          id: z.string(),
          dnd: z.string().min(1),
          ru: z.string().min(1),
          en: z.string().min(1),
          appliesTo: z.enum(['all', 'ordinary', 'strategic']),
          ruNote: z.string(),
          words,
        })
        .strict(),
    ),
    constraint: z
      .object({
        _comment: z.string().optional(),
        maxAbsSum: int.min(0),
        normalMax: int.min(0),
        exceptions: z.array(z.object({ value: int.min(1), count: int.min(1) }).strict()),
      })
      .strict(),
  })
  .strict();

const ageSchema = z
  .object({
    _comment: z.string().optional(),
    rows: z.array(z.object({ age: int.min(0), modifier: int }).strict()).min(1),
  })
  .strict();

const influentialitySchema = z
  .object({
    _comment: z.string().optional(),
    rows: z.array(
      z.object({ level: int, orders: int.min(1), slots: z.array(int.min(1)).min(1), ru: z.string() }).strict(),
    ),
  })
  .strict();

const degreeModSchema = z.union([
  z.object({ fixed: int }).strict(),
  z.object({ die: z.enum(['maxFD', 'absFD']), sign: z.union([z.literal(1), z.literal(-1)]) }).strict(),
]);

const degreeSchema = z
  .object({
    _comment: z.string().optional(),
    negativeFrom: int,
    rows: z.array(
      z
        .object({
          level: int,
          positive: degreeModSchema,
          negative: degreeModSchema,
          strategicPermanent: int.optional(),
          ru: z.string(),
        })
        .strict(),
    ),
  })
  .strict();

export const ENTITY_TYPES = ['country', 'underground', 'partial', 'public', 'undergroundFigure', 'figure'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
export type SecrecyEffect = 'not-underground' | 'new-player' | 'known-to-all';

const cellSchema = z.union([
  z.object({ doc: z.string(), unavailable: z.literal(true) }).strict(),
  z
    .object({
      doc: z.string(),
      modifiers: z.array(int).min(1),
      secrecy: z
        .object({
          chance: int.min(1).max(99).optional(),
          effect: z.enum(['not-underground', 'new-player', 'known-to-all']),
        })
        .strict()
        .optional(),
    })
    .strict(),
]);
const penaltyTableSchema = z
  .object({
    columns: int.min(1),
    rows: z
      .object(
        Object.fromEntries(ENTITY_TYPES.map((e) => [e, z.array(cellSchema)])) as Record<
          EntityType,
          z.ZodArray<typeof cellSchema>
        >,
      )
      .strict(),
  })
  .strict();
const penaltiesSchema = z
  .object({
    _comment: z.string().optional(),
    entities: z
      .object(
        Object.fromEntries(
          ENTITY_TYPES.map((e) => [e, z.object({ ru: z.string().min(1), en: z.string().min(1) }).strict()]),
        ) as Record<EntityType, z.ZodObject<{ ru: z.ZodString; en: z.ZodString }>>,
      )
      .strict(),
    secret: penaltyTableSchema,
    public: penaltyTableSchema,
    chances: z.array(int.min(1).max(99)).min(1),
  })
  .strict();

const ratioSchema = z.string().regex(/^\d+(\/\d+|\.\d+)?$/, 'a ratio is "a/b", "a.b" or a whole number');
const strategicSchema = z
  .object({
    _comment: z.string().optional(),
    penalty: z.array(z.object({ ratio: ratioSchema, modifier: int }).strict()).min(1),
    bonus: z.array(z.object({ ratio: ratioSchema, modifier: int }).strict()).min(1),
    progressDice: int.min(1),
    resultDice: int.min(1),
    resultScale: int.min(1),
  })
  .strict();

const range = z.object({ min: int, max: int }).strict();
const constantsSchema = z
  .object({
    _comment: z.string().optional(),
    action: z.object({ _comment: z.string().optional(), dice: int.min(1), successFrom: int, disasterAt: int }).strict(),
    pi: z
      .object({
        _comment: z.string().optional(),
        threshold: int.min(1),
        idleBase: int,
        positiveSuccess: int,
        negativeFailure: int,
        negativeDisaster: int,
      })
      .strict(),
    growth: z
      .object({ _comment: z.string().optional(), threshold: int.min(0), step: int.min(1), carryReduction: int.min(1) })
      .strict(),
    size: z.object({ _comment: z.string().optional(), populationMargin: int, overFactor: int.min(1) }).strict(),
    gm: z.object({ difficulty: range, mod: range, time: range, growth: range }).strict(),
  })
  .strict();

export const TABLE_FILES = {
  ladder: 'ladder.json',
  directions: 'directions.json',
  age: 'age.json',
  influentiality: 'influentiality.json',
  degree: 'degree.json',
  penalties: 'penalties.json',
  strategic: 'strategic.json',
  constants: 'constants.json',
} as const;
type TableName = keyof typeof TABLE_FILES;

export type LadderTable = z.infer<typeof ladderSchema>;
export type DirectionsTable = z.infer<typeof directionsSchema> & {
  directions: (z.infer<typeof directionsSchema>['directions'][number] & { id: Direction })[];
};
export type AgeTable = z.infer<typeof ageSchema>;
export type InfluentialityTable = z.infer<typeof influentialitySchema>;
export type DegreeTable = z.infer<typeof degreeSchema>;
export type DegreeMod = z.infer<typeof degreeModSchema>;
export type PenaltyCell = z.infer<typeof cellSchema>;
export type PenaltyTable = z.infer<typeof penaltyTableSchema>;
export type PenaltiesTable = z.infer<typeof penaltiesSchema>;
export interface TimeRow {
  ratio: string;
  /** The ratio as a fraction num/den, compared exactly. */
  num: number;
  den: number;
  modifier: number;
}
export type StrategicTable = Omit<z.infer<typeof strategicSchema>, 'penalty' | 'bonus'> & {
  penalty: TimeRow[];
  bonus: TimeRow[];
};
export type ConstantsTable = z.infer<typeof constantsSchema>;

export interface NationTables {
  ladder: LadderTable;
  directions: DirectionsTable;
  age: AgeTable;
  influentiality: InfluentialityTable;
  degree: DegreeTable;
  penalties: PenaltiesTable;
  strategic: StrategicTable;
  constants: ConstantsTable;
}

/** "1/4" → 1/4, "1.5" → 3/2, "2" → 2/1. */
export function parseRatio(s: string): { num: number; den: number } {
  const frac = /^(\d+)\/(\d+)$/.exec(s);
  if (frac) return { num: Number(frac[1]), den: Number(frac[2]) };
  const dec = /^(\d+)\.(\d+)$/.exec(s);
  if (dec) {
    const den = 10 ** dec[2]!.length;
    return { num: Number(dec[1]) * den + Number(dec[2]), den };
  }
  return { num: Number(s), den: 1 };
}

/** The age modifier by the document's formula: 3 − |age/5 − 9|. */
export function ageFormula(age: number): number {
  return 3 - Math.abs(age / 5 - 9);
}

/**
 * Check the raw contents of every table file (name → parsed JSON): the tables,
 * or every problem found, each prefixed by its file.
 */
export function checkTables(raw: Partial<Record<TableName, unknown>>): { tables: NationTables } | { errors: string[] } {
  const errors: string[] = [];
  const parsed: Partial<Record<TableName, unknown>> = {};
  const schemas: Record<TableName, z.ZodType> = {
    ladder: ladderSchema,
    directions: directionsSchema,
    age: ageSchema,
    influentiality: influentialitySchema,
    degree: degreeSchema,
    penalties: penaltiesSchema,
    strategic: strategicSchema,
    constants: constantsSchema,
  };
  for (const name of Object.keys(TABLE_FILES) as TableName[]) {
    const file = `games/nation/${TABLE_FILES[name]}`;
    if (raw[name] === undefined) {
      errors.push(`${file}: missing`);
      continue;
    }
    const r = schemas[name].safeParse(raw[name]);
    if (r.success) parsed[name] = r.data;
    else for (const i of r.error.issues) errors.push(`${file}: ${i.path.join('.') || '(root)'}: ${i.message}`);
  }
  const err = (name: TableName, path: string, msg: string) =>
    errors.push(`games/nation/${TABLE_FILES[name]}: ${path}: ${msg}`);

  // The ladder: −3 … +3 in order; every typed word means one level only.
  const ladder = parsed.ladder as LadderTable | undefined;
  const levels: number[] = ladder ? ladder.levels.map((l) => l.value) : [-3, -2, -1, 0, 1, 2, 3];
  if (ladder) {
    ladder.levels.forEach((l, i) => {
      if (l.value !== i - 3) err('ladder', `levels.${i}.value`, `expected ${i - 3} (the ladder runs −3 … +3 in order)`);
    });
    if (ladder.levels.length !== 7)
      err('ladder', 'levels', `the FUDGE ladder has 7 levels, found ${ladder.levels.length}`);
    const seen = new Map<string, number>();
    ladder.levels.forEach((l, i) => {
      for (const w of [l.en, l.ru, ...l.words.en, ...l.words.ru]) {
        const f = fold(w);
        if (seen.has(f) && seen.get(f) !== l.value)
          err('ladder', `levels.${i}.words`, `"${w}" also means ${seen.get(f)}`);
        seen.set(f, l.value);
      }
    });
  }
  const levelSet = new Set(levels);

  const dirs = parsed.directions as DirectionsTable | undefined;
  if (dirs) {
    const ids = dirs.directions.map((d) => d.id);
    if (ids.join(',') !== DIRECTIONS.join(','))
      err(
        'directions',
        'directions',
        `the ids must be ${DIRECTIONS.join(', ')} in this order, found ${ids.join(', ')}`,
      );
    const seen = new Map<string, string>();
    dirs.directions.forEach((d, i) => {
      for (const w of [d.en, d.ru, d.id, ...d.words.en, ...d.words.ru]) {
        const f = fold(w);
        if (seen.has(f) && seen.get(f) !== d.id)
          err('directions', `directions.${i}.words`, `"${w}" also means ${seen.get(f)}`);
        seen.set(f, d.id);
      }
    });
    for (const [i, e] of dirs.constraint.exceptions.entries())
      if (e.value <= dirs.constraint.normalMax)
        err(
          'directions',
          `constraint.exceptions.${i}.value`,
          `an exception must be beyond the normal range ±${dirs.constraint.normalMax}`,
        );
  }

  const age = parsed.age as AgeTable | undefined;
  if (age) {
    age.rows.forEach((r, i) => {
      if (i > 0 && r.age <= age.rows[i - 1]!.age) err('age', `rows.${i}.age`, 'rows must be in increasing age');
      const f = ageFormula(r.age);
      if (f !== r.modifier)
        err('age', `rows.${i}.modifier`, `${r.modifier} for age ${r.age}, but 3 − |${r.age}/5 − 9| = ${f}`);
      if (!levelSet.has(r.modifier)) err('age', `rows.${i}.modifier`, `${r.modifier} is not a ladder level`);
    });
  }

  const infl = parsed.influentiality as InfluentialityTable | undefined;
  if (infl) {
    const got = infl.rows.map((r) => r.level).join(',');
    if (got !== levels.join(','))
      err('influentiality', 'rows', `one row per ladder level ${levels.join(', ')} in order, found ${got}`);
    infl.rows.forEach((r, i) => {
      if (r.orders !== r.slots.length)
        err(
          'influentiality',
          `rows.${i}`,
          `${r.orders} orders but ${r.slots.length} slots: the document gives one influence action per order`,
        );
    });
  }

  const deg = parsed.degree as DegreeTable | undefined;
  if (deg) {
    const got = deg.rows.map((r) => r.level).join(',');
    if (got !== levels.join(','))
      err('degree', 'rows', `one row per ladder level ${levels.join(', ')} in order, found ${got}`);
    deg.rows.forEach((r, i) => {
      const neg = r.negative;
      const isZero = 'fixed' in neg && neg.fixed === 0;
      if (r.level < deg.negativeFrom && !isZero)
        err(
          'degree',
          `rows.${i}.negative`,
          `below negativeFrom (${deg.negativeFrom}) negative influence has no effect: must be {"fixed": 0}`,
        );
      if (r.level >= deg.negativeFrom && isZero)
        err(
          'degree',
          `rows.${i}.negative`,
          `from negativeFrom (${deg.negativeFrom}) on negative influence has a modifier`,
        );
      if ('fixed' in neg ? neg.fixed > 0 : neg.sign > 0)
        err('degree', `rows.${i}.negative`, 'a negative modifier cannot be positive');
      const pos = r.positive;
      if ('fixed' in pos ? pos.fixed < 0 : pos.sign < 0)
        err('degree', `rows.${i}.positive`, 'a positive modifier cannot be negative');
    });
  }

  const pen = parsed.penalties as PenaltiesTable | undefined;
  if (pen) {
    for (const vis of ['secret', 'public'] as const) {
      const t = pen[vis];
      for (const e of ENTITY_TYPES) {
        const cells = t.rows[e];
        if (cells.length !== t.columns)
          err('penalties', `${vis}.rows.${e}`, `${cells.length} cells, the table has ${t.columns} columns`);
        let unavailable = false;
        cells.forEach((c, i) => {
          const at = `${vis}.rows.${e}.${i}`;
          if ('unavailable' in c) {
            unavailable = true;
            if (i === 0) err('penalties', at, 'one action is always available');
            return;
          }
          if (unavailable) err('penalties', at, 'an available cell after an unavailable one');
          if (c.modifiers.length !== i + 1)
            err(
              'penalties',
              `${at}.modifiers`,
              `column ${i + 1} needs ${i + 1} modifiers (one per action), found ${c.modifiers.length}`,
            );
          if (c.secrecy) {
            if (c.secrecy.chance !== undefined && !pen.chances.includes(c.secrecy.chance))
              err(
                'penalties',
                `${at}.secrecy.chance`,
                `${c.secrecy.chance}% is not one of the document's chances ${pen.chances.join(', ')}`,
              );
            if (e === 'country') err('penalties', `${at}.secrecy`, 'a home country has no secrecy');
            if (c.secrecy.effect === 'not-underground' && e !== 'underground' && e !== 'undergroundFigure')
              err('penalties', `${at}.secrecy`, 'only an underground order or figure stops being underground');
            if (c.secrecy.effect !== 'not-underground' && e !== 'partial')
              err('penalties', `${at}.secrecy`, 'only a partly known order becomes known to more players');
          }
        });
      }
    }
  }

  let strategic: StrategicTable | undefined;
  const st = parsed.strategic as z.infer<typeof strategicSchema> | undefined;
  if (st) {
    const rows = (xs: { ratio: string; modifier: number }[]) => xs.map((r) => ({ ...r, ...parseRatio(r.ratio) }));
    strategic = { ...st, penalty: rows(st.penalty), bonus: rows(st.bonus) };
    strategic.penalty.forEach((r, i) => {
      if (r.den === 0 || r.num >= r.den)
        err(
          'strategic',
          `penalty.${i}.ratio`,
          `${r.ratio}: a penalty is for less time than the estimate (a ratio below 1)`,
        );
      if (r.modifier >= 0) err('strategic', `penalty.${i}.modifier`, 'a penalty is negative');
      if (i > 0) {
        const p = strategic!.penalty[i - 1]!;
        if (r.num * p.den <= p.num * r.den) err('strategic', `penalty.${i}.ratio`, 'ratios must increase');
        if (r.modifier <= p.modifier)
          err('strategic', `penalty.${i}.modifier`, 'the penalty must shrink as the ratio grows');
      }
    });
    strategic.bonus.forEach((r, i) => {
      if (r.den === 0 || r.num <= r.den)
        err(
          'strategic',
          `bonus.${i}.ratio`,
          `${r.ratio}: a bonus is for more time than the estimate (a ratio above 1)`,
        );
      if (r.modifier <= 0) err('strategic', `bonus.${i}.modifier`, 'a bonus is positive');
      if (i > 0) {
        const p = strategic!.bonus[i - 1]!;
        if (r.num * p.den <= p.num * r.den) err('strategic', `bonus.${i}.ratio`, 'ratios must increase');
        if (r.modifier <= p.modifier) err('strategic', `bonus.${i}.modifier`, 'the bonus must grow with the ratio');
      }
    });
  }

  const k = parsed.constants as ConstantsTable | undefined;
  if (k) {
    for (const [name, r] of Object.entries(k.gm)) if (r.min > r.max) err('constants', `gm.${name}`, 'min above max');
    if (k.action.disasterAt >= k.action.successFrom) err('constants', 'action', 'a disaster must be below a success');
  }

  if (errors.length) return { errors };
  return { tables: { ...(parsed as Omit<NationTables, 'strategic'>), strategic: strategic! } };
}

function loadAll(): NationTables {
  const raw: Partial<Record<TableName, unknown>> = {};
  const errors: string[] = [];
  for (const [name, file] of Object.entries(TABLE_FILES) as [TableName, string][]) {
    try {
      raw[name] = loadGameTable('nation', file, () => z.unknown());
    } catch (e) {
      errors.push((e as Error).message);
    }
  }
  const r = checkTables(raw);
  if ('errors' in r) errors.push(...r.errors);
  if (errors.length || 'errors' in r) throw new Error(`the nation rule tables are invalid:\n  ${errors.join('\n  ')}`);
  return r.tables;
}

/** The tables, loaded and checked once. */
export const TABLES: NationTables = loadAll();
export const CONST = TABLES.constants;
