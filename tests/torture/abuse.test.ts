// Torture, part "abuse": the attacks of issue #10 as tests — password
// guessing, position takeover, mail that loops or stalls the judge, secrets
// echoed, mail the parser gives up on, ids that climb out of --out.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { handleUnhandled } from '../../src/mail/inbound/batch.js';
import { main } from '../../src/cli/index.js';
import { getGame, getPlayer } from '../../src/store/games.js';
import { listInbound } from '../../src/store/inbound.js';
import { listOutbox } from '../../src/store/outbox.js';
import { seatGuesses } from '../../src/store/auth-failures.js';
import { createGame } from '../../src/engine/create-game.js';
import { setDnsResolver } from '../../src/mail/inbound/auth.js';
import { dkimRecord, fakeDns, signed } from '../mail/dkim.js';
import { safeName } from '../../src/cli/gm.js';
import { count, mail, tavern, tavernSetup, tempDir, testJudge, type TestJudge } from '../helpers.js';
import { figure, figures, rng, size } from './figures.js';

const f = {
  guesses: 0,
  guessesRead: 0,
  passwordsChecked: 0,
  blockedGuessers: 0,
  seatsTried: 0,
  lockedOut: 0,
  answersAboutSeatsToRivals: 0,
  forgedGm: 0,
  forgedGmRun: 0,
  gmTold: 0,
  acksToStranger: 0,
  takeovers: 0,
  moved: 0,
  secrets: 0,
  echoed: 0,
  quarantined: 0,
  unparsableAnswered: 0,
};

function withGm(j: TestJudge) {
  tavern(j);
  j.db.prepare("UPDATE games SET gm_email = 'gm@example.org' WHERE id = 'tavern'").run();
}

function withHeader(raw: Buffer, header: string): Buffer {
  return Buffer.from(raw.toString('latin1').replace(/^Subject:/m, `${header}\r\nSubject:`), 'latin1');
}

/** Everything the judge would show anyone: every mail queued, the inbound and outbox listings, an export. */
async function everythingShown(j: TestJudge): Promise<string> {
  const out = tempDir();
  const parts = [JSON.stringify(listOutbox(j.db)), JSON.stringify(listInbound(j.db))];
  for (const args of [
    ['inbound', '--json'],
    ['outbox', '--json'],
    ['export', 'tavern', '--out', out],
  ]) {
    const r = spawnSync(process.execPath, ['bin/judge.js', '--data', j.dataDir, ...args], { encoding: 'utf8' });
    parts.push(r.stdout, r.stderr);
  }
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((n) =>
      statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [readFileSync(join(d, n), 'utf8')],
    );
  parts.push(...walk(out));
  return parts.join('\n');
}

afterAll(() => {
  // The attack of issue #29, as its own line: a figure counted from what the tests did, asserted 0 there.
  figure("seats locked out by others' guesses", f.lockedOut);
  figures('abuse', {
    'guesses sent': f.guesses,
    read: f.guessesRead,
    'passwords checked': f.passwordsChecked,
    'guessers blocked': f.blockedGuessers,
    "players' own mails after the guessing": f.seatsTried,
    "seats locked out by others' guesses": f.lockedOut,
    'answers about seats to rivals': f.answersAboutSeatsToRivals,
    'forged GM mails': f.forgedGm,
    'forged GM commands run': f.forgedGmRun,
    'GM told': f.gmTold,
    'acks to a stranger': f.acksToStranger,
    'takeover attempts': f.takeovers,
    'positions moved': f.moved,
    'secrets planted': f.secrets,
    'secrets echoed': f.echoed,
    'looping mails quarantined': f.quarantined,
    'unparsable mails answered': f.unparsableAnswered,
  });
});

describe('torture: abuse', { timeout: 120_000 }, () => {
  it("password guessing: blocks per mail capped, a stranger's blocks for the seat unchecked after 5 (player and GM told, shown, lifted); the player is never refused, nothing about the seat goes to the stranger", async () => {
    const j = testJudge();
    j.advance(Date.now() - j.clock().getTime()); // the CLI below reads the wall clock: the attempts must be recent for it too
    withGm(j);
    const guesses = Array.from({ length: 100 }, (_, i) => `GAME tavern alice guess${i}\nFINAL\nEND`);
    guesses.splice(50, 0, 'GAME tavern alice apple\nFINAL\nEND'); // the right one, in the middle
    f.guesses += guesses.length;
    const raw = withHeader(
      await mail('Mallory <mallory@evil.example>', guesses.join('\n')),
      'Reply-To: mallory@evil.example',
    );
    const t0 = Date.now();
    const r = await ingest(j, raw, 'test');
    f.guessesRead += r.blocks.length;
    expect(r.blocks).toHaveLength(20); // inbox.maxBlocks
    expect(r.reason).toMatch(/too many blocks in one mail \(101; the judge reads the first 20\)/);
    expect(Date.now() - t0).toBeLessThan(5000);
    const fails = count(j, "auth_failures WHERE game_id = 'tavern' AND player_id = 'alice'");
    f.passwordsChecked += fails;
    expect(fails).toBe(5); // then the stranger's blocks for alice are not even checked
    expect(
      r.blocks.filter((b) => b.reason?.includes('its blocks for this position are not checked before')),
    ).toHaveLength(15);
    const guessed = seatGuesses(j.db, 'tavern', j.clock().toISOString(), j.config.inbox.authFailures).find(
      (l) => l.player === 'alice',
    )!;
    expect(guessed.others).toEqual([
      expect.objectContaining({ sender: 'mallory@evil.example', failures: 5, blocked: true }),
    ]);
    expect(guessed.own).toBe(0);
    f.blockedGuessers++;
    const told = listOutbox(j.db).filter((m) => m.dedupe_key.startsWith('notice:guessing:tavern:alice'));
    expect(told.map((m) => JSON.parse(m.to_addrs)).sort()).toEqual([['alice@example.org'], ['gm@example.org']]);
    for (const m of told) expect(m.body).toContain('mallory@evil.example: 1 wrong password'); // as it stood at the first
    f.gmTold += told.length;
    // The stranger stays unchecked even with the right password; nothing about the seat goes to the stranger.
    const right = await ingest(
      j,
      withHeader(
        await mail('Mallory <mallory@evil.example>', 'GAME tavern alice apple\nFINAL\nEND'),
        'Reply-To: mallory@evil.example',
      ),
      'test',
    );
    expect(right.blocks[0]!.accepted).toBe(false);
    expect(count(j, "outbox WHERE kind = 'ack'")).toBe(0);
    // The player herself, meanwhile: taken at once.
    const own = await ingest(
      j,
      await mail('Alice <alice@example.org>', 'GAME tavern alice apple\nROLL 1d6\nEND'),
      'test',
    );
    expect(own.status).toBe('accepted');
    f.seatsTried++;
    f.lockedOut += Number(own.status !== 'accepted');
    // The GM sees it and lifts it.
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
    } finally {
      console.log = log;
    }
    expect(shown.join('\n')).toMatch(/alice .*guessed by: mallory@evil\.example 5 BLOCKED until/);
    expect(shown.join('\n')).toMatch(/wrong passwords from other addresses: alice ← mallory@evil\.example 5 BLOCKED/);
    // Lifted: the right password from a stranger is taken, and acknowledged to the address of record only.
    const after = await ingest(
      j,
      withHeader(
        await mail('Mallory <mallory@evil.example>', 'GAME tavern alice apple\nFINAL\nEND'),
        'Reply-To: mallory@evil.example',
      ),
      'test',
    );
    expect(after.blocks[0]!.accepted).toBe(true);
    const acks = listOutbox(j.db).filter((m) => m.kind === 'ack');
    expect(acks.map((a) => JSON.parse(a.to_addrs))).toEqual([['alice@example.org'], ['alice@example.org']]);
    f.acksToStranger += listOutbox(j.db).filter(
      (m) => m.kind !== 'error' && (m.to_addrs + m.cc_addrs).includes('mallory'),
    ).length;
    expect(f.acksToStranger).toBe(0);
  });

  it("rivals at the last hour: guesses for every seat (the GM's too) from their own addresses, from forged addresses of record and with Reply-Tos of theirs never refuse a player's own mail, and tell them nothing", async () => {
    const j = testJudge();
    createGame(j, {
      id: 'tavern',
      kind: 'rpg',
      setup: {
        ...structuredClone(tavernSetup),
        gm: { email: 'gm@example.org', password: 'gm-secret' },
        schedule: { every: '48h' },
      },
      seed: '7',
      actor: 'test',
    });
    // The last hour before the deadline.
    j.advance(47 * 3_600_000);
    const seats = [
      { id: 'alice', email: 'alice@example.org', right: 'GAME tavern alice apple\nROLL 1d6\nEND' },
      { id: 'boris', email: 'boris@example.ru', right: 'ИГРА tavern boris berry\nБРОСОК 1d6\nКОНЕЦ' },
      { id: 'gm', email: 'gm@example.org', right: 'GM tavern gm-secret\nSTATUS\nEND' },
    ];
    const rivals = Array.from({ length: size(3, 8) }, (_, i) => `rival${i}@rivals.example`);
    const random = rng();
    const attacks: { from: string; replyTo: string; block: string }[] = [];
    for (const rival of rivals)
      for (const seat of seats)
        for (let g = 0; g < size(8, 20); g++) {
          const start = seat.id === 'gm' ? 'GM tavern' : `GAME tavern ${seat.id}`;
          const block = `${start} ${rival.split('@')[0]}-${g}\nROLL 1d6\nEND`;
          attacks.push({ from: rival, replyTo: rival, block }); // from the rival's own address
          attacks.push({ from: seat.email, replyTo: rival, block }); // forged From of the address of record
        }
    for (let i = attacks.length - 1; i > 0; i--) {
      const k = Math.floor(random() * (i + 1));
      [attacks[i], attacks[k]] = [attacks[k]!, attacks[i]!];
    }
    const before = listOutbox(j.db).length;
    for (const a of attacks) {
      await ingest(j, withHeader(await mail(a.from, a.block), `Reply-To: ${a.replyTo}`), 'test');
      j.advance(1000);
    }
    f.guesses += attacks.length;
    // Nothing about any seat went to a rival: only refusals of their own blocks, to their own addresses.
    const toRivals = listOutbox(j.db)
      .slice(before)
      .filter((m) => rivals.some((r) => (m.to_addrs + m.cc_addrs).includes(r)));
    const ownMails = attacks.filter((a) => rivals.includes(a.from)).length;
    const errors = toRivals.filter((m) => m.kind === 'error' && !m.cc_addrs.includes('@'));
    f.answersAboutSeatsToRivals += toRivals.length - errors.length + Math.max(0, errors.length - ownMails);
    expect(f.answersAboutSeatsToRivals).toBe(0);
    // Each player (and the GM), from the address of record with the right password, in the last minutes: taken.
    for (const seat of seats) {
      const r = await ingest(j, await mail(seat.email, seat.right), 'test');
      f.seatsTried++;
      if (r.status !== 'accepted') f.lockedOut++;
    }
    expect(f.lockedOut).toBe(0);
  });

  it('a forged GM in a game that requires DKIM: every GM command refused; signed by the GM’s domain, run', async () => {
    fakeDns({ ...dkimRecord('example.org') });
    try {
      const j = testJudge();
      createGame(j, {
        id: 'tavern',
        kind: 'rpg',
        setup: { ...structuredClone(tavernSetup), gm: { email: 'gm@example.org', password: 'gm-secret' } },
        seed: '7',
        actor: 'test',
      });
      j.db.prepare(`UPDATE games SET config_json = '{"auth":{"dkim":true}}' WHERE id = 'tavern'`).run();
      for (const command of [
        'PAUSE',
        'PROCESS',
        'EXTEND 24h',
        'BULLETIN All is lost.',
        'ROLL 3d6',
        'RELEASE',
        'DECIDE x 1',
      ]) {
        const r = await ingest(j, await mail('gm@example.org', `GM tavern gm-secret\n${command}\nEND`), 'test');
        f.forgedGm++;
        if (r.status !== 'rejected' || !/requires a DKIM signature/.test(r.reason ?? '')) f.forgedGmRun++;
      }
      expect(count(j, "audit WHERE actor LIKE 'mail:%'") + count(j, 'gm_inputs')).toBe(0);
      expect(f.forgedGmRun).toBe(0);
      const signedPause = await ingest(
        j,
        await signed(await mail('gm@example.org', 'GM tavern gm-secret\nPAUSE\nEND'), 'example.org'),
        'test',
      );
      expect(signedPause.status).toBe('accepted');
      expect(getGame(j.db, 'tavern')!.status).toBe('paused');
    } finally {
      setDnsResolver(null);
    }
  });

  it('"no such player" and "wrong password" get the same answer; a sender guessing across seats is locked too', async () => {
    const j = testJudge();
    withGm(j);
    const unknown = await ingest(j, await mail('eve@evil.example', 'GAME tavern zelda apple\nEND'), 'test');
    const wrong = await ingest(j, await mail('eve@evil.example', 'GAME tavern alice zelda\nEND'), 'test');
    const [a, b] = listOutbox(j.db).filter((m) => m.kind === 'error');
    expect(a!.subject).toBe(b!.subject);
    expect(a!.body.replace(/"[^"]*"/g, '')).toBe(b!.body.replace(/"[^"]*"/g, ''));
    expect(unknown.reason).toBe(wrong.reason);
    for (let i = 0; i < 10; i++)
      await ingest(j, await mail('eve@evil.example', `GAME tavern seat${i} pw${i}\nEND`), 'test');
    const r = await ingest(j, await mail('eve@evil.example', 'GAME tavern boris guess\nEND'), 'test');
    expect(r.reason).toMatch(/too many wrong passwords/);
    expect(count(j, "auth_failures WHERE sender = 'eve@evil.example'")).toBe(10);
    // The names that are no seat are kept as digests only.
    expect(count(j, "auth_failures WHERE player_id LIKE 'seat%' OR player_id = 'zelda'")).toBe(0);
  });

  it('takeover: ADDRESS from a forged From does nothing until the old address confirms; PASSWORD needs the current password', async () => {
    const j = testJudge();
    withGm(j);
    f.takeovers += 3;
    // 1. From: forged as the address of record, with the password: a code goes to the old address, nothing moves.
    await ingest(
      j,
      await mail('Alice <alice@example.org>', 'GAME tavern alice apple\nADDRESS mallory@evil.example\nEND'),
      'test',
    );
    expect(getPlayer(j.db, 'tavern', 'alice')!.email).toBe('alice@example.org');
    const code = listOutbox(j.db).find((m) => m.dedupe_key.startsWith('notice:confirm-address:tavern:alice'))!;
    expect(JSON.parse(code.to_addrs)).toEqual(['alice@example.org']);
    // 2. Guessing the code: wrong codes count for the seat's address changes (a right password does not clear them); after 5 no code is taken.
    for (let i = 0; i < 6; i++)
      await ingest(
        j,
        await mail('Alice <alice@example.org>', `GAME tavern alice apple\nCONFIRM ${100000 + i}\nEND`),
        'test',
      );
    expect(getPlayer(j.db, 'tavern', 'alice')!.email).toBe('alice@example.org');
    expect(count(j, "auth_failures WHERE player_id = 'confirm:alice'")).toBe(5);
    expect(
      listOutbox(j.db)
        .filter((m) => m.kind === 'ack')
        .at(-1)!.body,
    ).toMatch(/too many wrong codes: no code is taken before/);
    // 3. A game without passwords: a forged From alone cannot change the password.
    j.db.prepare(`UPDATE games SET config_json = '{"auth":{"password":false}}' WHERE id = 'tavern'`).run();
    const before = getPlayer(j.db, 'tavern', 'boris')!.password_hash;
    await ingest(j, await mail('boris@example.ru', 'GAME tavern boris\nPASSWORD stolen-now\nEND'), 'test');
    expect(getPlayer(j.db, 'tavern', 'boris')!.password_hash).toBe(before);
    expect(
      listOutbox(j.db)
        .filter((m) => m.kind === 'ack')
        .at(-1)!.body,
    ).toMatch(/PASSWORD needs your current password|ПАРОЛЬ требует текущего пароля/);
    f.moved += Number(getPlayer(j.db, 'tavern', 'alice')!.email !== 'alice@example.org');
    expect(f.moved).toBe(0);
  });

  it('secrets: nothing after the game on a start line, and nothing after PASSWORD, is echoed in replies, listings or exports', async () => {
    const j = testJudge();
    withGm(j);
    const planted = ['sesame-one', 'sesame two', 'sesame-three', 'sesame-four', 'sesame-five', 'sesame-six'];
    f.secrets += planted.length;
    await ingest(j, await mail('alice@example.org', 'GAME tavern sesame-one\nROLL 1d6\nEND'), 'test'); // the password where the player id belongs
    await ingest(j, await mail('alice@example.org', 'GAME tavern alice apple sesame-three\nROLL 1d6\nEND'), 'test'); // words after the password
    await ingest(j, await mail('alice@example.org', 'GAME tavern alice apple\nPASSWORD sesame two\nEND'), 'test'); // a password with a space
    await ingest(j, await mail('alice@example.org', 'GAME tavern alice apple\nPASSWORD: sesame-four\nEND'), 'test'); // with a colon
    await ingest(j, await mail('boris@example.ru', 'ИГРА tavern sesame-five berry\nКОНЕЦ'), 'test');
    await ingest(j, await mail('boris@example.ru', 'GAME tavern boris berry\nпароль=sesame-six\nEND'), 'test');
    const shown = await everythingShown(j);
    const echoed = planted.filter((s) => shown.includes(s) || shown.includes(s.split(' ')[1] ?? s));
    f.echoed += echoed.length;
    expect(echoed).toEqual([]);
    // And the PASSWORD lines did change it (the multi-word one too): the ack says so, masked.
    expect(
      listOutbox(j.db)
        .filter((m) => m.kind === 'ack')
        .some((m) => /PASSWORD \*{8}\n\s+= password changed/.test(m.body)),
    ).toBe(true);
  });

  it('a mail that fails every time is quarantined after two tries (status, reason, GM told), not retried for ever', async () => {
    const j = testJudge();
    withGm(j);
    process.env.JUDGE_FAULT = 'ingest:handle:throw';
    let first;
    try {
      first = await ingest(j, await mail('alice@example.org', 'GAME tavern alice apple\nROLL 1d6\nEND'), 'test');
      expect(first.status).toBe('received'); // one failure: tried again by the next run
      const again = await handleUnhandled(j);
      expect(again.map((r) => r.status)).toEqual(['quarantined']);
      expect(await handleUnhandled(j)).toEqual([]);
    } finally {
      delete process.env.JUDGE_FAULT;
    }
    const row = j.db.prepare('SELECT status, reason, attempts FROM inbound WHERE id = ?').get(first.inboundId) as {
      status: string;
      reason: string;
      attempts: number;
    };
    expect(row).toMatchObject({ status: 'quarantined', attempts: 2 });
    expect(row.reason).toMatch(/quarantined: failed 2 times: injected fault/);
    const told = listOutbox(j.db).filter((m) => m.dedupe_key.startsWith('notice:quarantined:tavern'));
    expect(told).toHaveLength(1);
    f.quarantined++;
    f.gmTold += told.length;
  });

  it('a mail whose handling is killed (SIGKILL) three times is quarantined by the fourth run', async () => {
    const dir = tempDir();
    const j = testJudge(dir);
    withGm(j);
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(j.inboxDir, { recursive: true });
    writeFileSync(join(j.inboxDir, 'a.eml'), await mail('alice@example.org', 'GAME tavern alice apple\nROLL 1d6\nEND'));
    j.db.close();
    const run = (fault?: string) =>
      spawnSync(process.execPath, ['bin/judge.js', '--data', dir, 'run'], {
        encoding: 'utf8',
        env: { ...process.env, JUDGE_FAULT: fault ?? '' },
      });
    for (let i = 0; i < 3; i++) expect(run('ingest:handle').signal).toBe('SIGKILL');
    const fourth = run();
    expect(fourth.status, fourth.stderr).toBe(0);
    const k = testJudge(dir);
    expect(k.db.prepare('SELECT status, attempts FROM inbound').get()).toEqual({ status: 'quarantined', attempts: 3 });
    expect(k.db.prepare('SELECT reason FROM inbound').get()).toEqual({
      reason: expect.stringMatching(/started 3 times without finishing/),
    });
    f.quarantined++;
  });

  it('a run killed reading a mail in the middle of a read-ahead stretch: that mail has its try committed; the next runs handle every mail once', async () => {
    const dir = tempDir();
    const j = testJudge(dir);
    withGm(j);
    const { storeIncoming, rawMessageId } = await import('../../src/mail/inbound/ingest.js');
    for (let i = 0; i < 40; i++) {
      const raw = await mail(
        i % 2 ? 'alice@example.org' : 'boris@example.ru',
        i % 2 ? `GAME tavern alice apple\nROLL 1d6 try ${i}\nEND` : `GAME tavern boris berry\nROLL 1d6 try ${i}\nEND`,
      );
      storeIncoming(j, raw, rawMessageId(raw), 'test', j.clock().toISOString());
    }
    const ids = (j.db.prepare('SELECT id FROM inbound ORDER BY id').all() as { id: number }[]).map((r) => r.id);
    j.db.close();
    const run = (fault = '') =>
      spawnSync(process.execPath, ['bin/judge.js', '--data', dir, 'run'], {
        encoding: 'utf8',
        env: { ...process.env, JUDGE_FAULT: fault },
      });
    // Killed reading the 30th mail: of the second stretch read ahead, whose tries were counted in the open write group.
    expect(run('ingest:read:kill30').signal).toBe('SIGKILL');
    const k = testJudge(dir);
    const row = (id: number) =>
      k.db.prepare('SELECT status, attempts FROM inbound WHERE id = ?').get(id) as { status: string; attempts: number };
    expect(row(ids[29]!)).toEqual({ status: 'received', attempts: 1 });
    expect(
      ids
        .slice(0, 38)
        .filter((id) => row(id).status === 'received')
        .every((id) => row(id).attempts === 1),
    ).toBe(true);
    k.db.close();
    const again = run();
    expect(again.status, again.stderr).toBe(0);
    const m = testJudge(dir);
    expect(m.db.prepare('SELECT status, count(*) AS n FROM inbound GROUP BY status').all()).toEqual([
      { status: 'accepted', n: 40 },
    ]);
    expect(m.db.prepare('SELECT count(DISTINCT inbound_id) AS n, count(*) AS all_ FROM submissions').get()).toEqual({
      n: 40,
      all_: 40,
    });
  });

  it('one mail of 5,000 blocks is bounded work: read in seconds, the rest refused, the store never held for long', async () => {
    const j = testJudge();
    withGm(j);
    const blocks = Array.from({ length: 5000 }, (_, i) => `GAME tavern alice g${i}\nROLL 1d6\nEND`).join('\n');
    const t0 = Date.now();
    const r = await ingest(j, await mail('Mallory <mallory@evil.example>', blocks), 'test');
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(r.blocks).toHaveLength(20);
    expect(count(j, 'auth_failures')).toBeLessThanOrEqual(5);
  });

  it('mail the parser gives up on is answered from its raw headers, with the reason stored', async () => {
    const j = testJudge();
    withGm(j);
    // More header than the parser takes (mailsplit's limit is 1 MB per header block).
    const huge = Buffer.concat([
      Buffer.from(
        'From: Alice <alice@example.org>\r\nTo: judge@localhost\r\nSubject: my orders\r\nMessage-ID: <huge@example.org>\r\n',
      ),
      Buffer.from(Array.from({ length: 20000 }, (_, i) => `X-Filler-${i}: ${'x'.repeat(60)}\r\n`).join('')),
      Buffer.from('\r\nGAME tavern alice apple\r\nROLL 1d6\r\nEND\r\n'),
    ]);
    const r = await ingest(j, huge, 'test');
    expect(r.status).toBe('rejected');
    expect(r.reason).toMatch(/the mail parser gave up/);
    const row = j.db.prepare('SELECT from_addr, subject FROM inbound WHERE id = ?').get(r.inboundId);
    expect(row).toEqual({ from_addr: 'alice@example.org', subject: 'my orders' });
    const reply = listOutbox(j.db).find((m) => m.kind === 'error')!;
    expect(JSON.parse(reply.to_addrs)).toEqual(['alice@example.org']);
    expect(reply.subject).toMatch(/Mail not accepted: mail unreadable/);
    expect(JSON.parse(reply.headers_json)['In-Reply-To']).toBe('<huge@example.org>');
    f.unparsableAnswered++;
    // The same, automated: stored, not answered.
    const auto = Buffer.concat([
      Buffer.from('Auto-Submitted: auto-replied\r\n'),
      huge.subarray(0, huge.length - 40),
      Buffer.from('\r\n'),
    ]);
    expect(
      (await ingest(j, Buffer.from(auto.toString('latin1').replace('<huge@', '<huge2@'), 'latin1'), 'test')).status,
    ).toBe('ignored');
  });

  it('ids never climb out of `judge export --out`', async () => {
    expect(safeName('../../etc/passwd')).toBe('___.._etc_passwd');
    expect(safeName('..')).toBe('__');
    const j = testJudge();
    withGm(j);
    // A store written by an older judge, with an id no check stopped.
    j.db.prepare("UPDATE players SET id = '../../../escaped' WHERE id = 'boris'").run();
    j.db
      .prepare(
        "INSERT INTO submissions (game_id, phase_number, player_id, text, orders_json, errors_json, echo_json, received_at) VALUES ('tavern', 1, '../../../escaped', 'x', '[]', '[]', '[]', 'now')",
      )
      .run();
    const root = tempDir();
    const out = join(root, 'a', 'b');
    expect(await main(['node', 'judge', '--data', j.dataDir, 'export', 'tavern', '--out', out])).toBe(0);
    expect(readdirSync(root)).toEqual(['a']);
    expect(readdirSync(join(root, 'a'))).toEqual(['b']);
    expect(readdirSync(join(out, 'phase-001', 'orders')).some((n) => n.startsWith('.._') || n.startsWith('__'))).toBe(
      true,
    );
  });
});
