// The report model: the ONLY path from the state to what a reader sees. A
// player gets their own country in full, their orders and figures, the names
// of the other countries and of the orders and figures they know of, and the
// events of the stage whose audience includes them — their own actions in full
// (dice, modifiers), the other actions they may know of by their total only.
// Another player's influence on the reader's action shows only as its effect on
// the total; a secret action of another player, an order or figure the reader
// does not know of, and another country's numbers never appear. The GM gets
// everything. games/nation/ORDERS.md says what each reader is shown.
//
// view() puts the parts together; each part has its module: view-reader.ts (who
// reads and what he may know), view-holdings.ts (countries, orders, figures),
// view-actions.ts and view-modifiers.ts (the actions and their results),
// view-strategic.ts, view-events.ts (growth, ages, GM adjustments, secrecy,
// narrative, bulletin, refusals), view-examples.ts, in the words of view-words.ts.
import type { Lang } from '../../engine/types.js';
import type { NationEvent, NationState } from './types.js';
import { actionViews, influenceHints, influences, pi, results } from './view-actions.js';
import { adjustments, ages, bulletin, growth, narrative, refused, secrecy } from './view-events.js';
import { examples } from './view-examples.js';
import { countryView, figureTables, orderTables, ownCountry } from './view-holdings.js';
import type { NationReport } from './view-model.js';
import { type Reader, readerOf } from './view-reader.js';
import { progress, strategicDone, strategicViews } from './view-strategic.js';

export type { ActionView, CountryView, FigureView, NationReport, StrategicView, TableModel } from './view-model.js';
export { lvl, num } from './view-words.js';

export function view(state: NationState, events: NationEvent[], reader: Reader, lang: Lang): NationReport {
  const r = readerOf(state, events, reader, lang);
  const { isGm } = r;
  const own = ownCountry(r);
  const { orders, orderDescriptions, knownOrders } = orderTables(r);
  const { figures, knownFigures } = figureTables(r);
  return {
    title: state.title,
    turn: r.turn,
    stage: r.stage,
    nextTurn: state.turn,
    nextStage: state.stage,
    isGm,
    bulletin: bulletin(r),
    country: own ? countryView(r, own) : null,
    countries: isGm ? state.countries.map((c) => countryView(r, c)) : [],
    otherCountries: state.countries
      .filter((c) => !isGm && c.player !== reader)
      .map((c) => ({ id: c.id, name: c.name, playerName: r.playerName(c.player) })),
    orders,
    orderDescriptions,
    knownOrders,
    figures,
    knownFigures,
    strategic: strategicViews(r),
    actions: actionViews(r),
    influenceHints: influenceHints(r),
    results: results(r),
    influences: influences(r),
    pi: pi(r),
    progress: progress(r),
    strategicDone: strategicDone(r),
    growth: growth(r),
    ages: ages(r),
    adjustments: adjustments(r),
    secrecy: secrecy(r),
    narrative: narrative(r),
    refused: refused(r),
    examples: examples(r),
  };
}
