// Facts the judge keeps about itself (table judge_meta): the last run, the
// last intake that succeeded and the failure of one that did not. Each key
// holds one value and the time it was written.
import type { Db } from './db.js';

/** The keys in use; one place, so a reader and a writer cannot drift apart. */
export type MetaKey =
  /** The start of the last `judge run` (value: ISO time). */
  | 'last-run'
  /** The last intake (IMAP poll, Maildir, inbox folder) that succeeded (value: ISO time). */
  | 'last-intake-ok'
  /** The last intake that failed (value: the error, one line); removed when one succeeds. */
  | 'intake-failure';

export interface MetaValue {
  value: string;
  at: string;
}

export function getMeta(db: Db, key: MetaKey): MetaValue | null {
  return (db.prepare('SELECT value, at FROM judge_meta WHERE key = ?').get(key) as MetaValue | undefined) ?? null;
}

export function setMeta(db: Db, key: MetaKey, value: string, at: string): void {
  db.prepare(
    'INSERT INTO judge_meta (key, value, at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, at = excluded.at',
  ).run(key, value, at);
}

export function clearMeta(db: Db, key: MetaKey): void {
  db.prepare('DELETE FROM judge_meta WHERE key = ?').run(key);
}
