// The store's durability settings: WAL, and commits synced before the step that depends on them.
import { readdirSync, readlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openJudge } from '../../src/context.js';
import { tempDir } from '../helpers.js';

describe('the store', () => {
  it('is in WAL mode with synchronous = FULL (2), foreign keys on and a busy timeout', () => {
    const j = openJudge({ data: tempDir(), create: true });
    expect(j.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(j.db.pragma('synchronous', { simple: true })).toBe(2);
    expect(j.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(Number(j.db.pragma('busy_timeout', { simple: true }))).toBeGreaterThan(0);
  });

  it("keeps a savepoint's journal in memory: a savepoint changing far more than 64 KiB of pages opens no temporary file", () => {
    const j = openJudge({ data: tempDir(), create: true });
    j.db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v BLOB)');
    const insert = j.db.prepare('INSERT INTO t (v) VALUES (?)');
    j.db.transaction(() => {
      for (let i = 0; i < 400; i++) insert.run(Buffer.alloc(2000, i));
    })();
    // SQLite's temporary files are unlinked as soon as they are opened: only the process's open files show them.
    const tempFiles = () =>
      readdirSync('/proc/self/fd').flatMap((fd) => {
        try {
          return /etilqs_/.test(readlinkSync(`/proc/self/fd/${fd}`)) ? [fd] : [];
        } catch {
          return [];
        }
      });
    let during: string[] = [];
    j.db.exec('BEGIN IMMEDIATE');
    j.db.exec('SAVEPOINT mail');
    // Every page of the table changed inside the savepoint: some 200 pages (800 KiB) of journal.
    j.db.prepare('UPDATE t SET v = zeroblob(2000)').run();
    during = tempFiles();
    j.db.exec('RELEASE mail');
    j.db.exec('COMMIT');
    expect(during).toEqual([]);
    expect(j.db.pragma('temp_store', { simple: true })).toBe(2);
    expect((j.db.prepare('SELECT count(*) AS n FROM t WHERE v = zeroblob(2000)').get() as { n: number }).n).toBe(400);
  });
});

describe('prepared statements kept per connection', () => {
  it('gives the same statement for the same SQL; one in use stays kept while hundreds of others come and go; one unused is dropped', () => {
    const j = openJudge({ data: tempDir(), create: true });
    const hot = 'SELECT count(*) AS n FROM games';
    const first = j.db.prepare(hot);
    expect(j.db.prepare(hot)).toBe(first);
    const cold = j.db.prepare('SELECT count(*) AS n FROM players');
    for (let i = 0; i < 2000; i++) {
      // SQL with a value in it: each a statement of its own.
      expect((j.db.prepare(`SELECT ${i} AS n`).get() as { n: number }).n).toBe(i);
      if (i % 50 === 0) expect(j.db.prepare(hot)).toBe(first);
    }
    expect(j.db.prepare(hot)).toBe(first);
    const again = j.db.prepare('SELECT count(*) AS n FROM players');
    expect(again).not.toBe(cold);
    expect((again.get() as { n: number }).n).toBe(0);
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

describe('currentPhase', () => {
  it("gives the row as SELECT * does; the state's text read again whenever a state text was rewritten, an edit by hand included", async () => {
    const { openDb, dbPath } = await import('../../src/store/db.js');
    const { currentPhase, insertPhase } = await import('../../src/store/phases.js');
    const db = openDb(dbPath(tempDir()));
    db.prepare(
      "INSERT INTO games (id, kind, title, lang, seed, setup_json, created_at) VALUES ('g', 'rpg', 'G', 'en', 's', '{}', 'now')",
    ).run();
    const at = '2026-11-29T12:00:00.000Z';
    insertPhase(db, {
      game_id: 'g',
      number: 1,
      kind: 'turn',
      label: 'Turn 1',
      deadline: null,
      seed: 'k1',
      state_json: '{"a":"ж😀"}',
      state_hash: 'h1',
      created_at: at,
    });
    const all = () => db.prepare('SELECT * FROM phases WHERE game_id = ? ORDER BY number DESC LIMIT 1').get('g');
    expect(currentPhase(db, 'g')).toEqual(all());
    const first = currentPhase(db, 'g')!;
    expect(currentPhase(db, 'g')!.state_json).toBe(first.state_json);
    // A GM's edit: a new hash (state_hash is the state's own).
    db.prepare('UPDATE phases SET state_json = ?, state_hash = ? WHERE id = ?').run('{"a":"b"}', 'h2', first.id);
    expect(currentPhase(db, 'g')).toEqual(all());
    // An edit by hand that kept the hash but not the length.
    db.prepare('UPDATE phases SET state_json = ? WHERE id = ?').run('{"a":"bc"}', first.id);
    expect(currentPhase(db, 'g')!.state_json).toBe('{"a":"bc"}');
    // … and one that kept both (a digit changed by hand).
    db.prepare('UPDATE phases SET state_json = ? WHERE id = ?').run('{"a":"bd"}', first.id);
    expect(currentPhase(db, 'g')!.state_json).toBe('{"a":"bd"}');
    // Other writes read the row again, not the text.
    const texts = () => {
      let n = 0;
      const prepare = db.prepare.bind(db);
      db.prepare = ((sql: string) => (sql.startsWith('SELECT state_json') && n++, prepare(sql))) as typeof db.prepare;
      return () => n;
    };
    const read = texts();
    db.prepare('UPDATE phases SET deadline = ? WHERE id = ?').run(at, first.id);
    expect(currentPhase(db, 'g')!.deadline).toBe(at);
    expect(read()).toBe(0);
    // A new phase, and columns a migration added (gm_deadline) come along.
    db.prepare('UPDATE phases SET gm_deadline = ? WHERE id = ?').run(at, first.id);
    insertPhase(db, {
      game_id: 'g',
      number: 2,
      kind: 'turn',
      label: 'Turn 2',
      deadline: null,
      seed: 'k2',
      state_json: '{"n":2}',
      state_hash: 'h3',
      created_at: at,
    });
    expect(currentPhase(db, 'g')).toEqual(all());
    expect(currentPhase(db, 'g')!.number).toBe(2);
  });
});
