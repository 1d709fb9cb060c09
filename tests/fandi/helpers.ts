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

export function newGame(name = 'default', ids?: string[]): FandiState {
  return rules.setup(loadSetup(name), seats(ids), new SeededRng(1));
}
