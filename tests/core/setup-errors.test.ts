// A setup file with errors in both the common part and the game kind's part: all of them at once.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { SetupError } from '../../src/engine/setup-file.js';
import { testJudge } from '../helpers.js';

describe('setup errors', () => {
  it("errors in the common part and in the game kind's checks are reported together", () => {
    const j = testJudge();
    const base = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
    const setup = {
      ...base,
      seats: [
        { id: 'alfa', name: 'A', email: 'not-an-email', password: 'eagle' },
        { id: 'brana', name: 'B', email: 'b@example.org', password: 'wolf' },
      ],
      units: [{ at: 'Q99', owner: 'nobody', type: 'pesi', count: 3 }],
    };
    let err: SetupError | null = null;
    try {
      createGame(j, { id: 'g', kind: 'fandi', setup, actor: 'test' });
    } catch (e) {
      err = e as SetupError;
    }
    expect(err).toBeInstanceOf(SetupError);
    expect(err!.problems.join('\n')).toMatch(/seats\.0\.email: not an e-mail address/);
    expect(err!.problems.join('\n')).toMatch(/units\.0\.at: "Q99" is not a square of the map/);
    expect(err!.problems.join('\n')).toMatch(/unknown player "nobody"/);
  });
});
