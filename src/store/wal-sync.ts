// Durability off the event loop. In WAL mode a commit made with
// synchronous = NORMAL is in the WAL file but perhaps not on disk yet; an
// fdatasync of the WAL file afterwards makes it as durable as a FULL commit
// (which is that commit plus that sync). better-sqlite3 syncs on the calling
// thread, so a FULL commit stops every other connection of the send loop
// while the disk syncs (about 1 ms a commit here); fs.fdatasync runs on
// libuv's thread pool, so they go on meanwhile.
//
// fsync is of the file (its inode), whichever descriptor wrote it: SQLite's
// own writes are covered. The WAL is not deleted while a connection to the
// store is open (this one is), and a checkpoint that restarts it has synced
// it first, so the descriptor stays the file SQLite writes.
import { closeSync, fdatasync, openSync } from 'node:fs';
import type { Db } from './db.js';

export interface WalSync {
  /** Resolves once everything committed before the call is on disk. */
  sync(): Promise<void>;
  close(): void;
}

/**
 * A syncer for db's WAL; null when db has none to sync (in memory, not in
 * WAL mode): then a FULL commit is the way to durability.
 */
export function walSync(db: Db): WalSync | null {
  if (db.memory || !db.name || String(db.pragma('journal_mode', { simple: true })).toLowerCase() !== 'wal') return null;
  let fd: number | null = null;
  // Syncs under way, and whether close() was asked meanwhile: the descriptor is closed after the last.
  let inFlight = 0;
  let closing = false;
  const release = () => {
    if (closing && !inFlight && fd !== null) {
      closeSync(fd);
      fd = null;
    }
  };
  return {
    sync() {
      return new Promise<void>((done, fail) => {
        try {
          // Opened at the first sync: the WAL exists once a commit has been made in WAL mode.
          fd ??= openSync(`${db.name}-wal`, 'r');
        } catch (e) {
          fail(e);
          return;
        }
        inFlight++;
        fdatasync(fd, (e) => {
          inFlight--;
          release();
          if (e) fail(e);
          else done();
        });
      });
    },
    close() {
      closing = true;
      release();
    },
  };
}
