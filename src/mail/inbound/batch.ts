// The run over every stored mail not yet handled, in the order it came, with
// mails read (parsed, their passwords verified on the thread pool) ahead of
// the one being written.
import type { Judge } from '../../context.js';
import { getInbound, unhandledRows, type InboundRow } from '../../store/inbound.js';
import { transact, transactImmediate, withSync } from '../../store/db.js';
import type { WriteTurns } from '../../store/write-turns.js';
import { handleStored } from './ingest.js';
import type { IngestResult, ReadAhead } from './intake-types.js';
import { type GivenParses, preRead } from './parse-ahead.js';
import { releaseForecasts } from './forecast-release.js';
import {
  GROUP_MAILS,
  GROUP_MS,
  READ_AHEAD,
  WORKER_GROUP_MAILS,
  WORKER_GROUP_MS,
  WORKER_READ_AHEAD,
  commitGroup,
  groups,
} from './write-group.js';

/** How intake's worker thread runs handleUnhandled (handler.ts). */
export interface HandleOptions {
  /** Parses the poll's thread made. */
  given?: GivenParses;
  /** Only the mails stored up to this id (those the worker was told of). */
  upTo?: number;
  /** The poll's thread's turns at writing. */
  turns?: WriteTurns;
  /** More mails of the same run are still to come (intake's worker, before the poll ends): the forecasts wait for them. */
  more?: boolean;
}

/**
 * Every stored message not yet handled — this run's and those of an earlier
 * run that was stopped before handling them — in the order they came (with
 * upTo, only those up to it).
 *
 * Up to READ_AHEAD mails (WORKER_READ_AHEAD on intake's worker) are read ahead of the one being written: parsed,
 * and their passwords verified on the thread pool (other cores) meanwhile.
 * Each is counted as an attempt when its reading starts (so a mail whose
 * parse kills the process counts; the others read with it count one try
 * too, and a mail tried before is handled alone, never read ahead, so a
 * killer is quarantined and nothing else is). The writes commit without
 * waiting for the disk (synchronous = NORMAL, WAL): a killed process loses
 * none of them; a power cut may lose the last few, and then those mails are
 * simply handled again — nothing they queued can have gone out, since
 * sending syncs (FULL) before any data leaves, and that syncs all before it.
 */
export async function handleUnhandled(j: Judge, o: HandleOptions = {}): Promise<IngestResult[]> {
  const { given, upTo, turns } = o;
  return withSync(j.db, 'NORMAL', async () => {
    const out: IngestResult[] = [];
    const rows = unhandledRows(j.db, upTo);
    const ahead = new Map<number, ReadAhead>();
    let next = 0;
    // On intake's worker (turns given): longer stretches and groups (WORKER_READ_AHEAD).
    const span = turns ? WORKER_READ_AHEAD : READ_AHEAD;
    const limits = turns
      ? { maxMails: WORKER_GROUP_MAILS, maxMs: WORKER_GROUP_MS }
      : { maxMails: GROUP_MAILS, maxMs: GROUP_MS };
    groups.set(j.db, { open: false, count: 0, since: 0, members: [], turns, ...limits });
    try {
      for (let i = 0; i < rows.length; i++) {
        // Refilled by halves: the tries of a whole stretch counted in one commit.
        if (next <= i + span / 2) {
          const stretch = rows.slice(next, i + span + 1).filter((r) => r.attempts === 0);
          next = Math.max(next, i + span + 1);
          for (const a of readAhead(
            j,
            stretch.map((r) => r.id),
            given,
          ))
            ahead.set(a.row.id, a);
        }
        const id = rows[i]!.id;
        const a = ahead.get(id);
        ahead.delete(id);
        out.push(await handleStored(j, id, a));
      }
    } finally {
      commitGroup(j);
      groups.delete(j.db);
    }
    // The run's answers are complete: each seat's forecast is made once, in the answer to its last mail (forecast-release.ts).
    if (!o.more) releaseForecasts(j, turns);
    return out;
  });
}

/**
 * Count the tries (committed before any of these mails is read: in the open
 * write group, which is committed with them, else in a commit of their own)
 * and start parsing; none when the store refuses the count now (those mails
 * are then handled alone).
 */
function readAhead(j: Judge, ids: number[], given?: GivenParses): ReadAhead[] {
  if (!ids.length) return [];
  const g = groups.get(j.db);
  const count = () => {
    for (const id of ids) j.db.prepare('UPDATE inbound SET attempts = attempts + 1 WHERE id = ?').run(id);
    return ids.map((id) => getInbound(j.db, id));
  };
  let rows: (InboundRow | undefined)[];
  try {
    if (g?.open) {
      // A savepoint of the group's transaction: refused, the group's mails stand and these are handled alone.
      rows = transact(j.db, count);
      if (!commitGroup(j)) return [];
    } else {
      g?.turns?.enter();
      try {
        rows = transactImmediate(j.db, count);
      } finally {
        g?.turns?.leave();
      }
    }
  } catch {
    return [];
  }
  return rows
    .filter((r): r is InboundRow => !!r && r.status === 'received')
    .map((row) => ({ row, read: preRead(j, row, given?.take(row.id)) }));
}
