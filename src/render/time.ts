// Deadlines as players read them: absolute, in the game's time zone, with the
// zone named — never "in 3 hours".
import { DateTime } from 'luxon';
import type { Lang } from '../engine/types.js';

const LOCALE: Record<Lang, string> = { en: 'en-GB', cs: 'cs-CZ', ru: 'ru-RU' };

/**
 * Russia's zones as Russians name them: by their distance from Moscow time
 * (МСК, МСК+2, МСК−1). CLDR has no Russian abbreviations for them, so the
 * platform would write "GMT+3".
 */
const RUSSIAN_ZONES = new Set([
  'Europe/Moscow', 'Europe/Simferopol', 'Europe/Kirov', 'Europe/Volgograd', 'Europe/Kaliningrad', 'Europe/Samara', 'Europe/Astrakhan',
  'Europe/Saratov', 'Europe/Ulyanovsk', 'Asia/Yekaterinburg', 'Asia/Omsk', 'Asia/Novosibirsk', 'Asia/Barnaul', 'Asia/Tomsk',
  'Asia/Novokuznetsk', 'Asia/Krasnoyarsk', 'Asia/Irkutsk', 'Asia/Chita', 'Asia/Yakutsk', 'Asia/Khandyga', 'Asia/Vladivostok',
  'Asia/Ust-Nera', 'Asia/Magadan', 'Asia/Sakhalin', 'Asia/Srednekolymsk', 'Asia/Kamchatka', 'Asia/Anadyr',
]);

function zoneName(d: DateTime, tz: string, lang: Lang): string {
  if (lang === 'ru' && RUSSIAN_ZONES.has(tz)) {
    const hours = (d.offset - d.setZone('Europe/Moscow').offset) / 60;
    return hours === 0 ? 'МСК' : `МСК${hours > 0 ? '+' : '−'}${Math.abs(hours)}`;
  }
  return d.offsetNameShort || d.toFormat('ZZ');
}

/**
 * "Thu 3 Dec 2026, 20:00 CET (Europe/Prague)" in the reader's language. A
 * Russian zone in a Russian mail is named by МСК alone ("вт 1 дек. 2026, 15:00 МСК"):
 * that names it exactly, and a Latin zone id would be the only English in the mail.
 */
export function formatDeadline(iso: string | null | undefined, tz: string, lang: Lang): string | null {
  if (!iso) return null;
  // Every acknowledgement of a phase shows the same deadline: formatted once (luxon's zone names are slow).
  const key = `${iso}\u0000${tz}\u0000${lang}`;
  const hit = deadlines.get(key);
  if (hit !== undefined) return hit;
  const d = DateTime.fromISO(iso, { zone: tz }).setLocale(LOCALE[lang]);
  const text = d.isValid ? `${d.toFormat('ccc d LLL yyyy, HH:mm')} ${zoneName(d, tz, lang)}${lang === 'ru' && RUSSIAN_ZONES.has(tz) ? '' : ` (${tz})`}` : iso;
  if (deadlines.size >= 1000) deadlines.clear();
  deadlines.set(key, text);
  return text;
}

const deadlines = new Map<string, string>();
