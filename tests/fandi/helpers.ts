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

/** The game part of a sample setup: the judge's own keys (seats, GM, language …) are not the kind's. */
export function gameSetup(name = 'default'): Record<string, unknown> {
  const {
    lang: _l,
    gm: _g,
    seats: _s,
    timezone: _t,
    schedule: _c,
    nmr: _n,
    auth: _a,
    mail: _m,
    forecast: _f,
    ...game
  } = loadSetup(name) as Record<string, unknown>;
  return game;
}

export function newGame(name = 'default', ids?: string[]): FandiState {
  return rules.setup(gameSetup(name), seats(ids), new SeededRng(1));
}
