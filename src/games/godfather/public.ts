// The public view (Rules.publicView): the public part of the report — every
// player's name, role, ВО and status, the changes of ВО and status, the
// anonymous letters, the vote, the GM's bulletin — the same for every reader
// (tests/godfather/secrecy.test.ts checks that), with no private part.
import type { Lang, ReportModel } from '../../engine/types.js';
import { nobodysView } from '../../engine/public-view.js';
import type { GEvent, GState } from './state.js';
import { view } from './view.js';

export function publicView(state: GState, events: GEvent[], lang: Lang): ReportModel {
  const m = nobodysView(view, state, events, lang);
  return { public: m.public, private: null, gmView: null, over: m.over, day: m.day };
}
