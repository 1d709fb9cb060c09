// The rpg forecast (issue #33): the exact odds of each roll that waits for the
// end of the round. Over many seeded random orders: the roll the resolution
// makes is of the very mechanic the forecast computed its odds for (the sheets'
// numbers as they stand), and its outcome is one the forecast gives a chance; one
// check rolled over many seeded rounds comes out as often as the forecast says.
// Rolls answered at once get none; hidden rolls, rolls against another
// character and games that show no numbers get no odds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSetupFile, validateSetup } from '../../src/engine/setup-file.js';
import { SeededRng } from '../../src/engine/rng.js';
import { NO_GM_INPUTS, type PlayerSeat } from '../../src/engine/types.js';
import { mechanicDistribution, waitingRolls } from '../../src/games/rpg/forecast.js';
import { rules } from '../../src/games/rpg/index.js';
import { changesTable, prepare } from '../../src/games/rpg/resolve.js';
import type { RpgState } from '../../src/games/rpg/types.js';
import { forecastText } from '../forecast-check.js';

function krepost(over: Partial<RpgState> = {}): RpgState {
  const v = validateSetup(readSetupFile('games/rpg/setups/krepost.yaml'), rules, 'krepost.yaml');
  const seats: PlayerSeat[] = v.common.seats.map((s) => ({ id: s.id, name: s.name, email: s.email, lang: 'ru' }));
  return { ...rules.setup(v.game, seats, new SeededRng(1)), ...over };
}

const CTX = { phase: 1, deadline: null, messages: [], gm: NO_GM_INPUTS };

const LINES = [
  'ROLL 3d6 wait',
  'ROLL 2d6+1 vs:8 wait',
  'ROLL 4dF+1 wait',
  'ROLL gauss20+4 vs:-4 wait',
  'ROLL 5dS vs:2 adv wait',
  'CHECK взлом wait',
  'CHECK взлом hard +2 wait',
  'CHECK скрытность vs:2 wait',
  'CHECK сила wait',
  'CHECK уклонение dis wait',
  'MEDIAN 2 wait',
  'MEDIAN 6-15 outside wait',
  'MADNESS wait',
  'HORROR -1 wait',
];

describe('rpg forecast', () => {
  it('each waiting roll is rolled from the mechanic the odds were computed for, with an outcome the odds allow (property, seeded)', () => {
    let compared = 0;
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...LINES), { minLength: 1, maxLength: 5 }),
        fc.constantFrom('irina', 'oleg'),
        fc.integer(),
        (lines, me, seed) => {
          const state = krepost();
          const parsed = rules.parseOrders(lines.join('\n'), { state, player: me, lang: 'en' });
          const orders = parsed.orders;
          const waiting = waitingRolls(state, orders);
          expect(waiting).toHaveLength(orders.length);
          const real = rules.adjudicate(state, new Map([[me, orders]]), new SeededRng(seed), CTX);
          const rolls = real.events.filter((e) => e.type === 'roll');
          // One roll per order (no series among them), in the order given.
          expect(rolls).toHaveLength(waiting.length);
          for (const [i, o] of waiting.entries()) {
            // A roll before it that changes the table (a madness series) may change what this one rolls.
            if (waiting.slice(0, i).some(changesTable)) break;
            const p = prepare(state, me, o);
            const r = rolls[i]!;
            expect(r.mechanic).toEqual(p.mechanic);
            const d = mechanicDistribution(p.mechanic)!;
            const row = d.rows.find((x) =>
              d.kind === 'values'
                ? x.value === r.result
                : d.kind === 'outcomes'
                  ? x.value === r.outcome
                  : x.value === (r.detail.type === 'median' ? r.detail.median.side : null),
            );
            expect(row?.p, `${o.type} ${p.spec}: ${r.result} ${r.outcome}`).toBeGreaterThan(0);
            compared++;
          }
        },
      ),
      { seed: 33, numRuns: 200 },
    );
    expect(compared).toBeGreaterThan(300);
  });

  it('a check rolled over many seeded rounds succeeds as often as the forecast says', () => {
    const state = krepost();
    const orders = rules.parseOrders('CHECK взлом hard wait', { state, player: 'irina', lang: 'en' }).orders;
    expect(orders[0]!.wait).toBe(true);
    const d = mechanicDistribution(prepare(state, 'irina', orders[0]!).mechanic)!;
    // The outcomes of a check, worst first: everything above "failure" succeeds.
    const p = d.rows.slice(d.rows.findIndex((r) => r.value === 'failure') + 1);
    expect(p.map((r) => r.value)).toContain('success');
    const expected = p.reduce((s, r) => s + r.p, 0);
    const N = 3000;
    let hits = 0;
    for (let i = 0; i < N; i++) {
      const r = rules.adjudicate(state, new Map([['irina', orders]]), new SeededRng(`odds-${i}`), CTX);
      const roll = r.events.find((e) => e.type === 'roll')!;
      if (p.some((x) => x.value === roll.outcome)) hits++;
    }
    const sigma = Math.sqrt((expected * (1 - expected)) / N);
    expect(expected).toBeGreaterThan(0.05);
    expect(Math.abs(hits / N - expected)).toBeLessThan(4 * sigma);
  });

  it('what gets no odds: rolls answered at once, a hidden roll, a roll against another character, a game without numbers', () => {
    const state = krepost();
    const parse = (text: string, s = state) => rules.parseOrders(text, { state: s, player: 'oleg', lang: 'en' }).orders;
    expect(rules.forecast!(state, 'oleg', parse('ROLL 3d6\nMEDIAN 2'), 'en')).toBeNull();
    const f = rules.forecast!(state, 'oleg', parse('ATTACK irina\nROLL 2d6 hidden wait\nROLL 1d6 wait'), 'en')!;
    expect(f.sections[0]!.lines).toEqual([
      'line 1, ATTACK: the odds depend on the numbers of Ирина Ловкая, which only the GM knows',
      'line 2, ROLL 2d6: only the GM sees the numbers',
      'line 3, ROLL 1d6: 1 16.7\u00a0%; 2 16.7\u00a0%; 3 16.7\u00a0%; 4 16.7\u00a0%; 5 16.7\u00a0%; 6 16.7\u00a0%',
    ]);
    const hidden = krepost({ showNumbers: false });
    expect(rules.forecast!(hidden, 'oleg', parse('ROLL 1d6 wait', hidden), 'en')).toBeNull();
    const ru = rules.forecast!(state, 'oleg', parse('ROLL 2d6 vs:7 wait'), 'ru')!;
    expect(ru.sections[0]!.lines[0]).toMatch(
      /^строка 1, БРОСОК 2d6 сложность:7: провал \d+,\d\u00a0%; успех \d+,\d\u00a0%$/,
    );
  });

  it('secrecy: the same forecast whatever the other characters’ numbers (skills, luck, intellect, armour, defence)', () => {
    const lines = [...LINES, 'ATTACK страж wait', 'OPPOSED oleg wait', 'ATTACK irina wait'];
    let forecasts = 0;
    for (let i = 0; i < 200; i++) {
      const rng = new SeededRng(`rpg-forecast-secrecy-${i}`);
      const state = krepost();
      const me = rng.pick(['irina', 'oleg']);
      const text = rng.shuffle(lines).slice(0, 4).join('\n');
      const orders = rules.parseOrders(text, { state, player: me, lang: 'en' }).orders;
      const other = structuredClone(state);
      for (const sh of Object.values(other.sheets))
        if (sh.player !== me) {
          for (const k of Object.keys(sh.skills)) sh.skills[k] = rng.int(12);
          Object.assign(sh, { luck: 1 + rng.int(9), intellect: 1 + rng.int(9) });
          if (sh.armour) Object.assign(sh.armour, { bonus: rng.int(5), penalty: -rng.int(3) });
        }
      for (const lang of ['en', 'cs', 'ru'] as const) {
        const a = forecastText(rules.forecast!(state, me, orders, lang));
        expect(forecastText(rules.forecast!(other, me, orders, lang)), `${me}: ${text}`).toBe(a);
        if (a) forecasts++;
      }
    }
    expect(forecasts).toBeGreaterThan(500);
  });
});
