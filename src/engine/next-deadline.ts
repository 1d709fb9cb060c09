// A new phase's deadline from the game's schedule (engine/schedule.ts): kept
// apart from the pipeline so that what opens a phase without adjudicating
// one (a game created, a sign-up started) does not load the pipeline.
import type { Judge } from '../context.js';
import type { GameRow } from '../store/games.js';
import { nextDeadline } from './schedule.js';
import { gameSettings } from './settings.js';

/** The deadline of a phase opening at `from` (default now) after one whose deadline was `previous`. */
export function deadlineFor(
  j: Judge,
  game: GameRow,
  kind: string,
  previous: string | null,
  from: Date = j.clock(),
): string | null {
  const s = gameSettings(game);
  return nextDeadline(s.schedule, s.timezone, kind, from, previous ? new Date(previous) : null)?.toISOString() ?? null;
}
