// The FanDi engine is pure: randomness only through the injected Rng, time only from the phase.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../src/engine/hash.js';
import { SeededRng } from '../../src/engine/rng.js';
import { rules } from '../../src/games/fandi/index.js';
import { newGame } from './helpers.js';
import { NO_GM_INPUTS } from '../../src/engine/types.js';

const dir = new URL('../../src/games/fandi/', import.meta.url);

describe('FanDi purity', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
  it.each(files)('%s uses no Math.random, Date.now or new Date', (f) => {
    const text = readFileSync(join(dir.pathname, f), 'utf8');
    expect(text).not.toMatch(/Math\.random|Date\.now|new Date\(/);
  });

  it('the same state, orders and seed give the same state hash; the input is not mutated', () => {
    const s = newGame();
    const before = stateHash(s);
    const orders = new Map([
      [
        'alfa',
        rules.parseOrders('3 pesi B2 C2\nB2 postav 2 pesi\nA4 hradby zbytek', { state: s, player: 'alfa', lang: 'cs' })
          .orders,
      ],
      ['brana', rules.parseOrders('I2 veda 20', { state: s, player: 'brana', lang: 'cs' }).orders],
    ]);
    const a = rules.adjudicate(s, orders, new SeededRng('x'), {
      phase: 1,
      deadline: null,
      messages: [],
      gm: NO_GM_INPUTS,
    });
    const b = rules.adjudicate(s, orders, new SeededRng('x'), {
      phase: 1,
      deadline: null,
      messages: [],
      gm: NO_GM_INPUTS,
    });
    expect(stateHash(a.state)).toBe(stateHash(b.state));
    expect(JSON.stringify(a.events)).toBe(JSON.stringify(b.events));
    expect(stateHash(s)).toBe(before);
    expect(JSON.parse(JSON.stringify(a.state))).toEqual(a.state); // plain JSON
  });
});
