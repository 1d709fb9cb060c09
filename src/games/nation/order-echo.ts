// A nation order in the reader's words (the acknowledgement's echo).
import type { Lang } from '../../engine/types.js';
import { actorLabel, actorName, directionName, level, msg, turnsText, visibilityAdj } from './texts.js';
import type { NationOrder, NationState } from './types.js';
import { refOf } from './order-build.js';

// ---------------------------------------------------------------------------
// Echo

/** How the judge understood an order, in the reader's language. */
export function understood(order: NationOrder, state: NationState, lang: Lang): string {
  if (order.type === 'abandon') {
    const s = state.strategic.find((x) => x.id === order.id);
    return msg('echo-abandon', lang, {
      id: order.id,
      goal: s?.goal ?? '',
      actor: s ? actorLabel(state, s.actor, lang) : '',
    });
  }
  if (order.type === 'influence') {
    const target = state.declared.find((a) => a.id === order.target);
    return msg('echo-influence', lang, {
      actor: actorLabel(state, { type: 'figure', id: order.figure }, lang),
      vis: visibilityAdj(order.visibility, lang),
      sign: msg(order.sign > 0 ? 'support' : 'oppose', lang),
      id: order.target,
      target: target ? actorLabel(state, target.actor, lang) : order.target,
      text: order.text ? ` — ${msg('quoted', lang, { text: order.text })}` : '',
    });
  }
  let extra = '';
  const st = order.strategic;
  if (st?.mode === 'ask-time') extra += msg('echo-ask-time', lang);
  else if (st?.mode === 'ask-difficulty')
    extra += msg('echo-ask-difficulty', lang, { turns: turnsText(st.turns, lang) });
  else if (st?.mode === 'continue') {
    const s = state.strategic.find((x) => x.id === st.id);
    extra += msg('echo-continue', lang, {
      id: st.id,
      goal: s?.goal ?? '',
      planned: st.planned !== null ? msg('echo-planned', lang, { turns: turnsText(st.planned, lang) }) : '',
    });
  }
  if (order.gainInfluence)
    extra += msg('echo-gain', lang, { order: actorName(state, refOf(state, order.gainInfluence)) });
  return msg(order.text ? 'echo-action' : 'echo-action-notext', lang, {
    actor: actorLabel(state, order.actor, lang),
    vis: visibilityAdj(order.visibility, lang),
    dir: directionName(order.direction, lang),
    scale: order.scale !== null ? msg('echo-scale', lang, { level: level(order.scale, lang) }) : '',
    extra,
    text: order.text,
  });
}
