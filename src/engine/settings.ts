// A game's judge-side settings (time zone, schedule, NMR policy), as its setup file gave them.
import type { GameRow } from '../store/games.js';
import type { Schedule } from './schedule.js';
import type { Lang } from './types.js';
import { sharedSetup } from './shared-json.js';

/** The judge's settings of a game, as its setup file gave them (validated at creation). */
export function gameSettings(game: GameRow): StoredSettings {
  // The setup holds the whole map of a big board: parsed once per run and shared (every reader's report, every mail).
  const c = sharedSetup<
    Partial<StoredSettings> & { gm?: { lang?: Lang }; mail?: { html?: boolean }; forecast?: boolean }
  >(game);
  return {
    timezone: c.timezone ?? 'UTC',
    schedule: c.schedule,
    nmr: { abandonAfter: 3, repeat: true, ...(c.nmr ?? {}) },
    gmLang: c.gm?.lang ?? (game.lang as Lang),
    html: c.mail?.html ?? true,
    forecast: c.forecast ?? true,
  };
}

export interface StoredSettings {
  timezone: string;
  schedule?: Schedule;
  nmr: { abandonAfter: number; repeat: boolean };
  /** The GM's language: worksheets, answers to GM mail, notices to the GM. */
  gmLang: Lang;
  /** Mails carry an HTML part (setup mail.html; a player's FORMAT choice wins). */
  html: boolean;
  /** Acknowledgements carry a forecast of the orders (setup forecast; a player's FORECAST choice wins). */
  forecast: boolean;
}

/** When a phase stops taking orders (ms): its deadline plus the schedule's grace; null without a deadline. */
export function ordersCloseAt(game: GameRow, deadline: string | null): number | null {
  return deadline ? Date.parse(deadline) + (gameSettings(game).schedule?.grace ?? 0) : null;
}
