// Rows intake reads for every mail and almost never writes — games, their
// players, their phases — kept per connection while nothing has written any
// of them. Every write to those tables, by this judge, another process or an
// SQL shell, sets the one row of read_gen to a new random value (triggers,
// store/migrations.ts); a reader reads that value first (one small row
// instead of the query, its joins and the games row's setup), and what it
// kept is good only while the value is the one it was kept at. The value is
// random, not a count: a rolled-back write takes the value back with it, and
// a count could then come round to a value already seen for other rows.
import type { Db } from './db.js';

interface Kept {
  gen: number;
  rows: Map<string, unknown>;
}

const kept = new WeakMap<Db, Kept>();

/** The value that changes when any phase's state text is rewritten (store/phases.ts keeps state texts by it). */
export function stateGen(db: Db): number {
  return (db.prepare('SELECT s FROM read_gen').get() as { s: number }).s;
}

/** A connection keeps at most this many answers (seats by address: one per sender). */
const MAX_KEPT = 10_000;

/** The store's read generation now (a new value after any write to games, players or phases). */
export function readGen(db: Db): number {
  return (db.prepare('SELECT v FROM read_gen').get() as { v: number }).v;
}

/**
 * `load()`'s answer for `key`, read again only after games, players or phases
 * were written. The answer is shared between callers: `load` returns rows as
 * SQLite gave them, and callers get them through a copy (see copied()).
 * `gen`: a read generation the caller read already (once for many lookups, on
 * a thread whose answers are checked again later); what it gets may then be
 * as old as that reading.
 */
export function genCached<T>(db: Db, key: string, load: () => T, gen: number = readGen(db)): T {
  // The value first, then the rows: a write between the two makes the next read see a new value.
  let k = kept.get(db);
  if (!k || k.gen !== gen) kept.set(db, (k = { gen, rows: new Map() }));
  if (k.rows.has(key)) return k.rows.get(key) as T;
  const v = load();
  if (k.rows.size >= MAX_KEPT) k.rows.clear();
  k.rows.set(key, v);
  return v;
}

/** A row as its own object (a caller may change what it was given). */
export function copied<T extends object>(row: T | undefined): T | undefined {
  return row ? { ...row } : undefined;
}

/** Rows, each its own object, in an array of their own. */
export function copiedAll<T extends object>(rows: readonly T[]): T[] {
  return rows.map((r) => ({ ...r }));
}
