// A game's `auth` settings (the setup's `auth:`): what a mail must show
// besides the player's password. The setup file checks them; intake reads
// them for every block (src/mail/inbound/auth.ts).
import * as z from '../zod.js';

/** A game's `auth` settings (config_json.auth): what a mail must show besides the player's password. */
export const gameAuthSchema = z
  .object({
    /** The password in the order block; when false, mail from the address of record needs none. */
    password: z.boolean().default(true),
    /** A valid DKIM signature of the From domain (relaxed alignment). */
    dkim: z.boolean().default(false),
    /** DMARC pass for the From domain (aligned DKIM; SPF cannot be checked after delivery). */
    dmarc: z.boolean().default(false),
  })
  .strict();

export type GameAuth = z.infer<typeof gameAuthSchema>;

/** The auth settings of a game row; an unreadable setting fails closed (everything required). */
/** gameAuth by the config's text (read for every block of every mail). */
const authByConfig = new Map<string, Readonly<GameAuth>>();

export function gameAuth(configJson: string): Readonly<GameAuth> {
  let a = authByConfig.get(configJson);
  if (!a) {
    if (authByConfig.size >= 64) authByConfig.clear();
    authByConfig.set(configJson, (a = Object.freeze(readGameAuth(configJson))));
  }
  return a;
}

function readGameAuth(configJson: string): GameAuth {
  let raw: unknown;
  try {
    raw = (JSON.parse(configJson) as { auth?: unknown }).auth ?? {};
  } catch {
    raw = {};
  }
  const r = gameAuthSchema.safeParse(raw);
  return r.success ? r.data : { password: true, dkim: true, dmarc: true };
}
