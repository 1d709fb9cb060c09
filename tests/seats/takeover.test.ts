// Open positions by mail (issue #31): a FanDi position abandoned (nmr.abandonAfter)
// is listed as open in LIST with what the public map says of it; TAKEOVER asks
// for it, the address confirms its code, the GM approves by mail; the new
// player gets the position as it stands with a password, the deadline moves so
// that he can order, the one before is told without the new address, and the
// game plays on. A TAKEOVER of a seat that is not open is refused, nothing changed.
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { processPhase } from '../../src/engine/pipeline.js';
import type { FandiState } from '../../src/games/fandi/types.js';
import { message } from '../../src/render/templates.js';
import { getPlayer } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { count, testJudge } from '../helpers.js';
import { codeOf, D, fandiSetup, H, playerMailProblems, send, to } from './helpers.js';

const SEATS = ['alfa', 'brana', 'cerna', 'dana'].map((id) => ({
  id,
  name: id[0]!.toUpperCase() + id.slice(1),
  email: `${id}@example.cz`,
  password: `${id}-pw`,
}));
// A line the parser refuses still counts as orders sent (the player is there).
const orders = (id: string) => `HRA g ${id} ${id}-pw\nčekám\nKONEC\n`;

describe('open positions by mail', () => {
  it('an abandoned FanDi position is taken over with the GM’s approval and played on', async () => {
    const j = testJudge();
    createGame(j, {
      id: 'g',
      kind: 'fandi',
      setup: {
        ...fandiSetup(),
        seats: SEATS,
        nmr: { abandonAfter: 1 },
        takeover: { approve: 'gm', extend: '48h' },
      },
      seed: '21',
      actor: 'test',
    });
    // Turn 1: dana sends nothing, and is abandoned.
    for (const s of SEATS.slice(0, 3)) await send(j, s.email, orders(s.id));
    j.advance(3 * D);
    processPhase(j, 'g', 'test');
    expect(getPlayer(j.db, 'g', 'dana')!.status).toBe('abandoned');

    // LIST shows the open position with what the public map says of it (no address).
    const list = await send(j, 'newbie@example.net', 'LIST\n');
    expect(list.reply!.body).toMatch(/g dana \(fandi\): d = Dana \(dana\): 2/);
    expect(list.reply!.body).not.toContain('dana@example.cz');

    // Not open: refused, nothing recorded.
    const n = count(j, 'seat_requests');
    const notOpen = await send(j, 'newbie@example.net', 'TAKEOVER g alfa\n');
    expect(notOpen.reply!.body).toContain(message('common', 'en', 'seat-err-not-open', { game: 'g', seat: 'alfa' }));
    const mine = await send(j, 'brana@example.cz', 'PŘEVZÍT g dana\n');
    expect(mine.reply!.body).toContain(message('common', 'cs', 'seat-err-other-seat', { game: 'g' }));
    expect(count(j, 'seat_requests')).toBe(n);

    // Twelve hours before the deadline a newcomer asks, confirms, and the GM approves.
    j.advance(60 * H);
    const before = Date.parse(currentPhase(j.db, 'g')!.deadline!);
    const asked = await send(j, 'newbie@example.net', 'TAKEOVER g dana Nina Nováková\n');
    expect(asked.result.status).toBe('accepted');
    const confirmed = await send(j, 'newbie@example.net', `CONFIRM g ${codeOf(asked.reply!.body)}\n`);
    expect(confirmed.reply!.subject).toContain(message('common', 'en', 'seat-answer-takeover-gm-subject'));
    const ask = to(confirmed.out, 'gm@example.cz').find((r) =>
      r.dedupe_key.startsWith('notice:seats:g:ask-takeover:'),
    )!;
    const id = /SCHVÁLIT (\d+)/.exec(ask.body)![1]; // in the GM’s language (the game’s: Czech)
    expect(getPlayer(j.db, 'g', 'dana')!.email).toBe('dana@example.cz');
    const approved = await send(j, 'gm@example.cz', `GM g gm-secret\nSCHVÁLIT ${id}\nEND\n`);

    // The new player: a password and the position as it stands; the one before: told, without the new address.
    expect(getPlayer(j.db, 'g', 'dana')!.email).toBe('newbie@example.net');
    expect(getPlayer(j.db, 'g', 'dana')!.status).toBe('active');
    const start = to(approved.out, 'newbie@example.net').find((r) => r.dedupe_key.startsWith('start:g:dana'))!;
    const password = /(?:Heslo|Password):\s+(\S+)/.exec(start.body)![1]!;
    const state = JSON.parse(currentPhase(j.db, 'g')!.state_json) as FandiState;
    for (const u of state.units.filter((x) => x.owner === 'dana')) expect(start.body).toContain(`#${u.id}`);
    const old = to(approved.out, 'dana@example.cz');
    expect(old.length).toBeGreaterThan(0);
    for (const r of old) expect(r.body).not.toContain('newbie');
    // The deadline moved so that the new player has 48 hours, and everybody was told.
    const after = Date.parse(currentPhase(j.db, 'g')!.deadline!);
    expect(after - before).toBe(36 * H);
    expect(
      to(approved.out, 'alfa@example.cz').some((r) => r.dedupe_key.startsWith('notice:seats:g:takeover-moved:')),
    ).toBe(true);
    for (const r of to(approved.out, 'alfa@example.cz')) expect(r.body).not.toContain('newbie');

    // He plays on: his orders count, the turn is processed with them.
    const his = await send(j, 'newbie@example.net', `HRA g dana ${password}\nčekám\nKONEC\n`);
    expect(his.result.status).toBe('accepted');
    j.advance(2 * D);
    processPhase(j, 'g', 'test');
    expect(currentPhase(j.db, 'g')!.number).toBe(3);
    expect(getPlayer(j.db, 'g', 'dana')!.nmr_streak).toBe(0);
    expect(playerMailProblems(j, 'gm@example.cz')).toEqual([]);
  });
});
