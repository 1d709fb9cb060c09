// The send loop's durability off the event loop (store/wal-sync.ts): a
// 'data-sent' stage is committed and the WAL file synced (fdatasync, here
// held back by the test) before the message data may go out, while the other
// connections go on; a sync that fails stops that message's data.
import { fstatSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** fdatasync calls the test has not let finish yet: the descriptor and the callback. */
const held: { fd: number; done: (e: NodeJS.ErrnoException | null) => void }[] = [];
vi.mock('node:fs', async (orig) => {
  const fs = await orig<typeof import('node:fs')>();
  return {
    ...fs,
    fdatasync: (fd: number, cb: (e: NodeJS.ErrnoException | null) => void) => held.push({ fd, done: cb }),
  };
});

const { sendPending } = await import('../../src/mail/outbound/transport.js');
const { walSync } = await import('../../src/store/wal-sync.js');
const { enqueue, listOutbox } = await import('../../src/store/outbox.js');
const { dbPath } = await import('../../src/store/db.js');
const { tempDir, testJudge } = await import('../helpers.js');
type Deliverer = import('../../src/mail/outbound/transport.js').Deliverer;

const tick = () => new Promise((r) => setTimeout(r, 5));

afterEach(() => {
  held.length = 0;
});

describe('WAL sync off the event loop', () => {
  it('is for a store in WAL mode only', () => {
    expect(walSync(new Database(':memory:'))).toBeNull();
    const file = `${tempDir()}/rollback.sqlite`;
    const db = new Database(file);
    db.pragma('journal_mode = DELETE');
    expect(walSync(db)).toBeNull();
  });

  it("holds a message's data until its 'data-sent' commit is synced, the other lanes going on; syncs the WAL file itself", async () => {
    const dir = tempDir();
    const j = testJudge(dir);
    for (let i = 0; i < 3; i++)
      enqueue(
        j.db,
        { dedupeKey: `r${i}`, kind: 'report', to: [`p${i}@example.org`], subject: `r${i}`, body: 'x' },
        j.domain,
        j.clock().toISOString(),
      );
    const other = new Database(dbPath(dir), { readonly: true });
    const events: string[] = [];
    const deliverer: Deliverer = {
      lanes: 3,
      async deliver(_j, row, stage = () => {}) {
        stage('connected');
        await new Promise<void>((go, stop) =>
          stage('data-sent', (ready) => {
            ready.then(() => {
              // What another process reads now, as the data goes out.
              events.push(
                `data ${row.subject}: ${String((other.prepare('SELECT smtp_stage FROM outbox WHERE id = ?').get(row.id) as { smtp_stage: string }).smtp_stage)}`,
              );
              go();
            }, stop);
          }),
        );
        return { kind: 'sent' };
      },
      close() {},
    };
    const run = sendPending(j, deliverer, { locked: true });
    for (let i = 0; i < 20 && held.length < 1; i++) await tick();
    // All three lanes reached 'data-sent' in one turn: one commit, one sync, no data out yet.
    expect(held.length).toBe(1);
    expect(events).toEqual([]);
    expect(fstatSync(held[0]!.fd).ino).toBe(statSync(`${dbPath(dir)}-wal`).ino);
    held[0]!.done(null);
    await run;
    expect(events.sort()).toEqual(['data r0: data-sent', 'data r1: data-sent', 'data r2: data-sent']);
    expect(listOutbox(j.db).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('closed while a sync is under way: the descriptor stays open until that sync is done', async () => {
    const db = new Database(`${tempDir()}/w.sqlite`);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (x)');
    const w = walSync(db)!;
    const synced = w.sync();
    w.close();
    const { fd, done } = held[0]!;
    expect(fstatSync(fd).ino).toBe(statSync(`${db.name}-wal`).ino);
    done(null);
    await synced;
    expect(() => fstatSync(fd)).toThrow(/EBADF/);
  });

  it('a sync that fails: the data does not go out, the row is not marked sent, the run reports the error', async () => {
    const j = testJudge();
    enqueue(
      j.db,
      { dedupeKey: 'r', kind: 'report', to: ['p@example.org'], subject: 'r', body: 'x' },
      j.domain,
      j.clock().toISOString(),
    );
    let out = false;
    const deliverer: Deliverer = {
      async deliver(_j, _row, stage = () => {}) {
        await new Promise<void>((go, stop) => stage('data-sent', (ready) => ready.then(go, stop)));
        out = true;
        return { kind: 'sent' };
      },
      close() {},
    };
    const run = sendPending(j, deliverer, { locked: true });
    for (let i = 0; i < 20 && !held.length; i++) await tick();
    held[0]!.done(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    await expect(run).rejects.toThrow(/EIO/);
    expect(out).toBe(false);
    expect(listOutbox(j.db)[0]!.status).not.toBe('sent');
  });
});
