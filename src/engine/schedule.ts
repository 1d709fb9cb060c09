// Deadlines: every game keeps time in its own time zone. A phase's deadline is
// either a period after it opens ("every: 72h") or the next wall-clock time of
// a cron expression in the game's zone ("0 9,15,21 * * *" = 09:00, 15:00 and
// 21:00), at least `minimum` after it opens. Croner does the cron arithmetic
// and the zones (DST included): a wall-clock time that a spring-forward skips
// moves to the first moment after the gap; one that a fall-back repeats is
// taken the first time it happens.
import { Cron } from 'croner';
import { DateTime, IANAZone } from 'luxon';
import * as z from '../zod.js';

const UNITS: Record<string, number> = { w: 7 * 86_400_000, d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 };

/**
 * The longest duration a game takes anywhere: a phase (every, minimum, the GM's
 * every), a reminder, a grace, an early delay, an extension of a deadline, and
 * how far ahead a deadline may be set (README: "Limits"). Longer is a typo, and
 * a deadline thousands of years away is no deadline.
 */
export const MAX_DURATION_DAYS = 365;
export const MAX_DURATION = MAX_DURATION_DAYS * UNITS.d!;

/** A text that is no duration a game can use: not one at all, zero, or longer than MAX_DURATION. */
export class DurationError extends Error {
  constructor(
    readonly text: string,
    readonly problem: 'form' | 'zero' | 'long',
  ) {
    super(
      problem === 'form'
        ? `"${text}" is not a duration (e.g. 72h, 1h30m, 2d, 45m)`
        : problem === 'zero'
          ? `"${text}" is not a positive duration`
          : `"${text}" is longer than ${MAX_DURATION_DAYS} days, the most a game takes`,
    );
  }
}

/** "72h", "1h30m", "2d", "90m" → milliseconds; at most MAX_DURATION. */
export function parseDuration(text: string): number {
  const t = text.replace(/\s+/g, '').toLowerCase();
  if (!/^(\d+(\.\d+)?[wdhms])+$/.test(t)) throw new DurationError(text, 'form');
  let total = 0;
  for (const m of t.matchAll(/(\d+(?:\.\d+)?)([wdhms])/g)) total += Number(m[1]) * UNITS[m[2]!]!;
  if (total <= 0) throw new DurationError(text, 'zero');
  // Also what is too large for a number (9999…h): Infinity is not ≤ the limit either.
  if (!(total <= MAX_DURATION)) throw new DurationError(text, 'long');
  return Math.round(total);
}

/** A duration as a setup may write it: whole hours as "72h", else minutes ("90m"). */
export function durationText(ms: number): string {
  return ms % UNITS.h! === 0 ? `${ms / UNITS.h!}h` : `${Math.round(ms / UNITS.m!)}m`;
}

export const durationSchema = z.string().transform((s, ctx) => {
  try {
    return parseDuration(s);
  } catch (e) {
    ctx.addIssue({ code: 'custom', message: (e as Error).message });
    return z.NEVER;
  }
});

export const timezoneSchema = z.string().refine((z) => IANAZone.isValidZone(z), {
  message: 'not an IANA time zone (e.g. Europe/Prague, Europe/Moscow, UTC)',
});

const cronSchema = z.string().refine(
  (expr) => {
    try {
      new Cron(expr, { paused: true });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'not a cron expression (minute hour day month weekday, e.g. "0 20 * * 1,4")' },
);

export const phaseTimingSchema = z
  .object({
    every: durationSchema.optional(),
    cron: cronSchema.optional(),
    minimum: durationSchema.optional(),
  })
  .strict()
  .refine((t) => !(t.every !== undefined && t.cron !== undefined), { message: 'give either every or cron, not both' });

export const scheduleSchema = z
  .object({
    every: durationSchema.optional(),
    cron: cronSchema.optional(),
    /** With cron: a phase lasts at least this long (a phase opening 5 minutes before 20:00 ends at the next 20:00). */
    minimum: durationSchema.optional(),
    /** Per phase kind (e.g. night), overriding every/cron/minimum. */
    kinds: z.record(z.string(), phaseTimingSchema).optional(),
    /** The first phase's deadline counts from here (ISO, local to the game's zone when without offset). */
    start: z
      .string()
      .refine((t) => DateTime.fromISO(t).isValid, { message: 'not an ISO date-time (e.g. 2026-12-01T09:00)' })
      .optional(),
    /** Orders are still taken this long after the deadline; players without orders get a late notice. */
    grace: durationSchema.optional(),
    /** Reminders this long before the deadline to players who have not sent orders. */
    reminders: z.array(durationSchema).optional(),
    /** Process early once every active player has marked their orders FINAL, after this delay. */
    early: z.object({ delay: durationSchema }).strict().optional(),
    /**
     * The GM in the loop (kinds whose phases need GM decisions): the GM's own
     * deadline after the players' one (every/cron/minimum as for a phase, counted
     * from when the worksheet goes out), reminders before it, whether the
     * decisions' defaults are used at it, and whether the GM reviews the
     * resolution (a preview) before it goes to the players.
     */
    gm: z
      .object({
        every: durationSchema.optional(),
        cron: cronSchema.optional(),
        minimum: durationSchema.optional(),
        reminders: z.array(durationSchema).optional(),
        defaults: z.boolean().default(true),
        review: z.boolean().default(false),
      })
      .strict()
      .refine((t) => !(t.every !== undefined && t.cron !== undefined), {
        message: 'give either every or cron, not both',
      })
      .optional(),
  })
  .strict()
  .refine((s) => !(s.every !== undefined && s.cron !== undefined), { message: 'give either every or cron, not both' })
  .superRefine((s, ctx) => {
    // Orders taken after a deadline for as long as a phase lasts would run into the next phase's deadline.
    const every = [s.every, ...Object.values(s.kinds ?? {}).map((k) => k.every)].filter((x) => x !== undefined);
    const shortest = every.length ? Math.min(...every) : null;
    if (s.grace !== undefined && shortest !== null && s.grace >= shortest)
      ctx.addIssue({
        code: 'custom',
        path: ['grace'],
        message: `${durationText(s.grace)} is not shorter than a phase (every: ${durationText(shortest)}); the grace must end before the next deadline`,
      });
  });

export type Schedule = z.infer<typeof scheduleSchema>;

/**
 * The deadline of the next phase of this kind, when it opens at `now` after a
 * phase whose deadline was `previous` (null for the first phase).
 * - cron: the first cron time after max(now, previous) and at least `minimum` after now,
 *   so a 09/15/21 cycle keeps its rhythm whether a phase was processed late or early;
 * - every: `previous + every` when processed at or after the deadline (a late cron run
 *   does not shift the rhythm), `now + every` when processed early; never less than
 *   `minimum` (default: half the period) from now.
 * Null when the game has no schedule (the GM processes by hand).
 */
export function nextDeadline(
  s: Schedule | undefined,
  tz: string,
  kind: string,
  now: Date,
  previous: Date | null,
): Date | null {
  if (!s) return null;
  const own = s.kinds?.[kind];
  const every = own ? own.every : s.every;
  const cron = own ? own.cron : s.cron;
  const minimum = own?.minimum ?? s.minimum;
  let base = now;
  if (!previous && s.start) base = new Date(Math.max(now.getTime(), startInstant(s.start, tz).getTime()));
  if (cron) {
    if (previous && previous > base) base = previous;
    const floor = new Date(Math.max(base.getTime(), now.getTime() + (minimum ?? 0)));
    // nextRun is strictly after its argument; an exact hit counts only when a minimum pushed us there.
    const from = floor > base ? new Date(floor.getTime() - 1) : floor;
    return new Cron(cron, { timezone: tz, paused: true }).nextRun(from) ?? null;
  }
  if (every !== undefined) {
    const rhythm = previous && previous <= now ? previous : base;
    const next = new Date(rhythm.getTime() + every);
    const least = now.getTime() + (minimum ?? every / 2);
    return next.getTime() >= least ? next : new Date(now.getTime() + every);
  }
  return null;
}

/** "2026-12-01T09:00" in the game's zone (or an ISO string with an offset) → an instant. */
export function startInstant(text: string, tz: string): Date {
  const d = DateTime.fromISO(text, { zone: tz });
  if (!d.isValid)
    throw new Error(`start "${text}" is not an ISO date-time (${d.invalidExplanation ?? d.invalidReason})`);
  return d.toJSDate();
}
