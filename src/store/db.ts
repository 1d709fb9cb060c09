// One SQLite file per judge: WAL, foreign keys, versioned migrations (PRAGMA user_version).
import type Database from 'better-sqlite3';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { migrations } from './migrations.js';
import { openSqlite } from './sqlite.js';

export type Db = Database.Database;

/** The data directory: --data, else JUDGE_DATA (an empty one is unset), else ./data. */
export function dataDir(explicit?: string): string {
  return resolve(explicit ?? (process.env.JUDGE_DATA || 'data'));
}

export function dbPath(dir: string): string {
  return join(dir, 'judge.sqlite');
}

/** Whether a store is there: a judge.sqlite with something in it (SQLite makes an empty file a new database). */
export function storeExists(file: string): boolean {
  try {
    return statSync(file).size > 0;
  } catch {
    return false;
  }
}

export function openDb(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = openSqlite(file);
  db.pragma('journal_mode = WAL');
  // FULL: every commit is on disk before the next step that depends on it (the
  // IMAP MOVE of a stored mail, sending a queued one); WAL's default NORMAL may
  // lose the last commits in a power cut.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Savepoints' journals in memory: each mail's writes are a savepoint of its
  // write group (mail/inbound/ingest.ts), and a savepoint journals every page
  // it changes. On disk (the default) a mail's journal outgrew SQLite's 64 KiB
  // in memory, and every page went to a temporary file, with two writes each:
  // half of intake's write calls. Nothing needs them after a crash.
  db.pragma('temp_store = MEMORY');
  migrate(db);
  cacheStatements(db);
  return db;
}

/** Statements kept per connection (the most recently used); SQL built with values in it falls out. */
const STATEMENT_CACHE = 500;

/**
 * db.prepare keeps what it prepared: compiling the same SQL for every mail
 * was a good part of intake's time. A statement carries no state between
 * runs (nothing here uses pluck/raw/expand, whose setting would stick), and
 * SQLite recompiles a kept statement by itself when the schema changes.
 */
function cacheStatements(db: Db): void {
  const prepare = db.prepare.bind(db);
  // Two generations instead of a strict LRU order: a statement used again is found in `young` with a
  // lookup alone (moving it to the end of one map on every use, a delete and a set, cost intake 1 % of
  // its worker); one used since `young` was begun is moved there; once `young` is full, it becomes
  // `old` and what was old and unused meanwhile is dropped: at most STATEMENT_CACHE are kept.
  let young = new Map<string, Database.Statement>();
  let old = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let st = young.get(sql);
    if (st) return st;
    st = old.get(sql);
    if (st) old.delete(sql);
    else st = prepare(sql);
    if (young.size >= STATEMENT_CACHE / 2) [old, young] = [young, new Map()];
    young.set(sql, st);
    return st;
  }) as Db['prepare'];
}

type Runner = Database.Transaction<(fn: () => unknown) => unknown>;
const runners = new WeakMap<Db, Runner>();
function runner(db: Db): Runner {
  let r = runners.get(db);
  if (!r) runners.set(db, (r = db.transaction((fn: () => unknown) => fn())));
  return r;
}

/**
 * db.transaction(fn)(): fn in a transaction (a savepoint when one is open),
 * without making a new wrapper for every call — better-sqlite3's costs about
 * 10 µs to make, and intake makes several per mail.
 */
export function transact<T>(db: Db, fn: () => T): T {
  return runner(db)(fn) as T;
}

/** db.transaction(fn).immediate(), likewise (BEGIN IMMEDIATE when no transaction is open). */
export function transactImmediate<T>(db: Db, fn: () => T): T {
  return runner(db).immediate(fn) as T;
}

/**
 * fn's commits with another `synchronous` level, then the connection's own
 * again (also when fn returns a promise: once it settles). NORMAL is for
 * writes a power cut may lose without harm — in WAL a killed process loses
 * nothing either way, and the next FULL commit syncs them too.
 */
export function withSync<T>(db: Db, level: 'NORMAL' | 'FULL', fn: () => T): T {
  const was = db.pragma('synchronous', { simple: true }) as number;
  db.pragma(`synchronous = ${level}`);
  const restore = () => db.pragma(`synchronous = ${was}`);
  let r: T;
  try {
    r = fn();
  } catch (e) {
    restore();
    throw e;
  }
  if (r instanceof Promise) return r.finally(restore) as T;
  restore();
  return r;
}

/** The kinds of the games in a store, read without writing anything ([] when there is no store yet). */
export function storedKinds(file: string): string[] {
  if (!existsSync(file)) return [];
  const db = openSqlite(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT DISTINCT kind FROM games').all() as { kind: string }[]).map((r) => r.kind);
  } catch {
    return []; // a store not migrated yet has no games table
  } finally {
    db.close();
  }
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
