// One SQLite file per judge: WAL, foreign keys, versioned migrations (PRAGMA user_version).
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { migrations } from './migrations.js';

export type Db = Database.Database;

/** The data directory: --data, else JUDGE_DATA, else ./data. */
export function dataDir(explicit?: string): string {
  return resolve(explicit ?? process.env.JUDGE_DATA ?? 'data');
}

export function dbPath(dir: string): string {
  return join(dir, 'judge.sqlite');
}

export function openDb(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // FULL: every commit is on disk before the next step that depends on it (the
  // IMAP MOVE of a stored mail, sending a queued one); WAL's default NORMAL may
  // lose the last commits in a power cut.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length)
    throw new Error(`database schema v${current} is newer than this judge (v${migrations.length}); upgrade pbem-judge`);
  for (let v = current; v < migrations.length; v++) {
    db.transaction(() => {
      db.exec(migrations[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}

/** Now as an ISO string. The store is the one place that reads the wall clock, through this. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
