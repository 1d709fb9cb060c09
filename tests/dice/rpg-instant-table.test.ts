// The table a roll answered at once is rolled against (games/rpg/instant.ts) is
// kept between mails and, for a roll that cannot change it, not copied: every
// answer must still be the one a table folded from scratch gives (the state
// copied, every earlier roll's effects applied to it) — over generated runs of
// checks toward a trial, madness and horror series, plain rolls and combat.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../src/engine/rng.js';
import { sharedValue } from '../../src/engine/shared-json.js';
import type { InstantRecord, PlayerSeat } from '../../src/engine/types.js';
import { rules, type RpgOrder, type RpgState } from '../../src/games/rpg/index.js';
import type { RecordedRolls } from '../../src/games/rpg/adjudicate.js';
import { applyEffects, rollOrder } from '../../src/games/rpg/resolve.js';

const seats: PlayerSeat[] = [
  { id: 'irina', name: 'Ирина', email: 'irina@example.ru', lang: 'ru' },
  { id: 'oleg', name: 'Олег', email: 'oleg@example.ru', lang: 'ru' },
];
const setup = {
  instant: true,
  sheets: {
    irina: {
      name: 'Ирина',
      luck: 6,
      intellect: 6,
      skills: { парирование: 'опытный работник', уклонение: 'подмастерье', сила: '2dS' },
      weapon: { name: 'нож', skill: 'парирование', damage: '1d4' },
      defence: 'уклонение',
    },
    oleg: {
      name: 'Олег',
      skills: { секира: 'работник', парирование: 'подмастерье', сила: '3dS' },
      weapon: { name: 'секира', skill: 'секира', damage: '1d10+2' },
      defence: 'парирование',
    },
  },
  npcs: { страж: { name: 'Страж', skills: { копьё: 'работник', парирование: 'работник' }, defence: 'парирование' } },
  trials: [
    { id: 'ворота', name: 'Ворота', progress: 3, risk: 2, difficulty: 2 },
    { id: 'стена', name: 'Стена', progress: 2, risk: 3, difficulty: 1 },
  ],
};
const deepFreeze = <T>(v: T): T => {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
};
// Shared and frozen, as intake hands it to the kind (src/engine/shared-json.ts).
const state: RpgState = deepFreeze(JSON.parse(JSON.stringify(rules.setup(setup, seats, new SeededRng(0)))));
const LINES = [
  'ПРОВЕРКА сила испытание:ворота',
  'ПРОВЕРКА сила испытание:стена',
  'ПРОВЕРКА парирование',
  'БЕЗУМИЕ',
  'БЕЗУМИЕ серия',
  'УЖАС',
  'УЖАС серия +3',
  'МЕДИАНА 2',
  'БРОСОК 3d6+1',
  'АТАКА страж',
  'ЛИСТ',
];
const orderOf = (player: string, line: string): RpgOrder => {
  const r = rules.parseOrders(line, { state, player, lang: 'ru' });
  expect(r.errors).toEqual([]);
  return r.orders[0]!;
};

/** The roll from a table folded from scratch: the state copied, every earlier roll's effects applied (each roll copied). */
function fromScratch(
  player: string,
  order: RpgOrder,
  rng: SeededRng,
  seq: number,
  earlier: InstantRecord[],
): RecordedRolls {
  if (order.type === 'sheet') return { order, rolls: [], by: player };
  const work = structuredClone(state) as RpgState;
  for (const e of earlier) for (const r of (e.value as RecordedRolls).rolls) applyEffects(work, structuredClone(r));
  return {
    order,
    rolls: rollOrder(work, player, order, rng, { phase: 1, via: 'instant', seq, stream: `phase:instant:${seq}` }),
    by: player,
  };
}

describe('rpg rolls answered at once: the table kept between mails', () => {
  it('every answer equals the one from a table folded from scratch', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('irina', 'oleg'), fc.constantFrom(...LINES)), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.integer({ min: 0, max: 1e6 }),
        (run, salt) => {
          let earlier: InstantRecord[] = [];
          run.forEach(([player, line], seq) => {
            const order = orderOf(player, line);
            const seed = `k${salt}/instant:${seq}`;
            const got = rules.instant!.roll(state, player, order, new SeededRng(seed), {
              phase: 1,
              seq,
              stream: `phase:instant:${seq}`,
              earlier,
              gm: { decisions: {}, narrative: {}, bulletin: null, rolls: [] },
            });
            expect(got).toEqual(fromScratch(player, order, new SeededRng(seed), seq, earlier));
            // As intake records it and the next mail reads it back: the same shared, frozen object.
            earlier = [
              ...earlier,
              sharedValue<InstantRecord>(JSON.stringify({ seq, player, stream: `phase:instant:${seq}`, value: got })),
            ];
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a run that starts over (other earlier rolls) is not answered from the table kept for the last one', () => {
    const check = orderOf('irina', 'ПРОВЕРКА сила испытание:ворота');
    const roll = (earlier: InstantRecord[], seq: number) =>
      rules.instant!.roll(state, 'irina', check, new SeededRng(`s/${seq}`), {
        phase: 1,
        seq,
        stream: `phase:instant:${seq}`,
        earlier,
        gm: { decisions: {}, narrative: {}, bulletin: null, rolls: [] },
      }) as RecordedRolls;
    const first = roll([], 0);
    const rec = sharedValue<InstantRecord>(
      JSON.stringify({ seq: 0, player: 'irina', stream: 'phase:instant:0', value: first }),
    );
    const second = roll([rec], 1);
    expect(second.rolls[0]!.trial!.after.checks).toBe(2);
    // The same state again, without the earlier roll: the trial has seen one check only.
    expect(roll([], 1).rolls[0]!.trial!.after.checks).toBe(1);
    expect(state.trials.find((t) => t.id === 'ворота')!.checks).toBe(0);
  });
});
