// A faction member's action performed by another (RULES.md §10, ruling
// godfather/proxy-named-publicly): the leader's action (ЛИДЕР: his ordinary
// action), Ремонт каюты капитана (his secret action) and Маскировка фракционного
// логова (his ordinary action). His role is public; what he holds — his secret
// character, an imitated role, a lost action, cooldowns, ТВ — is his secret: the
// order's acknowledgement, its refusals and its forecast are the same whatever it
// is. At the deadline the member's action is held up against the order: it is
// performed when it fits (and the performer's result names it), else the move is
// spent for nothing and the result says only that.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeededRng } from '../../src/engine/rng.js';
import { NO_GM_INPUTS, type Lang, type PlayerId } from '../../src/engine/types.js';
import { kindAction } from '../../src/games/godfather/access.js';
import { rules } from '../../src/games/godfather/index.js';
import type { GOrder } from '../../src/games/godfather/order-types.js';
import { CHARACTERS, ROLE_SLUGS, allActions } from '../../src/games/godfather/tables.js';
import { halfIndex, type GEvent, type GState } from '../../src/games/godfather/state.js';
import { IDS, NAMES, newGame } from './helpers.js';
import { hide, hiddenArb, sameAcknowledgement, type Hidden } from './hidden.js';

const [WRITER, MEMBER, OTHER] = ['p01', 'p02', 'p03'] as const;
const name = (id: string) => NAMES[IDS.indexOf(id)]!;

/** The three orders and the writer's role each needs (the leader's action needs only the lead). */
const HEADS = [
  { words: ['ДЕЙСТВИЕ каюта', 'ACT cabin', 'каюта'], role: 'shipwright', kind: 'secret' },
  { words: ['ДЕЙСТВИЕ логово', 'ACT lair', 'маскировка логова'], role: 'indian', kind: 'ordinary' },
  { words: ['ЛИДЕР', 'ACT leader', 'действие лидера:'], role: 'planter', kind: 'ordinary' },
] as const;

/** Period t with the writer leading a faction of himself and the member; he has not acted yet. */
function base(t: number, writerRole: string, memberRole: string): GState {
  const s = newGame({}, 'proxy');
  s.t = t;
  for (const p of s.players) Object.assign(p, { prison: false, used: {}, mainHalf: null, lost: [] });
  Object.assign(s.players.find((p) => p.id === WRITER)!, { role: writerRole, vo: 8 });
  Object.assign(s.players.find((p) => p.id === MEMBER)!, { role: memberRole });
  s.factions = [
    { id: 'F1', leader: WRITER, members: [WRITER, MEMBER], joined: { [WRITER]: 0, [MEMBER]: 0 }, expelDay: null },
  ];
  return s;
}

/** The state with the member's hidden state as given (his role, which is public, stays). */
function withMember(s0: GState, x: Hidden): GState {
  const s = structuredClone(s0);
  hide(s, MEMBER, x);
  return s;
}

/** Words a writer may put after the member: kind words, "his secret action", any action's slug (the lair may name any role action), choices. */
const WORDS = [
  ...['его', 'тайное', 'действие', 'рядовое', 'дневное', 'ночное', 'his', 'secret', 'action', 'ordinary', 'day'],
  ...['геройское', 'индивидуальное', 'манипуляция', 'hero', 'individual', 'manipulation'],
  ...allActions().flatMap((a) => [a.slug.ru, a.slug.en]),
  ...['+', '-', 'ВО', 'TV', 'казнь', 'посадить', '3'],
];

const orderArb = fc.record({
  t: fc.integer({ min: 0, max: 17 }),
  head: fc.integer({ min: 0, max: 2 }),
  variant: fc.integer({ min: 0, max: 2 }),
  memberRole: fc.constantFrom(...ROLE_SLUGS),
  words: fc.array(fc.constantFrom(...WORDS), { maxLength: 3 }),
  targets: fc.subarray([OTHER, 'p04', 'p05', WRITER, MEMBER], { maxLength: 3 }),
  lang: fc.constantFrom<Lang>('ru', 'en'),
});

describe('the leader’s action and the proxies: the order shows nothing of what the member holds', () => {
  it('the same acknowledgement, refusals and forecast whatever his character, imitated role, lost actions and other secrets', () => {
    const seen = { accepted: 0, refused: 0, differs: 0 };
    fc.assert(
      fc.property(orderArb, hiddenArb, hiddenArb, (o, a, b) => {
        const head = HEADS[o.head]!;
        const s0 = base(o.t, head.role, o.memberRole);
        const text = [head.words[o.variant], name(MEMBER), ...o.words, ...o.targets.map(name)].join(' ');
        const sa = withMember(s0, a);
        const sb = withMember(s0, b);
        const one = sameAcknowledgement(sa, sb, WRITER, text, o.lang);
        if (one.r.orders.length) seen.accepted++;
        else seen.refused++;
        // and the member's action at the deadline is not the same in the two states
        if (one.r.orders.length && kindAction(sa, MEMBER, head.kind)?.key !== kindAction(sb, MEMBER, head.kind)?.key)
          seen.differs++;
      }),
      { numRuns: 800, seed: 34 },
    );
    expect(seen.accepted).toBeGreaterThan(100);
    expect(seen.refused).toBeGreaterThan(100);
    expect(seen.differs).toBeGreaterThan(50);
  });

  it('says what was asked in public terms', () => {
    const s = base(0, 'shipwright', 'innkeeper');
    Object.assign(s.players.find((p) => p.id === MEMBER)!, { character: 'strategist' });
    const echo = (text: string, lang: Lang = 'ru') =>
      rules.parseOrders(text, { state: s, player: WRITER, lang }).echo.map((e) => e.understood);
    expect(echo(`ДЕЙСТВИЕ каюта ${name(MEMBER)} ${name(OTHER)}`)).toEqual([
      `Ремонт каюты капитана: ${name(MEMBER)} — его тайное дневное действие → ${name(OTHER)}`,
    ]);
    expect(echo(`ACT cabin ${name(MEMBER)} his secret action ${name(OTHER)} +`, 'en')).toEqual([
      `Repair the captain's cabin: ${name(MEMBER)} — his secret day action (+) → ${name(OTHER)}`,
    ]);
    // Маскировка names any of his role actions (ruling godfather/lair-any-role-action), by the table or by its kind
    const lair = base(0, 'indian', 'innkeeper');
    const lairEcho = (text: string, lang: Lang = 'ru') =>
      rules.parseOrders(text, { state: lair, player: WRITER, lang }).echo.map((e) => e.understood);
    expect(lairEcho(`ДЕЙСТВИЕ логово ${name(MEMBER)} неодобрение`)).toEqual([
      `Маскировка фракционного логова: ${name(MEMBER)} — его действие (по роли — Вызвать неодобрение в обществе)`,
    ]);
    expect(lairEcho(`ACT lair ${name(MEMBER)} hero`, 'en')).toEqual([
      `Disguise the faction's lair: ${name(MEMBER)} — his hero action (by the role: Provoke a riot)`,
    ]);
    expect(echo(`ЛИДЕР ${name(MEMBER)} байки ${name(OTHER)}`)).toEqual([
      `Действие лидера: ${name(MEMBER)} — его рядовое действие (по роли — Упомянуть в местных байках) → ${name(OTHER)}`,
    ]);
  });
});

// ---- at the deadline --------------------------------------------------------------

/** One period (day 1 09–15 unless t is given) with the writer's order only; the member has acted already. */
function deadline(
  s0: GState,
  text: string,
  t = 0,
): { state: GState; events: GEvent[]; mine: GEvent[]; toMember: GEvent[] } {
  const s = structuredClone(s0);
  s.t = t;
  Object.assign(s.players.find((p) => p.id === MEMBER)!, { mainHalf: halfIndex(t) });
  const r = rules.parseOrders(text, { state: s, player: WRITER, lang: 'ru' });
  expect(r.errors, text).toEqual([]);
  const out = rules.adjudicate(s, new Map<PlayerId, GOrder[]>([[WRITER, r.orders]]), new SeededRng(1), {
    phase: 1,
    deadline: null,
    messages: [],
    gm: NO_GM_INPUTS,
  });
  const events = out.events as GEvent[];
  const to = (id: string) => events.filter((e) => Array.isArray(e.audience) && e.audience.includes(id));
  return {
    state: out.state,
    events,
    mine: events.filter((e) => e.type === 'result' && e.player === WRITER),
    // what the member reads of it, but for his own feature's findings (Внимательный: on whom his faction's members acted)
    toMember: to(MEMBER).filter((e) => !(e.type === 'learned' && e.what === 'factionTargets')),
  };
}

/** Secret day actions that can be performed on the players named as they stand (no prisoner or member target, no anonymous number, not the trick). */
const PLAIN = CHARACTERS.map((c) => c.actions[0]!).filter(
  (a) => !a.target && a.choice !== 'number' && a.effect !== 'extraOrdinary' && a.effect !== 'release',
);

/** The words of a cabin order shaped for a secret action: its number of targets and its choice. */
function shapedFor(def: (typeof PLAIN)[number]): string {
  const targets = [OTHER, 'p04', 'p05'].slice(0, def.targets).map(name);
  const choice = def.choice === 'stat' ? 'ВО' : def.choice === 'sign' ? '+' : '';
  return `ДЕЙСТВИЕ каюта ${name(MEMBER)} ${targets.join(' ')} ${choice}`.trim();
}

describe('Ремонт каюты капитана at the deadline', () => {
  it('his secret action is performed when the order fits it, and the result names it; else the move is spent for nothing', () => {
    expect(PLAIN.length).toBeGreaterThan(6);
    let performed = 0;
    let spent = 0;
    for (const mine of PLAIN)
      for (const shape of PLAIN) {
        if (shape !== mine && shape.targets === mine.targets) continue;
        const s = base(0, 'shipwright', 'commoner');
        Object.assign(s.players.find((p) => p.id === MEMBER)!, { character: mine.owner });
        const { state, mine: results, toMember } = deadline(s, shapedFor(shape));
        const writer = state.players.find((p) => p.id === WRITER)!;
        // either way the move and the cabin's counter are spent; the member is told nothing
        expect(writer.used['shipwright.faction'], `${mine.key} for ${shape.key}`).toBe(0);
        expect(writer.mainHalf).toBe(0);
        expect(toMember).toEqual([]);
        const got = results.map((e) => [e.action, e.via, e.outcome === 'r-no-effect' ? 'r-done' : e.outcome]);
        if (shape === mine) {
          expect(got, mine.key).toEqual([[mine.key, 'proxy', 'r-done']]);
          performed++;
        } else {
          expect(got, `${mine.key} for ${shape.key}`).toEqual([['shipwright.faction', 'proxy', 'r-proxy-void']]);
          expect(results[0]!.params).toEqual({ member: MEMBER });
          // nothing of it reached the players named
          for (const id of [OTHER, 'p04', 'p05'])
            expect(state.players.find((p) => p.id === id)!.vo).toBe(s.players.find((p) => p.id === id)!.vo);
          spent++;
        }
      }
    expect(performed).toBe(PLAIN.length);
    expect(spent).toBeGreaterThan(20);
  });

  it('a choice his action needs and the order lacks, or one it does not take: missing voids it, extra is ignored', () => {
    const s = base(0, 'shipwright', 'commoner');
    Object.assign(s.players.find((p) => p.id === MEMBER)!, { character: 'loner' });
    // Одиночка's Усилить влияние: no target, ВО or ТВ to choose
    expect(deadline(s, `ДЕЙСТВИЕ каюта ${name(MEMBER)}`).mine.map((e) => e.outcome)).toEqual(['r-proxy-void']);
    const done = deadline(s, `ДЕЙСТВИЕ каюта ${name(MEMBER)} ВО -`).mine;
    expect(done.map((e) => [e.action, e.outcome, e.args])).toEqual([['loner.secretDay', 'r-done', { stat: 'vo' }]]);
  });

  it('an action the member lost (Кабальный договор) is not his to lend', () => {
    const s = base(0, 'shipwright', 'commoner');
    Object.assign(s.players.find((p) => p.id === MEMBER)!, { character: 'strategist', lost: ['strategist.secretDay'] });
    const { mine, events } = deadline(s, `ДЕЙСТВИЕ каюта ${name(MEMBER)} ${name(OTHER)}`);
    expect(mine.map((e) => e.outcome)).toEqual(['r-proxy-void']);
    const trace = events.find((e) => e.type === 'trace')!.lines as { code: string; params: Record<string, unknown> }[];
    expect(trace.find((l) => l.code === 'trace-proxy-void')?.params).toMatchObject({
      member: MEMBER,
      action: 'strategist.secretDay',
      problem: 'member-lost-action',
    });
  });
});

describe('the leader’s action and Маскировка фракционного логова at the deadline', () => {
  it('read by his public role, performed as his ordinary action is then: an imitated role’s when it fits', () => {
    for (const [head, role, key] of [
      ['ЛИДЕР', 'planter', 'leader'],
      ['ДЕЙСТВИЕ логово', 'indian', 'indian.faction'],
    ] as const) {
      const s = base(0, role, 'innkeeper');
      // Искусное подражание: the member is a commoner for now (Гневная речь, −3 ВО, one target, as the tales)
      s.lasting.push({ type: 'mimic', target: MEMBER, by: MEMBER, from: 0, until: 3, params: { role: 'commoner' } });
      const vo = s.players.find((p) => p.id === OTHER)!.vo;
      const { state, mine, toMember } = deadline(s, `${head} ${name(MEMBER)} ${name(OTHER)}`);
      expect(
        mine.map((e) => [e.action, e.outcome]),
        head,
      ).toEqual([['commoner.day', 'r-done']]);
      expect(state.players.find((p) => p.id === OTHER)!.vo).toBe(vo - 3);
      expect(state.players.find((p) => p.id === WRITER)!.used[key]).toBe(0);
      expect(toMember).toEqual([]);
      // an imitated aristocrat's Распустить слух needs a sign the order, read by the tales, does not give: spent for nothing
      s.lasting[s.lasting.length - 1]!.params = { role: 'aristocrat' };
      const void_ = deadline(s, `${head} ${name(MEMBER)} ${name(OTHER)}`);
      expect(
        void_.mine.map((e) => [e.action, e.outcome]),
        head,
      ).toEqual([['innkeeper.day', 'r-proxy-void']]);
      expect(void_.state.players.find((p) => p.id === OTHER)!.vo).toBe(vo);
      expect(void_.state.players.find((p) => p.id === WRITER)!.used[key]).toBe(0);
    }
  });

  it('a spent move is a move: no fine for not acting at 21:00', () => {
    const s = base(1, 'planter', 'innkeeper');
    Object.assign(s.players.find((p) => p.id === MEMBER)!, { lost: ['innkeeper.day'] });
    const { mine, events } = deadline(s, `ЛИДЕР ${name(MEMBER)} ${name(OTHER)}`, 1);
    expect(mine.map((e) => e.outcome)).toEqual(['r-proxy-void']);
    expect(events.some((e) => e.type === 'reprimand' && e.player === WRITER)).toBe(false);
  });
});
