// The setup's keys for the seats by mail (issue #31): `signup` (a game that
// players join by mail), `absence` (what ABSENCE does and how much of it a
// player has) and `takeover` (open positions asked for by mail). Validated with
// the rest of the setup, every error at once; the kind's own part (how many
// players it takes, its named seats: Rules.seating) is checked here too.
import { DateTime } from 'luxon';
import * as z from '../zod.js';
import type { GameRow } from '../store/games.js';
import { durationSchema, startInstant } from './schedule.js';
import { sharedSetup } from './shared-json.js';
import type { AnyRules, Lang, Seating } from './types.js';
import { playerIdSchema } from './ids.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const signupSchema = z
  .object({
    /** How many seats (the kind deals the positions at the start), or the named seats players claim (JOIN <game> <seat>). */
    seats: z.union([z.number().int().min(1).max(1000), z.array(playerIdSchema).min(1)]).optional(),
    /** The fewest players the game starts with at `closes` (default: the fewest the kind takes). */
    min: z.number().int().min(1).optional(),
    /** When sign-up closes (ISO, local to the game's zone): the game starts then with the players it has, if enough. */
    closes: z
      .string()
      .refine((t) => DateTime.fromISO(t).isValid, { message: 'not an ISO date-time (e.g. 2026-12-10T20:00)' })
      .optional(),
    /** auto: a confirmed sign-up takes its seat; gm: the GM approves it (APPROVE / DENY by mail). */
    approve: z.enum(['auto', 'gm']).default('auto'),
    /** A waiting list for the seats left later: true (no bound), false, or how many may wait. */
    waitlist: z.union([z.boolean(), z.number().int().min(0).max(1000)]).default(true),
    /** How long a sign-up waits for its CONFIRM before it lapses (it holds no seat until confirmed). */
    confirm: durationSchema.default(48 * HOUR),
    /**
     * The most sign-ups waiting for their CONFIRM at once; a JOIN beyond it is
     * refused (default: UNCONFIRMED_PER_SEAT a seat, at least UNCONFIRMED_LEAST).
     */
    unconfirmed: z.number().int().min(1).max(100_000).optional(),
  })
  .strict();

export const absenceSchema = z
  .object({
    /** extend: a deadline that falls in an absence moves to its end (for everyone); standing: the standing orders or the kind's NMR rule apply, no missed phase counted. */
    effect: z.enum(['extend', 'standing']).default('extend'),
    /** Absences a player declares in a game without the GM. */
    slots: z.number().int().min(0).max(100).default(3),
    /** The longest absence without the GM. */
    longest: durationSchema.default(7 * DAY),
    /** The longest absence at all, even with the GM's approval. */
    most: durationSchema.default(30 * DAY),
    /** The most a phase's deadline moves for absences and takeovers together. */
    cap: durationSchema.default(7 * DAY),
  })
  .strict();

export const takeoverSchema = z
  .object({
    /** gm: the GM approves a takeover (APPROVE / DENY by mail); auto: a confirmed takeover is done at once. */
    approve: z.enum(['auto', 'gm']).default('gm'),
    /** The new player has at least this long before the open phase's deadline (within absence.cap). */
    extend: durationSchema.default(24 * HOUR),
    /** How long a takeover waits for its CONFIRM. */
    confirm: durationSchema.default(48 * HOUR),
  })
  .strict();

export type SignupSetup = z.infer<typeof signupSchema>;
export type AbsenceSetup = z.infer<typeof absenceSchema>;
export type TakeoverSetup = z.infer<typeof takeoverSchema>;

/**
 * The default bound on unconfirmed sign-ups: generous (a sign-up holds no seat
 * until confirmed, so these only bound what a flood of forged JOINs costs:
 * rows, and codes mailed to addresses that never asked).
 */
export const UNCONFIRMED_PER_SEAT = 5;
export const UNCONFIRMED_LEAST = 20;

/** A sign-up as it runs: the seats, the fewest to start with, the named seats (null: the kind deals the positions). */
export interface Signup extends SignupSetup {
  count: number;
  min: number;
  named: { id: string; label: string }[] | null;
  closesAt: Date | null;
  /** How many may wait (Infinity: no bound). */
  waitMax: number;
  /** How many sign-ups may wait for their CONFIRM at once. */
  unconfirmedMax: number;
}

/** The kind's seats for a setup (Rules.seating), or the default: one player up, no bound. */
export function kindSeating(rules: AnyRules, game: unknown, lang: Lang): Seating {
  try {
    return rules.seating?.(game, lang) ?? { min: 1, max: Number.POSITIVE_INFINITY };
  } catch {
    return { min: 1, max: Number.POSITIVE_INFINITY };
  }
}

/**
 * The sign-up of a setup against its kind: the problems (each "signup.<key>: …"),
 * or the sign-up as it runs.
 */
export function resolveSignup(
  s: SignupSetup,
  rules: AnyRules,
  game: unknown,
  tz: string,
  lang: Lang,
): { problems: string[]; signup: Signup | null } {
  const problems: string[] = [];
  const seating = kindSeating(rules, game, lang);
  let named: Signup['named'] = null;
  let count = 0;
  if (seating.named) {
    const known = new Map(seating.named.map((n) => [n.id.toLowerCase(), n]));
    if (typeof s.seats === 'number')
      problems.push(
        `signup.seats: the seats of a ${rules.kind} game are named (${seating.named.map((n) => n.id).join(', ')}): list them, or leave seats out for all of them`,
      );
    const ids = Array.isArray(s.seats) ? s.seats : seating.named.map((n) => n.id);
    const seen = new Set<string>();
    named = [];
    ids.forEach((id, i) => {
      const n = known.get(id.toLowerCase());
      if (!n)
        problems.push(
          `signup.seats.${i}: "${id}" is no seat of this setup (${[...known.values()].map((x) => x.id).join(', ')})`,
        );
      else if (seen.has(n.id)) problems.push(`signup.seats.${i}: "${id}" is listed twice`);
      else {
        seen.add(n.id);
        named!.push(n);
      }
    });
    count = named.length;
  } else if (Array.isArray(s.seats))
    problems.push(`signup.seats: a ${rules.kind} game has no named seats: give how many players it takes`);
  else if (s.seats === undefined) {
    if (Number.isFinite(seating.max)) count = seating.max;
    else problems.push(`signup.seats: say how many players a ${rules.kind} game takes`);
  } else count = s.seats;
  if (count && (count < seating.min || count > seating.max))
    problems.push(
      `signup.seats: a ${rules.kind} game with this setup takes ${seating.min === seating.max ? seating.min : `${seating.min} to ${Number.isFinite(seating.max) ? seating.max : 'any number of'}`} players, not ${count}`,
    );
  const min = s.min ?? Math.min(seating.min, count || seating.min);
  if (s.min !== undefined && (s.min < seating.min || (count && s.min > count)))
    problems.push(
      `signup.min: ${s.min} is not between the fewest players a ${rules.kind} game takes (${seating.min}) and the seats (${count})`,
    );
  const closesAt = s.closes ? startInstant(s.closes, tz) : null;
  if (problems.length) return { problems, signup: null };
  const waitMax = s.waitlist === true ? Number.POSITIVE_INFINITY : s.waitlist === false ? 0 : s.waitlist;
  const unconfirmedMax = s.unconfirmed ?? Math.max(UNCONFIRMED_LEAST, UNCONFIRMED_PER_SEAT * count);
  return { problems, signup: { ...s, count, min, named, closesAt, waitMax, unconfirmedMax } };
}

interface StoredSeatKeys {
  timezone?: string;
  signup?: SignupSetup;
  absence?: AbsenceSetup;
  takeover?: TakeoverSetup;
  game?: unknown;
}

function stored(game: GameRow): StoredSeatKeys {
  return sharedSetup<StoredSeatKeys>(game);
}

/** A game's sign-up as it runs, or null (a game whose seats the setup gave). */
export function signupOf(game: GameRow, rules: AnyRules): Signup | null {
  const s = stored(game);
  if (!s.signup) return null;
  return resolveSignup(s.signup, rules, s.game ?? {}, s.timezone ?? 'UTC', game.lang).signup;
}

// The stored setup keeps the parsed values (durations in ms, defaults filled in): never parsed again.
const ABSENCE_DEFAULTS = absenceSchema.parse({});
const TAKEOVER_DEFAULTS = takeoverSchema.parse({});

/** The absence rules of a game (the defaults when its setup says nothing). */
export function absenceOf(game: GameRow): AbsenceSetup {
  return stored(game).absence ?? ABSENCE_DEFAULTS;
}

/** The takeover rules of a game (the defaults when its setup says nothing). */
export function takeoverOf(game: GameRow): TakeoverSetup {
  return stored(game).takeover ?? TAKEOVER_DEFAULTS;
}
