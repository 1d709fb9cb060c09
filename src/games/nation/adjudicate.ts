// Adjudication of a nation turn's two stages (games/nation/RULES.md, "The turn").
//
// Stage 1 ("orders"): the actions of countries and orders are declared (A1 …),
// new strategic actions get their ids (S…), the secrecy rolls of the penalty
// tables are made for orders, and every action is disclosed to whoever may know it.
// Stage 2 ("figures"): the figures' actions (F1 …) are declared, and the whole
// turn is resolved with the GM's decisions.
//
// The dice, in this fixed order (ruling nation/dice-order) — a FUDGE die is
// rng.die(3) − 2, a chance rng.die(100), a player drawn at random rng.pick:
//   stage 1: for each order (state order), its secret then its public table:
//            the d100 when the cell has a chance, then the player who learns (a pick);
//   stage 2: 1. for each acting figure (state order), secret then public table: d100, pick;
//            2. for each influence action (F order) whose modifier has FD: 1 die;
//            3. for each action A1 … then F1 … (not influence actions): a strategic
//               step 1 die (1DF), an ordinary action 4 dice (4DF);
//            4. ПИ decay: for each figure (state order), each order it influences
//               (its list order) that it did not influence this turn: 1 die;
//            5. for each strategic action that ends (S order): 4 dice;
//            6. growth: for each country (state order): 1 die;
//            7. GM secrecy adjustments that let a new player learn: a pick each.
import type { Rng } from '../../engine/rng.js';
import {
  NO_GM_INPUTS,
  type Adjudication,
  type AdjudicationContext,
  type Audience,
  type DecisionValue,
  type GmInputs,
  type PlayerId,
} from '../../engine/types.js';
import { ageModifier } from './age.js';
import { actionAudience, audienceOf, knowersOf, strategicAudience, union } from './audience.js';
import { chance, dF, fd, outcomeOf, sum } from './dice.js';
import { growth } from './growth.js';
import {
  applyPi,
  degreeMod,
  idleChange,
  modValue,
  needsDie,
  PERMANENT_VALUE,
  piForInfluence,
  slotPeriods,
} from './influence.js';
import { parseLevel } from './ladder.js';
import { staticModifiers } from './modifiers.js';
import { penaltyCell, type EntityType } from './penalties.js';
import { planStage1, planStage2, refusal } from './plan.js';
import { PROGRESS_DICE, RESULT_DICE, strategicResult, timeModifier } from './strategic.js';
import { styleProblems } from './style.js';
import { CONST, type SecrecyEffect } from './tables.js';
import {
  COUNTRY_ATTRS,
  DIRECTIONS,
  type CountryAttr,
  type DeclaredAction,
  type Direction,
  type Figure,
  type Modifier,
  type NationEvent,
  type NationOrder,
  type NationState,
  type Society,
  type Strategic,
  type Visibility,
} from './types.js';

type Ev = NationEvent;

/** A GM decision by id, case-insensitively; undefined when absent. */
export function decision(gm: GmInputs, id: string): DecisionValue | undefined {
  const f = id.toLowerCase();
  for (const [k, v] of Object.entries(gm.decisions)) if (k.toLowerCase() === f) return v;
  return undefined;
}

/** A GM decision as a number (ladder words read as levels), or the default. */
export function decisionNumber(gm: GmInputs, id: string, dflt: number): number;
export function decisionNumber(gm: GmInputs, id: string, dflt: null): number | null;
export function decisionNumber(gm: GmInputs, id: string, dflt: number | null): number | null {
  const v = decision(gm, id);
  if (v === undefined) return dflt;
  if (typeof v === 'number') return v;
  const l = parseLevel(v);
  if (l !== null) return l;
  const n = Number(v.replace('−', '-'));
  return Number.isFinite(n) ? n : dflt;
}

export function adjudicate(
  state: NationState,
  orders: Map<PlayerId, NationOrder[]>,
  rng: Rng,
  ctx: AdjudicationContext,
): Adjudication<NationState, Ev> {
  const s = structuredClone(state);
  const gm = ctx.gm ?? NO_GM_INPUTS;
  return s.stage === 1 ? stage1(s, orders, rng, gm) : stage2(s, orders, rng, gm);
}

// ---------------------------------------------------------------------------
// Secrecy: "Если «секретность» руководителя или ордена уменьшается в результате выполнения им
// слишком большого количества действий, то на данном ходу руководитель или орден считается уже
// известным все игрокам, которые о нем узнали из-за этого."

/** Players (state order) who do not know of an order or figure. */
function strangers(s: NationState, e: { player: PlayerId; knownBy: PlayerId[] }): PlayerId[] {
  return s.players.map((p) => p.id).filter((id) => id !== e.player && !e.knownBy.includes(id));
}

function sortKnown(s: NationState, ids: PlayerId[]): PlayerId[] {
  const set = new Set(ids);
  return s.players.map((p) => p.id).filter((id) => set.has(id));
}

/** One new player learns of it (drawn at random among those who do not know), or all do. */
function reveal(s: NationState, e: { player: PlayerId; knownBy: PlayerId[] }, all: boolean, rng: Rng): PlayerId[] {
  const others = strangers(s, e);
  if (!others.length) return [];
  const learnt = all ? others : [rng.pick(others)];
  e.knownBy = sortKnown(s, [e.player, ...e.knownBy, ...learnt]);
  return learnt;
}

function orderSecrecyAfter(s: NationState, o: Society): Society['secrecy'] {
  return strangers(s, o).length === 0 ? 'public' : 'partial';
}

/** The secrecy rolls of one actor's tables (its row at the start of the stage). */
function secrecyRolls(
  s: NationState,
  entity: EntityType,
  counts: Record<Visibility, number>,
  target: { kind: 'order'; o: Society } | { kind: 'figure'; f: Figure },
  rng: Rng,
  events: Ev[],
): void {
  for (const vis of ['secret', 'public'] as const) {
    const n = counts[vis];
    if (!n) continue;
    const cell = penaltyCell(vis, entity, n);
    if (!cell || 'unavailable' in cell || !cell.secrecy) continue;
    const { chance: p, effect } = cell.secrecy;
    let roll: number | null = null;
    if (p !== undefined) {
      const r = chance(rng, p);
      roll = r.roll;
      if (!r.hit) {
        const e = target.kind === 'order' ? target.o : target.f;
        events.push({
          type: 'secrecy',
          audience: [e.player],
          entity: target.kind,
          id: e.id,
          from: e.secrecy,
          to: e.secrecy,
          learnt: [],
          roll,
          chance: p,
        });
        continue;
      }
    }
    applyEffect(s, target, effect, roll, p ?? null, rng, events);
  }
}

function applyEffect(
  s: NationState,
  target: { kind: 'order'; o: Society } | { kind: 'figure'; f: Figure },
  effect: SecrecyEffect,
  roll: number | null,
  p: number | null,
  rng: Rng,
  events: Ev[],
): void {
  if (target.kind === 'order') {
    const o = target.o;
    const from = o.secrecy;
    const learnt = reveal(s, o, effect === 'known-to-all', rng);
    o.secrecy = orderSecrecyAfter(s, o);
    events.push({
      type: 'secrecy',
      audience: audienceOf(s, [o.player, ...learnt]),
      entity: 'order',
      id: o.id,
      from,
      to: o.secrecy,
      learnt,
      roll,
      chance: p,
    });
  } else {
    const f = target.f;
    const from = f.secrecy;
    const learnt = reveal(s, f, effect === 'known-to-all', rng);
    if (learnt.length) f.secrecy = 'known';
    events.push({
      type: 'secrecy',
      audience: audienceOf(s, [f.player, ...learnt]),
      entity: 'figure',
      id: f.id,
      from,
      to: f.secrecy,
      learnt,
      roll,
      chance: p,
    });
  }
}

function countsOf(actions: DeclaredAction[], type: 'order' | 'figure', id: string): Record<Visibility, number> {
  const mine = actions.filter((a) => a.actor.type === type && a.actor.id === id);
  return {
    secret: mine.filter((a) => a.visibility === 'secret').length,
    public: mine.filter((a) => a.visibility === 'public').length,
  };
}

// ---------------------------------------------------------------------------

function stage1(
  s: NationState,
  orders: Map<PlayerId, NationOrder[]>,
  rng: Rng,
  gm: GmInputs,
): Adjudication<NationState, Ev> {
  const events: Ev[] = [];
  const plan = planStage1(s, orders);
  events.push(...plan.refused);
  for (const id of plan.abandoned) s.strategic.find((x) => x.id === id)!.status = 'abandoned';
  for (const [id, n] of plan.planned) s.strategic.find((x) => x.id === id)!.planned = n;
  s.strategic.push(...plan.created);
  // The secrecy rolls, each order by its row at the start of the turn.
  const start = new Map(s.orders.map((o) => [o.id, o.secrecy as EntityType]));
  for (const o of s.orders)
    secrecyRolls(s, start.get(o.id)!, countsOf(plan.actions, 'order', o.id), { kind: 'order', o }, rng, events);
  for (const a of plan.actions) events.push({ type: 'declared', audience: actionAudience(s, a), action: a });
  s.declared = plan.actions;
  // The judge does not wait for the GM in stage 1, but what the GM sent is applied all the same.
  applyGm(s, gm, rng, events);
  s.stage = 2;
  return { state: s, events };
}

// ---------------------------------------------------------------------------

interface InfluenceOn {
  action: DeclaredAction;
  figure: Figure;
  value: number;
  permanent: boolean;
}

function stage2(
  s: NationState,
  orders: Map<PlayerId, NationOrder[]>,
  rng: Rng,
  gm: GmInputs,
): Adjudication<NationState, Ev> {
  const events: Ev[] = [];
  const plan = planStage2(s, orders);
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
  return { state: s, events };
}

/** The GM's adjustments, then narrative and bulletin as events. */
function applyGm(s: NationState, gm: GmInputs, rng: Rng, events: Ev[]): void {
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

// ---------------------------------------------------------------------------
// The GM's ad-hoc adjustments (gm.ts checks them when the GM sends them):
//   set:<country>.<attr>            a ladder value of a country attribute
//   set:<country>.party.<name>      a party's influence (a new party when absent); religion.<name> likewise
//   style:<country>.<direction>     one style point; style:<country> "aggression=+1 wisdom=-1" several at once
//   size:<order>                    an order's size
//   secrecy:<order|figure>          underground | partial | public (orders), underground | known (figures), or a player id who learns of it
//   degree:<figure>.<order>         a figure's degree of influence on an order (a new influence when absent)
//   influentiality:<figure>         a figure's influentiality

export type Adjustment =
  | { kind: 'attr'; country: string; attr: CountryAttr }
  | { kind: 'influencer'; country: string; list: 'parties' | 'religions'; name: string }
  | { kind: 'style'; country: string; direction: Direction | null }
  | { kind: 'size'; order: string }
  | { kind: 'secrecy'; id: string; entity: 'order' | 'figure' }
  | { kind: 'degree'; figure: string; order: string }
  | { kind: 'influentiality'; figure: string };

/** What an ad-hoc decision id names in the state, or null. */
export function parseAdjustment(s: NationState, id: string): Adjustment | null {
  const m = /^([a-z]+):(.+)$/i.exec(id.trim());
  if (!m) return null;
  const kind = m[1]!.toLowerCase();
  const parts = m[2]!.split('.');
  const eq = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const country = (x: string | undefined) => (x === undefined ? undefined : s.countries.find((c) => eq(c.id, x)));
  const order = (x: string | undefined) => (x === undefined ? undefined : s.orders.find((o) => eq(o.id, x)));
  const figure = (x: string | undefined) => (x === undefined ? undefined : s.figures.find((f) => eq(f.id, x)));
  switch (kind) {
    case 'set': {
      const c = country(parts[0]);
      if (!c) return null;
      if (parts.length === 2) {
        const attr = COUNTRY_ATTRS.find((a) => eq(a, parts[1]!));
        return attr ? { kind: 'attr', country: c.id, attr } : null;
      }
      if (parts.length >= 3 && ['party', 'religion'].includes(parts[1]!.toLowerCase())) {
        const list = parts[1]!.toLowerCase() === 'party' ? 'parties' : 'religions';
        const name = parts.slice(2).join('.');
        const known = c[list].find((x) => eq(x.name, name));
        // Decision ids reach the game in lower case: a new party or religion gets a capital first letter.
        return {
          kind: 'influencer',
          country: c.id,
          list,
          name: known?.name ?? name.charAt(0).toUpperCase() + name.slice(1),
        };
      }
      return null;
    }
    case 'style': {
      const c = country(parts[0]);
      if (!c || parts.length > 2) return null;
      if (parts.length === 1) return { kind: 'style', country: c.id, direction: null };
      const d = DIRECTIONS.find((x) => eq(x, parts[1]!));
      return d ? { kind: 'style', country: c.id, direction: d } : null;
    }
    case 'size': {
      const o = parts.length === 1 ? order(parts[0]) : undefined;
      return o ? { kind: 'size', order: o.id } : null;
    }
    case 'secrecy': {
      if (parts.length !== 1) return null;
      const o = order(parts[0]);
      if (o) return { kind: 'secrecy', id: o.id, entity: 'order' };
      const f = figure(parts[0]);
      return f ? { kind: 'secrecy', id: f.id, entity: 'figure' } : null;
    }
    case 'degree': {
      const f = figure(parts[0]);
      const target = parts[1] === undefined ? undefined : (order(parts[1]) ?? country(parts[1]));
      return f && target && parts.length === 2 ? { kind: 'degree', figure: f.id, order: target.id } : null;
    }
    case 'influentiality': {
      const f = parts.length === 1 ? figure(parts[0]) : undefined;
      return f ? { kind: 'influentiality', figure: f.id } : null;
    }
    default:
      return null;
  }
}

/** "aggression=+1 wisdom=-1" (ids or typed direction words) → changes, or null. */
export function parseStyleChanges(
  raw: string,
  parseDirection: (w: string) => Direction | null,
): Partial<Record<Direction, number>> | null {
  const out: Partial<Record<Direction, number>> = {};
  const items = raw.split(/[\s,;]+/).filter(Boolean);
  if (!items.length) return null;
  for (const it of items) {
    const m = /^(.+?)[=:]([+−-]?\w+)$/.exec(it);
    if (!m) return null;
    const d = parseDirection(m[1]!);
    const v = parseLevel(m[2]!);
    if (!d || v === null) return null;
    out[d] = v;
  }
  return out;
}

function applyAdjustments(s: NationState, gm: GmInputs, rng: Rng, events: Ev[]): void {
  const styleChanges = new Map<string, Partial<Record<Direction, number>>>();
  const areaChanged = new Set<string>();
  const gmSet = (audience: Audience, target: string, from: number, to: number) =>
    events.push({ type: 'gm-set', audience, target, from, to });
  for (const [id, value] of Object.entries(gm.decisions)) {
    const adj = parseAdjustment(s, id);
    if (!adj) continue;
    const level = typeof value === 'number' ? value : parseLevel(String(value));
    switch (adj.kind) {
      case 'attr': {
        const c = s.countries.find((x) => x.id === adj.country)!;
        if (level === null) break;
        gmSet([c.player], id, c.attrs[adj.attr], level);
        c.attrs[adj.attr] = level;
        if (adj.attr === 'area') areaChanged.add(c.id);
        break;
      }
      case 'influencer': {
        const c = s.countries.find((x) => x.id === adj.country)!;
        if (level === null) break;
        let it = c[adj.list].find((x) => x.name === adj.name);
        const from = it ? it.influence : -3;
        if (!it) c[adj.list].push((it = { name: adj.name, influence: level }));
        it.influence = level;
        gmSet([c.player], id, from, level);
        break;
      }
      case 'style': {
        const ch = styleChanges.get(adj.country) ?? {};
        if (adj.direction) {
          if (level !== null) ch[adj.direction] = level;
        } else
          Object.assign(
            ch,
            typeof value === 'string'
              ? (parseStyleChanges(value, (w) => DIRECTIONS.find((d) => d === w) ?? null) ?? {})
              : {},
          );
        styleChanges.set(adj.country, ch);
        break;
      }
      case 'size': {
        const o = s.orders.find((x) => x.id === adj.order)!;
        if (level === null) break;
        gmSet([o.player], id, o.size, level);
        o.size = level;
        break;
      }
      case 'secrecy': {
        const v = String(value).toLowerCase();
        if (adj.entity === 'order') {
          const o = s.orders.find((x) => x.id === adj.id)!;
          const from = o.secrecy;
          let learnt: PlayerId[] = [];
          if (v === 'underground') o.knownBy = [o.player];
          else if (v === 'public') learnt = reveal(s, o, true, rng);
          else if (v === 'partial') learnt = reveal(s, o, false, rng);
          else if (
            s.players.some((p) => p.id.toLowerCase() === v) &&
            !knowersOf(s, { type: 'order', id: o.id }).some((p) => p.toLowerCase() === v)
          ) {
            learnt = [s.players.find((p) => p.id.toLowerCase() === v)!.id];
            o.knownBy = sortKnown(s, [...o.knownBy, ...learnt]);
          }
          o.secrecy = v === 'underground' ? 'underground' : orderSecrecyAfter(s, o);
          events.push({
            type: 'secrecy',
            audience: audienceOf(s, [o.player, ...learnt]),
            entity: 'order',
            id: o.id,
            from,
            to: o.secrecy,
            learnt,
            roll: null,
            chance: null,
          });
        } else {
          const f = s.figures.find((x) => x.id === adj.id)!;
          const from = f.secrecy;
          let learnt: PlayerId[] = [];
          if (v === 'underground') {
            f.knownBy = [f.player];
            f.secrecy = 'underground';
          } else {
            if (v === 'known') learnt = reveal(s, f, true, rng);
            else {
              const p = s.players.find((x) => x.id.toLowerCase() === v);
              if (p && !f.knownBy.includes(p.id) && p.id !== f.player) {
                learnt = [p.id];
                f.knownBy = sortKnown(s, [...f.knownBy, p.id]);
              }
            }
            f.secrecy = 'known';
          }
          events.push({
            type: 'secrecy',
            audience: audienceOf(s, [f.player, ...learnt]),
            entity: 'figure',
            id: f.id,
            from,
            to: f.secrecy,
            learnt,
            roll: null,
            chance: null,
          });
        }
        break;
      }
      case 'degree': {
        const f = s.figures.find((x) => x.id === adj.figure)!;
        if (level === null) break;
        let inf = f.influence.find((i) => i.order === adj.order);
        const from = inf ? inf.degree : -3;
        if (!inf) f.influence.push((inf = { order: adj.order, degree: level, pi: 0, permanent: null }));
        inf.degree = level;
        gmSet([f.player], id, from, level);
        break;
      }
      case 'influentiality': {
        const f = s.figures.find((x) => x.id === adj.figure)!;
        if (level === null) break;
        gmSet([f.player], id, f.influentiality, level);
        f.influentiality = level;
        f.slotsUsed = slotPeriods(level).map((_, i) => f.slotsUsed[i] ?? null);
        break;
      }
    }
  }
  // "Размер ордена … не может превышать размера страны": a country made smaller takes its orders' sizes down with it
  // (ruling nation/order-size-follows), after the GM's own size: changes.
  for (const cid of areaChanged) {
    const area = s.countries.find((c) => c.id === cid)!.attrs.area;
    for (const o of s.orders)
      if (o.country === cid && o.size > area) {
        gmSet([o.player], `size:${o.id}`, o.size, area);
        o.size = area;
      }
  }
  // Style points change together per country, and the result must keep the constraint.
  for (const [cid, ch] of styleChanges) {
    const c = s.countries.find((x) => x.id === cid)!;
    const next = { ...c.style, ...ch };
    const problems = styleProblems(next, 'en');
    if (problems.length) {
      const args = { country: c.id, problems: problems.join('; '), problemsRu: styleProblems(next, 'ru').join('; ') };
      events.push({
        ...refusal(
          c.player,
          null,
          Object.entries(ch)
            .map(([d, v]) => `${d}=${v}`)
            .join(' '),
          'style-invalid',
          args,
        ),
        audience: 'gm',
      });
      continue;
    }
    for (const d of DIRECTIONS) {
      if (ch[d] === undefined || ch[d] === c.style[d]) continue;
      gmSet([c.player], `style:${c.id}.${d}`, c.style[d], ch[d]!);
    }
    c.style = next;
  }
}

export type { Strategic };
