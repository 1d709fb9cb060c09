// Age (seed 000, "Возраст"): FUDGE-возраст = 3 - |реальный возраст/5 - 9|, as the table's rows 20..75.
import { clampLevel } from './ladder.js';
import { ageFormula, TABLES } from './tables.js';

const ROWS = TABLES.age.rows;

/**
 * A figure's age modifier: the row of the last table age it has reached
 * (ruling nation/age-rows: the table is read in five-year steps, 47 → the 45 row);
 * outside the table's ages the formula at the last five years reached, kept on the ladder.
 */
export function ageModifier(age: number): number {
  const row = [...ROWS].reverse().find((r) => r.age <= age);
  if (row && age < ROWS[ROWS.length - 1]!.age + 5) return row.modifier;
  return clampLevel(ageFormula(Math.floor(age / 5) * 5));
}
