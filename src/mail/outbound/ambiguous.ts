// The ambiguity window: a mail whose data went out without an answer from the
// server is sent again by itself, once, with the same Message-ID, once
// transport.ambiguousResendMinutes have passed (transport.ambiguous: resend,
// the default), or left to the GM (ask). Kept apart from the transport so
// that `judge status` and a send with nothing to do need no mail library.
import type { Judge } from '../../context.js';

/** The window in minutes; null: the GM settles ambiguous mail (transport.ambiguous: ask). */
export function ambiguousWindow(j: Judge): number | null {
  const c = j.config.transport;
  if (c.type !== 'smtp') return 10; // only SMTP makes ambiguous mail; a store moved from one keeps the default
  return c.ambiguous === 'ask' ? null : c.ambiguousResendMinutes;
}

/** Ambiguous mail claimed before this instant is sent again now; null: never by itself. */
export function ambiguousCutoff(j: Judge): string | null {
  const w = ambiguousWindow(j);
  return w === null ? null : new Date(j.clock().getTime() - w * 60_000).toISOString();
}
