// Loads a rule table from games/fandi/ (one source of truth for every number)
// and validates it with zod, reporting every problem at once.
import { loadGameTable } from '../../engine/tables.js';
import type * as z from '../../zod.js';

/** games/fandi/<name>, validated by the schema `schema()` makes (see src/engine/tables.ts). */
export function loadTable<T>(name: string, schema: () => z.ZodType<T>): T {
  return loadGameTable('fandi', name, schema);
}
