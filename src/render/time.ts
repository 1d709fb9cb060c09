// Deadlines as players read them: absolute, in the game's time zone, with the
// zone named — never "in 3 hours".
import type { Lang } from '../engine/types.js';
import { startInstant } from '../engine/schedule.js';

const LOCALE: Record<Lang, string> = { en: 'en-GB', cs: 'cs-CZ', ru: 'ru-RU' };

/**
 * Russia's zones as Russians name them: by their distance from Moscow time
 * (МСК, МСК+2, МСК−1). CLDR has no Russian abbreviations for them, so the
 * platform would write "GMT+3".
 */
const RUSSIAN_ZONES = new Set([
  'Europe/Moscow',
  'Europe/Simferopol',
  'Europe/Kirov',
  'Europe/Volgograd',
  'Europe/Kaliningrad',
  'Europe/Samara',
  'Europe/Astrakhan',
  'Europe/Saratov',
  'Europe/Ulyanovsk',
  'Asia/Yekaterinburg',
  'Asia/Omsk',
  'Asia/Novosibirsk',
  'Asia/Barnaul',
  'Asia/Tomsk',
  'Asia/Novokuznetsk',
  'Asia/Krasnoyarsk',
  'Asia/Irkutsk',
  'Asia/Chita',
  'Asia/Yakutsk',
  'Asia/Khandyga',
  'Asia/Vladivostok',
  'Asia/Ust-Nera',
  'Asia/Magadan',
  'Asia/Sakhalin',
  'Asia/Srednekolymsk',
  'Asia/Kamchatka',
  'Asia/Anadyr',
]);

/**
 * The language's own way of writing a date with its weekday and a 24-hour time
 * (CLDR's, through Intl): "Fri, 1 May 2026, 20:00 CEST", "pátek 1. 5. 2026 20:00 SELČ",
 * "пт, 1 мая 2026 г., 20:00" (the month in the genitive, as a date needs). One
 * formatter per zone, language and zone-naming, made when first used.
 */
function formatter(tz: string, lang: Lang, zoneName: boolean): Intl.DateTimeFormat {
  const key = `${tz}\u0000${lang}\u0000${zoneName}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE[lang], {
      timeZone: tz,
      // Czech short weekdays read as words before a date ("po 7. 12." as "after 7. 12.", "st", "so", "ne"): written out.
      weekday: lang === 'cs' ? 'long' : 'short',
      day: 'numeric',
      // (with a long weekday CLDR would name the Czech month: "30. bře"; the number is how a Czech date is written)
      month: lang === 'cs' ? 'numeric' : 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(zoneName ? { timeZoneName: 'short' as const } : {}),
    });
    formatters.set(key, f);
  }
  return f;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `at`, in minutes (+180 for Moscow). */
function offsetMinutes(tz: string, at: Date): number {
  let f = offsets.get(tz);
  if (!f) offsets.set(tz, (f = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' })));
  const name = f.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const m = /([+\-\u2212])(\d{1,2}):?(\d\d)?/.exec(name);
  return m ? (m[1] === '+' ? 1 : -1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : 0;
}

const offsets = new Map<string, Intl.DateTimeFormat>();

/** An instant: ISO with Z or an offset as stored; one without is the game zone's wall time. */
function instant(iso: string, tz: string): Date | null {
  if (/(?:Z|[+-]\d\d(?::?\d\d)?)$/i.test(iso)) {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  try {
    return startInstant(iso, tz);
  } catch {
    return null;
  }
}

/**
 * "Fri, 27 Mar 2026, 20:00 CET (Europe/Prague)" in the reader's language. A
 * Russian zone in a Russian mail is named by МСК alone ("вт, 1 дек. 2026 г., 15:00 МСК"):
 * that names it exactly, and a Latin zone id would be the only English in the mail.
 */
export function formatDeadline(iso: string | null | undefined, tz: string, lang: Lang): string | null {
  if (!iso) return null;
  // Every acknowledgement of a phase shows the same deadline: formatted once.
  const key = `${iso}\u0000${tz}\u0000${lang}`;
  const hit = deadlines.get(key);
  if (hit !== undefined) return hit;
  let text = iso;
  try {
    const d = instant(iso, tz);
    if (d && lang === 'ru' && RUSSIAN_ZONES.has(tz)) {
      const hours = (offsetMinutes(tz, d) - offsetMinutes('Europe/Moscow', d)) / 60;
      text = `${formatter(tz, lang, false).format(d)} ${hours === 0 ? 'МСК' : `МСК${hours > 0 ? '+' : '−'}${Math.abs(hours)}`}`;
    } else if (d) text = `${formatter(tz, lang, true).format(d)} (${tz})`;
  } catch {
    // A zone the platform does not know (setup files are checked; an old store may hold anything): the instant as stored.
    text = `${iso} (${tz})`;
  }
  if (deadlines.size >= 1000) deadlines.clear();
  deadlines.set(key, text);
  return text;
}

const deadlines = new Map<string, string>();
