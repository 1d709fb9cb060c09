// Rule tables as data: games/<kind>/<name>.json, read relative to this module
// (src/engine or dist/engine → ../../games) and validated with zod at load,
// with every problem reported at once. One source of truth for every number.
// A table the bundle's build validated before with the same text is not
// validated again, nor are its schemas made: its result was kept
// (config-cache.ts).
import { readFileSync } from 'node:fs';
import type * as z from '../zod.js';
import { keepValid, keptValid } from '../config-cache.js';

/** games/<kind>/<name>, validated by the schema `schema()` makes (made only when the table is validated). */
export function loadGameTable<T>(kind: string, name: string, schema: () => z.ZodType<T>): T {
  const what = `games/${kind}/${name}`;
  let text: string;
  let raw: unknown;
  try {
    text = readFileSync(new URL(`../../${what}`, import.meta.url), 'utf8');
    const kept = keptValid<T>(what, text);
    if (kept !== null) return kept;
    raw = JSON.parse(text);
  } catch (e) {
    throw new Error(`${what}: ${(e as Error).message}`);
  }
  const r = schema().safeParse(raw);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`${what} is invalid:\n${lines.join('\n')}`);
  }
  keepValid(what, text, r.data);
  return r.data;
}
