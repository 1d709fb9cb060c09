// zod for the whole program, set up once before any schema is built: the judge
// parses each configuration and setup only a few times per run, so zod's
// compiled fast path (a `new Function` per object schema on its first parse)
// costs more at start-up than it ever saves.
import { config, type output, type ZodObject, type ZodRawShape, type ZodType } from 'zod';

config({ jitless: true });

export * from 'zod';

/**
 * The keys of an object (given a schema of an object) whose values parse on
 * their own; the rest are left out. When a whole setup does not parse, its
 * cross-checks still read these, so that every error is reported at once.
 */
export function wellShaped<S extends ZodRawShape>(schema: ZodObject<S>, raw: unknown): Partial<output<ZodObject<S>>> {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const v = (field as ZodType).safeParse(r[key]);
    if (v.success && v.data !== undefined) out[key] = v.data;
  }
  return out as Partial<output<ZodObject<S>>>;
}
