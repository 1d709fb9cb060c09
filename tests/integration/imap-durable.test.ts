// The poll's batches on disk before they leave the inbox (imap.ts): each
// batch is a NORMAL commit, then the WAL file is synced on the thread pool
// (fdatasync, held back here by the test), and only then is it moved to
// Processed. While the sync is held the batch is stored and readable by
// another connection, and the mail is still in the INBOX; a sync that fails
// stops the poll before the MOVE, and the next run moves what was stored
// without storing it twice.
import { statSync, fstatSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/** fdatasync calls not let finish yet: the descriptor and the callback. */
const held: { fd: number; done: (e: NodeJS.ErrnoException | null) => void }[] = [];
vi.mock('node:fs', async (orig) => {
  const fs = await orig<typeof import('node:fs')>();
  return {
    ...fs,
    fdatasync: (fd: number, cb: (e: NodeJS.ErrnoException | null) => void) => held.push({ fd, done: cb }),
  };
});

const { pollImap } = await import('../../src/mail/inbound/imap.js');
const { clientMail } = await import('../../src/cli/demo.js');
const { dbPath } = await import('../../src/store/db.js');
const { count } = await import('../helpers.js');
const { startDovecot } = await import('./dovecot.js');
const { append, folderCounts, freshUser, mailJudge, reopen } = await import('./mailenv.js');

let dc: import('./dovecot.js').Dovecot;
beforeAll(async () => {
  dc = await startDovecot();
}, 30_000);
afterAll(async () => {
  await dc?.stop();
});
afterEach(() => {
  held.length = 0;
});

let n = 0;
function orders(from: string, text: string): Promise<Buffer> {
  return clientMail({
    from,
    to: 'judge@localhost',
    subject: 'orders',
    text,
    date: new Date(Date.UTC(2026, 10, 29, 8, n++ % 60)),
  });
}

/** Until the poll asks for a sync (it asks once per batch). */
async function nextSync(): Promise<(typeof held)[number]> {
  for (let i = 0; i < 1000 && !held.length; i++) await new Promise((r) => setTimeout(r, 5));
  const s = held.shift();
  if (!s) throw new Error('the poll never synced');
  return s;
}

describe('IMAP intake: a batch is on disk before it leaves the inbox', { timeout: 60_000 }, () => {
  it('stores the batch with a NORMAL commit, syncs the WAL file, and moves the batch only after the sync', async () => {
    const user = freshUser();
    const j = mailJudge(dc, user, 9); // batches of 2
    await append(dc, user, [
      await orders('Alice <alice@example.org>', 'GAME tavern alice apple\nROLL 1d6 one\nEND\n'),
      await orders('Boris <boris@example.ru>', 'GAME tavern boris berry\nROLL 2d6 two\nEND\n'),
      await orders('Alice <alice@example.org>', 'GAME tavern alice apple\nROLL 3d6 three\nEND\n'),
    ]);
    const other = new Database(dbPath(j.dataDir), { readonly: true });
    const log: string[] = [];
    const poll = pollImap(j, (s) => log.push(s));

    const first = await nextSync();
    // The descriptor synced is the WAL file's.
    expect(fstatSync(first.fd).ino).toBe(statSync(`${dbPath(j.dataDir)}-wal`).ino);
    // Committed (another connection reads it), not moved yet.
    expect(
      (other.prepare("SELECT count(*) AS n FROM inbound WHERE source = 'imap:INBOX'").get() as { n: number }).n,
    ).toBe(2);
    expect(await folderCounts(dc, user)).toEqual({ INBOX: 3, Processed: 0 });
    // The commit itself did not wait for the disk: the connection is back at its own FULL level.
    expect(j.db.pragma('synchronous', { simple: true })).toBe(2);
    first.done(null);

    const second = await nextSync();
    expect((other.prepare('SELECT count(*) AS n FROM inbound').get() as { n: number }).n).toBe(3);
    expect(await folderCounts(dc, user)).toEqual({ INBOX: 1, Processed: 2 });
    second.done(null);

    const summary = await poll;
    expect(summary).toMatchObject({ found: 3, stored: 3, moved: 3 });
    expect(await folderCounts(dc, user)).toEqual({ INBOX: 0, Processed: 3 });
    other.close();
  });

  it('a sync that fails stops the poll before the MOVE; the next run moves the stored batch and stores nothing twice', async () => {
    const user = freshUser();
    const j = mailJudge(dc, user, 9);
    await append(dc, user, [
      await orders('Alice <alice@example.org>', 'GAME tavern alice apple\nROLL 1d6 one\nEND\n'),
      await orders('Boris <boris@example.ru>', 'GAME tavern boris berry\nROLL 2d6 two\nEND\n'),
    ]);
    const poll = pollImap(j, () => {});
    const failed = poll.catch((e: Error) => e);
    const eio = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    (await nextSync()).done(eio);
    expect(String(await failed)).toMatch(/EIO/);
    expect(count(j, 'inbound')).toBe(2);
    expect(await folderCounts(dc, user)).toEqual({ INBOX: 2, Processed: 0 });

    const k = reopen(j);
    const again = pollImap(k, () => {});
    // The recovery MOVE of what the failed run stored needs no sync; nothing new is stored.
    const summary = await again;
    expect(held.length).toBe(0);
    expect(summary).toMatchObject({ found: 0, stored: 0, recovered: 2 });
    expect(count(k, 'inbound')).toBe(2);
    expect(await folderCounts(dc, user)).toEqual({ INBOX: 0, Processed: 2 });
  });
});
