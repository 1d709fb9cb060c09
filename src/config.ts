// The judge's configuration: <data>/judge.yaml (or --config FILE), validated
// with zod; secrets come from environment variables named in the file.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { emailSchema } from './email.js';

export const configSchema = z
  .object({
    judge: z
      .object({
        address: emailSchema.default('judge@localhost'),
        name: z.string().default('pbem-judge'),
        /** Envelope sender for bounces (MAIL FROM); defaults to the judge's address. */
        bounceAddress: emailSchema.optional(),
        /** Domain for generated Message-IDs; defaults to the judge address's domain. */
        messageIdDomain: z.string().optional(),
      })
      .prefault({}),
    transport: z
      .discriminatedUnion('type', [
        z.object({ type: z.literal('file'), dir: z.string().optional() }),
        z.object({
          type: z.literal('smtp'),
          host: z.string(),
          port: z.number().int().positive().default(587),
          secure: z.boolean().default(false),
          user: z.string().optional(),
          passwordEnv: z.string().optional(),
        }),
      ])
      .default({ type: 'file' }),
    inbox: z
      .object({
        /** A directory of .eml files or a Maildir (new/ and cur/), read by `judge ingest` and `judge run`. */
        dir: z.string().optional(),
        maxBytes: z.number().int().positive().default(10 * 1024 * 1024),
      })
      .prefault({}),
  })
  .strict();

export type JudgeConfig = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Every problem of a config or setup file at once, one per line, with its path. */
export function zodProblems(err: z.ZodError): string[] {
  return err.issues.map((i) => `${i.path.length ? i.path.join('.') : '(top)'}: ${i.message}`);
}

export function loadConfig(dataDir: string, file?: string): JudgeConfig {
  const path = file ?? join(dataDir, 'judge.yaml');
  let raw: unknown = {};
  if (existsSync(path)) {
    try {
      raw = parse(readFileSync(path, 'utf8')) ?? {};
    } catch (e) {
      throw new ConfigError(`${path}: not valid YAML: ${(e as Error).message}`);
    }
  } else if (file) throw new ConfigError(`${file}: no such config file`);
  const r = configSchema.safeParse(raw);
  if (!r.success) throw new ConfigError(`${path} has errors:\n  ${zodProblems(r.error).join('\n  ')}`);
  return r.data;
}

export function messageIdDomain(c: JudgeConfig): string {
  return c.judge.messageIdDomain ?? c.judge.address.split('@')[1] ?? 'localhost';
}
