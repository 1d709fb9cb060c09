// Write groups: the writes of many handled mails share one commit (at most
// GROUP_MAILS mails, held open at most GROUP_MS), so a big poll does not pay a
// commit per mail; a mail whose writes fail is rolled back alone (savepoints).
import type { Judge } from '../../context.js';
import type { Db } from '../../store/db.js';
import type { WriteTurns } from '../../store/write-turns.js';
import { rolledBack } from './block.js';
import type { IngestResult } from './intake-types.js';

/** How many mails are read (parsed, their passwords verified on the thread pool) ahead of the one being written. */
export const READ_AHEAD = 24;

/** At most this many mails' writes share one commit … */
export const GROUP_MAILS = 24;
/** … and a shared commit is held open at most this long (ms) while mails are written. */
export const GROUP_MS = 25;

/**
 * On intake's worker thread (handler.ts) the mails come parsed by the poll's
 * thread, and the poll's thread ends the open write group whenever it stores a
 * batch (WriteTurns): the stretches read ahead are longer and a group may hold
 * more mails for longer. Every commit writes the pages at the end of each table
 * and index again (a handled mail touches some fifteen of them), and with a
 * read-ahead stretch of 12 mails, each counted in a commit of its own, a group
 * held 12 mails on average: twice the commits, and some 40 % more WAL frames
 * per mail than with these (tests/core/intake-speed.test.ts counts them).
 */
export const WORKER_READ_AHEAD = 128;
export const WORKER_GROUP_MAILS = 64;
export const WORKER_GROUP_MS = 50;

/** The write group of a run over the stored mails (handleUnhandled): whether its transaction is open, since when, for how many mails. */
interface WriteGroup {
  open: boolean;
  count: number;
  since: number;
  /** The results of the mails written in the open transaction (told otherwise if it cannot be committed). */
  members: IngestResult[];
  /** On intake's worker thread: the poll's thread, which writes too, gets its turns. */
  turns?: WriteTurns;
  /** The group is committed after this many mails … */
  maxMails: number;
  /** … or once it has been open this long (ms). */
  maxMs: number;
}
export const groups = new WeakMap<Db, WriteGroup>();

/**
 * Run one mail's writes (a transaction of their own, or a savepoint of the
 * group's). In handleUnhandled the mails' writes share commits: one
 * transaction is opened at the first mail's writes and committed after
 * GROUP_MAILS mails, after GROUP_MS, and whenever the run waits for anything
 * (a setImmediate callback runs only when nothing is left but to wait: a
 * parse not finished yet, a password check on the thread pool, DNS), so the
 * write lock other processes' intake waits on is never held while this one
 * waits. On intake's worker thread the group also ends when the poll's thread
 * wants to store a batch, and the next waits until it has; the poll waits for
 * the open group to end (WriteTurns). A mail's own writes are still all or
 * nothing (its savepoint).
 */
export function inGroup(j: Judge, write: () => IngestResult): IngestResult {
  const g = groups.get(j.db);
  if (!g) return write();
  if (!g.open) {
    g.turns?.enter();
    try {
      j.db.exec('BEGIN IMMEDIATE');
    } catch (e) {
      g.turns?.leave();
      throw e;
    }
    g.open = true;
    g.count = 0;
    g.since = performance.now();
    g.members = [];
    setImmediate(() => commitGroup(j));
  }
  try {
    const r = write();
    g.members.push(r);
    return r;
  } finally {
    g.count++;
    if (g.count >= g.maxMails || performance.now() - g.since > g.maxMs || g.turns?.wanted()) commitGroup(j);
  }
}

/**
 * Commit the group's open transaction. Should that fail (the disk full, an I/O
 * error; SQLite may even have rolled it back by itself), none of its mails'
 * writes stand: each stays stored, unhandled, for the next run, its result
 * says so, and what was read for the rolls answered at once is read anew.
 * Never throws: it also runs from a setImmediate callback. False when the
 * commit failed.
 */
export function commitGroup(j: Judge): boolean {
  const db = j.db;
  const g = groups.get(db);
  if (!g?.open) return true;
  g.open = false;
  let error: unknown = null;
  if (!db.inTransaction) error = new Error('the transaction was rolled back by SQLite');
  else
    try {
      db.exec('COMMIT');
    } catch (e) {
      error = e;
      try {
        if (db.inTransaction) db.exec('ROLLBACK');
      } catch {
        /* nothing more to undo */
      }
    }
  g.turns?.leave();
  if (!error) return true;
  rolledBack(j);
  const reason = `the store could not commit its handling (${(error as Error).message}); the next run handles it`;
  for (const r of g.members)
    Object.assign(r, { status: 'received', reason, blocks: [], mailsQueued: 0 } satisfies Partial<IngestResult>);
  return false;
}
