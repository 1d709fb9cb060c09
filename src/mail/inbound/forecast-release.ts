// A forecast where it is read (issue #33): the acknowledgements of a run go out
// together once it ends, so a forecast made when each mail was handled would
// often be out of date when read: the same player's later mail of the run has
// changed the orders again. So an acknowledgement whose forecast is due is
// stored 'held', with a mark where the forecast goes (block.ts), and when the
// run over the stored mails ends (batch.ts; a pipe's mail, ingest.ts; and
// before any send, for what a stopped run left) each seat's forecast is made
// once: in the answer to its last mail, of the orders as that mail left them.
// An earlier answer of the same seat names that mail instead. A phase
// processed meanwhile (a stopped run's answers, sent after the GM forced the
// turn) leaves its answers saying so. The forecasts are made outside any write
// transaction; their writes then commit together.
import type { Judge } from '../../context.js';
import { sharedState } from '../../engine/shared-json.js';
import type { Forecast, Lang } from '../../engine/types.js';
import { renderPart } from '../../render/templates.js';
import { hasBidiControl, safeText } from '../../render/bidi.js';
import { transactImmediate } from '../../store/db.js';
import { forecastsDue, hasForecastsDue, releaseForecast, type ForecastDue } from '../../store/forecast-due.js';
import { getGame, getPlayer } from '../../store/games.js';
import { currentPhase } from '../../store/phases.js';
import type { WriteTurns } from '../../store/write-turns.js';
import { makeForecast } from './forecast.js';

/** What takes an acknowledgement's mark: the forecast, the later mail that carries it, or the phase gone. */
type Part = { forecast: Forecast } | { later: { subject: string } } | { gone: true } | null;

const seatOf = (d: ForecastDue) => `${d.game_id}\u0000${d.phase_number}\u0000${d.player_id}`;

/** The forecast of a seat's last acknowledgement: made of the orders its block left standing, in the phase as it is now. */
function lastPart(j: Judge, d: ForecastDue): Part {
  const game = getGame(j.db, d.game_id);
  const player = game && getPlayer(j.db, game.id, d.player_id);
  const phase = game && currentPhase(j.db, game.id);
  if (!game || !player) return null;
  if (!phase || phase.number !== d.phase_number || phase.processed_at) return { gone: true };
  try {
    const forecast = makeForecast(game, player, sharedState(phase), JSON.parse(d.orders_json) as unknown[]);
    return forecast ? { forecast } : null;
  } catch {
    return null;
  }
}

/** The text that takes the mark ('' for none), in the acknowledgement's language; later-mail notes made once per language and subject. */
function partText(kind: string, d: ForecastDue, part: Part, notes: Map<string, string>): string {
  if (!part) return '';
  const make = () => {
    try {
      const text = renderPart(kind, d.lang as Lang, 'ack-forecast', part);
      return hasBidiControl(text) ? safeText(text) : text;
    } catch {
      return ''; // a template that fails (a GM's own) costs the forecast, never the answer
    }
  };
  if (!('later' in part)) return make();
  const key = `${kind}\u0000${d.lang}\u0000${part.later.subject}`;
  let text = notes.get(key);
  if (text === undefined) notes.set(key, (text = make()));
  return text;
}

/**
 * Make the forecasts of every acknowledgement waiting for one and let them go
 * (on intake's worker, `turns`: its write taken in turn with the poll's). Never
 * throws: what is not released now is by the next run or send. The number of
 * acknowledgements released.
 */
export function releaseForecasts(j: Judge, turns?: WriteTurns): number {
  try {
    if (!hasForecastsDue(j.db)) return 0;
    const due = forecastsDue(j.db);
    // Each seat's last acknowledgement (of the run, or of what a stopped run left) carries the forecast.
    const last = new Map<string, ForecastDue>();
    for (const d of due) if (d.held) last.set(seatOf(d), d);
    const parts = new Map<ForecastDue, Part>();
    for (const d of last.values()) parts.set(d, lastPart(j, d));
    const kinds = new Map<string, string | undefined>();
    const kindOf = (game: string) => {
      if (!kinds.has(game)) kinds.set(game, getGame(j.db, game)?.kind);
      return kinds.get(game);
    };
    const notes = new Map<string, string>();
    const texts = due.map((d): string | null => {
      if (!d.held) return null;
      const kind = kindOf(d.game_id);
      if (!kind) return '';
      const mine = last.get(seatOf(d))!;
      const lastOne = parts.get(mine)!;
      const part: Part =
        mine === d ? lastOne : lastOne && 'forecast' in lastOne ? { later: { subject: mine.subject } } : lastOne;
      return partText(kind, d, part, notes);
    });
    turns?.enter();
    try {
      return transactImmediate(j.db, () => due.reduce((n, d, i) => n + Number(releaseForecast(j.db, d, texts[i]!)), 0));
    } finally {
      turns?.leave();
    }
  } catch {
    return 0;
  }
}
