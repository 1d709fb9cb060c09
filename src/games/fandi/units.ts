// The unit table (FanDi 1.1, "Armada"), loaded from games/fandi/units.json.
import * as z from '../../zod.js';
import { loadTable } from './tables.js';

/** The table's schemas: made only when the table is validated (engine/tables.ts keeps what a build validated before). */
function schemas() {
  const nameSchema = z.object({ one: z.string().min(1), few: z.string().min(1).optional(), many: z.string().min(1) });
  const int0 = z.number().int().min(0);

  const unitSchema = z.object({
    id: z.string().regex(/^[a-z]+$/),
    /** The Czech name's grammatical gender, for messages ("legie #2 zničena"). */
    gender: z.enum(['m', 'f', 'n']),
    science: z.number().int().min(0).max(2),
    cost: z.number().int().min(1),
    upkeep: int0,
    attack: int0,
    defence: int0,
    move: z.number().int().min(1),
    cs: nameSchema,
    en: nameSchema,
    stems: z.array(z.string().regex(/^[a-z]{3,}$/)).min(1),
  });

  const tableSchema = z
    .object({ _comment: z.string().optional(), units: z.array(unitSchema).min(1) })
    .superRefine((t, ctx) => {
      const ids = new Set<string>();
      t.units.forEach((u, i) => {
        if (ids.has(u.id))
          ctx.addIssue({ code: 'custom', path: ['units', i, 'id'], message: `duplicate unit id ${u.id}` });
        ids.add(u.id);
      });
      // A stem must not be a prefix of another unit's stem, or a word could mean two units.
      t.units.forEach((u, i) =>
        t.units.forEach((v, j) => {
          if (i === j) return;
          for (const s of u.stems)
            for (const w of v.stems)
              if (w.startsWith(s))
                ctx.addIssue({
                  code: 'custom',
                  path: ['units', i, 'stems'],
                  message: `stem "${s}" of ${u.id} also starts "${w}" of ${v.id}`,
                });
        }),
      );
    });
  return { unitSchema, tableSchema };
}

export type UnitDef = z.infer<ReturnType<typeof schemas>['unitSchema']>;

export const UNITS: readonly UnitDef[] = loadTable('units.json', () => schemas().tableSchema).units;
export const UNIT_IDS: readonly string[] = UNITS.map((u) => u.id);

export function unitDef(type: string): UnitDef {
  const u = UNITS.find((x) => x.id === type);
  if (!u) throw new Error(`unknown FanDi unit type "${type}"`);
  return u;
}

export function isUnitType(type: string): boolean {
  return UNITS.some((x) => x.id === type);
}

/** The table position: the disbanding order ("Tedy jednotky s nejmensim zoldem se rozpousti jako prvni"). */
export function tableIndex(type: string): number {
  return UNITS.findIndex((x) => x.id === type);
}

/** A unit type from a word a player typed (lowercase, diacritics already stripped), or null. */
export function unitFromWord(word: string): string | null {
  for (const u of UNITS) if (u.stems.some((s) => word.startsWith(s))) return u.id;
  return null;
}

/** "pěší" / "rytíři" / "knights": the name for n units in a language (cs has one/few/many). */
export function unitName(type: string, lang: string, n = 1): string {
  const u = unitDef(type);
  const names = lang === 'cs' ? u.cs : u.en;
  if (n === 1) return names.one;
  if (lang === 'cs' && n >= 2 && n <= 4) return names.few ?? names.many;
  return names.many;
}
