// One `judge run` at a time per data directory. The lock is a row of the
// judge's own store, taken in an IMMEDIATE transaction: SQLite lets one writer
// in at a time, so checking the holder and taking over a stale lock (its
// process gone) is one atomic step — two runs can never both take it.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from './db.js';

export interface Lock {
  release(): void;
}

export type LockResult = { ok: true; lock: Lock } | { ok: false; holder: string };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface LockRow {
  name: string;
  pid: number;
  host: string;
  token: string;
  at: string;
}

export function acquireLock(db: Db, name = 'run', at = new Date()): LockResult {
  const token = randomBytes(12).toString('hex');
  const host = hostname();
  let result: LockResult;
  try {
    result = db
      .transaction((): LockResult => {
        const row = db.prepare('SELECT * FROM run_locks WHERE name = ?').get(name) as LockRow | undefined;
        // A holder on another host cannot be checked: its lock stands until released (or removed by hand).
        if (row && (row.host !== host || alive(row.pid)))
          return { ok: false, holder: `pid ${row.pid} on ${row.host} since ${row.at}` };
        db.prepare(
          'INSERT INTO run_locks (name, pid, host, token, at) VALUES (?, ?, ?, ?, ?) ON CONFLICT(name) DO UPDATE SET pid = excluded.pid, host = excluded.host, token = excluded.token, at = excluded.at',
        ).run(name, process.pid, host, token, at.toISOString());
        return {
          ok: true,
          lock: {
            release: () => void db.prepare('DELETE FROM run_locks WHERE name = ? AND token = ?').run(name, token),
          },
        };
      })
      .immediate();
  } catch (e) {
    // Another process holds the store's write lock longer than the busy timeout: it is at work.
    if ((e as { code?: string }).code === 'SQLITE_BUSY')
      return { ok: false, holder: 'another process writing to the store' };
    throw e;
  }
  return result;
}
