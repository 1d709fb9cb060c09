// Absence by mail (issue #31): ABSENCE <from> <to> in a player's block. An
// absence over the deadline moves it to the absence's end for everyone
// (effect extend), within the phase's cap; one over the player's limits waits
// for the GM, who denies one and approves another (the digest tells him of
// them once a day); one in the past or longer than allowed is refused with the
// reason and nothing changes. With effect standing the deadline stays and the
// absent player misses no phase.
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { message } from '../../src/render/templates.js';
import { getPlayer } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { count, testJudge, type TestJudge } from '../helpers.js';
import { D, fandiSetup, H, playerMailProblems, run, send, to } from './helpers.js';

const SEATS = ['alfa', 'brana', 'cerna', 'dana'].map((id) => ({
  id,
  name: id[0]!.toUpperCase() + id.slice(1),
  email: `${id}@example.cz`,
  password: `${id}-pw`,
}));

function game(j: TestJudge, absence: Record<string, unknown>) {
  createGame(j, {
    id: 'g',
    kind: 'fandi',
    setup: { ...fandiSetup(), seats: SEATS, absence },
    seed: '3',
    actor: 'test',
  });
}

const block = (id: string, line: string) => `HRA g ${id} ${id}-pw\n${line}\nKONEC\n`;
const gm = (line: string) => `GM g gm-secret\n${line}\nEND\n`;
const deadline = (j: TestJudge) => currentPhase(j.db, 'g')!.deadline!;

describe('absence by mail', () => {
  it('moves a deadline, refuses bad ones, and leaves more than the limits to the GM', async () => {
    const j = testJudge(); // 2026-11-29 12:00 UTC, 13:00 in Prague
    game(j, { effect: 'extend', slots: 1, longest: '5d', most: '20d', cap: '3d' });
    expect(deadline(j)).toBe('2026-12-02T12:00:00.000Z');

    // Away 30 Nov – 3 Dec: the deadline (2 Dec) moves to the end of the absence, for everybody.
    const away = await send(j, 'alfa@example.cz', block('alfa', 'NEPŘÍTOMNOST 30.11.2026 3.12.2026'));
    expect(away.result.status).toBe('accepted');
    expect(deadline(j)).toBe('2026-12-03T23:00:00.000Z'); // 4 Dec 00:00 in Prague
    expect(to(away.out, 'alfa@example.cz').find((r) => r.kind === 'ack')!.body).toContain('nepřítomnost zapsána');
    for (const s of SEATS)
      expect(
        to(away.out, s.email).some((r) => r.dedupe_key.startsWith('notice:seats:g:absence-moved:')),
        s.id,
      ).toBe(true);
    expect(to(away.out, 'gm@example.cz').some((r) => r.dedupe_key.startsWith('notice:seats:g:absence-moved:'))).toBe(
      true,
    );

    // Bad input: in the past, longer than any absence may be, not a day: the reason, nothing recorded.
    const n = count(j, 'seat_requests');
    const past = await send(j, 'brana@example.cz', block('brana', 'NEPŘÍTOMNOST 20.11.2026 25.11.2026'));
    expect(past.reply!.body).toContain(message('common', 'cs', 'seat-err-absence-past'));
    const long = await send(j, 'brana@example.cz', block('brana', 'ABSENCE 2026-12-01 2026-12-30'));
    expect(long.reply!.body).toContain(message('common', 'cs', 'seat-err-absence-long', { days: 20 }));
    const bad = await send(j, 'brana@example.cz', block('brana', 'ABSENCE 2026-12-01 zítra'));
    expect(bad.reply!.body).toContain(message('common', 'cs', 'seat-err-absence-date', { text: 'zítra' }));
    expect(count(j, 'seat_requests')).toBe(n);
    expect(deadline(j)).toBe('2026-12-03T23:00:00.000Z');

    // alfa's second absence: his one slot is used, so the GM decides; cerna's is longer than 5 days.
    const second = await send(j, 'alfa@example.cz', block('alfa', 'NEPŘÍTOMNOST 10.12.2026 11.12.2026'));
    expect(to(second.out, 'gm@example.cz').some((r) => r.dedupe_key.startsWith('notice:seats:g:ask-absence:'))).toBe(
      true,
    );
    const long2 = await send(j, 'cerna@example.cz', block('cerna', 'NEPŘÍTOMNOST 5.12.2026 12.12.2026'));
    expect(long2.reply!.body).toMatch(/rozhodne vedoucí hry \(žádost \d+\)/);
    const [denyId, approveId] = [second, long2].map((x) => /žádost (\d+)/.exec(x.reply!.body)![1]);

    // The digest: once a day, while something waits.
    const log = await run(j);
    expect(log.join('\n')).toContain('seats g: digest of what waits for the GM');
    expect((await run(j)).join('\n')).not.toContain('digest');
    const digests = count(j, "outbox_head WHERE dedupe_key LIKE 'notice:seats:g:digest:%'");
    expect(digests).toBe(1);

    // The GM denies one and approves the other, by mail.
    const answer = await send(j, 'gm@example.cz', gm(`DENY ${denyId}\nAPPROVE ${approveId}\nAPPROVE 999`));
    const ack = to(answer.out, 'gm@example.cz').find((r) => r.kind === 'ack')!.body;
    expect(ack).toContain(message('common', 'cs', 'seat-gm-denied', { id: Number(denyId) }));
    expect(ack).toContain(message('common', 'cs', 'seat-gm-approved', { id: Number(approveId) }));
    expect(ack).toContain(message('common', 'cs', 'seat-err-no-request', { id: 999 }));
    expect(
      to(answer.out, 'alfa@example.cz').some((r) => r.dedupe_key.startsWith('notice:seats:g:denied-absence:')),
    ).toBe(true);
    expect(
      to(answer.out, 'cerna@example.cz').some((r) => r.dedupe_key.startsWith('notice:seats:g:absence-granted:')),
    ).toBe(true);

    // The next phase's deadline (6 Dec) falls in cerna's absence: a run moves it, by the cap (3 days) at most.
    j.advance(5 * D);
    await run(j); // processes phase 1
    expect(currentPhase(j.db, 'g')!.number).toBe(2);
    const due = Date.parse(deadline(j));
    await run(j);
    expect(Date.parse(deadline(j)) - due).toBe(3 * D);
    expect(playerMailProblems(j, 'gm@example.cz')).toEqual([]);
  });

  it('effect standing: the deadline stays and the absent player misses no phase', async () => {
    const j = testJudge();
    game(j, { effect: 'standing' });
    const before = deadline(j);
    const r = await send(j, 'dana@example.cz', block('dana', 'ABSENCE 2026-11-30 2026-12-03'));
    expect(r.result.status).toBe('accepted');
    expect(deadline(j)).toBe(before);
    j.advance(3 * D + H);
    processPhase(j, 'g', 'test');
    expect(getPlayer(j.db, 'g', 'dana')!.nmr_streak).toBe(0);
    expect(getPlayer(j.db, 'g', 'alfa')!.nmr_streak).toBe(1);
  });
});
