// Шантаж and Кабальный договор name another player's action (RULES.md §10,
// ruling godfather/blackmail-named-publicly). What the target holds — his secret
// character, a gained or imitated role, lost actions, cooldowns, ТВ, his faction —
// is his secret: the order's acknowledgement, its refusals and its forecast are
// the same whatever it is. At the deadline the action named is held up against
// what he really holds: one of his moves is forced as before; any other action
// comes to nothing (his own act stands, he is not told).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../src/engine/rng.js';
import { NO_GM_INPUTS, type Lang, type PlayerId } from '../../src/engine/types.js';
import { heldActions } from '../../src/games/godfather/access.js';
import { rules } from '../../src/games/godfather/index.js';
import type { GOrder } from '../../src/games/godfather/order-types.js';
import { CHARACTERS, CHARACTER_SLUGS, ROLE_SLUGS, allActions, character } from '../../src/games/godfather/tables.js';
import type { GEvent, GState } from '../../src/games/godfather/state.js';
import { IDS, NAMES, newGame } from './helpers.js';
import { hide, hiddenArb, sameAcknowledgement, type Hidden } from './hidden.js';

const [WRITER, TARGET, OTHER, FELLOW] = ['p01', 'p02', 'p03', 'p04'] as const;
const name = (id: string) => NAMES[IDS.indexOf(id)]!;

/** The game at period t: p01 a courtier and a moneylender at once would be two seats, so the writer's role is the order's. */
function base(t: number, writerRole: 'courtier' | 'usurer'): GState {
  const s = newGame({}, 'blackmail');
  s.t = t;
  const w = s.players.find((p) => p.id === WRITER)!;
  Object.assign(w, { role: writerRole, vo: 8, prison: false });
  return s;
}

/** His hidden state, and his role (to the blackmailer, whose order names an action of the tables, the role changes nothing either) and a faction. */
const secretsArb = fc.record({ hidden: hiddenArb, role: fc.constantFrom(...ROLE_SLUGS), faction: fc.boolean() });

/** The state with the target's secrets (and his role) as given; everything the writer may know stays. */
function withTarget(s0: GState, x: { hidden: Hidden; role: string; faction: boolean }): GState {
  const s = structuredClone(s0);
  s.players.find((q) => q.id === TARGET)!.role = x.role;
  hide(s, TARGET, x.hidden);
  if (x.faction)
    s.factions.push({
      id: 'F9',
      leader: FELLOW,
      members: [FELLOW, TARGET],
      joined: { [FELLOW]: 0, [TARGET]: 0 },
      expelDay: null,
    });
  return s;
}

/** The words a writer may put for the action: any slug or name word of the tables, a kind word, "his secret action". */
const WORDS = [
  ...allActions().flatMap((a) => [a.slug.ru, a.slug.en, a.name.ru.split(' ').at(-1)!]),
  ...['тайное', 'его тайное действие', 'рядовое', 'дневное', 'ночное', 'геройское', 'манипуляция', 'фракционное'],
  ...['индивидуальное', 'secret', 'his secret action', 'day', 'night', 'hero', 'manipulation', 'faction', ''],
];

const orderArb = fc.record({
  t: fc.integer({ min: 0, max: 17 }),
  bondage: fc.boolean(),
  word: fc.constantFrom(...WORDS),
  then: fc.subarray([OTHER, 'p05', 'p06'], { maxLength: 3 }),
  choice: fc.constantFrom('', '+', '-', 'ВО', 'TV'),
  lang: fc.constantFrom<Lang>('ru', 'en'),
});

describe('Шантаж and Кабальный договор: the order shows nothing of what the target holds', () => {
  it('the same acknowledgement, refusals and forecast whatever his role, character and secrets (an action he holds or not)', () => {
    const seen = { heldInOne: 0, kind: 0, refused: 0 };
    fc.assert(
      fc.property(orderArb, secretsArb, secretsArb, (o, a, b) => {
        const s0 = base(o.t, o.bondage ? 'usurer' : 'courtier');
        const head = o.bondage ? 'кабала' : 'шантаж';
        const then = o.bondage ? '' : o.then.map(name).join(' ');
        const text = `ДЕЙСТВИЕ ${head} ${name(TARGET)} ${o.word} ${then} ${o.bondage ? '' : o.choice}`.trim();
        const sa = withTarget(s0, a);
        const sb = withTarget(s0, b);
        const one = sameAcknowledgement(sa, sb, WRITER, text, o.lang);
        const order = one.r.orders[0] as Extract<GOrder, { type: 'act' }> | undefined;
        if (!order) seen.refused++;
        if (order?.args.kind) seen.kind++;
        const key = order?.args.action;
        if (
          key &&
          heldActions(sa, TARGET).some((x) => x.key === key) !== heldActions(sb, TARGET).some((x) => x.key === key)
        )
          seen.heldInOne++;
      }),
      { numRuns: 600, seed: 33 },
    );
    // the runs do name actions one target holds and the other does not, kinds, and lines refused (the same for both)
    expect(seen.heldInOne).toBeGreaterThan(20);
    expect(seen.kind).toBeGreaterThan(20);
    expect(seen.refused).toBeGreaterThan(20);
  });
});

// ---- at the deadline --------------------------------------------------------------

/** Day 1 15–21: the blackmail placed in the morning strikes now; the target sends his own act (Гневная речь on p03). */
function strike(
  targetCharacter: string,
  forced: GState['forced'][number],
  used: Record<string, number> = {},
): { state: GState; events: GEvent[] } {
  const s = newGame({}, 'blackmail-strike');
  s.t = 1;
  // the others have acted today (no fines for idling at 21:00); the target has not
  for (const p of s.players) Object.assign(p, { prison: false, vo: 0, tv: 0, used: {}, mainHalf: 0 });
  Object.assign(s.players.find((p) => p.id === TARGET)!, {
    role: 'commoner',
    character: targetCharacter,
    used,
    mainHalf: null,
  });
  s.forced = [forced];
  const own = rules.parseOrders(`ДЕЙСТВИЕ речь ${name(OTHER)}`, { state: s, player: TARGET, lang: 'ru' });
  expect(own.errors).toEqual([]);
  const out = rules.adjudicate(s, new Map<PlayerId, GOrder[]>([[TARGET, own.orders]]), new SeededRng(1), {
    phase: 2,
    deadline: null,
    messages: [],
    gm: NO_GM_INPUTS,
  });
  return { state: out.state, events: out.events as GEvent[] };
}

const results = (events: GEvent[]) => events.filter((e) => e.type === 'result' && e.player === TARGET);
const told = (events: GEvent[]) =>
  events.some((e) => e.type === 'notice' && e.player === TARGET && e.code === 'n-forced');

/** Secret day actions a commoner can be made to do on p03 or p05 as they stand (no prisoner or member target, no anonymous number, not the trick). */
const PLAIN = CHARACTERS.map((c) => c.actions[0]!).filter(
  (a) => !a.target && a.choice !== 'number' && a.effect !== 'extraOrdinary' && a.effect !== 'release',
);

function forcedOf(key: string | null, kind: 'secret' | null) {
  const def = key ? allActions().find((a) => a.key === key)! : null;
  return {
    target: TARGET,
    by: WRITER,
    key,
    kind,
    targets: [OTHER, 'p05'].slice(0, def ? def.targets : 1),
    args: def?.choice === 'stat' ? { stat: 'vo' as const } : def?.choice === 'sign' ? { sign: 1 as const } : {},
  };
}

describe('Шантаж at the deadline', () => {
  it('another character’s secret action is none of his moves: the blackmail comes to nothing, his own act stands, he is not told', () => {
    let pairs = 0;
    for (const mine of CHARACTER_SLUGS)
      for (const named of CHARACTERS.filter(
        (c) => c.slug !== mine && c.actions[0]!.slug.en !== character(mine).actions[0]!.slug.en,
      )) {
        const { state, events } = strike(mine, forcedOf(named.actions[0]!.key, null));
        const r = results(events);
        expect(
          r.map((e) => [e.action, e.via, e.outcome]),
          `${mine} made to ${named.slug}`,
        ).toEqual([['commoner.day', 'own', 'r-done']]);
        expect(told(events)).toBe(false);
        expect(state.forced).toEqual([]);
        expect(state.players.find((p) => p.id === OTHER)!.vo).toBe(-3);
        pairs++;
      }
    expect(pairs).toBe(13 * 12);
  });

  it('his own secret action, named or as «тайное», is forced as before: his act is replaced and he is told', () => {
    expect(PLAIN.length).toBeGreaterThan(6);
    for (const def of PLAIN)
      for (const forced of [
        forcedOf(def.key, null),
        { ...forcedOf(def.key, null), key: null, kind: 'secret' as const },
      ]) {
        const { state, events } = strike(def.owner, forced);
        const r = results(events);
        // carried out (an act with nothing to change, such as doubling a ТВ of 0, reports "no effect")
        expect(
          r.map((e) => [e.action, e.via, e.outcome === 'r-no-effect' ? 'r-done' : e.outcome]),
          `${def.key} ${forced.kind ?? ''}`,
        ).toEqual([
          ['commoner.day', 'own', 'r-replaced-blackmail'],
          [def.key, 'forced', 'r-done'],
        ]);
        expect(told(events)).toBe(true);
        expect(state.forced).toEqual([]);
      }
  });

  it('a move he holds but cannot make now (its cooldown) comes to nothing like one he does not hold', () => {
    const def = PLAIN.find((a) => a.cooldownHours > 0)!;
    const { state, events } = strike(def.owner, forcedOf(def.key, null), { [def.key]: 0 });
    expect(results(events).map((e) => [e.action, e.via, e.outcome])).toEqual([['commoner.day', 'own', 'r-done']]);
    expect(told(events)).toBe(false);
    expect(state.forced).toEqual([]);
  });

  it('a choice his action does not take changes nothing: «рядовое … -» forced on Гневная речь still takes 3 ВО', () => {
    for (const sign of [-1, 1] as const) {
      const forced = { ...forcedOf(null, null), kind: 'ordinary' as const, args: { sign } };
      const { state, events } = strike('influential', forced);
      expect(results(events).map((e) => [e.action, e.via, e.outcome, e.args])).toEqual([
        ['commoner.day', 'own', 'r-replaced-blackmail', {}],
        ['commoner.day', 'forced', 'r-done', {}],
      ]);
      expect(state.players.find((p) => p.id === OTHER)!.vo, `sign ${sign}`).toBe(-3);
    }
  });
});
