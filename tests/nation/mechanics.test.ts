// The nation kind's mechanics, function by function, and the adjudication paths the
// order parser never lets through (refusals that only adjudication makes).
import { describe, expect, it } from 'vitest';
import { ForcedRng } from '../../src/engine/rng.js';
import { NO_GM_INPUTS, type GameEvent } from '../../src/engine/types.js';
import { adjudicate } from '../../src/games/nation/adjudicate.js';
import { ageModifier } from '../../src/games/nation/age.js';
import { parseState } from '../../src/games/nation/case-prestate.js';
import { growth } from '../../src/games/nation/growth.js';
import {
  applyPi,
  degreeMod,
  idleChange,
  modFormula,
  modValue,
  piForInfluence,
  takeSlot,
} from '../../src/games/nation/influence.js';
import { clampLevel, levelName, parseLevel } from '../../src/games/nation/ladder.js';
import { maxActions, penaltyFor } from '../../src/games/nation/penalties.js';
import { reasonableSize, sizeModifier } from '../../src/games/nation/size.js';
import { strategicResult, timeModifier } from '../../src/games/nation/strategic.js';
import { directionRefusal, parseDirection, styleProblems } from '../../src/games/nation/style.js';
import type { Direction, NationOrder, NationState } from '../../src/games/nation/types.js';

const style = (x: Partial<Record<Direction, number>>) => ({
  aggression: 0,
  flexibility: 0,
  intellect: 0,
  wisdom: 0,
  constitution: 0,
  communication: 0,
  ...x,
});

describe('ladder', () => {
  it('reads names and words in both languages', () => {
    expect(parseLevel('Хорошо')).toBe(1);
    expect(parseLevel('превосходный')).toBe(3);
    expect(parseLevel('Mediocre')).toBe(-1);
    expect(parseLevel('−2')).toBe(-2);
    expect(parseLevel('+4')).toBeNull();
    expect(parseLevel('отлично')).toBe(2);
    expect(levelName(0, 'ru')).toBe('Нормально');
    expect(levelName(0, 'en')).toBe('Fair');
    expect(clampLevel(5)).toBe(3);
  });
});

describe('style', () => {
  it('the constraint', () => {
    expect(styleProblems(style({}), 'en')).toEqual([]);
    expect(styleProblems(style({ aggression: 1, wisdom: 1, intellect: -1 }), 'en')).toEqual([]);
    expect(styleProblems(style({ aggression: 1, wisdom: 1 }), 'en')[0]).toContain('add up to +2');
    expect(
      styleProblems(
        style({ aggression: 2, wisdom: 2, intellect: -1, flexibility: -1, constitution: -1, communication: -1 }),
        'en',
      ),
    ).toEqual([]);
    expect(styleProblems(style({ aggression: 2, wisdom: -1, intellect: -1 }), 'en')).toEqual([]);
    expect(styleProblems(style({ aggression: 3, wisdom: -1, intellect: -1 }), 'en')).toEqual([]);
    expect(styleProblems(style({ aggression: 2, wisdom: 2, intellect: -2, flexibility: -1 }), 'en').join()).toContain(
      'allowed only as',
    );
    expect(styleProblems(style({ aggression: 3, wisdom: -2, intellect: 0 }), 'en').join()).toContain('allowed only as');
    expect(styleProblems(style({ aggression: 3, wisdom: -3 }), 'en').join()).toContain('allowed only as');
    expect(styleProblems(style({ aggression: 1, wisdom: 1 }), 'ru')[0]).toContain('по абсолютной величине');
  });
  it('Гибкость only for ordinary, Устойчивость only for strategic actions', () => {
    expect(directionRefusal('flexibility', false, 'en')).toBeNull();
    expect(directionRefusal('flexibility', true, 'ru')).toContain('не-стратегическим');
    expect(directionRefusal('constitution', true, 'en')).toBeNull();
    expect(directionRefusal('constitution', false, 'en')).toContain('strategic actions only');
    expect(parseDirection('Мудрость')).toBe('wisdom');
    expect(parseDirection('charisma')).toBe('communication');
  });
});

describe('growth', () => {
  it('the document example, four turns', () => {
    const c = parseState('country alba area=1 population=1 gnp=-1 stability=-2').countries[0]!;
    const pps: number[] = [];
    const pops: number[] = [];
    for (const fd of [1, 0, 0, 1]) {
      const g = growth(c, fd, 0);
      pps.push(g.pp);
      c.attrs.population = g.populationTo;
      c.growth = g.carried;
      pops.push(c.attrs.population);
    }
    expect(pps).toEqual([-2, -5, -4, -1]);
    expect(pops).toEqual([1, 0, -1, -1]);
    expect(c.growth).toBe(-1);
  });
});

describe('age', () => {
  it('rows, between rows, outside the table', () => {
    expect([20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75].map(ageModifier)).toEqual([
      -2, -1, 0, 1, 2, 3, 2, 1, 0, -1, -2, -3,
    ]);
    expect(ageModifier(49)).toBe(3);
    expect(ageModifier(79)).toBe(-3);
    expect(ageModifier(80)).toBe(-3);
    expect(ageModifier(15)).toBe(-3);
    expect(ageModifier(3)).toBe(-3);
  });
});

describe('influence', () => {
  it('degree modifiers', () => {
    expect(modValue(degreeMod(-2, 1), -1)).toBe(0);
    expect(modValue(degreeMod(-2, 1), 1)).toBe(1);
    expect(modValue(degreeMod(-1, 1), -1)).toBe(1);
    expect(modValue(degreeMod(0, -1), 1)).toBe(-1);
    expect(modValue(degreeMod(0, -1), -1)).toBe(0);
    expect(modValue(degreeMod(1, -1), -1)).toBe(-1);
    expect(modValue(degreeMod(-1, -1), 1)).toBe(0);
    expect(modValue(degreeMod(3, -1), null)).toBe(-2);
    expect(modFormula(degreeMod(0, -1))).toBe('−max(0, FD)');
    expect(modFormula(degreeMod(-1, 1))).toBe('|FD|');
  });
  it('slots: shortest free period first', () => {
    const f = parseState('country alba\nfigure ivan in=alba influentiality=superb slots=4,-,4').figures[0]!;
    const used = [...f.slotsUsed];
    expect(takeSlot(f, 5, used)).toBe(0);
    expect(takeSlot(f, 5, used)).toBe(1);
    expect(takeSlot(f, 5, used)).toBeNull(); // the period-2 slot was used in turn 4
    expect(used).toEqual([5, 5, 4]);
  });
  it('ПИ', () => {
    expect(piForInfluence(1, 1)).toEqual({ change: 3, reason: 'positive-success' });
    expect(piForInfluence(1, 0).change).toBe(0);
    expect(piForInfluence(-1, 0)).toEqual({ change: 3, reason: 'negative-failure' });
    expect(piForInfluence(-1, -4)).toEqual({ change: 6, reason: 'negative-disaster' });
    expect(piForInfluence(-1, 1).change).toBe(0);
    expect([-1, 0, 1].map(idleChange)).toEqual([0, -1, -2]);
    expect(applyPi(4, 0, 3)).toEqual({ pi: 1, degree: 1 });
    expect(applyPi(-5, 0, -2)).toEqual({ pi: -1, degree: -1 });
    expect(applyPi(5, 3, 3)).toEqual({ pi: 2, degree: 3 });
    expect(applyPi(0, -3, -6)).toEqual({ pi: 0, degree: -3 });
    expect(applyPi(4, 0, 9)).toEqual({ pi: 1, degree: 2 });
  });
});

describe('penalties and size', () => {
  it('written order and availability', () => {
    expect([1, 2, 3].map((r) => penaltyFor('secret', 'country', 3, r))).toEqual([-1, -2, -2]);
    expect([1, 2, 3, 4, 5, 6].map((r) => penaltyFor('public', 'country', 6, r))).toEqual([-1, -1, -1, 0, 0, 0]);
    expect(maxActions('secret', 'undergroundFigure')).toBe(2);
    expect(maxActions('public', 'undergroundFigure')).toBe(1);
    expect(maxActions('public', 'figure')).toBe(3);
    expect(maxActions('public', 'country')).toBe(8);
    expect(() => penaltyFor('secret', 'figure', 3, 1)).toThrow();
  });
  it('РР and the size modifier', () => {
    const s = parseState(
      'country alba area=2 population=1\ncountry bob area=2 population=0\norder guild in=alba size=-1',
    );
    expect(reasonableSize(s, { type: 'country', id: 'alba' })).toBe(2);
    expect(reasonableSize(s, { type: 'country', id: 'bob' })).toBe(1);
    expect(reasonableSize(s, { type: 'order', id: 'guild' })).toBe(-1);
    expect(sizeModifier(1, 3)).toBe(-4);
    expect(sizeModifier(1, 1)).toBe(0);
    expect(sizeModifier(2, -1)).toBe(3);
  });
});

describe('strategic', () => {
  it('time modifier, floored', () => {
    expect(timeModifier(1, 4)).toBe(-3);
    expect(timeModifier(2, 4)).toBe(-2);
    expect(timeModifier(3, 4)).toBe(-1);
    expect(timeModifier(4, 4)).toBe(0);
    expect(timeModifier(3, 2)).toBe(1);
    expect(timeModifier(4, 2)).toBe(2);
    expect(timeModifier(3, 1)).toBe(3);
    expect(timeModifier(1, 5)).toBe(-3);
    expect(timeModifier(5, 6)).toBe(-1);
    expect(timeModifier(7, 5)).toBe(0);
    expect(timeModifier(10, 1)).toBe(3);
  });
  it('the formula rules over the document examples', () => {
    expect(strategicResult(1, 1 + 2 + 0, -1, 4, 0)).toBe(0.5);
    expect(strategicResult(1, 1, -3, 4, 0)).toBe(-3.5);
  });
});

// ---------------------------------------------------------------------------
// Adjudication paths the parser never reaches.

function run(state: NationState, orders: Record<string, NationOrder[]>, dice: number[] = []) {
  const rng = new ForcedRng(dice);
  const out = adjudicate(state, new Map(Object.entries(orders)), rng, {
    phase: 1,
    deadline: null,
    messages: [],
    gm: NO_GM_INPUTS,
  });
  return { ...out, unused: rng.unusedDice };
}
const refused = (events: GameEvent[]) => events.filter((e) => e.type === 'refused').map((e) => e.reason);
const act = (over: Partial<Extract<NationOrder, { type: 'action' }>>): NationOrder => ({
  type: 'action',
  line: 1,
  actor: { type: 'country', id: 'alba' },
  visibility: 'public',
  direction: 'wisdom',
  text: 'x',
  scale: null,
  strategic: null,
  gainInfluence: null,
  ...over,
});

describe('adjudication refusals', () => {
  const s1 = () =>
    parseState(
      'country alba\ncountry bob\norder guild in=alba\nfigure ivan in=alba\ninfluence ivan on=guild degree=fair',
    );
  it('a strategic action on Гибкость, an ordinary one on Устойчивость', () => {
    const r = run(s1(), {
      alba: [
        act({ line: 1, direction: 'flexibility', strategic: { mode: 'ask-time' } }),
        act({ line: 2, direction: 'constitution' }),
        act({ line: 3, direction: 'constitution', strategic: { mode: 'ask-time' } }),
      ],
    });
    expect(refused(r.events)).toEqual(['direction-ordinary-only', 'direction-strategic-only']);
    expect(r.state.strategic.map((s) => s.id)).toEqual(['S1']);
  });
  it('not yours, figures in stage 1, influence in stage 1, gain by a country', () => {
    const r = run(s1(), {
      alba: [
        act({ line: 1, actor: { type: 'country', id: 'bob' } }),
        act({ line: 2, actor: { type: 'figure', id: 'ivan' } }),
        { type: 'influence', line: 3, figure: 'ivan', visibility: 'secret', target: 'A1', sign: 1, text: '' },
        act({ line: 4, gainInfluence: 'guild' }),
        act({ line: 5, actor: { type: 'order', id: 'nobody' } }),
      ],
    });
    expect(refused(r.events)).toEqual([
      'not-yours',
      'figure-in-stage-1',
      'influence-in-stage-1',
      'gain-not-figure',
      'unknown-actor',
    ]);
  });
  it('stage 2: countries, strategic figures, abandon, unknown target, gain without influence', () => {
    const s = parseState(
      'turn 1 stage 2\ncountry alba\ncountry bob\norder guild in=alba\nfigure ivan in=alba\ninfluence ivan on=guild degree=fair\ndeclared A1 by=bob visibility=secret direction=wisdom',
    );
    const r = run(
      s,
      {
        alba: [
          act({ line: 1 }),
          act({ line: 2, actor: { type: 'figure', id: 'ivan' }, strategic: { mode: 'ask-time' } }),
          { type: 'abandon', line: 3, id: 'S1' },
          { type: 'influence', line: 4, figure: 'ivan', visibility: 'secret', target: 'A1', sign: 1, text: '' },
          act({ line: 5, actor: { type: 'figure', id: 'ivan' }, gainInfluence: 'bob' }),
        ],
      },
      [2, 2, 2, 2, 2, 2, 2],
    );
    expect(refused(r.events)).toEqual([
      'country-in-stage-2',
      'figure-strategic',
      'abandon-in-stage-2',
      'unknown-target',
      'gain-no-influence',
    ]);
    expect(r.unused).toEqual([]);
  });
  it('continuing someone else’s or a finished strategic action', () => {
    const s = parseState(
      'turn 3\ncountry alba\ncountry bob\nstrategic S1 by=bob estimate=3 progress=1\nstrategic S2 by=alba estimate=3 progress=1,1,1 status=done\nstrategic S3 by=alba estimate=3 progress=1',
    );
    const r = run(s, {
      alba: [
        act({ line: 1, strategic: { mode: 'continue', id: 'S1', planned: null } }),
        act({ line: 2, strategic: { mode: 'continue', id: 'S2', planned: null } }),
        act({ line: 3, strategic: { mode: 'continue', id: 'S3', planned: 1 } }),
        act({ line: 4, actor: { type: 'order', id: 'x' }, strategic: { mode: 'continue', id: 'S3', planned: null } }),
      ],
    });
    expect(refused(r.events)).toEqual([
      'unknown-strategic',
      'strategic-not-active',
      'planned-too-short',
      'unknown-actor',
    ]);
  });
});
