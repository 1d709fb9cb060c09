// A game's setup file (YAML or JSON): the seats, common settings, and the
// game kind's own data, all validated before anything is written, with every
// error reported at once.
import { readFileSync } from 'node:fs';
import { parseYaml } from '../yaml.js';
import * as z from '../zod.js';
import { emailSchema } from '../email.js';
import { zodProblems } from '../config.js';
import { gameAuthSchema } from './game-auth.js';
import { Cron } from 'croner';
import { durationText, scheduleSchema, startInstant, timezoneSchema, type Schedule } from './schedule.js';
import { formatDeadline } from '../render/time.js';
import type { AnyRules, Lang } from './types.js';
import { playerIdSchema } from './ids.js';
import { reportLang } from './kinds.js';
import { nameProblem } from '../render/bidi.js';
import { samplePasswords } from './sample-passwords.js';
import { absenceSchema, resolveSignup, signupSchema, takeoverSchema } from './seat-setup.js';

export const langSchema = z.enum(['en', 'cs', 'ru']);

/** A player's name or a game's title, as mails and pages show it. */
const shownText = z.string().superRefine((s, ctx) => {
  const problem = nameProblem(s);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const seatSchema = z
  .object({
    id: playerIdSchema,
    name: shownText.min(1),
    email: emailSchema,
    password: z.string().min(4, 'a password has at least 4 characters').optional(),
    lang: langSchema.optional(),
    /** Grammatical gender (f | m) for the mails that agree with it («Анна выбыла», "Jana byla vyřazena"); default: inferred from the name. */
    gender: z.enum(['f', 'm']).optional(),
  })
  .strict();

export const commonSetupSchema = z.object({
  title: shownText.min(1).optional(),
  lang: langSchema.optional(),
  gm: z
    .object({
      email: emailSchema,
      name: shownText.optional(),
      /** The GM's language for worksheets and answers (default: the game's). */
      lang: langSchema.optional(),
      /** For GM commands by mail (GM <game> <password> … END); stored hashed. */
      password: z
        .string()
        .min(6, 'the GM password has at least 6 characters')
        // A player's password may hold spaces (every word after the player id); the GM line is exactly three words.
        .regex(/^\S+$/, 'the GM password is one word, without spaces (the GM line is GM <game> <password>)')
        .optional(),
    })
    .strict()
    .optional(),
  /** The game's time zone: deadlines are computed and shown in it. */
  timezone: timezoneSchema.default('UTC'),
  /** When phases end (omit: the GM processes by hand). */
  schedule: scheduleSchema.optional(),
  nmr: z
    .object({
      /** Missed phases in a row after which a position is offered for replacement. */
      abandonAfter: z.number().int().positive().default(3),
      /** A player without orders keeps last phase's standing orders where the game kind has them (FanDi: investments). */
      repeat: z.boolean().default(true),
    })
    .strict()
    .optional(),
  /** How players prove who they are: the password (default), DKIM, DMARC. */
  auth: gameAuthSchema.optional(),
  /** The mails' form: html false sends text only (default: text and HTML, with pictures); a player may choose otherwise (FORMAT). */
  mail: z
    .object({
      html: z.boolean().default(true),
    })
    .strict()
    .optional(),
  /** The acknowledgement of orders carries a forecast of what they will do (default: yes); a player may choose otherwise (FORECAST). */
  forecast: z.boolean().optional(),
  /** Seats by mail (issue #31): players JOIN the game; it starts when the seats are full or sign-up closes. */
  signup: signupSchema.optional(),
  /** What an ABSENCE does and how much of it a player has. */
  absence: absenceSchema.optional(),
  /** Open positions asked for by mail (TAKEOVER). */
  takeover: takeoverSchema.optional(),
  // A sign-up game has none: its players JOIN by mail.
  seats: z.array(seatSchema).default([]),
});

export type SeatSpec = z.infer<typeof seatSchema>;
export type CommonSetup = z.infer<typeof commonSetupSchema>;

import { SetupError } from '../errors.js';
export { SetupError };

export interface LoadedSetup {
  common: CommonSetup;
  /** The whole file minus the judge's keys (the title stays): what rules.setup() gets. */
  game: Record<string, unknown>;
}

export function readSetupFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new SetupError(file, [`cannot read: ${(e as Error).message}`]);
  }
  try {
    return parseYaml(text);
  } catch (e) {
    throw new SetupError(file, [`not valid YAML/JSON: ${(e as Error).message}`]);
  }
}

/** The keys of a setup that are the judge's (the common part); the rest, and the title, are the game kind's. */
const JUDGE_KEYS = [
  'lang',
  'gm',
  'timezone',
  'schedule',
  'nmr',
  'auth',
  'mail',
  'forecast',
  'signup',
  'absence',
  'takeover',
  'seats',
] as const;

/** A setup's game kind part: the whole file less the judge's keys (the title stays: reports may show it). */
export function gamePart(raw: Record<string, unknown>): Record<string, unknown> {
  const game = { ...raw };
  for (const k of JUDGE_KEYS) delete game[k];
  return game;
}

/** Validate common and game parts together; throws SetupError listing every problem. */
export function validateSetup(raw: unknown, rules: AnyRules, file = 'setup'): LoadedSetup {
  const problems: string[] = [];
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw new SetupError(file, ['the setup must be a mapping (an object)']);
  const { lang, gm, timezone, schedule, nmr, auth, mail, forecast, signup, absence, takeover, seats } = raw as Record<
    string,
    unknown
  >;
  const game = gamePart(raw as Record<string, unknown>);
  // The title is the game's too (its reports may show it); the rest is the judge's alone.
  const title = game.title;
  const c = commonSetupSchema.safeParse({
    title,
    lang,
    gm,
    timezone,
    schedule,
    nmr,
    auth,
    mail,
    forecast,
    signup,
    absence,
    takeover,
    seats,
  });
  if (!c.success) problems.push(...zodProblems(c.error));
  const g = rules.setupSchema.safeParse(game);
  if (!g.success) problems.push(...zodProblems(g.error));
  // The seats are checked as written, whatever else is wrong, so that every problem is listed at once.
  problems.push(...seatProblems(signup, seats));
  if (c.success && c.data.signup && g.success)
    problems.push(
      ...resolveSignup(c.data.signup, rules, g.data, c.data.timezone, c.data.lang ?? rules.defaultLang).problems,
    );
  problems.push(...repeatedSeats(seats));
  if (problems.length) throw new SetupError(file, problems);
  return { common: c.data!, game: (g.data ?? game) as Record<string, unknown> };
}

/** Seats and sign-up exclude each other: a game has its seats in the setup or gets them by mail (the setup as written). */
function seatProblems(signup: unknown, seats: unknown): string[] {
  const given = Array.isArray(seats) && seats.length > 0;
  if (signup != null && given)
    return ['seats: a sign-up game has no seats in its setup (players JOIN by mail; named seats: signup.seats)'];
  if (signup == null && (seats == null || (Array.isArray(seats) && !given)))
    return ['seats: a game needs at least one seat (or signup: players JOIN by mail)'];
  return [];
}

/** Seat ids written twice (case aside), in the setup as written: each repeat names the seat it repeats. */
function repeatedSeats(seats: unknown): string[] {
  if (!Array.isArray(seats)) return [];
  const first = new Map<string, number>();
  const out: string[] = [];
  seats.forEach((s: unknown, i) => {
    const id = s && typeof s === 'object' ? (s as { id?: unknown }).id : undefined;
    if (typeof id !== 'string') return;
    const k = id.toLowerCase();
    const at = first.get(k);
    if (at === undefined) first.set(k, i);
    else out.push(`seats.${i}.id: "${id}" is already seat ${at}`);
  });
  return out;
}

export function seatLang(seat: SeatSpec, common: CommonSetup, rules: AnyRules): Lang {
  return seat.lang ?? common.lang ?? rules.defaultLang;
}

/** The longest gap between the next runs of a cron expression: a reminder at least that long before a deadline is never sent. */
function longestCronGap(expr: string, tz: string, now: Date): number {
  const runs = new Cron(expr, { timezone: tz, paused: true }).nextRuns(60, now);
  let gap = 0;
  for (let i = 1; i < runs.length; i++) gap = Math.max(gap, runs[i]!.getTime() - runs[i - 1]!.getTime());
  return gap;
}

/** The longest a phase can last under this schedule (null: no deadlines, or not known). */
function longestPhase(s: Schedule, tz: string, now: Date): number | null {
  const timings = [
    { every: s.every, cron: s.cron },
    ...Object.values(s.kinds ?? {}).map((k) => ({ every: k.every, cron: k.cron })),
  ];
  let longest: number | null = null;
  for (const t of timings) {
    const len = t.every ?? (t.cron ? longestCronGap(t.cron, tz, now) : null);
    if (len !== null && len !== undefined) longest = Math.max(longest ?? 0, len);
  }
  return longest;
}

/**
 * Setup mistakes that do not stop the game but would otherwise be silently
 * ignored: a schedule.start in the past, a schedule without deadlines,
 * reminders that can never be sent, GM settings for a kind without a GM,
 * standing orders for a kind that keeps none, seat languages the kind has no
 * reports in; and settings that are unsafe: a game without passwords that
 * trusts the From line (auth), a password of a sample setup. Reported when
 * the game is created.
 */
export function setupWarnings(
  common: CommonSetup,
  rules: AnyRules,
  now: Date,
  raw: Record<string, unknown> = {},
): string[] {
  const out: string[] = [];
  const s = common.schedule;
  const tz = common.timezone;
  if (s) {
    const deadlines =
      s.every !== undefined ||
      s.cron !== undefined ||
      Object.values(s.kinds ?? {}).some((k) => k.every !== undefined || k.cron !== undefined);
    if (!deadlines)
      out.push(
        'schedule: neither every nor cron is given, so phases have no deadline (the GM processes by hand) and start, reminders, grace and early are never used',
      );
    if (s.start) {
      const start = startInstant(s.start, tz);
      if (start.getTime() < now.getTime())
        out.push(
          `schedule.start: ${s.start} (${tz}) is in the past (now ${formatDeadline(now.toISOString(), tz, 'en')}); the first deadline counts from now instead`,
        );
    }
    const longest = deadlines ? longestPhase(s, tz, now) : null;
    if (longest !== null)
      s.reminders?.forEach((r, i) => {
        if (r >= longest)
          out.push(
            `schedule.reminders.${i}: ${durationText(r)} before the deadline is not within any phase (the longest lasts ${durationText(longest)}), so it is never sent`,
          );
      });
    if (s.gm && (!rules.gm || rules.gm.waits === false))
      out.push(`schedule.gm: the game kind ${rules.kind} has no GM decisions, so these settings are never used`);
  }
  const nmr = raw.nmr as { repeat?: unknown } | undefined;
  if (nmr?.repeat === true && !rules.nmrOrders)
    out.push(
      `nmr.repeat: the game kind ${rules.kind} keeps no standing orders, so a player without orders simply has none`,
    );
  if (common.lang && !rules.langs.includes(common.lang))
    out.push(
      `lang: ${common.lang} — ${rules.kind} reports exist in ${rules.langs.join(', ')}; reports will be in ${reportLang(rules, common.lang)} (acknowledgements and notices are in ${common.lang})`,
    );
  common.seats.forEach((seat, i) => {
    const lang = seatLang(seat, common, rules);
    if (seat.lang && !rules.langs.includes(lang))
      out.push(
        `seats.${i}.lang: ${lang} (${seat.id}) — ${rules.kind} reports exist in ${rules.langs.join(', ')}; this player gets reports in ${reportLang(rules, lang)} (acknowledgements and notices in ${lang})`,
      );
  });
  // Without passwords a block from a seat's address of record is taken on its From line alone, which
  // anyone can write: only a DKIM or DMARC requirement makes that line mean something.
  const auth = common.auth;
  if (auth && !auth.password && !auth.dkim && !auth.dmarc)
    out.push(
      "auth.password: false without auth.dkim or auth.dmarc: a block from a seat's address needs no password, and the judge trusts its From line, which anyone can forge — anybody can send orders (and FINAL, WITHDRAW, ABSENCE …) in any player's name; require auth.dkim: true or auth.dmarc: true with it, or keep the passwords",
    );
  // A password kept from a sample setup shipped with the judge is known to anyone who has read it.
  const samples = samplePasswords();
  common.seats.forEach((seat, i) => {
    const file = seat.password && samples.get(seat.password);
    if (file)
      out.push(
        `seats.${i}.password (${seat.id}): a password of the sample setup ${file}, which anyone can read; leave it out and the judge makes one and mails it to the player alone`,
      );
  });
  const gmFile = common.gm?.password && samples.get(common.gm.password);
  if (gmFile)
    out.push(`gm.password: the GM password of the sample setup ${gmFile}, which anyone can read; choose another`);
  return out;
}
