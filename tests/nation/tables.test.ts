// The nation rule tables: loaded and checked at load, every problem of every file at once.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ageFormula, checkTables, parseRatio, TABLE_FILES, TABLES } from '../../src/games/nation/tables.js';

function raw(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, file] of Object.entries(TABLE_FILES))
    out[name] = JSON.parse(readFileSync(new URL(`../../games/nation/${file}`, import.meta.url), 'utf8'));
  return out;
}

describe('nation tables', () => {
  it('load and hold the document numbers', () => {
    expect(TABLES.ladder.levels.map((l) => [l.value, l.en, l.ru])).toEqual([
      [-3, 'Terrible', 'Ужасно'],
      [-2, 'Poor', 'Плохо'],
      [-1, 'Mediocre', 'Посредственно'],
      [0, 'Fair', 'Нормально'],
      [1, 'Good', 'Хорошо'],
      [2, 'Great', 'Отлично'],
      [3, 'Superb', 'Превосходно'],
    ]);
    expect(TABLES.age.rows.map((r) => r.age)).toEqual([20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75]);
    for (const r of TABLES.age.rows) expect(r.modifier).toBe(ageFormula(r.age));
    expect(TABLES.influentiality.rows.map((r) => r.slots)).toEqual([[4], [3], [2], [1], [1, 2], [1, 1], [1, 1, 2]]);
    expect(TABLES.penalties.secret.columns).toBe(4);
    expect(TABLES.penalties.public.columns).toBe(8);
    expect(TABLES.strategic.penalty.map((r) => [r.ratio, r.modifier])).toEqual([
      ['1/4', -3],
      ['1/2', -2],
      ['3/4', -1],
    ]);
    expect(TABLES.strategic.bonus.map((r) => [r.ratio, r.modifier])).toEqual([
      ['1.5', 1],
      ['2', 2],
      ['3', 3],
    ]);
    expect(TABLES.degree.rows.find((r) => r.level === 3)!.strategicPermanent).toBe(1);
  });

  it('parses ratios exactly', () => {
    expect(parseRatio('3/4')).toEqual({ num: 3, den: 4 });
    expect(parseRatio('1.5')).toEqual({ num: 15, den: 10 });
    expect(parseRatio('2')).toEqual({ num: 2, den: 1 });
  });

  it('the files as they are pass', () => {
    expect(checkTables(raw())).toHaveProperty('tables');
  });

  it('reports every problem of every file at once', () => {
    const r = raw() as Record<string, any>;
    r.age.rows[0].modifier = -1; // 3 − |20/5 − 9| = −2
    r.ladder.levels[1].words.en.push('terrible'); // a word meaning two levels
    r.penalties.secret.rows.country[2].modifiers = [-1, -2]; // 3 actions need 3 modifiers
    r.penalties.public.rows.partial[3].secrecy.chance = 40; // not one of 30/50/75
    r.degree.rows[1].negative = { fixed: -1 }; // below Fair negative must be 0
    r.influentiality.rows[4].slots = [1]; // Good: two orders, two slots
    r.strategic.penalty[1].modifier = -4; // must shrink as the ratio grows
    delete r.constants;
    const out = checkTables(r);
    expect(out).toHaveProperty('errors');
    const errors = (out as { errors: string[] }).errors;
    const has = (file: string, part: string) =>
      expect(
        errors.some((e) => e.startsWith(`games/nation/${file}`) && e.includes(part)),
        `${file}: ${part}\n${errors.join('\n')}`,
      ).toBe(true);
    has('age.json', '3 − |20/5 − 9| = -2');
    has('ladder.json', '"terrible" also means');
    has('penalties.json', 'column 3 needs 3 modifiers');
    has('penalties.json', '40% is not one of');
    has('degree.json', 'below negativeFrom');
    has('influentiality.json', '2 orders but 1 slots');
    has('strategic.json', 'the penalty must shrink');
    has('constants.json', 'missing');
    expect(errors.length).toBeGreaterThanOrEqual(8);
  });

  it('a cell after "недоступно" must stay unavailable', () => {
    const r = raw() as Record<string, any>;
    r.penalties.secret.rows.figure[3] = { doc: '-2', modifiers: [-2, -2, -2, -2] };
    const out = checkTables(r) as { errors: string[] };
    expect(out.errors.some((e) => e.includes('an available cell after an unavailable one'))).toBe(true);
  });
});
