// A game's setup file (YAML or JSON): the seats, common settings, and the
// game kind's own data, all validated before anything is written, with every
// error reported at once.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import { emailSchema } from '../email.js';
import { zodProblems } from '../config.js';
import { gameAuthSchema } from '../mail/inbound/auth.js';
import { scheduleSchema, timezoneSchema } from './schedule.js';
import type { AnyRules, Lang } from './types.js';

export const langSchema = z.enum(['en', 'cs', 'ru']);

const seatSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,31}$/, 'a player id is a letter then letters, digits, - or _ (max 32)'),
    name: z.string().min(1),
    email: emailSchema,
    password: z.string().min(4, 'a password has at least 4 characters').optional(),
    lang: langSchema.optional(),
  })
  .strict();

export const commonSetupSchema = z.object({
  title: z.string().min(1).optional(),
  lang: langSchema.optional(),
  gm: z
    .object({
      email: emailSchema,
      name: z.string().optional(),
      /** The GM's language for worksheets and answers (default: the game's). */
      lang: langSchema.optional(),
      /** For GM commands by mail (GM <game> <password> … END); stored hashed. */
      password: z.string().min(6, 'the GM password has at least 6 characters').optional(),
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
  seats: z.array(seatSchema).min(1, 'a game needs at least one seat'),
});

export type SeatSpec = z.infer<typeof seatSchema>;
export type CommonSetup = z.infer<typeof commonSetupSchema>;

export class SetupError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file} has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n  ${problems.join('\n  ')}`);
  }
}

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
    return parse(text);
  } catch (e) {
    throw new SetupError(file, [`not valid YAML/JSON: ${(e as Error).message}`]);
  }
}

/** Validate common and game parts together; throws SetupError listing every problem. */
export function validateSetup(raw: unknown, rules: AnyRules, file = 'setup'): LoadedSetup {
  const problems: string[] = [];
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new SetupError(file, ['the setup must be a mapping (an object)']);
  const { lang, gm, timezone, schedule, nmr, auth, seats, ...game } = raw as Record<string, unknown>;
  // The title is the game's too (its reports may show it); the rest is the judge's alone.
  const title = game.title;
  const c = commonSetupSchema.safeParse({ title, lang, gm, timezone, schedule, nmr, auth, seats });
  if (!c.success) problems.push(...zodProblems(c.error));
  const g = rules.setupSchema.safeParse(game);
  if (!g.success) problems.push(...zodProblems(g.error));
  if (c.success) {
    const ids = new Map<string, number>();
    c.data.seats.forEach((s, i) => {
      const k = s.id.toLowerCase();
      if (ids.has(k)) problems.push(`seats.${i}.id: "${s.id}" is already seat ${ids.get(k)}`);
      ids.set(k, i);
    });
  }
  if (problems.length) throw new SetupError(file, problems);
  return { common: c.data!, game: (g.data ?? game) as Record<string, unknown> };
}

export function seatLang(seat: SeatSpec, common: CommonSetup, rules: AnyRules): Lang {
  return seat.lang ?? common.lang ?? rules.defaultLang;
}
