// Intake at speed (issue #15): what the faster path must keep. Passwords are
// verified once per (seat, password) per connection, mails read ahead are
// counted as tries, a mail handled by another process meanwhile is not
// handled twice, shared parsed state is frozen and re-read when it changes,
// and the per-seat queries have their indexes. No timing here: speed lives in
// the benchmark (bench/pieces/ingest.ts).
import { describe, expect, it, vi } from 'vitest';
import * as passwords from '../../src/store/passwords.js';
import { readFileSync } from 'node:fs';
import { batchLangs, GivenParses, parseForHandler } from '../../src/mail/inbound/parse-ahead.js';
import { handleUnhandled } from '../../src/mail/inbound/batch.js';
import { READ_AHEAD, WORKER_GROUP_MAILS, WORKER_READ_AHEAD } from '../../src/mail/inbound/write-group.js';
import { createGame } from '../../src/engine/create-game.js';
import { dbPath } from '../../src/store/db.js';
import { WriteTurns } from '../../src/store/write-turns.js';
import { setInbound, storeRaw } from '../../src/store/inbound.js';
import { sharedState } from '../../src/engine/shared-json.js';
import { currentPhase } from '../../src/store/phases.js';
import { count, mail, tavern, tavernSetup, testJudge } from '../helpers.js';

vi.mock('../../src/store/passwords.js', async (original) => {
  const m = await original<typeof passwords>();
  return { ...m, verifyPasswordAsync: vi.fn(m.verifyPasswordAsync) };
});

const ALICE = 'Alice <alice@example.org>';
const BORIS = 'Boris <boris@example.ru>';

async function store(j: ReturnType<typeof testJudge>, raws: Buffer[]): Promise<number[]> {
  const at = j.clock().toISOString();
  return raws.map((raw, i) => {
    const r = storeRaw(j.db, raw, `<speed-${i}-${raw.length}@example.org>`, 'test', at);
    if (!r.stored) throw new Error('not stored');
    return r.id;
  });
}

/** The commits and frames in a WAL file (its header, then per frame a 24-byte header and a page; a commit frame has the database size in bytes 4–8). */
function walCommits(file: string): { commits: number; frames: number } {
  const wal = readFileSync(file);
  const page = wal.readUInt32BE(8);
  let commits = 0;
  let frames = 0;
  for (let off = 32; off + 24 + page <= wal.length; off += 24 + page) {
    frames++;
    if (wal.readUInt32BE(off + 4) !== 0) commits++;
  }
  return { commits, frames };
}

describe('intake at speed', () => {
  it('verifies each distinct (seat, password) once in a run; a wrong one is still refused (and counted) every time', async () => {
    const j = testJudge();
    tavern(j);
    const verify = vi.mocked(passwords.verifyPasswordAsync);
    verify.mockClear();
    const raws: Buffer[] = [];
    for (let i = 0; i < 12; i++) raws.push(await mail(ALICE, `GAME tavern alice apple\nROLL 2d6 try ${i}\nEND\n`));
    for (let i = 0; i < 6; i++) raws.push(await mail(BORIS, `GAME tavern boris berry\nROLL 1d6 go ${i}\nEND\n`));
    for (let i = 0; i < 3; i++) raws.push(await mail(ALICE, `GAME tavern alice pear\nROLL 1d6 wrong ${i}\nEND\n`));
    await store(j, raws);
    const rs = await handleUnhandled(j);
    expect(rs.map((r) => r.status)).toEqual([...Array(18).fill('accepted'), 'rejected', 'rejected', 'rejected']);
    // alice/apple, boris/berry, alice/pear: three verifications for 21 blocks.
    expect(verify).toHaveBeenCalledTimes(3);
    expect(count(j, "auth_failures WHERE player_id = 'alice'")).toBe(3);
    expect(count(j, 'submissions')).toBe(18);
  });

  it('counts a try for every mail read ahead before its reading starts; a mail tried before is handled too', async () => {
    const j = testJudge();
    tavern(j);
    const raws: Buffer[] = [];
    for (let i = 0; i < READ_AHEAD + 6; i++)
      raws.push(await mail(ALICE, `GAME tavern alice apple\nROLL 2d6 n${i}\nEND\n`));
    const ids = await store(j, raws);
    // One left by a run that was killed while handling it.
    j.db.prepare('UPDATE inbound SET attempts = 1 WHERE id = ?').run(ids[3]);
    const rs = await handleUnhandled(j);
    expect(rs.every((r) => r.status === 'accepted')).toBe(true);
    expect(count(j, 'inbound WHERE attempts = 1')).toBe(ids.length - 1);
    expect(count(j, 'inbound WHERE attempts = 2')).toBe(1);
    expect(count(j, "inbound WHERE status = 'received'")).toBe(0);
  });

  it('a mail read ahead and handled meanwhile by another process (a pipe intake) is not handled twice', async () => {
    const j = testJudge();
    tavern(j);
    const ids = await store(j, [
      await mail(ALICE, 'GAME tavern alice apple\nROLL 2d6 a\nEND\n'),
      await mail(BORIS, 'GAME tavern boris berry\nROLL 2d6 b\nEND\n'),
    ]);
    // Both are read ahead; once the first is handled, the second is settled by another process just
    // before its own write transaction (after its turn began).
    const waiting = (id: number) =>
      !!j.db.prepare("SELECT 1 FROM inbound WHERE id = ? AND status = 'received'").get(id);
    // The seam: the check of the mail's status that opens its writes (inboundStatus), once the first is handled.
    const original = j.db.prepare.bind(j.db);
    let done = false;
    j.db.prepare = ((sql: string) => {
      if (!done && sql === 'SELECT status, reason FROM inbound WHERE id = ?' && !waiting(ids[0]!) && waiting(ids[1]!)) {
        done = true;
        setInbound(j.db, ids[1]!, { status: 'accepted', reason: 'handled by a pipe intake' });
      }
      return original(sql);
    }) as typeof j.db.prepare;
    const rs = await handleUnhandled(j);
    expect(rs[1]).toMatchObject({ status: 'accepted', reason: 'handled by a pipe intake' });
    expect(count(j, 'submissions')).toBe(1);
    expect(count(j, "outbox WHERE kind = 'ack'")).toBe(1);
  });

  it('a phase state is parsed once and shared frozen; an edited state is read anew', () => {
    const j = testJudge();
    tavern(j);
    const phase = currentPhase(j.db, 'tavern')!;
    const a = sharedState<Record<string, unknown>>(phase);
    expect(sharedState(currentPhase(j.db, 'tavern')!)).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(() => {
      (a as { title?: string }).title = 'changed';
    }).toThrow(TypeError);
    const edited = JSON.stringify({ ...structuredClone(a), title: 'Edited by the GM' });
    j.db.prepare('UPDATE phases SET state_json = ? WHERE id = ?').run(edited, phase.id);
    expect(sharedState<{ title: string }>(currentPhase(j.db, 'tavern')!).title).toBe('Edited by the GM');
  });

  it('the per-mail queries of a seat use an index, not a scan of the phase', () => {
    const j = testJudge();
    const plan = (sql: string) =>
      (j.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('g', 1, 'p') as { detail: string }[])
        .map((r) => r.detail)
        .join('; ');
    expect(
      plan('SELECT count(*) AS n FROM submissions WHERE game_id = ? AND phase_number = ? AND player_id = ?'),
    ).toMatch(/USING (COVERING )?INDEX submissions_seat/);
    expect(
      plan('SELECT * FROM messages WHERE game_id = ? AND phase_number = ? AND from_player = ? ORDER BY seq'),
    ).toMatch(/USING INDEX messages_sender/);
    // The mails not handled yet: found through their own index, not by reading every stored mail.
    expect(
      (
        j.db
          .prepare(
            "EXPLAIN QUERY PLAN SELECT id, attempts FROM inbound WHERE status = 'received' AND id <= ? ORDER BY id",
          )
          .all(10) as { detail: string }[]
      )[0]!.detail,
    ).toMatch(/USING INDEX inbound_received/);
    expect(
      (
        j.db.prepare('EXPLAIN QUERY PLAN SELECT * FROM players WHERE lower(email) = ?').all('a@b') as {
          detail: string;
        }[]
      )[0]!.detail,
    ).toMatch(/players_email_lower/);
  });

  it("on intake's worker the tries of a long stretch are counted in one commit, and a write group holds up to WORKER_GROUP_MAILS mails", async () => {
    const j = testJudge();
    createGame(j, {
      id: 'tavern',
      kind: 'rpg',
      setup: { ...structuredClone(tavernSetup), auth: { password: false } },
      seed: '7',
      actor: 'test',
    });
    const n = 150;
    const raws: Buffer[] = [];
    for (let i = 0; i < n; i++) raws.push(await mail(ALICE, `GAME tavern alice\nROLL 2d6 n${i}\nEND\n`));
    const ids = await store(j, raws);
    // Parsed beforehand, as the poll's thread parses them for the worker (handler.ts).
    const given = new GivenParses();
    for (const [i, id] of ids.entries()) given.add(id, (await parseForHandler(j, raws[i]!, raws[i]!.length))!);
    j.db.pragma('wal_checkpoint(TRUNCATE)');
    j.db.pragma('wal_autocheckpoint = 0');
    // No group ends for its age here (a slow machine would end more of them).
    const now = vi.spyOn(performance, 'now').mockReturnValue(1000);
    try {
      const rs = await handleUnhandled(j, { given, turns: new WriteTurns() });
      expect(rs.map((r) => r.status)).toEqual(Array(n).fill('accepted'));
    } finally {
      now.mockRestore();
    }
    expect(given.used).toBe(n);
    expect(count(j, 'inbound WHERE attempts = 1')).toBe(n);
    const { commits } = walCommits(`${dbPath(j.dataDir)}-wal`);
    // The first stretch's tries (129 mails), the groups of 64 mails, the second stretch's tries (with the group open then),
    // the last group: 5 commits. One thread's stretches of READ_AHEAD / 2 and groups of 24 made 12 of the same mails.
    expect(commits).toBeGreaterThanOrEqual(Math.ceil(n / WORKER_GROUP_MAILS));
    expect(commits).toBeLessThanOrEqual(Math.ceil(n / (WORKER_READ_AHEAD / 2)) + Math.ceil(n / WORKER_GROUP_MAILS));
    expect(commits).toBeLessThanOrEqual(6);
  });

  it("the poll's thread looks up a sender's seat languages once per batch while nothing was written, and anew once a player was", async () => {
    const j = testJudge();
    tavern(j);
    const prepare = vi.spyOn(j.db, 'prepare');
    const reads = () => prepare.mock.calls.filter(([sql]) => /FROM players p JOIN games g/.test(sql)).length;
    let langsOf = batchLangs(j);
    expect(langsOf('Boris@Example.RU')).toEqual(['ru']);
    for (let i = 0; i < 5; i++) expect(langsOf('boris@example.ru')).toEqual(['ru']);
    langsOf = batchLangs(j);
    expect(langsOf('boris@example.ru')).toEqual(['ru']);
    expect(reads()).toBe(1);
    // A player's language written (by the worker, a command, the GM): the next batch reads it anew.
    j.db.prepare("UPDATE players SET lang = 'cs' WHERE id = 'boris'").run();
    expect(langsOf('boris@example.ru')).toEqual(['ru']); // within the batch: as it was read
    langsOf = batchLangs(j);
    expect(langsOf('boris@example.ru')).toEqual(['cs']);
    expect(reads()).toBe(2);
    prepare.mockRestore();
    // A parse made with the languages of before is not used at the mail's turn: the worker parses the mail again.
    // (The parses handed over here are of another mail, so that which one was used shows in the orders stored.)
    const raws = [
      await mail(BORIS, 'GAME tavern boris berry\nROLL 1d6 stored\nEND\n'),
      await mail(BORIS, 'GAME tavern boris berry\nROLL 1d6 second\nEND\n'),
    ];
    const ids = await store(j, raws);
    const other = await mail(BORIS, 'GAME tavern boris berry\nROLL 1d6 handed over\nEND\n');
    const stale = await parseForHandler(j, other, other.length, () => ['ru']);
    const fresh = await parseForHandler(j, other, other.length, langsOf);
    expect(stale!.langs).toEqual([['boris@example.ru', ['ru']]]);
    expect(fresh!.langs).toEqual([['boris@example.ru', ['cs']]]);
    const given = new GivenParses();
    given.add(ids[0]!, stale!);
    given.add(ids[1]!, fresh!);
    const rs = await handleUnhandled(j, { given });
    expect(rs.map((r) => r.status)).toEqual(['accepted', 'accepted']);
    const texts = (j.db.prepare('SELECT text FROM submissions ORDER BY id').all() as { text: string }[]).map(
      (r) => r.text,
    );
    expect(texts).toEqual(['ROLL 1d6 stored', 'ROLL 1d6 handed over']);
  });
});
