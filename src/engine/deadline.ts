// Moving a phase's deadline by hand (`judge extend`, EXTEND by mail): what is
// refused (a time already past, unless forced; one further ahead than a game
// can use) and what the move costs (reminders that can no longer go out on
// time). The move itself is moveDeadline (engine/gm.ts).
import { InputError } from '../errors.js';
import { MAX_DURATION, MAX_DURATION_DAYS } from './schedule.js';
import type { Schedule } from './schedule.js';

/** A new deadline that cannot be taken as given: already past (without force), or too far ahead. */
export class DeadlineError extends InputError {
  constructor(
    readonly reason: 'past' | 'far',
    /** The refused deadline and the moment it was refused at (ISO). */
    readonly deadline: string,
    readonly now: string,
  ) {
    super(
      reason === 'past'
        ? `the new deadline ${deadline} has already passed (now ${now})`
        : `the new deadline ${deadline} is more than ${MAX_DURATION_DAYS} days ahead (now ${now}), further than a game can use`,
    );
  }
}

/** Refuses a deadline before now (unless force) or more than MAX_DURATION ahead; an invalid date is an InputError. */
export function checkNewDeadline(to: Date, now: Date, force = false): void {
  if (Number.isNaN(to.getTime())) throw new InputError('the new deadline is not a valid time');
  const iso = (d: Date) => (Number.isNaN(d.getTime()) ? String(d) : d.toISOString());
  if (to.getTime() - now.getTime() > MAX_DURATION) throw new DeadlineError('far', iso(to), iso(now));
  if (!force && to.getTime() <= now.getTime()) throw new DeadlineError('past', iso(to), iso(now));
}

/** A reminder (schedule.reminders) that the new deadline leaves without its time. */
export interface LostReminder {
  /** How long before the deadline it goes out, in ms (the setup's value). */
  before: number;
  /** When it would go out now (ISO). */
  at: string;
  /**
   * before-open: its time is before the phase opened, so it is never sent;
   * passed: its time is already past, so it goes out late, with the next run.
   */
  why: 'before-open' | 'passed';
}

/**
 * The reminders that were still to come under the old deadline and cannot come
 * on time under the new one (clockwork.ts chaseLatePlayers skips those before
 * the phase opened and sends overdue ones at once). None when the new deadline
 * itself is past: the phase is then due, and no reminder matters.
 */
export function lostReminders(
  schedule: Schedule | undefined,
  opened: string,
  oldDeadline: string | null,
  newDeadline: string,
  now: Date,
): LostReminder[] {
  const t = now.getTime();
  const open = Date.parse(opened);
  const next = Date.parse(newDeadline);
  if (next <= t) return [];
  const old = oldDeadline ? Date.parse(oldDeadline) : null;
  const out: LostReminder[] = [];
  for (const before of schedule?.reminders ?? []) {
    const wasToCome = old === null || (old - before > t && old - before >= open);
    const at = next - before;
    if (!wasToCome || (at >= open && at > t)) continue;
    out.push({ before, at: new Date(at).toISOString(), why: at < open ? 'before-open' : 'passed' });
  }
  return out;
}
