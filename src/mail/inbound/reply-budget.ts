// Replies to mail that cannot be accepted (and HELP/LIST answers) are bounded
// per address and day, so a loop with a robot the checks miss ends.
import type { Judge } from '../../context.js';
import { nowIso } from '../../context.js';

/** Replies (to mail that could not be accepted, and HELP/LIST) sent to this address today. */
function repliesToday(j: Judge, to: string): number {
  // The day (UTC) as a range of created_at (ISO text sorts as time does), and the reply kinds as the index
  // outbox_replies has them (the same text: SQLite uses a partial index only for a query that repeats its WHERE).
  const day = nowIso(j).slice(0, 10);
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return (
    j.db
      .prepare(
        `SELECT count(*) AS n FROM outbox_head WHERE to_addrs = ? AND created_at >= ? AND created_at < ?
         AND (kind = 'error' OR dedupe_key LIKE 'help:%' OR dedupe_key LIKE 'list:%')`,
      )
      .get(JSON.stringify([to]), day, next) as { n: number }
  ).n;
}

/**
 * May this address get a reply today, and is it the last one? People are
 * answered every time, up to `inbox.repliesPerDay` (a loop with a robot that
 * slipped past the automated-mail checks stops there).
 */
export function replyBudget(j: Judge, to: string): { allowed: boolean; last: boolean; limit: number } {
  const limit = j.config.inbox.repliesPerDay;
  const sent = repliesToday(j, to);
  return { allowed: sent < limit, last: sent === limit - 1, limit };
}
