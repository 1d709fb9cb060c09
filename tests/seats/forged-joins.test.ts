// Forged JOINs cannot fill a sign-up game: anybody can send JOIN with a forged
// From, and the code goes to an address the forger cannot read, so a sign-up
// holds no seat until its address confirms it. The seats go to the sign-ups in
// the order they are confirmed; the later ones wait on the waiting list in that
// order and are told their place; a named seat goes to the first to confirm.
// What a flood can still do is bounded: signup.unconfirmed sign-ups wait for
// their code at once, a JOIN beyond is refused (the GM sees it); the game
// starts only with confirmed players.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { readSetupFile } from '../../src/engine/setup-file.js';
import { seatStatus, seatStatusLines } from '../../src/engine/seat-status.js';
import { message } from '../../src/render/templates.js';
import { getGame, listPlayers, type PlayerRow } from '../../src/store/games.js';
import { auditLog } from '../../src/store/audit.js';
import { listInbound } from '../../src/store/inbound.js';
import { listOutbox } from '../../src/store/outbox.js';
import { count, testJudge, type TestJudge } from '../helpers.js';
import { codeOf, D, fandiSetup, H, joinAnswer, run, seatedOf, send, to } from './helpers.js';

function fandi(j: TestJudge, id: string, signup: Record<string, unknown>) {
  return createGame(j, { id, kind: 'fandi', setup: { ...fandiSetup(), signup }, seed: '3', actor: 'test' });
}

/** JOIN from an address; the code its answer brought. */
async function join(j: TestJudge, email: string, line: string): Promise<string> {
  const { reply, result } = await send(j, email, `${line}\n`);
  expect(result.status, reply?.body).toBe('accepted');
  return codeOf(reply!.body);
}

/** CONFIRM from an address: the subjects of what it got back. */
async function confirm(j: TestJudge, email: string, game: string, code: string, word = 'CONFIRM') {
  const r = await send(j, email, `${word} ${game} ${code}\n`);
  return { ...r, mine: to(r.out, email) };
}

const forged = (i: number) => `rival-${i}@invented.example`;

/** The built CLI on the test judge's data directory: its standard output (it must succeed). */
function cliRun(j: TestJudge, args: string[]): string {
  const r = spawnSync(process.execPath, ['bin/judge.js', '--data', j.dataDir, ...args], {
    encoding: 'utf8',
    env: { ...process.env, JUDGE_DATA: '' },
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

/** The game's active players: this of each, sorted. */
function players(j: TestJudge, game: string, of: (p: PlayerRow) => string): string[] {
  return listPlayers(j.db, game)
    .filter((p) => p.status === 'active')
    .map(of)
    .sort();
}

/** What the GM's status says of the sign-up. */
const signupOf = (j: TestJudge, game: string) => seatStatus(j, getGame(j.db, game)!, 'en', j.clock()).signup;

describe('forged JOINs', { timeout: 120_000 }, () => {
  it('a flood of forged JOINs (more than the seats) does not keep out real players who JOIN and CONFIRM later', async () => {
    const j = testJudge();
    fandi(j, 'f1', { seats: 4 });
    for (let i = 0; i < 12; i++) await join(j, forged(i), `JOIN f1 Rival ${i}`);
    // Twelve sign-ups wait for their code: they hold nothing, LIST still offers every seat.
    const list = await send(j, 'curious@example.org', 'LIST\n');
    expect(list.reply!.body).toMatch(/4 of 4 seats free/);

    const real = [
      ['ann@example.org', 'JOIN f1 Ann'],
      ['jiri@example.cz', 'PŘIHLÁSIT f1 Jiří'],
      ['olga@example.ru', 'ВСТУПИТЬ f1 Ольга'],
      ['eva@example.cz', 'PŘIHLÁSIT f1 Eva'],
    ] as const;
    for (const [email, line] of real) {
      const code = await join(j, email, line);
      const word = line.split(' ')[0] === 'JOIN' ? 'CONFIRM' : line.startsWith('P') ? 'POTVRDIT' : 'ПОДТВЕРДИТЬ';
      const { mine } = await confirm(j, email, 'f1', code, word);
      expect(mine.some((r) => r.dedupe_key.includes(':seated:'))).toBe(true);
    }
    expect(players(j, 'f1', (p) => p.email)).toEqual(real.map(([e]) => e).sort());
    // Twelve wait for their code, within the default bound (5 a seat, at least 20).
    expect(signupOf(j, 'f1')).toMatchObject({
      seated: ['ann', 'jiri', 'olga', 'eva'],
      waiting: 0,
      unconfirmed: 12,
      unconfirmedMax: 20,
      refused: 0,
    });

    // The full game starts with the four; the forged addresses got their JOIN's answer and nothing more.
    await run(j);
    expect(getGame(j.db, 'f1')!.status).toBe('active');
    const all = listOutbox(j.db);
    for (let i = 0; i < 12; i++) expect(to(all, forged(i)), forged(i)).toHaveLength(1);
  });

  it('the confirmed beyond the seats wait in the order they confirmed, told their place; a freed seat goes to the first', async () => {
    const j = testJudge();
    fandi(j, 'duo', { seats: 2 });
    // Four JOIN in the order a, b, c, d; they confirm in the order d, b, c, a.
    const codes = new Map<string, string>();
    for (const who of ['a', 'b', 'c', 'd'])
      codes.set(who, await join(j, `${who}@example.org`, `JOIN duo Player ${who}`));
    const d = await confirm(j, 'd@example.org', 'duo', codes.get('d')!);
    const b = await confirm(j, 'b@example.org', 'duo', codes.get('b')!);
    expect(d.mine.some((r) => r.dedupe_key.includes(':seated:'))).toBe(true);
    const bSeat = seatedOf(b.mine.find((r) => r.dedupe_key.includes(':seated:'))!.body);
    // c confirms third: number 1 on the waiting list; a (in Russian) fourth: number 2, told so in Russian.
    const c = await confirm(j, 'c@example.org', 'duo', codes.get('c')!);
    expect(c.reply!.subject).toContain(message('common', 'en', 'seat-answer-waiting-confirmed-subject'));
    expect(c.reply!.body).toContain(
      message('common', 'en', 'seat-answer-waiting-confirmed', { game: 'duo', place: 1 }),
    );
    const a = await confirm(j, 'a@example.org', 'duo', codes.get('a')!, 'ПОДТВЕРДИТЬ');
    expect(a.reply!.body).toContain(
      message('common', 'ru', 'seat-answer-waiting-confirmed', { game: 'duo', place: 2 }),
    );
    // A JOIN now is told that every seat is taken.
    const e = await send(j, 'e@example.org', 'JOIN duo Eve\n');
    expect(e.reply!.body).toContain(joinAnswer('en', e.reply!.body, { game: 'duo', hours: 48, free: 0, seats: 2 }));

    // b withdraws before the start: c, the first to confirm of those waiting, takes the seat (not a, who joined first).
    const out = await send(j, 'b@example.org', `GAME duo ${bSeat.id} ${bSeat.password}\nWITHDRAW\nEND\n`);
    expect(to(out.out, 'c@example.org').some((r) => r.dedupe_key.includes(':seated:'))).toBe(true);
    expect(to(out.out, 'a@example.org')).toHaveLength(0);
    expect(players(j, 'duo', (p) => p.email)).toEqual(['c@example.org', 'd@example.org']);
    expect(signupOf(j, 'duo')).toMatchObject({ waiting: 1, unconfirmed: 1 });
  });

  it('with a full waiting list, a sign-up confirmed too late ends; it is told so', async () => {
    const j = testJudge();
    fandi(j, 'duo', { seats: 2, waitlist: 1 });
    const got = new Map<number, string>();
    for (const i of [0, 1, 2, 3]) got.set(i, await join(j, `p${i}@example.org`, `JOIN duo P${i}`));
    for (const i of [0, 1, 2]) await confirm(j, `p${i}@example.org`, 'duo', got.get(i)!);
    const late = await confirm(j, 'p3@example.org', 'duo', got.get(3)!);
    expect(late.result.status).toBe('rejected');
    expect(late.reply!.body).toContain(message('common', 'en', 'seat-answer-join-full', { game: 'duo' }));
    expect(signupOf(j, 'duo')).toMatchObject({ waiting: 1, unconfirmed: 0 });
    // The address may JOIN again (its sign-up ended): the game is full, and so is its waiting list.
    const again = await send(j, 'p3@example.org', 'JOIN duo P3\n');
    expect(again.reply!.body).toContain(message('common', 'en', 'seat-err-full', { game: 'duo' }));
  });

  it('named seats: two ask for the same seat; the first to CONFIRM gets it, the other waits for it', async () => {
    const j = testJudge();
    const { seats: _s, ...setup } = readSetupFile('games/nation/setups/default.yaml') as Record<string, unknown>;
    createGame(j, { id: 'luk', kind: 'nation', setup: { ...setup, signup: {} }, seed: '4', actor: 'test' });
    // The forger asks first; the real player second, and confirms (the forger cannot).
    const rival = await join(j, 'rival@invented.example', 'ВСТУПИТЬ luk ivan Самозванец');
    const mine = await join(j, 'ivan@example.org', 'ВСТУПИТЬ luk ivan Иван Петрович');
    expect(rival).not.toBe(mine);
    const ivan = await confirm(j, 'ivan@example.org', 'luk', mine, 'ПОДТВЕРДИТЬ');
    expect(ivan.mine.some((r) => r.dedupe_key.includes(':seated:'))).toBe(true);
    expect(listPlayers(j.db, 'luk').map((p) => [p.id, p.name])).toEqual([['ivan', 'Иван Петрович']]);
    // Another JOIN for ivan is told it is taken now; confirmed, it waits for ivan — number 1, though other seats are free.
    const other = await send(j, 'petr@example.org', 'ВСТУПИТЬ luk ivan Пётр\n');
    expect(other.reply!.body).toContain(
      message('common', 'ru', 'seat-answer-join-seat', {
        game: 'luk',
        seat: 'ivan',
        code: codeOf(other.reply!.body),
        hours: 48,
        free: 0,
      }),
    );
    const petr = await confirm(j, 'petr@example.org', 'luk', codeOf(other.reply!.body), 'ПОДТВЕРДИТЬ');
    expect(petr.reply!.body).toContain(
      message('common', 'ru', 'seat-answer-waiting-confirmed', { game: 'luk', place: 1 }),
    );
    // Someone confirmed for marya meanwhile takes marya at once: the line for ivan is ivan's alone.
    const marya = await join(j, 'marya@example.org', 'ВСТУПИТЬ luk marya');
    await confirm(j, 'marya@example.org', 'luk', marya, 'ПОДТВЕРДИТЬ');
    expect(players(j, 'luk', (p) => p.id)).toEqual(['ivan', 'marya']);
    expect(signupOf(j, 'luk')).toMatchObject({ waiting: 1, unconfirmed: 1 });
  });

  it('a JOIN forged from a player’s own address does not keep him out: his own JOIN renews it', async () => {
    const j = testJudge();
    fandi(j, 'f1', { seats: 2 });
    const forgedCode = await join(j, 'ann@example.org', 'JOIN f1 Not Ann');
    const own = await join(j, 'ann@example.org', 'JOIN f1 Ann');
    const wrong = await confirm(j, 'ann@example.org', 'f1', forgedCode);
    expect(wrong.result.status).toBe('rejected');
    await confirm(j, 'ann@example.org', 'f1', own);
    expect(listPlayers(j.db, 'f1').map((p) => [p.id, p.name, p.email])).toEqual([['ann', 'Ann', 'ann@example.org']]);
  });

  it('bounds the unconfirmed sign-ups: a JOIN beyond signup.unconfirmed is refused with the reason, the GM sees it', async () => {
    const j = testJudge();
    fandi(j, 'f1', { seats: 2, unconfirmed: 3, confirm: '24h' });
    for (let i = 0; i < 3; i++) await join(j, forged(i), `JOIN f1 Rival ${i}`);
    const requests = count(j, 'seat_requests');
    // The fourth is refused, in its language, with the reason; nothing is stored for it but the mail and its reason.
    const busy = await send(j, 'jiri@example.cz', 'PŘIHLÁSIT f1 Jiří\n');
    expect(busy.result.status).toBe('rejected');
    expect(busy.reply!.body).toContain(message('common', 'cs', 'seat-err-busy', { game: 'f1', count: 3, hours: 24 }));
    expect(count(j, 'seat_requests')).toBe(requests);
    const row = listInbound(j.db, 'f1').find((r) => r.id === busy.result.inboundId)!;
    expect(row.status).toBe('rejected');
    expect(row.reason).toMatch(/^JOIN "f1": refused: busy/);
    // A renewed JOIN of an address waiting already is not a new one: taken.
    await join(j, forged(0), 'JOIN f1 Rival Zero');
    // The GM is told once a day (in his language, the game's: Czech), and sees the refusals in STATUS / judge status.
    await send(j, 'eva@example.cz', 'PŘIHLÁSIT f1 Eva\n');
    const toGm = to(listOutbox(j.db), 'gm@example.cz').filter((r) => r.dedupe_key.includes(':busy:'));
    expect(toGm).toHaveLength(1);
    expect(toGm[0]!.subject).toContain(message('common', 'cs', 'seat-busy-subject', { title: 'FanDi' }).slice(0, 20));
    expect(seatStatusLines(j, getGame(j.db, 'f1')!, 'en', j.clock())[0]).toMatch(
      /3 not confirmed yet \(holding no seat\), 2 JOINs refused \(more than 3 unconfirmed at once\)/,
    );

    // Once the unconfirmed ones lapse (their addresses are not mailed again), a JOIN is taken again.
    j.advance(D + H);
    const log = await run(j);
    expect(log.join('\n')).toMatch(/seats f1: 3 request\(s\) lapsed/);
    // Each forged address got its JOIN's answer (forged(0) two: it renewed), and nothing since.
    expect([0, 1, 2].map((i) => to(listOutbox(j.db), forged(i)).length)).toEqual([2, 1, 1]);
    const code = await join(j, 'jiri@example.cz', 'PŘIHLÁSIT f1 Jiří');
    await confirm(j, 'jiri@example.cz', 'f1', code, 'POTVRDIT');
    expect(listPlayers(j.db, 'f1').map((p) => p.email)).toEqual(['jiri@example.cz']);
  });

  it('the GM clears a flood at once: DENY UNCONFIRMED by mail (and `judge deny <game> unconfirmed`), the real JOIN is taken next', async () => {
    const j = testJudge();
    fandi(j, 'f1', { seats: 2, unconfirmed: 3, confirm: '24h' });
    for (let i = 0; i < 3; i++) await join(j, forged(i), `JOIN f1 Rival ${i}`);
    expect((await send(j, 'jiri@example.cz', 'PŘIHLÁSIT f1 Jiří\n')).result.status).toBe('rejected');
    const before = forged(0);
    const mailedBefore = to(listOutbox(j.db), before).length;
    expect(signupOf(j, 'f1')).toMatchObject({ unconfirmed: 3 });
    // In the GM's block, in Czech (the game's language), with the word's diacritics or without.
    const gm = await send(j, 'gm@example.cz', 'GM f1 gm-secret\nZAMÍTNOUT NEPOTVRZENÉ\nEND\n');
    expect(gm.reply!.body).toContain(message('common', 'cs', 'seat-gm-cleared', { count: 3 }));
    expect(signupOf(j, 'f1')).toMatchObject({ unconfirmed: 0 });
    // The forged addresses are not mailed again; the refused player's JOIN is taken now, and he gets his seat.
    expect(to(listOutbox(j.db), before)).toHaveLength(mailedBefore);
    const code = await join(j, 'jiri@example.cz', 'PŘIHLÁSIT f1 Jiří');
    await confirm(j, 'jiri@example.cz', 'f1', code, 'POTVRDIT');
    expect(players(j, 'f1', (p) => p.email)).toEqual(['jiri@example.cz']);
    // A code sent back for a cleared sign-up is no sign-up's.
    const late = await send(j, forged(1), 'CONFIRM f1 123456\n');
    expect(late.result.status).toBe('rejected');
    expect(players(j, 'f1', (p) => p.email)).toEqual(['jiri@example.cz']);
    // The same on the command line; with none waiting, it says so.
    for (let i = 3; i < 5; i++) await join(j, forged(i), `JOIN f1 Rival ${i}`);
    expect(signupOf(j, 'f1')).toMatchObject({ unconfirmed: 2 });
    expect(cliRun(j, ['deny', 'f1', 'unconfirmed'])).toContain(
      message('common', 'en', 'seat-gm-cleared', { count: 2 }),
    );
    expect(signupOf(j, 'f1')).toMatchObject({ unconfirmed: 0 });
    expect(cliRun(j, ['deny', 'f1', 'UNCONFIRMED'])).toContain(
      message('common', 'en', 'seat-gm-cleared', { count: 0 }),
    );
    const cleared = auditLog(j.db, 'f1').filter((a) => a.action === 'signup.clear');
    expect(cleared.map((a) => a.actor.replace(/:.*/, ''))).toEqual(['mail', 'mail', 'mail', 'cli', 'cli']);
  });

  it('a JOIN the judge may not answer today (the daily replies used up) is not taken: its code could not be sent', async () => {
    const j = testJudge();
    j.config.inbox.repliesPerDay = 2;
    fandi(j, 'f1', { seats: 2 });
    const code = await join(j, 'ann@example.org', 'JOIN f1 Ann');
    await send(j, 'ann@example.org', 'HELP\n');
    const requests = count(j, 'seat_requests');
    const late = await send(j, 'ann@example.org', 'JOIN f1 Someone Else\n');
    expect(late.result.status).toBe('rejected');
    expect(late.out).toHaveLength(0);
    expect(count(j, 'seat_requests')).toBe(requests);
    // An address that used its replies up (HELP twice): its JOIN is not taken either.
    for (let i = 0; i < 2; i++) await send(j, 'bob@example.org', 'HELP\n');
    const bob = await send(j, 'bob@example.org', 'JOIN f1 Bob\n');
    expect(bob.result.status).toBe('rejected');
    expect(bob.result.reason).toMatch(/^JOIN "f1": not taken, its code could not be mailed/);
    expect(count(j, 'seat_requests')).toBe(requests);
    // The code the address has still works (a renewal would have voided it unseen); CONFIRM is taken without a reply.
    await confirm(j, 'ann@example.org', 'f1', code);
    expect(listPlayers(j.db, 'f1').map((p) => p.name)).toEqual(['Ann']);
  });

  it('the start counts only confirmed players: unconfirmed sign-ups neither fill the game nor make its minimum', async () => {
    const j = testJudge();
    const closes = new Date(j.clock().getTime() + H).toISOString().slice(0, 16);
    fandi(j, 'trio', { seats: 3, min: 2, closes: `${closes}Z` });
    for (let i = 0; i < 6; i++) await join(j, forged(i), `JOIN trio Rival ${i}`);
    const x = await join(j, 'x@example.org', 'JOIN trio Xena');
    await confirm(j, 'x@example.org', 'trio', x);
    // Closed with one confirmed player and six unconfirmed sign-ups: too few, it stays open (the GM is told).
    j.advance(2 * H);
    const log = await run(j);
    expect(log.join('\n')).toMatch(/trio: short: 1 of at least 2 players/);
    expect(getGame(j.db, 'trio')!.status).toBe('signup');
    // A second confirmed player: it starts with exactly the two; the unconfirmed end without a mail.
    const y = await join(j, 'y@example.org', 'JOIN trio Yvo');
    await confirm(j, 'y@example.org', 'trio', y);
    const before = listOutbox(j.db).length;
    await run(j);
    expect(getGame(j.db, 'trio')!.status).toBe('active');
    expect(players(j, 'trio', (p) => p.id)).toEqual(['xena', 'yvo']);
    const since = listOutbox(j.db).slice(before);
    for (let i = 0; i < 6; i++) expect(to(since, forged(i))).toHaveLength(0);
  });
});
