// The forecast in an acknowledgement (issue #33): what the player's orders would
// do if every other player held and no dice were rolled, as the kind computes it
// (Rules.forecast, on what the player may know). Shown unless the game's setup
// (forecast: false) or the player (FORECAST OFF, kept in players.forecast) says
// no; a FORECAST line in the same block already counts for its acknowledgement.
// Made when the run's answers are complete: forecast-release.ts.
import type { Judge } from '../../context.js';
import { gameSettings } from '../../engine/settings.js';
import type { Forecast } from '../../engine/types.js';
import { getRules } from '../../games/registry.js';
import { wrap } from '../../render/text.js';
import type { GameRow, PlayerRow } from '../../store/games.js';
import { fold, type JudgeCommand } from './envelope.js';

/** FORECAST's word → on or off (ON / ZAP / ВКЛ …), null for anything else. */
export function forecastSwitch(word: string): boolean | null {
  const w = fold(word.trim());
  if (ON.has(w)) return true;
  if (OFF.has(w)) return false;
  return null;
}
const ON = new Set(['on', 'yes', 'zap', 'zapnout', 'ano', 'вкл', 'включить', 'да']);
const OFF = new Set(['off', 'no', 'vyp', 'vypnout', 'ne', 'выкл', 'выключить', 'нет']);

/** Record a player's choice (null: back to the game's setting). */
export function setPlayerForecast(j: Judge, gameId: string, playerId: string, on: boolean | null): boolean {
  return (
    j.db
      .prepare('UPDATE players SET forecast = ? WHERE game_id = ? AND id = ?')
      .run(on === null ? null : Number(on), gameId, playerId).changes === 1
  );
}

/** Does this player's acknowledgement carry a forecast: the block's own FORECAST line, else his choice, else the game's. */
export function forecastWanted(game: GameRow, player: PlayerRow, commands: readonly JudgeCommand[]): boolean {
  const said = commands
    .filter((c) => c.name === 'forecast')
    .map((c) => forecastSwitch(c.arg ?? ''))
    .filter((x): x is boolean => x !== null)
    .at(-1);
  if (said !== undefined) return said;
  if (player.forecast === 0 || player.forecast === 1) return player.forecast === 1;
  return gameSettings(game).forecast;
}

/**
 * The orders whose forecast the acknowledgement carries (`orders`, those that
 * stand now; null: the block gave none, so there is nothing new to forecast),
 * or null when it carries none: the kind makes no forecasts, or none for these
 * orders (Rules.forecasts), or the game, the player or the block turned them
 * off. The forecast itself is made once the run's answers are complete
 * (forecast-release.ts).
 */
export function forecastDue(
  game: GameRow,
  player: PlayerRow,
  state: unknown,
  commands: readonly JudgeCommand[],
  orders: readonly unknown[] | null,
): unknown[] | null {
  if (orders === null) return null;
  const rules = getRules(game.kind);
  if (!rules.forecast || !forecastWanted(game, player, commands)) return null;
  const list = [...orders];
  try {
    return (rules.forecasts?.(state, list) ?? true) ? list : null;
  } catch {
    return null;
  }
}

/**
 * The kind's forecast of these orders at the acknowledgement's measure, or
 * null: nothing to show, or the kind's forecast failed (orders are never
 * refused for it).
 */
export function makeForecast(game: GameRow, player: PlayerRow, state: unknown, orders: unknown[]): Forecast | null {
  const rules = getRules(game.kind);
  try {
    const f = rules.forecast?.(state, player.id, orders, player.lang);
    return f?.sections.some((s) => s.lines.length) ? narrow(f) : null;
  } catch {
    return null;
  }
}

/** The acknowledgement's measure: its prose is written to this many columns. */
const WIDTH = 72;
/** The template puts each line of a section this far in. */
const INDENT = 2;

/**
 * The forecast at the acknowledgement's measure: the note wrapped, each line
 * wrapped with its continuation hanging two columns under its own indentation
 * (a long line would widen the whole mail on a screen).
 */
function narrow(f: Forecast): Forecast {
  const hang = (line: string): string => {
    const own = /^ */.exec(line)![0].length;
    // No character is wider than one column (render/text.ts width): a line this short, of single spaces, is as it was.
    if (line.length <= WIDTH - INDENT - 2 && !line.includes('\n') && line.indexOf('  ', own) < 0) return line;
    const pad = ' '.repeat(INDENT + own + 2);
    return (
      ' '.repeat(own) +
      wrap(line.slice(own), WIDTH - INDENT - own - 2)
        .split('\n')
        .join(`\n${pad}`)
    );
  };
  return {
    note: f.note === null ? null : wrap(f.note, WIDTH),
    sections: f.sections.map((s) => ({ title: s.title, lines: s.lines.map(hang) })),
  };
}
