// The store's durability settings: WAL, and commits synced before the step that depends on them.
import { describe, expect, it } from 'vitest';
import { openJudge } from '../../src/context.js';
import { tempDir } from '../helpers.js';

describe('the store', () => {
  it('is in WAL mode with synchronous = FULL (2), foreign keys on and a busy timeout', () => {
    const j = openJudge({ data: tempDir() });
    expect(j.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(j.db.pragma('synchronous', { simple: true })).toBe(2);
    expect(j.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(Number(j.db.pragma('busy_timeout', { simple: true }))).toBeGreaterThan(0);
  });
});

describe('transact (one transaction wrapper per connection)', () => {
  it('nests as savepoints: an inner failure undoes the inner writes only; the outer commits; a failure outside undoes all', async () => {
    const { openDb, dbPath, transact, transactImmediate } = await import('../../src/store/db.js');
    const file = dbPath(tempDir());
    const db = openDb(file);
    db.exec('CREATE TABLE t (x INTEGER)');
    const xs = () => (db.prepare('SELECT x FROM t ORDER BY x').all() as { x: number }[]).map((r) => r.x);
    transactImmediate(db, () => {
      db.prepare('INSERT INTO t VALUES (1)').run();
      expect(() =>
        transact(db, () => {
          db.prepare('INSERT INTO t VALUES (2)').run();
          throw new Error('inner');
        }),
      ).toThrow('inner');
      expect(transact(db, () => db.prepare('INSERT INTO t VALUES (3)').run().changes)).toBe(1);
    });
    expect(xs()).toEqual([1, 3]);
    expect(() =>
      transact(db, () => {
        db.prepare('INSERT INTO t VALUES (4)').run();
        throw new Error('outer');
      }),
    ).toThrow('outer');
    expect(xs()).toEqual([1, 3]);
    expect(db.inTransaction).toBe(false);
    // Immediate: the write lock is taken at BEGIN, before any write (another connection cannot start one).
    const other = openDb(file);
    other.pragma('busy_timeout = 0');
    transactImmediate(db, () => {
      expect(() => other.exec('BEGIN IMMEDIATE')).toThrow(/locked|busy/i);
    });
  });
});
