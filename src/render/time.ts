// Deadlines as players read them: absolute, in the game's time zone, with the
// zone named — never "in 3 hours".
import { DateTime } from 'luxon';
import type { Lang } from '../engine/types.js';

const LOCALE: Record<Lang, string> = { en: 'en-GB', cs: 'cs-CZ', ru: 'ru-RU' };

/** "Thu 3 Dec 2026, 20:00 CET (Europe/Prague)" in the reader's language. */
export function formatDeadline(iso: string | null | undefined, tz: string, lang: Lang): string | null {
  if (!iso) return null;
  const d = DateTime.fromISO(iso, { zone: tz }).setLocale(LOCALE[lang]);
  if (!d.isValid) return iso;
  return `${d.toFormat('ccc d LLL yyyy, HH:mm')} ${d.offsetNameShort || d.toFormat('ZZ')} (${tz})`;
}
