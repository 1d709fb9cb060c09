// Stage 2 of a nation turn ("figures"): the figures' actions declared, then
// the whole turn resolved with the GM's decisions, in the dice order of
// adjudicate.ts's header (ruling nation/dice-order).
import type { Rng } from '../../engine/rng.js';
import type { Adjudication, Audience, GmInputs, PlayerId } from '../../engine/types.js';
import { ageModifier } from './age.js';
import { actionAudience, audienceOf, knowersOf, strategicAudience, union } from './audience.js';
import { dF, fd, outcomeOf, sum } from './dice.js';
import { growth } from './growth.js';
import { applyPi, degreeMod, idleChange, modValue, needsDie, PERMANENT_VALUE, piForInfluence } from './influence.js';
import { staticModifiers } from './modifiers.js';
import { planNumberedStage2 } from './numbering.js';
import { PROGRESS_DICE, RESULT_DICE, strategicResult, timeModifier } from './strategic.js';
import { CONST } from './tables.js';
import type { DeclaredAction, Figure, Modifier, NationOrder, NationState } from './types.js';
import { type Ev, decisionNumber } from './gm-decisions.js';
import { applyAdjustments } from './adjustments.js';
import { countsOf, secrecyRolls } from './secrecy.js';

// ---------------------------------------------------------------------------

interface InfluenceOn {
  action: DeclaredAction;
  figure: Figure;
  value: number;
  permanent: boolean;
}

export function stage2(
  s: NationState,
  orders: Map<PlayerId, NationOrder[]>,
  rng: Rng,
  gm: GmInputs,
): Adjudication<NationState, Ev> {
  const events: Ev[] = [];
  const plan = planNumberedStage2(s, orders);
  events.push(...plan.refused);
  const turn = s.turn;
  const fig = (id: string) => s.figures.find((f) => f.id === id)!;

  // Slots and permanent influence, as planned.
  for (const [id, used] of plan.slots) fig(id).slotsUsed = used;
  for (const p of plan.permanents) fig(p.figure).influence.find((i) => i.order === p.order)!.permanent = p.strategic;

  // 1. The figures' secrecy rolls.
  for (const f of s.figures) {
    const entity = plan.entities.get(f.id);
    if (entity) secrecyRolls(s, entity, countsOf(plan.actions, 'figure', f.id), { kind: 'figure', f }, rng, events);
  }
  for (const a of plan.actions) events.push({ type: 'declared', audience: actionAudience(s, a), action: a });
  // Stage 1's actions again, for whoever may know each: the report after the
  // resolution describes every result it shows (who acted, what), not a bare id.
  for (const a of s.declared.filter((d) => d.stage === 1))
    events.push({ type: 'declared', audience: actionAudience(s, a), action: a });

  // The GM's answers for new strategic actions.
  for (const st of s.strategic) {
    if (st.status !== 'active') continue;
    if (st.mode === 'ask-time' && st.estimate === null) {
      const n = decisionNumber(gm, `${st.id}.time`, null);
      if (n !== null) {
        st.estimate = n;
        if (st.planned === null) st.planned = n;
      }
    }
    if (st.mode === 'ask-difficulty' && st.startedTurn === turn) st.difficulty = decisionNumber(gm, `${st.id}.dif`, 0);
  }

  // 2. Influence modifiers.
  const influences = new Map<string, InfluenceOn[]>();
  for (const a of plan.actions) {
    if (!a.influence) continue;
    const f = fig(a.actor.id);
    const target = s.declared.find((x) => x.id === a.influence!.target)!;
    const inf = f.influence.find((i) => i.order === target.actor.id)!;
    const permanent = plan.permanents.some((p) => p.action === a.id);
    let value: number;
    let roll: number | null = null;
    if (permanent) value = PERMANENT_VALUE;
    else {
      const m = degreeMod(inf.degree, a.influence.sign);
      if (needsDie(m)) roll = fd(rng);
      value = modValue(m, roll);
    }
    const list = influences.get(target.id) ?? [];
    list.push({ action: a, figure: f, value, permanent });
    influences.set(target.id, list);
    events.push({
      type: 'influence',
      audience: union(s, [a.player], actionAudience(s, a)),
      action: a.id,
      figure: f.id,
      target: target.id,
      sign: a.influence.sign,
      degree: inf.degree,
      roll,
      value,
    });
  }

  // 3. The actions, A1 … then F1 ….
  const totals = new Map<string, number>();
  const stepped = new Set<string>();
  const all = [...s.declared, ...plan.actions];
  for (const a of all) {
    if (a.influence) continue;
    const gmMod = decisionNumber(gm, `${a.id}.mod`, 0);
    const inflMods: Modifier[] = (influences.get(a.id) ?? [])
      .filter((x) => !x.permanent)
      .map((x) => ({ source: 'influence', value: x.value, note: x.action.id }));
    const audience = union(
      s,
      actionAudience(s, a),
      ...(influences.get(a.id) ?? []).map((x) => [x.action.player] as Audience),
    );
    if (a.strategic) {
      const st = s.strategic.find((x) => x.id === a.strategic)!;
      const { modifiers } = staticModifiers(s, a, null);
      const mods: Modifier[] = [...modifiers, ...inflMods];
      // Superb's permanent +1: every figure whose permanent influence is on this action.
      for (const f of s.figures)
        for (const i of f.influence)
          if (i.permanent === st.id && i.order === st.actor.id)
            mods.push({ source: 'permanent', value: PERMANENT_VALUE, note: f.id });
      if (gmMod) mods.push({ source: 'gm', value: gmMod, note: 'mod' });
      const die = sum(dF(rng, PROGRESS_DICE));
      const m = sum(mods.map((x) => x.value));
      const value = die + m;
      st.progress.push({ turn, die, modifiers: m, value });
      stepped.add(st.id);
      totals.set(a.id, value);
      events.push({
        type: 'progress',
        audience,
        strategic: st.id,
        die,
        modifiers: mods,
        value,
        turnsDone: st.progress.length,
      });
      continue;
    }
    const scale = a.actor.type === 'figure' ? null : decisionNumber(gm, `${a.id}.scale`, null);
    const { modifiers } = staticModifiers(s, a, scale);
    const mods: Modifier[] = [...modifiers, ...inflMods];
    if (gmMod) mods.push({ source: 'gm', value: gmMod, note: 'mod' });
    const difficulty = decisionNumber(gm, `${a.id}.dif`, s.settings.difficulty);
    const dice = dF(rng, CONST.action.dice);
    const total = sum(dice) + sum(mods.map((x) => x.value)) - difficulty;
    totals.set(a.id, total);
    events.push({
      type: 'result',
      audience,
      action: a.id,
      dice,
      modifiers: mods,
      difficulty,
      total,
      outcome: outcomeOf(total),
    });
  }

  // 4. ПИ.
  const piEvent = (f: Figure, order: string, change: number, reason: string, roll: number | null) => {
    const inf = f.influence.find((i) => i.order === order)!;
    const from = inf.degree;
    const r = applyPi(inf.pi, inf.degree, change);
    inf.pi = r.pi;
    inf.degree = r.degree;
    events.push({
      type: 'pi',
      audience: [f.player],
      figure: f.id,
      order,
      change,
      reason,
      pi: r.pi,
      degreeFrom: from,
      degreeTo: r.degree,
      roll,
    });
  };
  const acted = new Set<string>();
  for (const a of plan.actions) {
    const f = fig(a.actor.id);
    if (a.influence) {
      const target = s.declared.find((x) => x.id === a.influence!.target)!;
      acted.add(`${f.id}:${target.actor.id}`);
      const r = piForInfluence(a.influence.sign, totals.get(target.id)!);
      piEvent(f, target.actor.id, r.change, r.reason, null);
    } else if (a.gainInfluence) {
      // "его результат прибавляется к ПИ"
      piEvent(f, a.gainInfluence, totals.get(a.id)!, 'gain', null);
    }
  }
  // A permanent influence applied this turn is influence on the order (ruling nation/permanent-idle).
  for (const f of s.figures)
    for (const i of f.influence) if (i.permanent && stepped.has(i.permanent)) acted.add(`${f.id}:${i.order}`);
  for (const f of s.figures)
    for (const i of f.influence) {
      if (acted.has(`${f.id}:${i.order}`)) continue;
      const die = fd(rng);
      piEvent(f, i.order, idleChange(die), 'idle', die);
    }

  // 5. Strategic actions that end: after the planned turns, or abandoned.
  for (const st of s.strategic) {
    const ends =
      (st.status === 'active' && stepped.has(st.id) && st.planned !== null && st.progress.length >= st.planned) ||
      (st.status === 'abandoned' && st.result === null);
    if (!ends) continue;
    if (!st.progress.length || st.estimate === null) {
      // Abandoned before any turn was worked (or never estimated): no result.
      st.status = 'abandoned';
      continue;
    }
    const dice = dF(rng, RESULT_DICE);
    const fourDF = sum(dice);
    const total = sum(st.progress.map((p) => p.value));
    const turns = st.progress.length;
    const tm = timeModifier(turns, st.estimate);
    const value = strategicResult(fourDF, total, tm, st.estimate, st.difficulty);
    st.result = { fourDF, dice, sum: total, timeModifier: tm, value };
    if (st.status === 'active') st.status = 'done';
    events.push({
      type: 'strategic-done',
      audience: strategicAudience(s, st),
      strategic: st.id,
      dice,
      sum: total,
      timeModifier: tm,
      estimate: st.estimate,
      turns,
      difficulty: st.difficulty,
      value,
    });
  }

  // 6. Population growth.
  for (const c of s.countries) {
    const die = fd(rng);
    const g = growth(c, die, decisionNumber(gm, `${c.id}.growth`, 0));
    c.attrs.population = g.populationTo;
    c.growth = g.carried;
    events.push({
      type: 'growth',
      audience: [c.player],
      country: c.id,
      die,
      parts: g.parts,
      pp: g.pp,
      populationFrom: g.populationFrom,
      populationTo: g.populationTo,
      carried: g.carried,
    });
  }

  // 7. Figures age.
  for (const f of s.figures) {
    f.age += s.settings.yearsPerTurn;
    events.push({ type: 'age', audience: [f.player], figure: f.id, age: f.age, modifier: ageModifier(f.age) });
  }

  // 8. The GM's adjustments, 9. narrative and bulletin (on any action of the turn).
  s.declared = all;
  applyGm(s, gm, rng, events);

  s.turn += 1;
  s.stage = 1;
  s.declared = [];
  delete s.numbering;
  return { state: s, events };
}

/** The GM's adjustments, then narrative and bulletin as events. */
export function applyGm(s: NationState, gm: GmInputs, rng: Rng, events: Ev[]): void {
  applyAdjustments(s, gm, rng, events);
  for (const [target, text] of Object.entries(gm.narrative))
    events.push({ type: 'narrative', audience: narrativeAudience(s, target), target, text });
  if (gm.bulletin) events.push({ type: 'bulletin', audience: 'all', text: gm.bulletin });
}

/** Who reads the GM's narrative on a target. */
export function narrativeAudience(s: NationState, target: string): Audience {
  const t = target.toLowerCase();
  const a = s.declared.find((x) => x.id.toLowerCase() === t);
  if (a) return actionAudience(s, a);
  const st = s.strategic.find((x) => x.id.toLowerCase() === t);
  if (st) return strategicAudience(s, st);
  const c = s.countries.find((x) => x.id.toLowerCase() === t);
  if (c) return [c.player];
  const o = s.orders.find((x) => x.id.toLowerCase() === t);
  if (o) return audienceOf(s, knowersOf(s, { type: 'order', id: o.id }));
  const f = s.figures.find((x) => x.id.toLowerCase() === t);
  if (f) return audienceOf(s, knowersOf(s, { type: 'figure', id: f.id }));
  return 'gm';
}
