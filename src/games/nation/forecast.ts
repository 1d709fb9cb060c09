// The forecast of a nation player's orders (issue #33): the stage's own planning
// (plan.ts: which orders stand, ranks, penalties, refusals) with his orders
// alone, and each of his actions' modifiers as the resolution will add them
// (modifiers.ts staticModifiers: style, penalty, size, age; his own figures'
// influence of this stage; permanent influence), with the exact distribution
// of the dice and the odds at the difficulty the worksheet proposes; and his
// countries' population growth for every face of its FUDGE die (growth.ts).
// Nobody else's orders are read (the others hold): no other influence, no GM
// decision (scale, difficulty, modifiers: their defaults).
import type { PlayerId } from '../../engine/types.js';
import { attemptCounts } from '../../dice/dist.js';
import { outcomeOf, type Outcome } from './dice.js';
import { growth, type GrowthResult } from './growth.js';
import { degreeMod, modValue, needsDie, PERMANENT_VALUE } from './influence.js';
import { staticModifiers } from './modifiers.js';
import { planStage1, planStage2, type Refusal } from './plan.js';
import { PROGRESS_DICE } from './strategic.js';
import { CONST } from './tables.js';
import type { DeclaredAction, Modifier, NationOrder, NationState } from './types.js';

/** An influence of the player's own figure on an action: its value, or its values for each face of its die. */
export interface InfluenceOn {
  /** The influence action (F…). */
  action: string;
  figure: string;
  values: number[];
  permanent: boolean;
}

export interface ActionForecast {
  action: DeclaredAction;
  /** The order line it comes from (the player's mail). */
  line: number | null;
  /** ordinary: 4dF + modifiers − difficulty; step: 1dF + modifiers (a strategic action's progress); influence: a modifier on its target. */
  kind: 'ordinary' | 'step' | 'influence';
  /** The modifiers known now, in the resolution's order (influences with a die are in `dieInfluences`). */
  modifiers: Modifier[];
  /** His figures' influences on it whose value a FUDGE die decides. */
  dieInfluences: InfluenceOn[];
  /** FUDGE dice rolled for it (0 for an influence action). */
  dice: number;
  /** Every value of dice + modifiers (+ die influences) with its number of equally likely rolls, and their total. */
  counts: Map<number, bigint>;
  total: bigint;
  /** The difficulty the worksheet proposes (ordinary actions; the GM may set another), else null. */
  difficulty: number | null;
  /** An influence action: on which action, and its value(s). */
  influence: (InfluenceOn & { target: string }) | null;
}

export interface GrowthForecast {
  country: string;
  /** For each face of the FUDGE die (−1, 0, +1): the growth as growth.ts computes it. */
  outcomes: (GrowthResult & { die: number })[];
}

export interface NationForecast {
  stage: 1 | 2;
  actions: ActionForecast[];
  refused: Refusal[];
  growth: GrowthForecast[];
}

const FACES = [-1, 0, 1];

/** The values of dice + modifiers + die influences, each with its count of equally likely rolls. */
export function actionCounts(
  dice: number,
  fixed: number,
  dieValues: number[][],
): { counts: Map<number, bigint>; total: bigint } {
  let counts = new Map<number, bigint>([[fixed, 1n]]);
  if (dice > 0) {
    const fudge = attemptCounts({ form: 'fudge', count: dice, modifier: fixed, vs: null, advantage: 'none' });
    counts = new Map(fudge);
  }
  for (const values of dieValues) {
    const next = new Map<number, bigint>();
    for (const [v, c] of counts) for (const x of values) next.set(v + x, (next.get(v + x) ?? 0n) + c);
    counts = next;
  }
  const total = [...counts.values()].reduce((a, c) => a + c, 0n);
  return { counts: new Map([...counts].sort((a, b) => a[0] - b[0])), total };
}

/** The chances of each outcome of an ordinary action at a difficulty (4dF + modifiers − difficulty). */
export function outcomeCounts(f: Pick<ActionForecast, 'counts'>, difficulty: number): Record<Outcome, bigint> {
  const out: Record<Outcome, bigint> = { success: 0n, failure: 0n, disaster: 0n };
  for (const [v, c] of f.counts) out[outcomeOf(v - difficulty)] += c;
  return out;
}

/** The accepted orders of the player in line order, skipping abandons and refused lines: one action each. */
function linesOf(orders: NationOrder[], refused: Refusal[]): number[] {
  const no = new Set(refused.map((r) => r.line));
  return [...orders]
    .sort((a, b) => a.line - b.line)
    .filter((o) => o.type !== 'abandon' && !no.has(o.line))
    .map((o) => o.line);
}

/** His influence action's value(s) on its target, as stage 2 of the resolution computes them. */
function influenceOf(state: NationState, a: DeclaredAction, permanent: boolean): InfluenceOn & { target: string } {
  const f = state.figures.find((x) => x.id === a.actor.id)!;
  const target = state.declared.find((x) => x.id === a.influence!.target)!;
  const inf = f.influence.find((i) => i.order === target.actor.id)!;
  const m = degreeMod(inf.degree, a.influence!.sign);
  const values = permanent ? [PERMANENT_VALUE] : needsDie(m) ? FACES.map((d) => modValue(m, d)) : [modValue(m, null)];
  return { action: a.id, figure: f.id, values, permanent, target: target.id };
}

function forecastAction(
  state: NationState,
  a: DeclaredAction,
  line: number | null,
  influences: (InfluenceOn & { target: string })[],
): ActionForecast {
  if (a.influence) {
    const inf = influences.find((x) => x.action === a.id)!;
    return {
      action: a,
      line,
      kind: 'influence',
      modifiers: [],
      dieInfluences: [],
      dice: 0,
      counts: new Map(),
      total: 0n,
      difficulty: null,
      influence: inf,
    };
  }
  const on = influences.filter((x) => x.target === a.id && !x.permanent);
  const fixed = on.filter((x) => x.values.length === 1);
  const dieInfluences = on.filter((x) => x.values.length > 1);
  const mods: Modifier[] = [
    ...staticModifiers(state, a, null).modifiers,
    ...fixed.map((x) => ({ source: 'influence', value: x.values[0]!, note: x.action })),
  ];
  const step = a.strategic !== null;
  if (step) {
    const st = state.strategic.find((x) => x.id === a.strategic);
    // Superb's permanent +1: every figure whose permanent influence is on this strategic action.
    if (st)
      for (const f of state.figures)
        for (const i of f.influence)
          if (i.permanent === st.id && i.order === st.actor.id)
            mods.push({ source: 'permanent', value: PERMANENT_VALUE, note: f.id });
  }
  const dice = step ? PROGRESS_DICE : CONST.action.dice;
  const { counts, total } = actionCounts(
    dice,
    mods.reduce((s, m) => s + m.value, 0),
    dieInfluences.map((x) => x.values),
  );
  return {
    action: a,
    line,
    kind: step ? 'step' : 'ordinary',
    modifiers: mods,
    dieInfluences,
    dice,
    counts,
    total,
    difficulty: step ? null : state.settings.difficulty,
    influence: null,
  };
}

/** The forecast of the player's orders for the stage being ordered. */
export function nationForecast(state: NationState, player: PlayerId, orders: NationOrder[]): NationForecast {
  const mine = new Map([[player, orders]]);
  const growthOf = (s: NationState): GrowthForecast[] =>
    s.countries
      .filter((c) => c.player === player)
      .map((c) => ({ country: c.id, outcomes: FACES.map((die) => ({ die, ...growth(c, die, 0) })) }));
  if (state.stage === 1) {
    const plan = planStage1(state, mine);
    const lines = linesOf(orders, plan.refused);
    // A new strategic action's first step works on what this stage creates.
    const s = { ...state, strategic: [...state.strategic, ...plan.created] };
    return {
      stage: 1,
      actions: plan.actions.map((a, i) => forecastAction(s, a, lines[i] ?? null, [])),
      refused: plan.refused,
      growth: growthOf(state),
    };
  }
  const plan = planStage2(state, mine);
  const lines = linesOf(orders, plan.refused);
  // The permanent influence given this stage counts at once (stage2.ts applies the plan first).
  const s: NationState = structuredClone(state);
  for (const p of plan.permanents)
    s.figures.find((f) => f.id === p.figure)!.influence.find((i) => i.order === p.order)!.permanent = p.strategic;
  const influences = plan.actions
    .filter((a) => a.influence)
    .map((a) =>
      influenceOf(
        s,
        a,
        plan.permanents.some((p) => p.action === a.id),
      ),
    );
  const own = s.declared.filter((a) => a.stage === 1 && a.player === player);
  return {
    stage: 2,
    actions: [
      ...plan.actions.map((a, i) => forecastAction(s, a, lines[i] ?? null, influences)),
      ...own.map((a) => forecastAction(s, a, null, influences)),
    ],
    refused: plan.refused,
    growth: growthOf(s),
  };
}
