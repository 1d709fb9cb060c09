// A worksheet asked for before the players' deadline (WORKSHEET, `judge gm
// worksheet`) or of a processed phase says so: it does not claim that the
// players' deadline has passed and the phase waits for the GM.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { worksheetMail } from '../../src/engine/gm-loop.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { message } from '../../src/render/templates.js';
import { getGame } from '../../src/store/games.js';
import { currentPhase, livePhase } from '../../src/store/phases.js';
import { parseYaml } from '../../src/yaml.js';
import { testJudge } from '../helpers.js';

describe('the worksheet at each stage of a phase', () => {
  for (const lang of ['ru', 'en', 'cs'] as const)
    it(`says what stage the phase is at (GM language ${lang})`, () => {
      const j = testJudge();
      const setup = parseYaml(readFileSync('games/nation/setups/default.yaml', 'utf8')) as Record<string, unknown>;
      setup.gm = { ...(setup.gm as object), lang };
      setup.schedule = { every: '48h' };
      createGame(j, { id: 'luk', kind: 'nation', setup, seed: '2026', actor: 'test' });
      const game = getGame(j.db, 'luk')!;
      const open = currentPhase(j.db, 'luk')!;
      const ordering = worksheetMail(j, game, open).text;
      const waiting = /истёк|has passed|uplynul|Игроки своё сказали|players are done/;
      expect(ordering).toContain(
        message('nation', lang, 'worksheet-ordering', { title: game.title, game: 'luk', label: '', deadline: 'none' })
          .split('\n')[0]!
          .split(':')[0]!,
      );
      expect(ordering).not.toMatch(waiting);
      processPhase(j, 'luk', 'test');
      const done = worksheetMail(j, game, livePhase(j.db, 'luk', 1)!).text;
      expect(done).toMatch(/is processed|уже обработано|už vyhodnoceno/);
      expect(done).not.toMatch(waiting);
    });
});
