// What a run over many mails keeps of a table that only grows — a seat's
// submissions for a phase, the messages a player sent in it — so that each
// mail reads only the rows since the last one the run saw, not all of them:
// reading them all again for every mail cost a run as much as the square of a
// seat's mails. A fold is kept per store connection and key while its owner
// (the phase's shared state, for a fold that depends on it) is the same; the rows since are found
// by id, and their count must add up with the rows counted now, else it is
// folded anew. Writes rolled back (a mail's, a write group's) make it forget
// (ingest.ts rolledBack): a rolled back row's id can be given to the next one.
import type { Db } from '../../store/db.js';

export interface GrowingTable<R extends { id: number }, F> {
  /** The rows after this id, oldest first (all of them for 0). */
  since: (afterId: number) => R[];
  /** How many rows there are now. */
  count: () => number;
  /** `from` (undefined: nothing yet) with these later rows folded in; it may reuse `from` (nobody else holds it). */
  add: (rows: R[], from: F | undefined) => F;
}

interface Kept<F> {
  owner: unknown;
  lastId: number;
  count: number;
  fold: F;
}

export class RunFolds<F> {
  private readonly kept = new WeakMap<Db, Map<string, Kept<F>>>();
  constructor(private readonly limit = 5000) {}

  /** The fold of every row of the table as it is now. Never change what it returns (it is kept). */
  fold<R extends { id: number }>(db: Db, key: string, owner: unknown, t: GrowingTable<R, F>): F {
    let m = this.kept.get(db);
    if (!m) this.kept.set(db, (m = new Map()));
    let hit = m.get(key);
    if (hit?.owner !== owner) hit = undefined;
    let more = t.since(hit?.lastId ?? 0);
    if (hit && hit.count + more.length !== t.count()) {
      hit = undefined;
      more = t.since(0);
    }
    const next: Kept<F> = {
      owner,
      lastId: more.length ? more[more.length - 1]!.id : (hit?.lastId ?? 0),
      count: (hit?.count ?? 0) + more.length,
      fold: hit && !more.length ? hit.fold : t.add(more, hit?.fold),
    };
    m.delete(key);
    m.set(key, next);
    if (m.size > this.limit) m.delete(m.keys().next().value!);
    return next.fold;
  }

  /** The writes of this connection were rolled back: fold everything anew. */
  forget(db: Db): void {
    this.kept.delete(db);
  }
}
