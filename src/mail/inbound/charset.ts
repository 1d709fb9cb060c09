// Charsets that lie. A mail client may declare ISO-8859-1, us-ascii or UTF-8
// (or nothing) for text that really is windows-1250, ISO-8859-2, KOI8-R or
// windows-1251. Decoded as declared, Czech "pište" arrives as "pi¹te" and
// Russian as "����". The judge decodes as declared first; when the result
// cannot be what the sender wrote — invalid UTF-8, C1 control characters,
// letters no Czech, Russian or English text has — it tries the charsets mail
// in these languages is written in and keeps the one with the fewest such
// characters, chardet (ICU's statistical detector) deciding between those that
// tie (windows-1251 or KOI8-R: both give Cyrillic letters from any byte).
import chardet from 'chardet';
import iconv from 'iconv-lite';
import type { Lang } from '../../engine/types.js';

/** The charsets the judge tries when the declared one is wrong: what Czech, Russian and English mail is written in. */
export const CANDIDATE_CHARSETS = ['utf-8', 'windows-1250', 'iso-8859-2', 'windows-1251', 'koi8-r'] as const;
type Candidate = (typeof CANDIDATE_CHARSETS)[number];

/** The candidates for a writer of these languages (a known player's seats); all of them when nothing is known. */
function candidatesFor(langs: Lang[] | undefined): readonly Candidate[] {
  const cs = langs?.includes('cs');
  const ru = langs?.includes('ru');
  if (cs && !ru) return ['utf-8', 'windows-1250', 'iso-8859-2'];
  if (ru && !cs) return ['utf-8', 'windows-1251', 'koi8-r'];
  return CANDIDATE_CHARSETS;
}

/** Vowels of Czech and Russian: about two letters in five of real words, far fewer in a wrong charset's jumble ("хдбт"). */
const VOWELS = new Set([...'aeiouyáéěíóúůýäöüôаеёиоуыэюя']);

/** How far the share of vowels among the letters of the 8-bit words is from that of real words (0.42). */
function vowelDistance(text: string): number {
  const letters = (text.match(/\p{L}+/gu) ?? [])
    .filter((w) => /[^\x00-\x7f]/.test(w))
    .join('')
    .toLowerCase();
  if (!letters.length) return 0;
  let v = 0;
  for (const ch of letters) if (VOWELS.has(ch)) v++;
  return Math.abs(v / letters.length - 0.42);
}

/** chardet's names for each candidate (its ISO-8859-2 recogniser says windows-1250 when C1 bytes occur). */
const DETECTOR_NAMES: Record<Candidate, string[]> = {
  'utf-8': ['UTF-8'],
  'windows-1250': ['windows-1250', 'ISO-8859-2'],
  'iso-8859-2': ['ISO-8859-2', 'windows-1250'],
  'windows-1251': ['windows-1251'],
  'koi8-r': ['KOI8-R'],
};

/** Letters of Czech and English (and the few Slovak and German ones Czech players write in names). */
const LATIN_OK = new Set([...'áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽäĺľŕôöüÄĹĽŔÔÖÜß']);
/** Punctuation of Czech, Russian and English typography beyond ASCII. */
const PUNCT_OK = new Set([...'\u00a0„“”‚‘’«»–—…€°§×·•№\u00ad']);

function canonical(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const ASCII_NAMES = new Set(['usascii', 'ascii', 'ansix341968', 'iso646us', 'us']);
/** Never decoded from (as in mailparser): UTF-7 can smuggle markup, base64 and hex are transfer encodings. */
const REFUSED = /^(?:(?:cs)?unicode11)?utf7(?:imap)?$|^base64$|^hex$/;

export interface Decoded {
  text: string;
  /** The charset the text was decoded with. */
  charset: string;
  /** Set when the text was not decoded as declared: how it was read, and why. */
  note: string | null;
  /** The charset the part declared (null: none). */
  declared: string | null;
}

/** Characters that say the text was decoded with the wrong charset; 0 for text a Czech, Russian or English writer could have written. */
export function oddCharacters(text: string): number {
  let odd = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) {
      if (c < 0x20 && ch !== '\t' && ch !== '\n' && ch !== '\r' && ch !== '\f') odd++;
      continue;
    }
    if (c === 0xfffd || (c >= 0x80 && c <= 0x9f)) odd++;
    else if (/\p{L}/u.test(ch)) {
      if (c >= 0x400 && c <= 0x45f) continue; // Cyrillic
      if (!LATIN_OK.has(ch)) odd++;
    } else if (!PUNCT_OK.has(ch) && !/[\p{M}\p{Zs}]/u.test(ch)) odd++;
  }
  // A sign wedged between two letters ("Pо№ка") is a byte read as the wrong character, not typography;
  // so is a euro sign that is not next to a number (0x80 read as windows-125x).
  for (const m of text.matchAll(/(?<=\p{L})[„“”«»°§×•№](?=\p{L})/gu)) if (m[0]) odd++;
  for (const m of text.matchAll(/(?<!\d ?)€(?! ?\d)/gu)) if (m[0]) odd++;
  for (const word of text.match(/\p{L}+/gu) ?? []) {
    const cyr = (word.match(/[\u0400-\u04ff]/g) ?? []).length;
    const latin = (word.match(/\p{Script=Latin}/gu) ?? []).length;
    if (cyr && latin) odd += Math.min(cyr, latin);
    // "хцпЮ": an upper-case letter after a lower-case one, as a Cyrillic charset read as another leaves.
    else if (cyr && /\p{Ll}\p{Lu}/u.test(word)) odd++;
  }
  return odd;
}

/** The words that hold 8-bit bytes: what tells one single-byte charset from another (the ASCII keywords only blur it). */
function eightBitWords(bytes: Buffer): Buffer {
  const out: number[] = [];
  let word: number[] = [];
  let high = false;
  const flush = () => {
    if (high) out.push(...word, 0x20);
    word = [];
    high = false;
  };
  for (const b of bytes) {
    if (b >= 0x80 || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a)) {
      word.push(b);
      if (b >= 0x80) high = true;
    } else flush();
  }
  flush();
  return Buffer.from(out);
}

export function isValidUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function decodeAs(bytes: Buffer, charset: string): string {
  return iconv.decode(bytes, charset).replace(/^\uFEFF/, '');
}

/** What the declared charset says, in the judge's terms: the name to decode with, and whether it allows 8-bit bytes at all. */
function declaredCharset(declared: string | null): { use: string; label: string | null; ascii: boolean } {
  const label = declared?.trim().replace(/^"|"$/g, '').toLowerCase() || null;
  if (!label) return { use: 'utf-8', label: null, ascii: false };
  const c = canonical(label);
  if (ASCII_NAMES.has(c)) return { use: 'utf-8', label, ascii: true };
  if (REFUSED.test(c) || !iconv.encodingExists(label)) return { use: 'utf-8', label, ascii: false };
  return { use: canonical(label) === 'utf8' ? 'utf-8' : label, label, ascii: false };
}

function why(declared: { use: string; label: string | null; ascii: boolean }, text: string): string {
  if (declared.ascii) return 'us-ascii has no 8-bit characters';
  if (declared.use === 'utf-8') return declared.label ? 'not valid UTF-8' : 'no charset declared and not valid UTF-8';
  if (/[\u0080-\u009f]/.test(text)) return 'C1 control characters';
  return 'letters that are not Czech, Russian or English';
}

/**
 * Decode a text part's bytes (transfer encoding already undone). As declared
 * when that gives plausible text; otherwise as the candidate charset with the
 * fewest odd characters (when it has at most half as many), with a note saying so. Between candidates that tie,
 * chardet's confidence decides, then the share of vowels (real words), then
 * the order of CANDIDATE_CHARSETS. `langs`: the languages of the sender's
 * seats, when the sender is a known player (a Czech player's mail is not KOI8-R).
 */
export function decodeBody(bytes: Buffer, declaredName: string | null, langs?: Lang[]): Decoded {
  const declared = declaredCharset(declaredName);
  // A UTF-16 byte-order mark (Windows Notepad's "Unicode") says it all, whatever was declared.
  const bom =
    bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : null;
  if (bom && !canonical(declared.use).startsWith('utf16'))
    return {
      text: decodeAs(bytes, bom),
      charset: bom,
      note: `text decoded as ${bom} (declared ${declared.label ?? 'none'}: a UTF-16 byte-order mark)`,
      declared: declared.label,
    };
  const text = decodeAs(bytes, declared.use);
  const kept = { text, charset: declared.use, note: null, declared: declared.label };
  if (!bytes.some((b) => b >= 0x80)) return kept;
  const utf8 = isValidUtf8(bytes);
  if (declared.use === 'utf-8' && utf8)
    return {
      ...kept,
      note: declared.ascii ? `text decoded as utf-8 (declared ${declared.label}: ${why(declared, text)})` : null,
    };
  const odd = oddCharacters(text);
  if (odd === 0) return kept;
  const detected = [...chardet.analyse(bytes), ...chardet.analyse(eightBitWords(bytes))];
  const confidence = (cs: Candidate) =>
    Math.max(0, ...detected.filter((m) => DETECTOR_NAMES[cs].includes(m.name)).map((m) => m.confidence));
  const options = candidatesFor(langs)
    .filter((cs) => canonical(cs) !== canonical(declared.use) && (cs !== 'utf-8' || utf8))
    .map((cs, order) => {
      const t = decodeAs(bytes, cs);
      return { cs, text: t, odd: oddCharacters(t), confidence: confidence(cs), vowels: vowelDistance(t), order };
    });
  options.sort((a, b) => a.odd - b.odd || b.confidence - a.confidence || a.vowels - b.vowels || a.order - b.order);
  const best = options[0];
  // Another charset must clear at least half of the odd characters: text that reads badly in every
  // charset (binary, or mangled on the way) is kept as declared, and its lines are reported unreadable.
  if (!best || best.odd * 2 > odd) return kept;
  return {
    text: best.text,
    charset: best.cs,
    note: `text decoded as ${best.cs} (declared ${declared.label ?? 'none'}: ${why(declared, text)})`,
    declared: declared.label,
  };
}

/** A line that still holds characters no decoding could make sense of (U+FFFD, control characters). */
export function isMangled(line: string): boolean {
  return /[\uFFFD\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F]/.test(line);
}
