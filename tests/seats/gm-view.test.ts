// What the GM sees of the seats (issue #31): a sign-up game and what waits for
// his approval, in `judge status` (the built CLI, text and JSON), in STATUS by
// mail (his language), on his web page (never on a player's), and the list and
// public pages of a game with no phase yet.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { message } from '../../src/render/templates.js';
import { getGame } from '../../src/store/games.js';
import { gameList, gamePage, readerPage } from '../../src/web/data.js';
import { gameHtml, listPage, readerHtml } from '../../src/web/pages.js';
import { tempDir, testJudge } from '../helpers.js';
import { codeOf, fandiSetup, send, to } from './helpers.js';

describe('the GM’s view of the seats', { timeout: 60_000 }, () => {
  it('judge status, STATUS by mail and the GM’s web page show the sign-up and what waits for the GM', async () => {
    const dir = tempDir();
    const j = testJudge(dir);
    createGame(j, {
      id: 'f1',
      kind: 'fandi',
      setup: { ...fandiSetup(), signup: { seats: 3, approve: 'gm' } },
      seed: '1',
      actor: 'test',
    });
    const asked = await send(j, 'ann@example.org', 'JOIN f1 Ann\n');
    const confirmed = await send(j, 'ann@example.org', `CONFIRM f1 ${codeOf(asked.reply!.body)}\n`);
    expect(confirmed.reply!.subject).toContain(message('common', 'en', 'seat-answer-join-gm-subject'));
    const ask = to(confirmed.out, 'gm@example.cz')[0]!;
    const id = /SCHVÁLIT (\d+)/.exec(ask.body)![1]!;
    await send(j, 'bob@example.org', 'JOIN f1 Bob\n');
    j.db.close();

    // judge status: the built CLI, on a game with no phase.
    const cli = (args: string[]) =>
      spawnSync(process.execPath, ['bin/judge.js', '--data', dir, ...args], {
        encoding: 'utf8',
        env: { ...process.env, JUDGE_DATA: '' },
      });
    const st = cli(['status']);
    expect(st.status, st.stderr).toBe(0);
    expect(st.stdout).toContain('f1 (fandi, signup) no phase yet');
    expect(st.stdout).toMatch(
      /sign-up: 0 of 3 seats taken \(-\), 1 held while you decide, 0 on the waiting list; 1 not confirmed yet \(holding no seat\)/,
    );
    expect(st.stdout).toContain(`waits for you: #${id} sign-up: Ann <ann@example.org>`);
    const json = JSON.parse(cli(['status', '--json']).stdout);
    expect(json.games[0].seats.approvals).toHaveLength(1);
    expect(json.games[0].phase).toBeNull();

    const k = testJudge(dir);
    // STATUS by mail, in the GM's language (the game's: Czech).
    const status = await send(k, 'gm@example.cz', 'GM f1 gm-secret\nSTATUS\nEND\n');
    const ack = to(status.out, 'gm@example.cz')[0]!.body;
    expect(ack).toContain(`čeká na vás: #${id} přihláška: Ann <ann@example.org>`);
    expect(ack).not.toContain('rozkazy chybí');

    // The GM's web page lists it; the public and list pages handle a game with no phase.
    const game = getGame(k.db, 'f1')!;
    const gmPage = readerHtml(readerPage(k.db, game, 'gm')).html;
    expect(gmPage).toContain('Místa ve hře');
    expect(gmPage).toContain(`#${id} přihláška: Ann`);
    expect(gameHtml(gamePage(k.db, 'f1')!, true).html).toContain('přihlašování');
    expect(listPage('en', gameList(k.db, 'en')).html).toContain('open for sign-up');

    // The GM approves from the command line: Ann takes her seat; her page has no seats section.
    const ok = cli(['approve', 'f1', id]);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain(`request #${id} (join) approved: seated`);
    const again = cli(['approve', 'f1', id]);
    expect(again.status).not.toBe(0);
    expect(again.stderr).toContain(message('common', 'en', 'seat-err-no-request', { id: Number(id) }));
    const { getPlayer } = await import('../../src/store/games.js');
    const ann = getPlayer(k.db, 'f1', 'ann')!;
    expect(ann.email).toBe('ann@example.org');
    expect(readerHtml(readerPage(k.db, getGame(k.db, 'f1')!, ann)).html).not.toContain('Místa ve hře');
    // START with fewer than the minimum (the kind's: 2) is refused.
    const start = cli(['start', 'f1']);
    expect(start.status).not.toBe(0);
    expect(start.stderr).toContain(message('common', 'en', 'seat-err-too-few', { game: 'f1', count: 1, min: 2 }));
  });
});
