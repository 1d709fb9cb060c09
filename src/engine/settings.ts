// A game's judge-side settings (time zone, schedule, NMR policy), as its setup file gave them.
import type { GameRow } from '../store/games.js';
import type { Schedule } from './schedule.js';
import type { Lang } from './types.js';

/** The judge's settings of a game, as its setup file gave them (validated at creation). */
export function gameSettings(game: GameRow): StoredSettings {
  // The setup holds the whole map of a big board: parse it once for a run of calls on one game (every reader's report).
  // Kept per game: intake alternates between games mail by mail.
  let last = kept.get(game.id);
  if (last?.json !== game.setup_json || last.lang !== game.lang) {
    if (!last && kept.size >= 64) kept.delete(kept.keys().next().value!);
    kept.set(game.id, (last = { json: game.setup_json, lang: game.lang, settings: readSettings(game) }));
  }
  return { ...last.settings, nmr: { ...last.settings.nmr } };
}

const kept = new Map<string, { json: string; lang: string; settings: StoredSettings }>();

function readSettings(game: GameRow): StoredSettings {
  const c = JSON.parse(game.setup_json) as Partial<StoredSettings> & { gm?: { lang?: Lang }; mail?: { html?: boolean } };
  return {
    timezone: c.timezone ?? 'UTC',
    schedule: c.schedule,
    nmr: { abandonAfter: 3, repeat: true, ...(c.nmr ?? {}) },
    gmLang: c.gm?.lang ?? (game.lang as Lang),
    html: c.mail?.html ?? true,
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
}

