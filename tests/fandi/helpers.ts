import { readFileSync } from 'node:fs';
import type { PlayerSeat } from '../../src/engine/types.js';
import { SeededRng } from '../../src/engine/rng.js';
import { gamePart } from '../../src/engine/setup-file.js';
import { rules } from '../../src/games/fandi/index.js';
import type { FandiState } from '../../src/games/fandi/state.js';

/** A shipped setup's FanDi part (the file also names seats, the GM and the language: the judge's keys). */
export function loadSetup(name = 'default'): unknown {
  return gamePart(JSON.parse(readFileSync(new URL(`../../games/fandi/setups/${name}.json`, import.meta.url), 'utf8')));
}

export function seats(ids = ['alfa', 'brana', 'cerna', 'dana'], lang: 'cs' | 'en' = 'cs'): PlayerSeat[] {
  return ids.map((id) => ({ id, name: id.toUpperCase(), email: `${id}@example.org`, lang }));
}

export function newGame(name = 'default', ids?: string[]): FandiState {
  return rules.setup(loadSetup(name), seats(ids), new SeededRng(1));
}
