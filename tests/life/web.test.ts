// The web pages at the start and the end of a game (issue 30): before the first
// turn a player's page shows his start (not "no report yet"); a game that is over
// shows its result on the public page, as the final mail gives it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endGame } from '../../src/engine/gm.js';
import { createGame } from '../../src/engine/create-game.js';
import { readSetupFile } from '../../src/engine/setup-file.js';
import { getGame, getPlayer } from '../../src/store/games.js';
import { listOutbox } from '../../src/store/outbox.js';
import { gamePage, readerPage } from '../../src/web/data.js';
import { gameHtml, readerHtml } from '../../src/web/pages.js';
import { testJudge } from '../helpers.js';

describe('web pages at the start and the end', () => {
  it('a player’s page before turn 1 is his start; the public page of an ended game its result', () => {
    const j = testJudge();
    const setup = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
    const ids = ['alfa', 'brana', 'cerna', 'dana'];
    createGame(j, {
      id: 'f',
      kind: 'fandi',
      setup: { ...setup, lang: 'cs', seats: ids.map((id) => ({ id, name: id, email: `${id}@example.cz` })) },
      seed: '2',
      actor: 'test',
    });
    const game = getGame(j.db, 'f')!;
    const page = readerPage(j.db, game, getPlayer(j.db, 'f', 'alfa')!);
    expect(page.reports).toHaveLength(1);
    expect(page.reports[0]!.label).toBe('Začátek hry');
    expect(page.reports[0]!.text).toContain('Vaše pozice na začátku');
    expect(page.picture).not.toBeNull();
    expect(readerHtml(page).html).not.toContain('Zatím žádná zpráva');
    expect(gamePage(j.db, 'f')!.result).toBeNull();
    endGame(j, 'f', 'test');
    const pub = gamePage(j.db, 'f')!;
    expect(pub.result?.text).toContain('== MAPA ==');
    const html = gameHtml(pub, true).html;
    expect(html).toContain('Výsledek');
    // The same result as the final mail.
    const final = listOutbox(j.db).find((r) => r.dedupe_key === 'final:f:alfa')!;
    expect(final.body).toContain(pub.result!.text!.split('\n').slice(0, 4).join('\n'));
  });

  it('the Godfather’s ended game shows what the end reveals', () => {
    const j = testJudge();
    createGame(j, {
      id: 'gf',
      kind: 'godfather',
      setup: readSetupFile('games/godfather/setups/default.yaml'),
      seed: '3',
      actor: 'test',
    });
    endGame(j, 'gf', 'test');
    const pub = gamePage(j.db, 'gf')!;
    expect(pub.result!.reveal).toHaveLength(13);
    expect(gameHtml(pub, true).html).toContain('тайный характер');
  });
});
