// The public view (Rules.publicView): the table's open rolls — those every
// player is shown (audience 'all'), with their dice as every player reads
// them — the trials everybody sees, the GM's bulletin and narrative for all.
// Hidden rolls, rolls to the GM or to named players and character sheets stay out.
import type { Lang, ReportModel } from '../../engine/types.js';
import { keep, nobodysView } from '../../engine/public-view.js';
import type { RpgEvent, RpgState } from './types.js';
import { view } from './view.js';

export function publicView(state: RpgState, events: RpgEvent[], lang: Lang): ReportModel {
  const m = nobodysView(view, state, events, lang);
  return {
    ...keep(m, ['title', 'round', 'numbers', 'teams', 'trials', 'narrative', 'bulletin']),
    rolls: m.rolls.map((r) => keep(r, ['playerName', 'head', 'comment', 'text', 'via'])),
  };
}
