// The GM in the loop for the nation kind: the decisions of stage 2 (stage 1 asks
// none), the worksheet, the ad-hoc adjustments and the narrative targets.
import { formatWords, wordTable } from '../../render/fluent.js';
import type { DecisionSpec, DecisionValue, GmSupport, Lang, PlayerId } from '../../engine/types.js';
import { fold } from '../../text-fold.js';
import { parseAdjustment, parseStyleChanges } from './adjustments.js';
import { maxOrders } from './influence.js';
import { ladderNames, parseLevel, signed } from './ladder.js';
import { planStage1 } from './plan.js';
import { msg } from './texts.js';
import { reasonableSize } from './size.js';
import { parseDirection, styleProblems } from './style.js';
import { CONST } from './tables.js';
import {
  DIRECTIONS,
  type DeclaredAction,
  type Direction,
  type NationOrder,
  type NationState,
  type Strategic,
} from './types.js';
import { worksheet } from './worksheet.js';
import { actorLabel, l, turnActions } from './gm-shared.js';

const G = CONST.gm;

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

/** What an action is about, for the GM's questions: its text quoted, or (increasing influence has none) whose influence grows. */
function what(state: NationState, a: DeclaredAction, lang: Lang): string {
  if (a.text.trim() || !a.gainInfluence) return quote(a.text, lang);
  const on = state.orders.some((o) => o.id === a.gainInfluence) ? 'order' : 'country';
  return msg('gm-gain-what', lang, { target: actorLabel(state, { type: on, id: a.gainInfluence }, lang) });
}

export function decisions(state: NationState, orders: Map<PlayerId, NationOrder[]>, lang: Lang): DecisionSpec[] {
  if (state.stage !== 2) return [];
  const names = ladderNames(lang);
  const { all } = turnActions(state, orders);
  const specs: DecisionSpec[] = [];
  for (const a of all) {
    if (a.influence) continue;
    const who = `${a.id} ${actorLabel(state, a.actor, lang)}: ${what(state, a, lang)}`;
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
