// Population growth (seed 000, "Связь между атрибутами"):
//   ПП = FD + (площадь - население) + ВНП + стабильность ситуации + модификаторы + потенциальный прирост на предыдущий ход
// "Если полученный потенциальный прирост населения по абсолютной величине превышает 3, то население
// уменьшается или увеличивается (если есть куда) на 1, а потенциальный прирост уменьшается (по абсолютной величине) на три."
import { LEVEL_MAX, LEVEL_MIN } from './ladder.js';
import { CONST } from './tables.js';
import type { Country, Level, Modifier } from './types.js';

export interface GrowthResult {
  /** ПП as computed this turn, before the step. */
  pp: number;
  parts: Modifier[];
  populationFrom: Level;
  populationTo: Level;
  /** ПП carried to the next turn. */
  carried: number;
}

/** One turn of growth for a country, with its FUDGE die and the GM's modifiers. */
export function growth(c: Country, die: number, modifiers: number): GrowthResult {
  const a = c.attrs;
  const parts: Modifier[] = [
    { source: 'die', value: die, note: 'FD' },
    { source: 'area-population', value: a.area - a.population, note: `${a.area}-(${a.population})` },
    { source: 'gnp', value: a.gnp, note: 'gnp' },
    { source: 'stability', value: a.stability, note: 'stability' },
    { source: 'gm', value: modifiers, note: 'growth' },
    { source: 'carried', value: c.growth, note: 'carried' },
  ];
  const pp = parts.reduce((s, p) => s + p.value, 0);
  const g = CONST.growth;
  let populationTo = a.population;
  let carried = pp;
  if (Math.abs(pp) > g.threshold) {
    const dir = Math.sign(pp);
    // "(если есть куда)": the population stays at the ladder's end; ПП moves toward 0 all the same (ruling nation/growth-ends).
    populationTo = Math.max(LEVEL_MIN, Math.min(LEVEL_MAX, a.population + dir * g.step));
    carried = pp - dir * g.carryReduction;
  }
  return { pp, parts, populationFrom: a.population, populationTo, carried };
}
