// The judge's configuration: <data>/judge.yaml (or --config FILE), validated
// with zod; secrets come from environment variables named in the file.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { keepValid, keptValid } from './config-cache.js';
import { parseYaml } from './yaml.js';
import * as z from './zod.js';
import { emailSchema } from './email.js';

/**
 * A time the judge waits on one step (a server's answer, the store, a mail's
 * handling): at most an hour, far beyond any sane one and within what a timer
 * can hold (Node fires a longer setTimeout at once).
 */
const seconds = (fallback: number) =>
  z.number().positive().max(3600, 'at most 3600 seconds (an hour)').default(fallback);
/** A time in the judge's rhythm (retry backoff, the lockout window): at most 365 days, as durations in a setup. */
const upToAYear = (unit: 'minutes' | 'hours', fallback: number) => {
  const most = unit === 'minutes' ? 365 * 24 * 60 : 365 * 24;
  return z.number().positive().max(most, `at most 365 days (${most} ${unit})`).default(fallback);
};

/** The configuration's schema (zod's schemas take a while to make: made on first use, see configSchema). */
function buildSchema() {
  return z
    .object({
      judge: z
        .object({
          address: emailSchema.default('judge@localhost'),
          name: z.string().default('pbem-judge'),
          /** Envelope sender for bounces (MAIL FROM); defaults to the judge's address. */
          bounceAddress: emailSchema.optional(),
          /** Domain for generated Message-IDs; defaults to the judge address's domain. */
          messageIdDomain: z.string().optional(),
          /**
           * The authserv-id of the GM's own mail server. Only Authentication-Results
           * headers carrying it are believed (for games that require DKIM/DMARC);
           * without it the judge verifies DKIM/DMARC itself with DNS.
           */
          trustedAuthservId: z.string().min(1).optional(),
        })
        .strict()
        .prefault({}),
      transport: z
        .discriminatedUnion('type', [
          z.object({ type: z.literal('file'), dir: z.string().optional() }),
          z
            .object({
              type: z.literal('smtp'),
              host: z.string().min(1),
              port: z.number().int().positive().default(587),
              /** TLS from the first byte (port 465). */
              secure: z.boolean().default(false),
              /** When not secure: insist on STARTTLS (false allows a plain connection, e.g. to a local relay). */
              starttls: z.boolean().default(true),
              rejectUnauthorized: z.boolean().default(true),
              user: z.string().optional(),
              /** The environment variable holding the password (never the password itself). */
              passwordEnv: z.string().default('JUDGE_SMTP_PASSWORD'),
              /** Transient failures are retried on later runs, waiting firstMinutes, doubling up to maxMinutes. */
              retry: z
                .object({
                  firstMinutes: upToAYear('minutes', 5),
                  maxMinutes: upToAYear('minutes', 360),
                  maxAttempts: z.number().int().positive().default(10),
                })
                .strict()
                .prefault({}),
              timeoutSeconds: seconds(60),
              /** Connections open at once while sending (each carries one message at a time). */
              connections: z.number().int().min(1).max(50).default(5),
              /** Messages sent over one connection before it is closed and a new one opened. */
              messagesPerConnection: z.number().int().min(1).default(100),
              /**
               * A mail whose data went out without an answer from the server (ambiguous):
               * "resend" sends it again by itself, once, with the same Message-ID (the
               * mailbox drops a duplicate by it) after ambiguousResendMinutes; "ask" leaves
               * it to the GM (judge outbox --retry / --mark-sent).
               */
              ambiguous: z.enum(['resend', 'ask']).default('resend'),
              ambiguousResendMinutes: z
                .number()
                .nonnegative()
                .max(365 * 24 * 60, 'at most 365 days (525600 minutes)')
                .default(10),
            })
            .strict(),
        ])
        .default({ type: 'file' }),
      inbox: z
        .object({
          /** A directory of .eml files or a Maildir (new/ and cur/), read by `judge ingest` and `judge run`. */
          dir: z.string().optional(),
          maxBytes: z
            .number()
            .int()
            .positive()
            .default(10 * 1024 * 1024),
          /**
           * Replies to one address per day (UTC) for mail the judge cannot accept, and
           * HELP/LIST answers; the last one says so. Acknowledgements of orders are
           * not counted. Automated mail is never answered at all.
           */
          repliesPerDay: z.number().int().positive().default(10),
          /** Blocks read per mail; the rest are refused (one mail cannot carry hundreds of password guesses). */
          maxBlocks: z.number().int().positive().default(20),
          /** How long `judge ingest --stdin` waits for the store before it exits 75 (the mail server retries). */
          pipeWaitSeconds: seconds(30),
          /** Work per mail: a mail whose handling takes longer, or fails, twice is quarantined. */
          handleSeconds: seconds(60),
          /**
           * Wrong passwords (store/auth-failures.ts): a seat's own (from its address
           * of record) slow it down, never lock it; those from other addresses
           * count per (seat, sender) and per sender in the window, and over a limit
           * that sender's blocks go unchecked.
           */
          authFailures: z
            .object({
              perSeatSender: z.number().int().positive().optional(),
              /** The name perSeatSender had before issue #29 (then counted per seat, whoever sent them): read as perSeatSender. */
              perSeat: z.number().int().positive().optional(),
              perSender: z.number().int().positive().default(10),
              windowHours: upToAYear('hours', 24),
              slowAfter: z.number().int().positive().default(3),
              firstDelayMinutes: z.number().positive().default(1),
              maxDelayMinutes: z
                .number()
                .positive()
                .max(24 * 60)
                .default(60),
            })
            .strict()
            .superRefine((a, ctx) => {
              if (a.perSeat !== undefined && a.perSeatSender !== undefined)
                ctx.addIssue({
                  code: 'custom',
                  path: ['perSeat'],
                  message: 'perSeat is the old name of perSeatSender: give perSeatSender only',
                });
              if (a.maxDelayMinutes < a.firstDelayMinutes)
                ctx.addIssue({
                  code: 'custom',
                  path: ['maxDelayMinutes'],
                  message: 'must be at least firstDelayMinutes',
                });
            })
            .transform(({ perSeat, perSeatSender, ...rest }) => ({
              ...rest,
              perSeatSender: perSeatSender ?? perSeat ?? 5,
            }))
            .prefault({}),
        })
        .strict()
        .prefault({}),
      /** IMAP intake: when present, `judge poll` and `judge run` read this mailbox instead of the inbox directory. */
      imap: z
        .object({
          host: z.string().min(1),
          /** Default 993 when secure, else 143. */
          port: z.number().int().positive().optional(),
          /** TLS from the first byte (port 993). */
          secure: z.boolean().default(true),
          /** When not secure: insist on STARTTLS (false allows a plain connection, e.g. to a server on loopback). */
          starttls: z.boolean().default(true),
          rejectUnauthorized: z.boolean().default(true),
          user: z.string().min(1),
          /** The environment variable holding the password (never the password itself). */
          passwordEnv: z.string().default('JUDGE_IMAP_PASSWORD'),
          mailbox: z.string().default('INBOX'),
          /** Where a message is moved once it is safely stored; created when missing. */
          processedFolder: z.string().min(1).default('Processed'),
          /** Messages fetched and stored per transaction. */
          batchSize: z.number().int().positive().default(50),
          timeoutSeconds: seconds(60),
        })
        .strict()
        .optional(),
      /** `judge serve`: the read-only web pages of the games. */
      web: z
        .object({
          /** Where it listens; keep 127.0.0.1 behind a reverse proxy (it speaks plain HTTP). */
          host: z.string().min(1).default('127.0.0.1'),
          port: z.number().int().min(0).max(65535).default(8080),
          /** The address players reach the pages at, for the links in mails (default http://<host>:<port>). */
          baseUrl: z.url({ protocol: /^https?$/ }).optional(),
        })
        .strict()
        .prefault({}),
    })
    .strict();
}

let schema: ReturnType<typeof buildSchema> | undefined;
/**
 * The configuration's schema, made on first use: making zod's schemas costs a
 * command some 7 ms, and a command whose judge.yaml was validated before reads
 * the kept result instead (config-cache.ts).
 */
export function configSchema(): ReturnType<typeof buildSchema> {
  return (schema ??= buildSchema());
}

export type JudgeConfig = z.infer<ReturnType<typeof buildSchema>>;

export class ConfigError extends Error {}

/** Every problem of a config or setup file at once, one per line, with its path. */
export function zodProblems(err: z.ZodError): string[] {
  return err.issues.map((i) => `${i.path.length ? i.path.join('.') : '(top)'}: ${i.message}`);
}

export function loadConfig(dataDir: string, file?: string): JudgeConfig {
  const path = file ?? join(dataDir, 'judge.yaml');
  let text: string | null = null;
  if (existsSync(path)) text = readFileSync(path, 'utf8');
  else if (file) throw new ConfigError(`${file}: no such config file`);
  // The same text validated by an earlier command of this build: its result (config-cache.ts).
  const kept = keptValid<JudgeConfig>('judge.yaml', text ?? '');
  if (kept) return kept;
  let raw: unknown = {};
  if (text !== null) {
    try {
      raw = parseYaml(text) ?? {};
    } catch (e) {
      throw new ConfigError(`${path}: not valid YAML: ${(e as Error).message}`);
    }
  }
  const r = configSchema().safeParse(raw);
  if (!r.success) throw new ConfigError(`${path} has errors:\n  ${zodProblems(r.error).join('\n  ')}`);
  keepValid('judge.yaml', text ?? '', r.data);
  return r.data;
}

/** A secret from the environment variable the config names; a clear error when it is not set. */
export function secretFromEnv(name: string, what: string): string {
  const v = process.env[name];
  if (v === undefined || v === '')
    throw new ConfigError(`${what}: set the environment variable ${name} to the password`);
  return v;
}

export function messageIdDomain(c: JudgeConfig): string {
  return c.judge.messageIdDomain ?? c.judge.address.split('@')[1] ?? 'localhost';
}
