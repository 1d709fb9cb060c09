// A game's judge-side settings (time zone, schedule, NMR policy), as its setup file gave them.
import type { GameRow } from '../store/games.js';
import type { Schedule } from './schedule.js';
import type { Lang } from './types.js';

/** The judge's settings of a game, as its setup file gave them (validated at creation). */
export function gameSettings(game: GameRow): StoredSettings {
  const c = JSON.parse(game.setup_json) as Partial<StoredSettings> & { gm?: { lang?: Lang } };
  return {
    timezone: c.timezone ?? 'UTC',
    schedule: c.schedule,
    nmr: { abandonAfter: 3, repeat: true, ...(c.nmr ?? {}) },
    gmLang: c.gm?.lang ?? (game.lang as Lang),
  };
}

export interface StoredSettings {
  timezone: string;
  schedule?: Schedule;
  nmr: { abandonAfter: number; repeat: boolean };
  /** The GM's language: worksheets, answers to GM mail, notices to the GM. */
  gmLang: Lang;
}

