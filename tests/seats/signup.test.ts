// Sign-up by mail (issue #31), a FanDi game: after `game create` everything by
// mail. Five addresses JOIN (in English, Czech and Russian) for four seats;
// one never confirms and holds nothing, so the fifth takes the last seat when
// it confirms; the full game starts by itself from `judge run`, the seed deals
// the gods (the same seed and sign-ups deal the same), everybody gets the
// start mail, and a password the judge mailed at sign-up works. A second JOIN
// from an address before it confirmed renews its sign-up (a new code).
// Bad input — JOIN to a full or closed game, a JOIN from an address signed up
// already, a JOIN to a game that started — is answered with the reason,
// nothing changed. (Forged JOINs, the waiting list, the bound: forged-joins.test.ts.)
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { seatStatusLines } from '../../src/engine/seat-status.js';
import type { FandiState } from '../../src/games/fandi/types.js';
import { message } from '../../src/render/templates.js';
import { getGame, getPlayer, listPlayers } from '../../src/store/games.js';
import { currentPhase } from '../../src/store/phases.js';
import { count, tavern, testJudge, type TestJudge } from '../helpers.js';
import { codeOf, D, fandiSetup, H, joinAnswer, playerMailProblems, run, seatedOf, send, to } from './helpers.js';

const JOINS = [
  { email: 'ann@example.org', line: 'JOIN f1 Ann Smith', lang: 'en' },
  { email: 'jiri@example.cz', line: 'PŘIHLÁSIT f1 Jiří Novák', lang: 'cs' },
  { email: 'olga@example.ru', line: 'ВСТУПИТЬ f1 Ольга', lang: 'ru' },
  { email: 'idle@example.org', line: 'JOIN f1 Idle Ivo', lang: 'en' },
] as const;
const LATE = { email: 'late@example.org', line: 'JOIN f1 Late Lea', lang: 'en' } as const;

function signupGame(j: TestJudge, id = 'f1', signup: Record<string, unknown> = { seats: 4, confirm: '24h' }) {
  return createGame(j, { id, kind: 'fandi', setup: { ...fandiSetup(), signup }, seed: '11', actor: 'test' });
}

/** Five sign-ups for four seats; every one but the idle one confirms. Returns the seated players' passwords. */
async function fill(j: TestJudge): Promise<Map<string, string>> {
  const codes = new Map<string, string>();
  for (const s of [...JOINS, LATE]) {
    const { reply, result } = await send(j, s.email, `${s.line}\n`);
    expect(result.status, s.line).toBe('accepted');
    codes.set(s.email, codeOf(reply!.body));
  }
  const passwords = new Map<string, string>();
  for (const s of [...JOINS.slice(0, 3), LATE]) {
    const { out } = await send(j, s.email, `CONFIRM f1 ${codes.get(s.email)}\n`);
    const seated = to(out, s.email).find((r) => r.dedupe_key.startsWith('notice:seats:g'));
    if (seated) passwords.set(s.email, seatedOf(seated.body).password);
  }
  return passwords;
}

describe('sign-up by mail', () => {
  it('fills a FanDi game by JOIN: the one who never confirms holds no seat; it starts by itself when full', async () => {
    const j = testJudge();
    const created = signupGame(j);
    expect(created.phase).toBeNull();
    expect(getGame(j.db, 'f1')!.status).toBe('signup');
    expect(listPlayers(j.db, 'f1')).toHaveLength(0);

    // LIST shows the game open for sign-up with its free seats, kind, language and first deadline.
    const list = await send(j, 'curious@example.org', 'LIST\n');
    expect(list.reply!.body).toContain('f1 — FanDi');
    expect(list.reply!.body).toMatch(/4 of 4 seats free/);
    expect(list.reply!.body).toContain(message('common', 'en', 'seat-list-after-start', { hours: 72 }));

    // The sign-ups: each answered in its own language, with a code; none holds a seat yet, so the fifth is told of free seats too.
    const answers: string[] = [];
    for (const s of JOINS) {
      const { reply } = await send(j, s.email, `${s.line}\n`);
      expect(reply!.subject).toContain(message('common', s.lang, 'seat-answer-join-subject', { game: 'f1' }));
      answers.push(reply!.body);
    }
    const late = await send(j, LATE.email, `${LATE.line}\n`);
    expect(late.reply!.body).toContain(
      joinAnswer('en', late.reply!.body, { game: 'f1', hours: 24, free: 4, seats: 4 }),
    );

    // A second JOIN from an address before it confirmed renews its sign-up: a new code, the first one void.
    const before = count(j, 'seat_requests');
    const again = await send(j, 'ann@example.org', 'JOIN f1 Ann Smith\n');
    expect(again.result.status).toBe('accepted');
    expect(codeOf(again.reply!.body)).not.toBe(codeOf(answers[0]!));
    // A game that is not there.
    const none = await send(j, 'ann@example.org', 'JOIN nope Ann\n');
    expect(none.reply!.body).toContain(message('common', 'en', 'seat-err-no-game', { game: 'nope' }));
    expect(count(j, 'seat_requests')).toBe(before);

    // A wrong code is refused, and counts (the first code is one now); the right one seats the player: id and password in a mail of their own.
    for (const code of ['000000', codeOf(answers[0]!)]) {
      const wrong = await send(j, 'ann@example.org', `CONFIRM f1 ${code}\n`);
      expect(wrong.result.status).toBe('rejected');
    }
    expect(listPlayers(j.db, 'f1')).toHaveLength(0);
    const ann = await send(j, 'ann@example.org', `CONFIRM f1 ${codeOf(again.reply!.body)}\n`);
    expect(ann.result.status).toBe('accepted');
    const seated = to(ann.out, 'ann@example.org').find((r) => r.dedupe_key.startsWith('notice:seats:'))!;
    const annSeat = seatedOf(seated.body);
    expect(annSeat.id).toBe('ann-smith');
    expect(to(ann.out, 'gm@example.cz')[0]!.body).toContain('ann@example.org');
    const passwords = new Map([['ann@example.org', annSeat.password]]);
    for (const [i, s] of [
      [1, JOINS[1]],
      [2, JOINS[2]],
    ] as const) {
      const { out } = await send(
        j,
        s.email,
        `${s.lang === 'cs' ? 'POTVRDIT' : 'ПОДТВЕРДИТЬ'} f1 ${codeOf(answers[i]!)}\n`,
      );
      const body = to(out, s.email).find((r) => r.dedupe_key.startsWith('notice:seats:'))!.body;
      passwords.set(s.email, seatedOf(body).password);
    }
    expect(listPlayers(j.db, 'f1').map((p) => p.id)).toEqual(['ann-smith', 'jiri-novak', 'olga']);
    expect(getPlayer(j.db, 'f1', 'olga')!.lang).toBe('ru');
    // An address signed up already: a JOIN is refused, in its language.
    const cz = await send(j, 'jiri@example.cz', 'PŘIHLÁSIT f1 Jiří Znovu\n');
    expect(cz.result.status).toBe('rejected');
    expect(cz.reply!.body).toContain(message('common', 'cs', 'seat-err-already', { game: 'f1' }));
    expect(count(j, 'seat_requests')).toBe(before);
    // The fifth confirms: the idle one, who never did, held nothing, so the last seat is hers.
    const lea = await send(j, LATE.email, `CONFIRM f1 ${codeOf(late.reply!.body)}\n`);
    expect(to(lea.out, LATE.email).map((r) => r.subject)).toContain(
      `[f1] ${message('common', 'en', 'seat-answer-seated-subject')}`,
    );
    expect(seatStatusLines(j, getGame(j.db, 'f1')!, 'en', j.clock())[0]).toMatch(
      /4 of 4 seats taken.*0 on the waiting list; 1 not confirmed yet/,
    );

    // The full game starts by itself on the next run; the idle sign-up ends without another mail to its address.
    const log = await run(j);
    expect(log.join('\n')).toMatch(/seats f1: started: 4 players/);
    const { listOutbox } = await import('../../src/store/outbox.js');
    expect(to(listOutbox(j.db), 'idle@example.org')).toHaveLength(1);
    const game = getGame(j.db, 'f1')!;
    expect(game.status).toBe('active');
    const phase = currentPhase(j.db, 'f1')!;
    expect(phase.number).toBe(1);
    expect(Date.parse(phase.deadline!)).toBe(j.clock().getTime() + 72 * H);
    const state = JSON.parse(phase.state_json) as FandiState;
    const ids = listPlayers(j.db, 'f1').map((p) => p.id);
    expect(ids).toEqual(['ann-smith', 'jiri-novak', 'late-lea', 'olga']);
    expect(state.players.map((p) => p.id).sort()).toEqual(ids);
    // The seed dealt the four gods: each has his god's units.
    expect(new Set(state.players.map((p) => p.god)).size).toBe(4);
    for (const id of ids) expect(state.units.some((u) => u.owner === id)).toBe(true);

    // The start mails: each player's own units, and the password line of a sign-up game.
    const starts = listOutbox(j.db).filter((r) => r.dedupe_key.startsWith('start:f1:'));
    expect(starts).toHaveLength(5);
    for (const p of listPlayers(j.db, 'f1')) {
      const mine = to(starts, p.email);
      expect(mine).toHaveLength(1);
      for (const u of state.units.filter((x) => x.owner === p.id)) expect(mine[0]!.body).toContain(`#${u.id}`);
    }
    expect(to(starts, 'ann@example.org')[0]!.body).toContain('the one the judge mailed you when you signed up');

    // The password mailed at sign-up works: orders accepted.
    const orders = await send(
      j,
      'olga@example.ru',
      `ИГРА f1 olga ${passwords.get('olga@example.ru')}\nПРИКАЗЫ\nКОНЕЦ\n`,
    );
    expect(orders.result.status).toBe('accepted');

    // JOIN once it has started: refused, with the reason.
    const afterStart = await send(j, 'new@example.org', 'JOIN f1 Newcomer\n');
    expect(afterStart.reply!.body).toContain(message('common', 'en', 'seat-err-started', { game: 'f1' }));
    expect(playerMailProblems(j, 'gm@example.cz')).toEqual([]);

    // The same seed and the same sign-ups deal the same gods.
    const k = testJudge();
    signupGame(k);
    await fill(k);
    k.advance(D + H);
    await run(k);
    const other = JSON.parse(currentPhase(k.db, 'f1')!.state_json) as FandiState;
    expect(other.players.map((p) => [p.id, p.god])).toEqual(state.players.map((p) => [p.id, p.god]));
  });

  it('refuses JOIN to a full game and to a closed one; a closed game starts with its minimum', async () => {
    const j = testJudge();
    // Full: two seats, no waiting list, both taken (confirmed).
    signupGame(j, 'duo', { seats: 2, waitlist: false });
    for (const [email, name] of [
      ['a@example.org', 'Alena'],
      ['b@example.org', 'Bohdan'],
    ]) {
      const { reply } = await send(j, email!, `JOIN duo ${name}\n`);
      await send(j, email!, `CONFIRM duo ${codeOf(reply!.body)}\n`);
    }
    const before = count(j, 'seat_requests');
    const full = await send(j, 'c@example.org', 'JOIN duo Cyril\n');
    expect(full.result.status).toBe('rejected');
    expect(full.reply!.body).toContain(message('common', 'en', 'seat-err-full', { game: 'duo' }));
    expect(count(j, 'seat_requests')).toBe(before);

    // Closed: sign-up closes in an hour; two of three seats confirmed (the minimum), then the time passes.
    const closes = new Date(j.clock().getTime() + H).toISOString().slice(0, 16);
    signupGame(j, 'trio', { seats: 3, min: 2, closes: `${closes}Z` });
    for (const [email, name] of [
      ['x@example.org', 'Xena'],
      ['y@example.org', 'Yvo'],
    ]) {
      const { reply } = await send(j, email!, `JOIN trio ${name}\n`);
      await send(j, email!, `CONFIRM trio ${codeOf(reply!.body)}\n`);
    }
    j.advance(2 * H);
    const n = count(j, 'seat_requests');
    const closed = await send(j, 'z@example.org', 'JOIN trio Zora\n');
    expect(closed.reply!.body).toContain(message('common', 'en', 'seat-err-closed', { game: 'trio' }));
    expect(count(j, 'seat_requests')).toBe(n);
    await run(j);
    expect(getGame(j.db, 'trio')!.status).toBe('active');
    const state = JSON.parse(currentPhase(j.db, 'trio')!.state_json) as FandiState;
    expect(state.players.map((p) => p.id).sort()).toEqual(['xena', 'yvo']);
  });

  it('refuses a sign-up setup with the kind’s errors, all at once', () => {
    const j = testJudge();
    expect(() =>
      createGame(j, {
        id: 'bad',
        kind: 'fandi',
        setup: { ...fandiSetup(), signup: { seats: 9, min: 12 }, seats: [{ id: 'x', name: 'X', email: 'x@x.org' }] },
        actor: 'test',
      }),
    ).toThrow(
      /seats: a sign-up game has no seats[\s\S]*signup\.seats: a fandi game with this setup takes 2 to 4 players, not 9[\s\S]*signup\.min/,
    );
  });

  it('judge game list shows a game open for sign-up as having no phase yet', () => {
    const j = testJudge();
    signupGame(j);
    tavern(j);
    const r = spawnSync(process.execPath, ['bin/judge.js', '--data', j.dataDir, 'game', 'list'], {
      encoding: 'utf8',
      env: { ...process.env, JUDGE_DATA: '' },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^f1 +fandi +signup +no phase {2}/m);
    expect(r.stdout).toMatch(/^tavern +rpg +active +phase 1 {2}Test Tavern$/m);
    expect(r.stdout).not.toContain('null');
  });
});
