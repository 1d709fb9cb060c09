// The nation GM's worksheet: every declared action of the turn with its
// computed modifiers, the open decisions, and what the GM may adjust.
import type { DecisionSpec, DecisionValue, Lang, PlayerId, ReportModel } from '../../engine/types.js';
import { ageModifier } from './age.js';
import { degreeMod, modFormula, PERMANENT_VALUE } from './influence.js';
import { levelText, signed } from './ladder.js';
import { staticModifiers } from './modifiers.js';
import { entityName, penaltyCell, type EntityType } from './penalties.js';
import { reasonText } from './reasons.js';
import { msg } from './texts.js';
import { directionName } from './directions.js';
import {
  COUNTRY_ATTRS,
  DIRECTIONS,
  type Direction,
  type Modifier,
  type NationOrder,
  type NationState,
} from './types.js';
import { W, actorLabel, kindOf, l, playerName, turnActions } from './gm-shared.js';

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
