// Wrong passwords that nobody can use against a player (issue #29, point 1):
// others' guesses count per (seat, sender) and per sender and refuse only the
// guesser; a seat's own wrong passwords ask for a growing wait and never lock
// it; every answer about a seat goes only to its address of record; the player
// and the GM hear of guessing from other addresses once a day.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/index.js';
import { configSchema } from '../../src/config.js';
import { createGame } from '../../src/engine/create-game.js';
import { formatDeadline } from '../../src/render/time.js';
import { ownFailures } from '../../src/store/auth-failures.js';
import { dbPath, openDb } from '../../src/store/db.js';
import { migrations } from '../../src/store/migrations.js';
import { listOutbox } from '../../src/store/outbox.js';
import { send, to } from './send.js';
import { count, tavern, tavernSetup, tempDir, testJudge, type TestJudge } from '../helpers.js';

const LIMITS = configSchema().parse({}).inbox.authFailures;

function judge(setup: Record<string, unknown> = {}): TestJudge {
  const j = testJudge();
  if (Object.keys(setup).length)
    createGame(j, {
      id: 'tavern',
      kind: 'rpg',
      setup: { ...structuredClone(tavernSetup), ...setup },
      seed: '7',
      actor: 'test',
    });
  else tavern(j);
  return j;
}

describe("others' guesses never refuse the player", { timeout: 120_000 }, () => {
  it('a rival guessing from another address is refused unchecked after 5 for that seat; the player with the right password is taken', async () => {
    const j = judge();
    for (let i = 0; i < 8; i++) {
      const { r, mails } = await send(j, 'mallory@evil.example', `GAME tavern alice guess${i}\nROLL 1d6\nEND`);
      expect(r.status).toBe('rejected');
      expect(mails.filter((m) => m.kind === 'error').map(to)).toEqual([['mallory@evil.example']]);
      if (i < LIMITS.perSeatSender) expect(r.blocks[0]!.reason).toMatch(/no such player, or the password is wrong/);
      else
        expect(r.blocks[0]!.reason).toMatch(
          /too many wrong passwords from your address: its blocks for this position are not checked before/,
        );
    }
    // Counted five times, the rest never checked.
    expect(count(j, "auth_failures WHERE sender = 'mallory@evil.example'")).toBe(LIMITS.perSeatSender);
    // Alice, from her address with her password: taken, and from the seat's own address of record only.
    const { r, mails } = await send(j, 'alice@example.org', 'GAME tavern alice apple\nROLL 1d6\nEND');
    expect(r.status).toBe('accepted');
    expect(mails.filter((m) => m.kind === 'ack').map(to)).toEqual([['alice@example.org']]);
    // Mallory is refused only for alice: her guesses for boris are checked (and counted).
    expect((await send(j, 'mallory@evil.example', 'GAME tavern boris x\nEND')).r.blocks[0]!.reason).toMatch(
      /password is wrong/,
    );
  });

  it('a sender guessing across positions is refused unchecked for all of them after 10, but never for its own seat', async () => {
    const j = judge();
    // Boris, a player, tries names that are no seat, and Alice's.
    for (let i = 0; i < LIMITS.perSender; i++) await send(j, 'boris@example.ru', `GAME tavern seat${i} pw${i}\nEND`);
    const r = (await send(j, 'boris@example.ru', 'GAME tavern alice apple\nEND')).r;
    expect(r.blocks[0]!.reason).toMatch(
      /too many wrong passwords from your address: its blocks are not checked before/,
    );
    // His own seat, his own password: taken.
    expect((await send(j, 'boris@example.ru', 'ИГРА tavern boris berry\nБРОСОК 1d6\nКОНЕЦ')).r.status).toBe('accepted');
    // Alice is not touched by any of it.
    expect((await send(j, 'alice@example.org', 'GAME tavern alice apple\nROLL 1d6\nEND')).r.status).toBe('accepted');
    // The names that are no seat are kept as digests only.
    expect(count(j, "auth_failures WHERE player_id LIKE 'seat%'")).toBe(0);
  });

  it('a forged From of the address of record with a Reply-To of the guesser: every answer goes to the address of record only', async () => {
    const j = judge();
    const wrong = await send(j, 'alice@example.org', 'GAME tavern alice pear\nROLL 1d6\nEND', 'mallory@evil.example');
    expect(wrong.mails.map(to)).toEqual([['alice@example.org']]);
    const right = await send(
      j,
      'alice@example.org',
      'GAME tavern alice apple\nROLL 1d6\nRESEND\nEND',
      'mallory@evil.example',
    );
    expect(right.r.status).toBe('accepted');
    expect(right.mails.length).toBeGreaterThan(0);
    for (const m of listOutbox(j.db)) expect(to(m)).not.toContain('mallory@evil.example');
  });
});

describe("a seat's own wrong passwords slow it down, never lock it", { timeout: 120_000 }, () => {
  it('after 3 in a row each asks for a wait (1, 2, 4 … 60 minutes), said in the game’s zone and the player’s language; the right password is always taken', async () => {
    const j = judge({ timezone: 'Europe/Moscow' });
    j.config.inbox.repliesPerDay = 100; // every answer seen (the daily bound on replies is another matter)
    const wrong = async () =>
      (await send(j, 'boris@example.ru', 'ИГРА tavern boris pear\nБРОСОК 1d6\nКОНЕЦ')).mails[0]!;
    expect((await wrong()).body).toMatch(/пароль неверен/);
    expect((await wrong()).body).not.toMatch(/подождите/);
    const third = await wrong();
    const until = formatDeadline(new Date(j.clock().getTime() + 60_000).toISOString(), 'Europe/Moscow', 'ru')!;
    expect(until).toMatch(/МСК/);
    expect(third.body).toContain(
      `пароль неверен, уже 3 раза подряд с вашего адреса: со следующей попыткой подождите до ${until}`,
    );
    expect(third.subject).toContain(`неверный пароль, подождите до ${until}`);
    expect(to(third)).toEqual(['boris@example.ru']);
    // A wrong one before the time: the same answer, not counted.
    expect((await wrong()).body).toContain(`подождите до ${until}`);
    expect(ownFailures(j.db, 'tavern', 'boris', j.clock().toISOString(), LIMITS).count).toBe(3);
    // The right password, even now: taken, and the run is over.
    expect((await send(j, 'boris@example.ru', 'ИГРА tavern boris berry\nБРОСОК 1d6\nКОНЕЦ')).r.status).toBe('accepted');
    expect(ownFailures(j.db, 'tavern', 'boris', j.clock().toISOString(), LIMITS).count).toBe(0);
    // Twenty more, each after the wait the last asked for: the waits double up to the cap.
    for (let i = 0; i < 20; i++) {
      const at = j.clock().getTime();
      const m = await wrong();
      const asked = ownFailures(j.db, 'tavern', 'boris', j.clock().toISOString(), LIMITS);
      const minutes = Math.min(LIMITS.maxDelayMinutes, 2 ** Math.max(0, asked.count - 3));
      if (asked.count >= 3)
        expect(m.body).toContain(formatDeadline(new Date(at + minutes * 60_000).toISOString(), 'Europe/Moscow', 'ru')!);
      j.advance(minutes * 60_000);
    }
    expect(ownFailures(j.db, 'tavern', 'boris', j.clock().toISOString(), LIMITS).count).toBe(20);
    // Never a lock: the right password is taken at once.
    expect((await send(j, 'boris@example.ru', 'ИГРА tavern boris berry\nБРОСОК 1d6\nКОНЕЦ')).r.status).toBe('accepted');
  });

  it('the GM seat: wrong GM passwords from the GM address slow it, never lock it; a GM block from elsewhere is never checked', async () => {
    const j = testJudge();
    createGame(j, {
      id: 'tavern',
      kind: 'rpg',
      setup: { ...structuredClone(tavernSetup), gm: { email: 'gm@example.org', password: 'gm-secret' } },
      seed: '5',
      actor: 'test',
    });
    const reasons: string[] = [];
    for (let i = 0; i < 8; i++)
      reasons.push((await send(j, 'gm@example.org', `GM tavern wrong${i}\nSTATUS\nEND`)).r.blocks[0]!.reason!);
    expect(reasons.slice(0, 2).every((r) => /wrong GM password/.test(r))).toBe(true);
    expect(reasons[2]).toMatch(/3 times in a row from your address: wait until/);
    // Elsewhere, even with the right password: refused as not the GM's address, nothing checked or counted.
    const before = count(j, 'auth_failures');
    expect((await send(j, 'mallory@evil.example', 'GM tavern gm-secret\nPAUSE\nEND')).r.blocks[0]!.reason).toMatch(
      /must come from the GM's address/,
    );
    expect(count(j, 'auth_failures')).toBe(before);
    const ok = await send(j, 'gm@example.org', 'GM tavern gm-secret\nSTATUS\nEND');
    expect(ok.r.status).toBe('accepted');
    expect(ok.mails.map(to)).toEqual([['gm@example.org']]);
  });
});

describe('the player and the GM are told of guessing from other addresses', { timeout: 120_000 }, () => {
  it('once a day, with the addresses (another seat’s address is not shown to the player)', async () => {
    const j = judge();
    j.db.prepare("UPDATE games SET gm_email = 'gm@example.org' WHERE id = 'tavern'").run();
    await send(j, 'boris@example.ru', 'GAME tavern alice guess\nEND');
    await send(j, 'mallory@evil.example', 'GAME tavern alice guess\nEND');
    await send(j, 'mallory@evil.example', 'GAME tavern alice guess2\nEND');
    const told = () => listOutbox(j.db).filter((m) => m.dedupe_key.startsWith('notice:guessing:tavern:alice'));
    expect(told().map(to).sort()).toEqual([['alice@example.org'], ['gm@example.org']]);
    const toAlice = told().find((m) => to(m)[0] === 'alice@example.org')!;
    expect(toAlice.subject).toBe('[tavern] Someone is trying passwords for your position');
    expect(toAlice.body).toContain('an address of another player of this game: 1 wrong password');
    expect(toAlice.body).not.toContain('boris');
    expect(toAlice.body).not.toMatch(/judge /);
    expect(told().find((m) => to(m)[0] === 'gm@example.org')!.body).toContain('boris@example.ru: 1 wrong password');
    // Later the same day (UTC): no more; the next day, again once, with every address of the last 24 hours.
    j.advance(11 * 3_600_000);
    await send(j, 'mallory@evil.example', 'GAME tavern alice guess3\nEND');
    expect(told()).toHaveLength(2);
    j.advance(2 * 3_600_000);
    await send(j, 'eve@evil.example', 'GAME tavern alice guess4\nEND');
    await send(j, 'eve@evil.example', 'GAME tavern alice guess5\nEND');
    expect(told()).toHaveLength(4);
    const second = told()
      .filter((m) => to(m)[0] === 'alice@example.org')
      .at(-1)!;
    expect(second.body).toContain('mallory@evil.example: 3 wrong passwords');
    expect(second.body).toContain('eve@evil.example: 1 wrong password');
    expect(second.body).toContain('an address of another player of this game: 1 wrong password');
  });

  it('in the player’s language', async () => {
    const j = judge();
    await send(j, 'mallory@evil.example', 'GAME tavern boris guess\nEND');
    const m = listOutbox(j.db).find(
      (x) => x.dedupe_key === 'notice:guessing:tavern:boris:2026-11-29:boris@example.ru',
    )!;
    expect(m.subject).toBe('[tavern] Кто-то подбирает пароль к вашей позиции');
    expect(m.body).toContain('mallory@evil.example: 1 неверный пароль');
  });
});

describe('the GM sees and lifts it', { timeout: 120_000 }, () => {
  it('judge player list, judge status, judge player unlock', async () => {
    const j = judge();
    j.advance(Date.now() - j.clock().getTime()); // the CLI reads the wall clock
    for (let i = 0; i < 6; i++) await send(j, 'mallory@evil.example', `GAME tavern alice guess${i}\nEND`);
    for (let i = 0; i < 3; i++) await send(j, 'boris@example.ru', `ИГРА tavern boris pear${i}\nКОНЕЦ`);
    const shown: string[] = [];
    const log = console.log;
    console.log = (s: string) => shown.push(s);
    try {
      expect(await main(['node', 'judge', '--data', j.dataDir, 'player', 'list', 'tavern'])).toBe(0);
      expect(await main(['node', 'judge', '--data', j.dataDir, 'status', 'tavern'])).toBe(0);
      expect(
        await main([
          'node',
          'judge',
          '--data',
          j.dataDir,
          'player',
          'unlock',
          'tavern',
          '--sender',
          'mallory@evil.example',
        ]),
      ).toBe(0);
      expect(await main(['node', 'judge', '--data', j.dataDir, 'player', 'unlock', 'tavern', 'boris'])).toBe(0);
    } finally {
      console.log = log;
    }
    const out = shown.join('\n');
    expect(out).toMatch(/alice .*guessed by: mallory@evil\.example 5 BLOCKED until/);
    expect(out).toMatch(/boris .*own wrong passwords: 3 \(next try waits until/);
    expect(out).toMatch(/slowed by their own wrong passwords \(never locked\): boris \(3, next try waits until/);
    expect(out).toMatch(/wrong passwords from other addresses: alice ← mallory@evil\.example 5 BLOCKED/);
    expect(out).not.toMatch(/\bLOCKED/);
    // Lifted: Mallory's next block for alice is checked again.
    expect((await send(j, 'mallory@evil.example', 'GAME tavern alice guess9\nEND')).r.blocks[0]!.reason).toMatch(
      /password is wrong/,
    );
    expect(ownFailures(j.db, 'tavern', 'boris', j.clock().toISOString(), LIMITS).count).toBe(0);
  });
});

describe('stored counts and settings from before', () => {
  it('the migration marks the failures from the seat’s own address (and the GM’s) as its own', () => {
    const v = migrations.findIndex((m) => m.includes('ALTER TABLE auth_failures ADD COLUMN own'));
    const file = dbPath(tempDir());
    const old = new Database(file);
    for (let i = 0; i < v; i++) old.exec(migrations[i]!);
    old.pragma(`user_version = ${v}`);
    old
      .prepare(
        `INSERT INTO games (id, kind, title, lang, status, seed, config_json, setup_json, created_at, gm_email) VALUES ('t', 'rpg', 'T', 'en', 'active', '1', '{}', '{}', 'x', 'gm@example.org')`,
      )
      .run();
    old
      .prepare(
        `INSERT INTO players (game_id, id, name, email, lang, password_hash, created_at) VALUES ('t', 'Alice', 'Alice', 'Alice@Example.org', 'en', 'h', 'x')`,
      )
      .run();
    const ins = old.prepare('INSERT INTO auth_failures (game_id, player_id, sender, at) VALUES (?, ?, ?, ?)');
    ins.run('t', 'alice', 'alice@example.org', 'a');
    ins.run('t', 'alice', 'mallory@evil.example', 'b');
    ins.run('t', 'gm', 'gm@example.org', 'c');
    ins.run('t', 'gm', 'alice@example.org', 'd');
    old.close();
    const db = openDb(file);
    expect(db.prepare('SELECT at, own FROM auth_failures ORDER BY at').all()).toEqual([
      { at: 'a', own: 1 },
      { at: 'b', own: 0 },
      { at: 'c', own: 1 },
      { at: 'd', own: 0 },
    ]);
    db.close();
  });

  it('inbox.authFailures.perSeat (the old name) is read as perSeatSender; both at once, or a cap under the first wait, are refused', () => {
    const parse = (a: object) => configSchema().safeParse({ inbox: { authFailures: a } });
    expect(parse({ perSeat: 7, perSender: 10, windowHours: 24 }).data?.inbox.authFailures).toMatchObject({
      perSeatSender: 7,
      perSender: 10,
      slowAfter: 3,
      maxDelayMinutes: 60,
    });
    expect(JSON.stringify(parse({ perSeat: 7, perSeatSender: 5 }).error?.issues)).toMatch(
      /perSeat is the old name of perSeatSender/,
    );
    expect(JSON.stringify(parse({ firstDelayMinutes: 10, maxDelayMinutes: 5 }).error?.issues)).toMatch(
      /at least firstDelayMinutes/,
    );
  });
});
