import { readFileSync } from 'node:fs';
import type { PlayerSeat } from '../../src/engine/types.js';
import { SeededRng } from '../../src/engine/rng.js';
import { rules } from '../../src/games/fandi/index.js';
import type { FandiState } from '../../src/games/fandi/state.js';

export function loadSetup(name = 'default'): unknown {
  return JSON.parse(readFileSync(new URL(`../../games/fandi/setups/${name}.json`, import.meta.url), 'utf8'));
}

export function seats(ids = ['alfa', 'brana', 'cerna', 'dana'], lang: 'cs' | 'en' = 'cs'): PlayerSeat[] {
  return ids.map((id) => ({ id, name: id.toUpperCase(), email: `${id}@example.org`, lang }));
}

/** A sample setup's FanDi part: without what every kind's setup has (lang, gm, seats), which the engine takes off before rules.setup. */
export function gameSetup(name = 'default'): unknown {
  const { lang: _lang, gm: _gm, seats: _seats, ...game } = loadSetup(name) as Record<string, unknown>;
  return game;
}

export function newGame(name = 'default', ids?: string[]): FandiState {
  return rules.setup(gameSetup(name), seats(ids), new SeededRng(1));
}
