// The GM in the loop for the nation kind: the decisions of stage 2 (stage 1 asks
// none), the worksheet, the ad-hoc adjustments and the narrative targets.
import { formatWords, wordTable } from '../../render/fluent.js';
import type { DecisionSpec, DecisionValue, GmSupport, Lang, PlayerId, ReportModel } from '../../engine/types.js';
import { fold } from '../../text-fold.js';
import { parseAdjustment, parseStyleChanges } from './adjudicate.js';
import { ageModifier } from './age.js';
import { degreeMod, maxOrders, modFormula, PERMANENT_VALUE } from './influence.js';
import { ladderNames, levelText, parseLevel, signed } from './ladder.js';
import { staticModifiers } from './modifiers.js';
import { entityName, penaltyCell, type EntityType } from './penalties.js';
import { planStage1, planStage2 } from './plan.js';
import { reasonText } from './reasons.js';
import { msg, nlang } from './texts.js';
import { reasonableSize } from './size.js';
import { parseDirection, styleProblems } from './style.js';
import { directionName } from './directions.js';
import { CONST } from './tables.js';
import {
  COUNTRY_ATTRS,
  DIRECTIONS,
  type ActorRef,
  type DeclaredAction,
  type Direction,
  type Modifier,
  type NationOrder,
  type NationState,
  type Strategic,
} from './types.js';

const G = CONST.gm;

const l = nlang;

/** The worksheet's words: messages gm-word-<key> of templates/nation/<lang>/nation.ftl. */
const W = wordTable('nation', 'gm-word', [
  'country',
  'order',
  'figure',
  'secret',
  'public',
  'ordinary',
  'step',
  'newStrategic',
  'influence',
  'gain',
  'support',
  'oppose',
  'style',
  'penalty',
  'size',
  'age',
  'permanent',
  'askTime',
  'askDifficulty',
  'abandoned',
] as const);

function actorLabel(state: NationState, a: ActorRef, lang: Lang): string {
  const e =
    a.type === 'country'
      ? state.countries.find((c) => c.id === a.id)
      : a.type === 'order'
        ? state.orders.find((o) => o.id === a.id)
        : state.figures.find((f) => f.id === a.id);
  return `${e?.name ?? a.id} (${W[a.type][l(lang)]} ${a.id})`;
}

function playerName(state: NationState, p: PlayerId): string {
  const x = state.players.find((y) => y.id === p);
  return x ? `${x.name} (${p})` : p;
}

const kindOf = (a: DeclaredAction, state: NationState): 'ordinary' | 'step' | 'newStrategic' | 'influence' | 'gain' =>
  a.influence
    ? 'influence'
    : a.gainInfluence
      ? 'gain'
      : a.strategic
        ? state.strategic.find((s) => s.id === a.strategic)?.startedTurn === state.turn &&
          state.strategic.find((s) => s.id === a.strategic)?.progress.length === 0
          ? 'newStrategic'
          : 'step'
        : 'ordinary';

/** The actions of the turn: stage 1's from the state, stage 2's as the orders give them. */
function turnActions(state: NationState, orders: Map<PlayerId, NationOrder[]>) {
  const plan = planStage2(state, orders);
  return { plan, all: [...state.declared, ...plan.actions] };
}

/** The new strategic actions the GM must estimate (ask-time without N) or rate (ask-difficulty, declared this turn). */
function strategicAsks(state: NationState): { s: Strategic; what: 'time' | 'dif' }[] {
  const out: { s: Strategic; what: 'time' | 'dif' }[] = [];
  for (const s of state.strategic) {
    if (s.status !== 'active') continue;
    if (s.mode === 'ask-time' && s.estimate === null) out.push({ s, what: 'time' });
    if (s.mode === 'ask-difficulty' && s.startedTurn === state.turn) out.push({ s, what: 'dif' });
  }
  return out;
}

function quote(t: string, lang: Lang): string {
  return msg('quoted', lang, { text: t.length > 60 ? `${t.slice(0, 57)}…` : t });
}

export function decisions(state: NationState, orders: Map<PlayerId, NationOrder[]>, lang: Lang): DecisionSpec[] {
  if (state.stage !== 2) return [];
  const names = ladderNames(lang);
  const { all } = turnActions(state, orders);
  const specs: DecisionSpec[] = [];
  for (const a of all) {
    if (a.influence) continue;
    const who = `${a.id} ${actorLabel(state, a.actor, lang)}: ${quote(a.text, lang)}`;
    if (!a.strategic) {
      specs.push({
        id: `${a.id}.dif`,
        ask: msg('gm-ask-difficulty', lang, { who }),
        type: 'int',
        min: G.difficulty.min,
        max: G.difficulty.max,
        names,
        default: state.settings.difficulty,
      });
      if (a.actor.type !== 'figure') {
        const rr = reasonableSize(state, a.actor)!;
        specs.push({
          id: `${a.id}.scale`,
          ask: msg('gm-ask-scale', lang, { who, rr: signed(rr) }),
          type: 'int',
          min: -3,
          max: 3,
          names,
          default: a.scale ?? rr,
        });
      }
    }
    specs.push({
      id: `${a.id}.mod`,
      ask: msg('gm-ask-mod', lang, { who }),
      type: 'int',
      min: G.mod.min,
      max: G.mod.max,
      default: 0,
    });
  }
  for (const { s, what } of strategicAsks(state)) {
    const who = `${s.id} ${actorLabel(state, s.actor, lang)}: ${quote(s.goal, lang)}`;
    if (what === 'time')
      specs.push({
        id: `${s.id}.time`,
        ask: msg('gm-ask-time', lang, { who }),
        type: 'int',
        min: G.time.min,
        max: G.time.max,
        default: null,
      });
    else
      specs.push({
        id: `${s.id}.dif`,
        ask: msg('gm-ask-strategic-difficulty', lang, { who, n: s.estimate ?? 0 }),
        type: 'int',
        min: G.difficulty.min,
        max: G.difficulty.max,
        names,
        default: null,
      });
  }
  for (const c of state.countries)
    specs.push({
      id: `${c.id}.growth`,
      ask: msg('gm-ask-growth', lang, { country: c.name }),
      type: 'int',
      min: G.growth.min,
      max: G.growth.max,
      default: 0,
    });
  return specs;
}

function modText(m: Modifier, state: NationState, lang: Lang): string {
  const L = l(lang);
  const v = signed(m.value);
  switch (m.source) {
    case 'style':
      return `${W.style[L]} (${directionName(m.note as Direction, lang)}) ${v}`;
    case 'penalty': {
      const [vis, rank, ent] = m.note.split(' ');
      return `${W.penalty[L]} (${entityName(ent as EntityType, lang)}, ${W[vis as 'secret' | 'public'][L]} ${rank}) ${v}`;
    }
    case 'size': {
      const mm = /rr=(-?\d+) scale=(-?\d+)/.exec(m.note);
      return mm
        ? `${msg('gm-mod-size', lang, { rr: signed(Number(mm[1])), scale: signed(Number(mm[2])) })} ${v}`
        : `${W.size[L]} ${v}`;
    }
    case 'age':
      return `${W.age[L]} (${m.note.replace('age=', '')}) ${v}`;
    case 'permanent':
      return `${W.permanent[L]} (${state.figures.find((f) => f.id === m.note)?.name ?? m.note}) ${v}`;
    default:
      return `${m.source} ${v}`;
  }
}

export function worksheet(
  state: NationState,
  orders: Map<PlayerId, NationOrder[]>,
  specs: DecisionSpec[],
  lang: Lang,
): ReportModel {
  const L = l(lang);
  const { plan, all } = turnActions(state, orders);
  const specOf = (id: string) => specs.find((s) => s.id.toLowerCase() === id.toLowerCase());
  const showDefault = (v: DecisionValue | null) =>
    v === null ? msg('gm-no-default', lang) : typeof v === 'number' ? signed(v) : String(v);
  const decisionRow = (s: DecisionSpec) => ({
    id: s.id,
    ask: s.ask,
    default: showDefault(s.default),
    required: s.default === null,
    domain: `${s.min ?? ''}..${s.max ?? ''}`,
  });
  const actions = all.map((a) => {
    const kind = kindOf(a, state);
    const scaleSpec = specOf(`${a.id}.scale`);
    const st = a.strategic ? state.strategic.find((x) => x.id === a.strategic) : undefined;
    const fixed = a.influence
      ? []
      : staticModifiers(state, a, typeof scaleSpec?.default === 'number' ? scaleSpec.default : null).modifiers;
    if (st)
      for (const f of state.figures)
        for (const i of f.influence)
          if (i.permanent === st.id && i.order === st.actor.id)
            fixed.push({ source: 'permanent', value: PERMANENT_VALUE, note: f.id });
    const influences = plan.actions
      .filter((x) => x.influence?.target === a.id)
      .map((x) => {
        const f = state.figures.find((y) => y.id === x.actor.id)!;
        const inf = f.influence.find((i) => i.order === a.actor.id)!;
        const permanent = plan.permanents.some((p) => p.action === x.id);
        return {
          id: x.id,
          figure: `${f.name} (${f.id})`,
          sign: x.influence!.sign > 0 ? W.support[L] : W.oppose[L],
          degree: levelText(inf.degree, lang),
          formula: permanent
            ? `${signed(PERMANENT_VALUE)} (${W.permanent[L]})`
            : modFormula(degreeMod(inf.degree, x.influence!.sign)),
        };
      });
    const target = a.influence ? all.find((x) => x.id === a.influence!.target) : undefined;
    return {
      id: a.id,
      kind,
      kindText: W[kind][L],
      actor: actorLabel(state, a.actor, lang),
      player: playerName(state, a.player),
      visibility: W[a.visibility][L],
      direction: a.influence ? '' : a.actor.type === 'figure' ? '' : directionName(a.direction, lang),
      text: a.text,
      strategic: st ? { id: st.id, goal: st.goal } : null,
      target: target
        ? `${target.id} ${actorLabel(state, target.actor, lang)} (${a.influence!.sign > 0 ? W.support[L] : W.oppose[L]})`
        : null,
      gain: a.gainInfluence
        ? actorLabel(
            state,
            { type: state.orders.some((o) => o.id === a.gainInfluence) ? 'order' : 'country', id: a.gainInfluence },
            lang,
          )
        : null,
      modifiers: fixed.map((m) => modText(m, state, lang)),
      fixedTotal: signed(fixed.reduce((s, m) => s + m.value, 0)),
      influences,
      decisions: specs.filter((s) => s.id.toLowerCase().startsWith(`${a.id.toLowerCase()}.`)).map(decisionRow),
    };
  });
  const strategic = state.strategic
    .filter((s) => s.status === 'active' || (s.status === 'abandoned' && s.result === null))
    .map((s) => {
      const step = all.find((a) => a.strategic === s.id);
      const planned = s.planned ?? s.estimate;
      return {
        id: s.id,
        actor: actorLabel(state, s.actor, lang),
        goal: s.goal,
        visibility: W[s.visibility][L],
        direction: directionName(s.direction, lang),
        mode: s.mode === 'ask-time' ? W.askTime[L] : W.askDifficulty[L],
        estimate: s.estimate === null ? '?' : String(s.estimate),
        planned: planned === null ? '?' : String(planned),
        difficulty: s.mode === 'ask-difficulty' ? (s.startedTurn === state.turn ? '?' : signed(s.difficulty)) : null,
        done: s.progress.length,
        progress: s.progress.map((p) => signed(p.value)).join(', ') || '—',
        step: step?.id ?? null,
        ends:
          (s.status === 'active' && step !== undefined && planned !== null && s.progress.length + 1 >= planned) ||
          s.status === 'abandoned',
        abandoned: s.status === 'abandoned',
        abandonedText: W.abandoned[L],
        decisions: specs.filter((x) => x.id.toLowerCase().startsWith(`${s.id.toLowerCase()}.`)).map(decisionRow),
      };
    });
  // The figures' secrecy rolls still to come this stage.
  const secrecy: { figure: string; visibility: string; count: number; chance: string; effect: string }[] = [];
  for (const f of state.figures) {
    const entity = plan.entities.get(f.id);
    if (!entity) continue;
    for (const vis of ['secret', 'public'] as const) {
      const n = plan.actions.filter((a) => a.actor.id === f.id && a.visibility === vis).length;
      const cell = n ? penaltyCell(vis, entity, n) : null;
      if (!cell || 'unavailable' in cell || !cell.secrecy) continue;
      secrecy.push({
        figure: `${f.name} (${f.id})`,
        visibility: W[vis][L],
        count: n,
        chance: cell.secrecy.chance ? `${cell.secrecy.chance}%` : msg('gm-certain', lang),
        effect: cell.doc,
      });
    }
  }
  const refused = plan.refused.map((r) => ({
    player: playerName(state, r.player),
    line: r.line,
    text: r.text,
    reason: reasonText(r.reason, r.args, lang, state),
  }));
  const countries = state.countries.map((c) => {
    const a = c.attrs;
    const parts = msg('gm-growth-formula', lang, {
      area: signed(a.area),
      population: signed(a.population),
      gnp: signed(a.gnp),
      stability: signed(a.stability),
      growth: signed(c.growth),
    });
    const known = a.area - a.population + a.gnp + a.stability + c.growth;
    return {
      id: c.id,
      name: c.name,
      player: playerName(state, c.player),
      population: levelText(a.population, lang),
      formula: parts,
      known: signed(known),
      decision: `${c.id}.growth`,
    };
  });
  const figures = state.figures.map((f) => ({
    id: f.id,
    name: f.name,
    player: playerName(state, f.player),
    age: f.age,
    ageModifier: signed(ageModifier(f.age)),
    influentiality: levelText(f.influentiality, lang),
    secrecy: msg('gm-figure-secrecy', lang, { secrecy: f.secrecy }),
    influence: f.influence
      .map(
        (i) =>
          `${i.order}: ${levelText(i.degree, lang)}, ПИ ${signed(i.pi)}${i.permanent ? ` (${W.permanent[L]} ${i.permanent})` : ''}`,
      )
      .join('; '),
  }));
  const targets = [
    ...all.map((a) => a.id),
    ...state.strategic.filter((s) => s.status === 'active' || s.result === null).map((s) => s.id),
    ...state.countries.map((c) => c.id),
    ...state.orders.map((o) => o.id),
    ...state.figures.map((f) => f.id),
  ];
  const example = specs.find((s) => s.default === null) ?? specs.find((s) => s.id.endsWith('.dif')) ?? specs[0];
  return {
    lang,
    title: state.title,
    turn: state.turn,
    stage: state.stage,
    actions,
    strategic,
    secrecy,
    refused,
    countries,
    figures,
    decisions: specs.map(decisionRow),
    required: specs.filter((s) => s.default === null).map(decisionRow),
    targets: targets.join(', '),
    example: example ? { id: example.id, value: example.id.endsWith('.time') ? '4' : '2' } : null,
    firstAction: all[0]?.id ?? null,
    firstCountry: state.countries[0]?.id ?? null,
    firstOrder: state.orders[0]?.id ?? null,
    firstFigure: state.figures[0]?.id ?? null,
    directions: DIRECTIONS.map((d) => `${d} (${directionName(d, lang)})`).join(', '),
    attrs: COUNTRY_ATTRS.join(', '),
  };
}

const SECRECY_WORDS: Record<string, string> = {
  underground: 'underground',
  подпольный: 'underground',
  подпольная: 'underground',
  подполье: 'underground',
  подпольно: 'underground',
  partial: 'partial',
  частичный: 'partial',
  частично: 'partial',
  частичная: 'partial',
  public: 'public',
  публичный: 'public',
  публично: 'public',
  всем: 'public',
  общеизвестный: 'public',
  known: 'known',
  известный: 'known',
  известен: 'known',
  известна: 'known',
};

const SECRECY: Record<string, string> = Object.fromEntries(Object.entries(SECRECY_WORDS).map(([k, v]) => [fold(k), v]));

/** Why an adjustment is refused: messages gm-error-<key> of templates/nation/<lang>/nation.ftl. */
const E = wordTable('nation', 'gm-error', [
  'unknown',
  'level',
  'size',
  'style',
  'styleSyntax',
  'secrecyOrder',
  'secrecyFigure',
  'publicPartial',
  'knows',
  'orders',
] as const);

function e(key: keyof typeof E, lang: Lang, vars: Record<string, string | number>): { error: string } {
  return { error: formatWords(E[key], l(lang), vars) };
}

/** An ad-hoc GM adjustment: the value to record, or why it is refused. */
export function checkDecision(
  state: NationState,
  id: string,
  raw: string,
  lang: Lang,
): { value: DecisionValue } | { error: string } {
  const adj = parseAdjustment(state, id);
  if (!adj) return e('unknown', lang, { id });
  const level = parseLevel(raw);
  const needLevel = () => e('level', lang, { raw });
  switch (adj.kind) {
    case 'attr':
    case 'influencer':
      return level === null ? needLevel() : { value: level };
    case 'size': {
      if (level === null) return needLevel();
      const o = state.orders.find((x) => x.id === adj.order)!;
      const area = state.countries.find((c) => c.id === o.country)?.attrs.area ?? 3;
      return level > area ? e('size', lang, { v: signed(level), area: signed(area) }) : { value: level };
    }
    case 'degree': {
      if (level === null) return needLevel();
      const f = state.figures.find((x) => x.id === adj.figure)!;
      if (!f.influence.some((i) => i.order === adj.order) && f.influence.length >= maxOrders(f.influentiality))
        return e('orders', lang, {
          v: signed(f.influentiality),
          max: maxOrders(f.influentiality),
          figure: f.name,
          n: f.influence.length,
        });
      return { value: level };
    }
    case 'influentiality': {
      if (level === null) return needLevel();
      const f = state.figures.find((x) => x.id === adj.figure)!;
      if (f.influence.length > maxOrders(level))
        return e('orders', lang, { v: signed(level), max: maxOrders(level), figure: f.name, n: f.influence.length });
      return { value: level };
    }
    case 'style': {
      const c = state.countries.find((x) => x.id === adj.country)!;
      let changes: Partial<Record<Direction, number>>;
      if (adj.direction) {
        if (level === null) return needLevel();
        changes = { [adj.direction]: level };
      } else {
        const parsed = parseStyleChanges(raw, parseDirection);
        if (!parsed) return e('styleSyntax', lang, { raw });
        changes = parsed;
      }
      const problems = styleProblems({ ...c.style, ...changes }, lang);
      if (problems.length) return e('style', lang, { country: c.id, problems: problems.join('; ') });
      if (adj.direction) return { value: level! };
      return {
        value: DIRECTIONS.filter((d) => changes[d] !== undefined)
          .map((d) => `${d}=${changes[d]}`)
          .join(' '),
      };
    }
    case 'secrecy': {
      const f = fold(raw.trim());
      const word = SECRECY[f];
      const player = state.players.find((p) => p.id.toLowerCase() === f);
      if (adj.entity === 'order') {
        const o = state.orders.find((x) => x.id === adj.id)!;
        if (word === 'underground' || word === 'public') return { value: word };
        if (word === 'partial')
          return o.secrecy === 'public' ? e('publicPartial', lang, { id: o.id }) : { value: word };
        if (player)
          return o.player === player.id || o.knownBy.includes(player.id)
            ? e('knows', lang, { player: player.id, id: o.id })
            : { value: player.id };
        return e('secrecyOrder', lang, { raw });
      }
      const fig = state.figures.find((x) => x.id === adj.id)!;
      if (word === 'underground' || word === 'known') return { value: word };
      if (player)
        return fig.player === player.id || fig.knownBy.includes(player.id)
          ? e('knows', lang, { player: player.id, id: fig.id })
          : { value: player.id };
      return e('secrecyFigure', lang, { raw });
    }
  }
}

export function narrativeTargets(state: NationState, orders: Map<PlayerId, NationOrder[]>): string[] {
  const stage1 = state.stage === 1 ? planStage1(state, orders) : null;
  const all = stage1 ? stage1.actions : turnActions(state, orders).all;
  return [
    ...all.map((a) => a.id),
    ...(stage1 ? stage1.created.map((s) => s.id) : []),
    ...state.strategic.map((s) => s.id),
    ...state.countries.map((c) => c.id),
    ...state.orders.map((o) => o.id),
    ...state.figures.map((f) => f.id),
  ];
}

export const gm: GmSupport<NationState, NationOrder> = {
  decisions,
  worksheet,
  checkDecision,
  narrativeTargets,
};
