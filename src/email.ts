import * as z from './zod.js';

/**
 * An e-mail address as mail servers accept it: local@domain. Looser than
 * zod's z.email(), which refuses judge@localhost and other dotless domains
 * that real installations use.
 */
export const emailSchema = z
  .string()
  .trim()
  .regex(/^[^\s@<>(),;:"]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/, 'not an e-mail address (local@domain)');
