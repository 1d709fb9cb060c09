// Loads a rule table from games/fandi/ (one source of truth for every number)
// and validates it with zod, reporting every problem at once.
import { readFileSync } from 'node:fs';
import type { z } from 'zod';

/** games/fandi/<name> relative to this module (src/games/fandi or dist/games/fandi). */
export function loadTable<T>(name: string, schema: z.ZodType<T>): T {
  const url = new URL(`../../../games/fandi/${name}`, import.meta.url);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(url, 'utf8'));
  } catch (e) {
    throw new Error(`games/fandi/${name}: ${(e as Error).message}`);
  }
  const r = schema.safeParse(raw);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`games/fandi/${name} is invalid:\n${lines.join('\n')}`);
  }
  return r.data;
}
