// RunFolds (src/mail/inbound/run-folds.ts): a run's fold of a table that only
// grows gives what folding every row anew gives, whatever rows come, including
// rows rolled back (their ids given to the next ones: the run forgets) and rows
// another connection wrote.
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RunFolds } from '../../src/mail/inbound/run-folds.js';

describe("a run's fold of a growing table", () => {
  it('is the fold of every row, read anew', () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('insert' as const),
        seat: fc.constantFrom('a', 'b'),
        n: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({
        kind: fc.constant('rolled-back' as const),
        seat: fc.constantFrom('a', 'b'),
        n: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({ kind: fc.constant('elsewhere' as const), seat: fc.constantFrom('a', 'b'), n: fc.constant(1) }),
      fc.record({ kind: fc.constant('new-owner' as const), seat: fc.constant('a'), n: fc.constant(0) }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(op, fc.boolean()), { minLength: 1, maxLength: 40 }), (ops) => {
        const db = new Database(':memory:');
        db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, seat TEXT, v INTEGER)');
        const folds = new RunFolds<number[]>();
        let owner = {};
        let v = 0;
        const insert = (seat: string, n: number) => {
          for (let i = 0; i < n; i++) db.prepare('INSERT INTO t (seat, v) VALUES (?, ?)').run(seat, v++);
        };
        const fold = (seat: string) =>
          folds.fold(db, seat, owner, {
            since: (after) =>
              db.prepare('SELECT id, v FROM t WHERE seat = ? AND id > ? ORDER BY id').all(seat, after) as {
                id: number;
                v: number;
              }[],
            count: () => (db.prepare('SELECT count(*) AS n FROM t WHERE seat = ?').get(seat) as { n: number }).n,
            add: (rows, from) => [...(from ?? []), ...rows.map((r) => r.v)],
          });
        const fresh = (seat: string) =>
          (db.prepare('SELECT v FROM t WHERE seat = ? ORDER BY id').all(seat) as { v: number }[]).map((r) => r.v);
        for (const [o, look] of ops) {
          if (o.kind === 'insert') insert(o.seat, o.n);
          if (o.kind === 'new-owner') owner = {};
          if (o.kind === 'elsewhere') insert(o.seat, 1); // as another connection's committed row: only more rows
          if (o.kind === 'rolled-back') {
            // Rows written and folded in a savepoint that is then rolled back: the run forgets.
            db.exec('SAVEPOINT s');
            insert(o.seat, o.n);
            fold(o.seat);
            db.exec('ROLLBACK TO s');
            db.exec('RELEASE s');
            folds.forget(db);
          }
          // Looked at now and then (a rolled back row's id may meanwhile be the next row's).
          if (look) for (const seat of ['a', 'b']) expect(fold(seat)).toEqual(fresh(seat));
        }
        for (const seat of ['a', 'b']) expect(fold(seat)).toEqual(fresh(seat));
        db.close();
      }),
      { numRuns: 300 },
    );
  });
});
