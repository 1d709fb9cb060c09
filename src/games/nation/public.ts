// The public view (Rules.publicView): what every player may know — the
// countries and who plays them, the actions declared publicly by the countries
// (and their totals once resolved), the GM's bulletin and the narrative
// attached to public targets. Orders and figures nobody-in-particular knows of,
// secret actions and every number of a country stay out.
import type { Lang, ReportModel } from '../../engine/types.js';
import { keep, nobodysView } from '../../engine/public-view.js';
import type { NationEvent, NationState } from './types.js';
import { view } from './view.js';

export function publicView(state: NationState, events: NationEvent[], lang: Lang): ReportModel {
  const m = nobodysView(view, state, events, lang);
  return {
    ...keep(m, ['title', 'turn', 'stage', 'nextTurn', 'nextStage', 'bulletin', 'actions', 'results', 'narrative']),
    isGm: false,
    countries: m.otherCountries,
  };
}
