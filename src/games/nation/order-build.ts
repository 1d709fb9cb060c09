// From a line's order words to a nation order: checked against the state
// (who may act, the strategic actions, the directions an action may use).
import type { Lang, PlayerId } from '../../engine/types.js';
import { LEVEL_MAX, LEVEL_MIN, isLevel, signed } from './ladder.js';
import { knowsAction } from './audience.js';
import { CONST, TABLES } from './tables.js';
import { actorLabel, actorName, directionList, directionName, msg, turnsText, yearsText } from './texts.js';
import type { ActorRef, Direction, NationOrder, NationState, Strategic, Visibility } from './types.js';
import { type Ctx, type El, type Kind, fail } from './order-entities.js';
import type { Read } from './order-line.js';

// ---------------------------------------------------------------------------
// From order words to an order

export function one<K extends Kind>(els: El[], k: K): Extract<El, { k: K }> | undefined {
  return els.find((e) => e.k === k) as Extract<El, { k: K }> | undefined;
}

/** An influence target id (an order's, or a country's) as an actor reference. */
export const refOf = (state: NationState, id: string): ActorRef =>
  state.countries.some((c) => c.id === id) ? { type: 'country', id } : { type: 'order', id };

const sameRef = (a: ActorRef, b: ActorRef) => a.type === b.type && a.id === b.id;

function ownStrategic(state: NationState, player: PlayerId, id: string, lang: Lang): Strategic {
  const s = state.strategic.find((x) => x.id.toUpperCase() === id && x.player === player);
  if (!s) fail('unknown-strategic', { id });
  if (s!.status !== 'active')
    fail('strategic-closed', { id, status: msg(s!.status === 'done' ? 'status-done' : 'status-abandoned', lang) });
  return s!;
}

function appliesTo(d: Direction): 'all' | 'ordinary' | 'strategic' {
  return TABLES.directions.directions.find((x) => x.id === d)?.appliesTo ?? 'all';
}

export function build(read: Read, line: number, c: Ctx): NationOrder {
  const { els, text } = read;
  const { state, player, lang } = c;
  const actorEl = one(els, 'actor');
  const abandon = one(els, 'abandon');
  const cont = one(els, 'continue');
  const infl = one(els, 'influence');
  const gain = one(els, 'gain');
  const stratMark = one(els, 'strategic') ?? one(els, 'goal');
  const askTime = one(els, 'askTime');
  const turns = one(els, 'turns');
  const scale = one(els, 'scale');
  const vis = one(els, 'vis');
  const dir = one(els, 'dir');

  if (actorEl && !actorEl.own) fail('not-yours', { name: actorEl.name });

  if (abandon) {
    if (infl || gain || cont || askTime || turns || scale) fail('abandon-extra', { id: abandon.id });
    if (state.stage !== 1) fail('abandon-stage-2');
    const s = ownStrategic(state, player, abandon.id, lang);
    if (actorEl && !sameRef(actorEl.ref, s.actor))
      fail('strategic-actor', {
        id: s.id,
        actor: actorLabel(state, s.actor, lang),
        other: actorLabel(state, actorEl.ref, lang),
      });
    return { type: 'abandon', line, id: s.id };
  }

  const S = cont ? ownStrategic(state, player, cont.id, lang) : null;
  const actor: ActorRef | undefined = actorEl?.ref ?? S?.actor;
  if (!actor) return fail('no-actor');
  if (S && !sameRef(S.actor, actor))
    fail('strategic-actor', {
      id: S.id,
      actor: actorLabel(state, S.actor, lang),
      other: actorLabel(state, actor, lang),
    });

  const visibility: Visibility = vis?.v ?? S?.visibility ?? (actor.type === 'country' ? 'public' : 'secret');

  if (infl) {
    if (actor.type !== 'figure') fail('influence-not-figure');
    if (state.stage !== 2) fail('influence-stage-1');
    if (stratMark || askTime || turns || cont || scale || gain) fail('influence-extra');
    const target = state.declared.find((a) => a.id.toUpperCase() === infl.target);
    if (!target || !knowsAction(state, target, player)) return fail('unknown-action', { id: infl.target });
    if (target.stage !== 1 || target.actor.type === 'figure') fail('influence-figure-action', { id: target.id });
    const fig = state.figures.find((f) => f.id === actor.id)!;
    if (!fig.influence.some((x) => x.order === target.actor.id))
      fail('no-influence', { figure: fig.name, order: actorName(state, target.actor) });
    return { type: 'influence', line, figure: actor.id, visibility, target: target.id, sign: infl.sign, text };
  }

  const isNew = !cont && !!(stratMark || askTime || turns);
  if (cont && askTime) fail('strategic-new-and-continue', { id: cont.id });
  if ((cont || isNew) && actor.type === 'figure') fail('strategic-figure');
  if (actor.type === 'figure' && state.stage !== 2) fail('figure-stage-1');
  if (actor.type !== 'figure' && state.stage !== 1) fail('order-stage-2');
  if (gain) {
    if (actor.type !== 'figure') fail('gain-not-figure');
    const fig = state.figures.find((f) => f.id === actor.id)!;
    if (!fig.influence.some((x) => x.order === gain.order))
      fail('no-influence', { figure: fig.name, order: actorName(state, refOf(state, gain.order)) });
  }
  if (scale) {
    if (actor.type === 'figure') fail('scale-figure');
    if (cont || isNew) fail('scale-strategic');
    if (!isLevel(scale.v)) fail('scale-range', { min: signed(LEVEL_MIN), max: signed(LEVEL_MAX) });
  }

  // Ruling: an "increase influence" action is based on Коммуникативность unless the player names another direction.
  const direction: Direction | undefined = dir?.d ?? S?.direction ?? (gain ? 'communication' : undefined);
  if (!direction) return fail('no-direction', { list: directionList(lang) });
  if (S && dir && dir.d !== S.direction)
    fail('strategic-direction', { id: S.id, dir: directionName(S.direction, lang), other: directionName(dir.d, lang) });
  const strategic = !!(cont || isNew);
  if (strategic && appliesTo(direction) === 'ordinary') fail('flexibility-strategic');
  if (!strategic && appliesTo(direction) === 'strategic') fail('constitution-ordinary');

  let n: number | null = null;
  if (turns) {
    if (askTime) fail('ask-time-and-turns');
    const per = state.settings.yearsPerTurn;
    n = turns.years ? turns.n / per : turns.n;
    if (!Number.isInteger(n)) fail('years-per-turn', { years: yearsText(turns.n, lang), per: yearsText(per, lang) });
    const { min, max } = CONST.gm.time;
    if (n < min || n > max) fail('turns-range', { min, max });
    if (S && n <= S.progress.length) fail('planned-too-short', { id: S.id, done: turnsText(S.progress.length, lang) });
  }
  if (!text && !cont && !gain) fail(isNew ? 'no-goal' : 'no-text');

  return {
    type: 'action',
    line,
    actor,
    visibility,
    direction,
    text,
    scale: scale ? scale.v : null,
    strategic: cont
      ? { mode: 'continue', id: S!.id, planned: n }
      : isNew
        ? n !== null
          ? { mode: 'ask-difficulty', turns: n }
          : { mode: 'ask-time' }
        : null,
    gainInfluence: gain ? gain.order : null,
  };
}
