// Torture, part "abuse": the attacks of issue #10 as tests — password
// guessing, position takeover, mail that loops or stalls the judge, secrets
// echoed, mail the parser gives up on, ids that climb out of --out.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ingest, handleUnhandled } from '../../src/mail/inbound/ingest.js';
import { main } from '../../src/cli/index.js';
import { getPlayer } from '../../src/store/games.js';
import { listInbound } from '../../src/store/inbound.js';
import { listOutbox } from '../../src/store/outbox.js';
import { seatLocks } from '../../src/store/auth-failures.js';
import { safeName } from '../../src/cli/gm.js';
import { count, mail, tavern, tempDir, testJudge, type TestJudge } from '../helpers.js';
import { figures } from './figures.js';

const f = {
  guesses: 0,
  guessesRead: 0,
  passwordsChecked: 0,
  locked: 0,
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
  figures('abuse', {
    'guesses sent': f.guesses,
    read: f.guessesRead,
    'passwords checked': f.passwordsChecked,
    'seats locked': f.locked,
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
  it('password guessing: blocks per mail capped, the seat locked after 5 wrong passwords (GM told, shown, lifted), the right one never acknowledged to a Reply-To', async () => {
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
    expect(fails).toBe(5); // then locked: the other 15 blocks are not even checked
    expect(r.blocks.filter((b) => b.reason?.includes('too many wrong passwords'))).toHaveLength(15);
    const lock = seatLocks(j.db, 'tavern', j.clock().toISOString(), j.config.inbox.authFailures).find(
      (l) => l.player === 'alice',
    )!;
    expect(lock.locked).toBe(true);
    f.locked++;
    const told = listOutbox(j.db).filter((m) => m.dedupe_key.startsWith('notice:locked:tavern:alice'));
    expect(told).toHaveLength(1);
    expect(JSON.parse(told[0]!.to_addrs)).toEqual(['gm@example.org']);
    f.gmTold += told.length;
    // While locked even the right password is not checked; nothing about the seat goes to the stranger.
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
    // The GM sees it and lifts it.
    const shown: string[] = [];
    const log = console.log;
    console.log = (s: string) => shown.push(s);
    try {
      expect(await main(['node', 'judge', '--data', j.dataDir, 'player', 'list', 'tavern'])).toBe(0);
      expect(await main(['node', 'judge', '--data', j.dataDir, 'status', 'tavern'])).toBe(0);
      expect(await main(['node', 'judge', '--data', j.dataDir, 'player', 'unlock', 'tavern', 'alice'])).toBe(0);
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
    expect(shown.join('\n')).toMatch(/alice .*LOCKED: 5 wrong passwords/);
    expect(shown.join('\n')).toMatch(/LOCKED after wrong passwords: alice \(5/);
    // Unlocked: the right password from a stranger is taken, and acknowledged to the address of record only.
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
    expect(acks.map((a) => JSON.parse(a.to_addrs))).toEqual([['alice@example.org']]);
    f.acksToStranger += listOutbox(j.db).filter(
      (m) => m.kind !== 'error' && (m.to_addrs + m.cc_addrs).includes('mallory'),
    ).length;
    expect(f.acksToStranger).toBe(0);
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
    // 2. Guessing the code: each wrong code counts like a wrong password (5 lock the seat).
    for (let i = 0; i < 6; i++)
      await ingest(
        j,
        await mail('Alice <alice@example.org>', `GAME tavern alice apple\nCONFIRM ${100000 + i}\nEND`),
        'test',
      );
    expect(getPlayer(j.db, 'tavern', 'alice')!.email).toBe('alice@example.org');
    expect(
      seatLocks(j.db, 'tavern', j.clock().toISOString(), j.config.inbox.authFailures).find((l) => l.player === 'alice')
        ?.locked,
    ).toBe(true);
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
