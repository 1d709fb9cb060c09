// Rule tables as data: games/<kind>/<name>.json, read relative to this module
// (src/engine or dist/engine → ../../games) and validated with zod at load,
// with every problem reported at once. One source of truth for every number.
import { readFileSync } from 'node:fs';
import type * as z from '../zod.js';

export function loadGameTable<T>(kind: string, name: string, schema: z.ZodType<T>): T {
  const url = new URL(`../../games/${kind}/${name}`, import.meta.url);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(url, 'utf8'));
  } catch (e) {
    throw new Error(`games/${kind}/${name}: ${(e as Error).message}`);
  }
  const r = schema.safeParse(raw);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`games/${kind}/${name} is invalid:\n${lines.join('\n')}`);
  }
  return r.data;
}
