// The public view (Rules.publicView): what every player may know — the map of
// cities by owner (no units), the legend, the war table, the gods (no
// addresses: the page is public, the report's player list is for players) and
// the events everybody hears of (a god out of the game, the victory).
import type { Lang, ReportModel } from '../../engine/types.js';
import { keep, nobodysView } from '../../engine/public-view.js';
import type { FandiEvent, FandiState } from './state.js';
import { view, type Table } from './view.js';

export function publicView(state: FandiState, events: FandiEvent[], lang: Lang): ReportModel {
  const m = nobodysView(view, state, events, lang);
  const players = m.players as Table;
  return {
    ...keep(m, [
      'kind',
      'lang',
      'title',
      'turn',
      'nextTurn',
      'map',
      'mapSize',
      'legend',
      'war',
      'notes',
      'over',
      'winners',
    ]),
    ...(m.board !== undefined ? { board: m.board } : {}),
    gm: false,
    reader: null,
    // The player table's last column is the address.
    players: { headers: players.headers.slice(0, -1), rows: players.rows.map((r) => r.slice(0, -1)) },
  };
}
