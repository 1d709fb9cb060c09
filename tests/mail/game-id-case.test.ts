// A game's id as a player writes it: "HRA G1" and "GAME Tavern" name the game
// g1 and tavern, as player ids are read whatever their case; a new game whose
// id differs from an existing one in case alone is refused (it would make such
// a line name two games).
import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { createGame } from '../../src/engine/create-game.js';
import { getGame } from '../../src/store/games.js';
import { count, mail, tavern, tavernSetup, testJudge } from '../helpers.js';

describe("a game id's case", () => {
  it('a block naming the game in capitals is taken for it', async () => {
    const j = testJudge();
    tavern(j);
    const r = await ingest(
      j,
      await mail('Alice <alice@example.org>', 'GAME Tavern Alice apple\nROLL 2d6\nEND\n'),
      'test',
    );
    expect(r.status, r.reason ?? '').toBe('accepted');
    expect(count(j, "submissions WHERE game_id = 'tavern'")).toBe(1);
    expect(getGame(j.db, 'TAVERN')?.id).toBe('tavern');
  });

  it('a second game whose id differs in case alone is refused; an unknown id is still unknown', () => {
    const j = testJudge();
    tavern(j);
    expect(() =>
      createGame(j, { id: 'TAVERN', kind: 'rpg', setup: structuredClone(tavernSetup), seed: '1', actor: 'test' }),
    ).toThrow(/exists already/);
    expect(getGame(j.db, 'tavern2')).toBeUndefined();
  });
});
