// WriteTurns (src/store/write-turns.ts): the poll's thread and intake's worker
// thread take turns at writing one store, with a real worker thread and real
// SQLite connections. The worker's side runs the built module (dist/), as the
// judge's worker does.
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { WriteTurns } from '../../src/store/write-turns.js';
import { checkpointWal } from '../../src/mail/inbound/handler.js';
import { tempDir } from '../helpers.js';

const turnsModule = new URL('../../dist/store/write-turns.js', import.meta.url).href;

/** A worker thread running `body` (async, with `turns`, `db`, `flags` (Int32Array), `post`) on the store at `file`. */
function worker(file: string, shared: SharedArrayBuffer, flags: SharedArrayBuffer, body: string): Worker {
  const code = `
    const { workerData, parentPort } = require('node:worker_threads');
    const Database = require(${JSON.stringify(createRequire(import.meta.url).resolve('better-sqlite3'))});
    (async () => {
      const { WriteTurns } = await import(${JSON.stringify(turnsModule)});
      const turns = new WriteTurns(workerData.shared);
      const flags = new Int32Array(workerData.flags);
      const db = new Database(workerData.file);
      db.pragma('busy_timeout = 0');
      const post = (m) => parentPort.postMessage(m);
      const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
      ${body}
      db.close();
      post('done');
    })().catch((e) => parentPort.postMessage('error: ' + e.message));
  `;
  return new Worker(code, { eval: true, workerData: { file, shared, flags } });
}

function store(): { file: string; db: Database.Database } {
  const file = join(tempDir(), 'turns.sqlite');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, who TEXT NOT NULL)');
  // No busy handler: a write that met the other thread's lock would fail at once (SQLITE_BUSY).
  db.pragma('busy_timeout = 0');
  return { file, db };
}

const message = (w: Worker, want: string) =>
  new Promise<void>((resolve, reject) => {
    w.on('message', (m: string) => (m === want ? resolve() : m.startsWith('error') ? reject(new Error(m)) : undefined));
    w.on('error', reject);
  });

const workers: Worker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.terminate()));
});

/** A worker thread running `body` on the store at `file`, with its turns and `slots` shared flags; `done` once it has run. */
function start(file: string, body: string, slots = 1) {
  const turns = new WriteTurns();
  const flags = new Int32Array(new SharedArrayBuffer(4 * slots));
  const w = worker(file, turns.shared, flags.buffer as SharedArrayBuffer, body);
  workers.push(w);
  return { turns, flags, w, done: message(w, 'done') };
}

describe('WriteTurns', () => {
  it("the poll's write waits for the worker's open group to end instead of meeting its lock", async () => {
    const { file, db } = store();
    // The worker opens a group, writes, says so, holds it a while, commits.
    const { turns, w, done } = start(
      file,
      `turns.enter();
       db.exec('BEGIN IMMEDIATE');
       db.prepare("INSERT INTO t (who) VALUES ('worker')").run();
       post('open');
       sleep(300);
       db.exec('COMMIT');
       turns.leave();`,
    );
    await message(w, 'open');
    // With the group open, a write without the wait would fail here with SQLITE_BUSY (no busy timeout).
    turns.mine(() => db.transaction(() => db.prepare("INSERT INTO t (who) VALUES ('poll')").run())());
    await done;
    expect(db.prepare('SELECT who FROM t ORDER BY id').all()).toEqual([{ who: 'worker' }, { who: 'poll' }]);
  });

  it('the worker opens no group while the poll is writing, and opens one as soon as it is done', async () => {
    const { file, db } = store();
    // The worker waits for the poll to start its write (flag 0), then enters, and notes whether the poll had finished (flag 1).
    const {
      turns,
      flags: f,
      done,
    } = start(
      file,
      `while (Atomics.load(flags, 0) === 0) Atomics.wait(flags, 0, 0, 50);
       turns.enter();
       const pollDone = Atomics.load(flags, 1);
       db.exec('BEGIN IMMEDIATE');
       db.prepare('INSERT INTO t (who) VALUES (?)').run('worker after poll done=' + pollDone);
       db.exec('COMMIT');
       turns.leave();`,
      2,
    );
    turns.mine(() => {
      Atomics.store(f, 0, 1);
      Atomics.notify(f, 0);
      // Time for the worker to try to get in (it must not).
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
      db.transaction(() => db.prepare("INSERT INTO t (who) VALUES ('poll')").run())();
      Atomics.store(f, 1, 1);
    });
    await done;
    expect(db.prepare('SELECT who FROM t ORDER BY id').all()).toEqual([
      { who: 'poll' },
      { who: 'worker after poll done=1' },
    ]);
  });

  it("the poll's checkpoints keep the WAL to a bounded size while the worker writes in groups", async () => {
    const { file, db } = store();
    db.pragma('busy_timeout = 5000');
    db.pragma('wal_autocheckpoint = 0');
    // 600 groups of five rows of 2 KB (about 3 pages a group, 7 MB in all), one after another, as intake's worker writes: no checkpoints of its own.
    const {
      turns,
      flags: f,
      done,
    } = start(
      file,
      `db.pragma('wal_autocheckpoint = 0');
       db.pragma('busy_timeout = 5000');
       const insert = db.prepare('INSERT INTO t (who) VALUES (?)');
       for (let i = 0; i < 600; i++) {
         turns.enter();
         db.exec('BEGIN IMMEDIATE');
         for (let k = 0; k < 5; k++) insert.run('w'.repeat(2000));
         // The handling of a mail or two, in the open group; the next group follows at once.
         for (const t0 = performance.now(); performance.now() - t0 < 1; );
         db.exec('COMMIT');
         turns.leave();
       }
       Atomics.store(flags, 0, 1);`,
    );
    let checkpoints = 0;
    while (Atomics.load(f, 0) === 0) {
      await new Promise((r) => setTimeout(r, 15));
      checkpointWal(db, turns, 200);
      checkpoints++;
    }
    await done;
    expect(checkpoints).toBeGreaterThan(2);
    expect((db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n).toBe(3000);
    // Copying alone, every frame written stays in the WAL (SQLite begins it again only for a writer that starts when all of
    // it is copied, and here the next group starts as the last commits); with the restarts it is begun again whenever it
    // passes 200 frames: its file is as big as what was written between two restarts.
    const written = 600 * 3 * 4096;
    expect(statSync(`${file}-wal`).size).toBeLessThan(written / 3);
  });
});
