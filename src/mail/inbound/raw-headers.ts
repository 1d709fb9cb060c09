// Header text in raw 8-bit bytes. RFC 2047 says a header's non-ASCII text is
// written as encoded words (=?windows-1250?Q?…?=); some clients (old Outlook
// Express, scripts calling mail() or sendmail) write the bytes of their own
// charset instead: "Subject: Příkazy" in windows-1250, ISO-8859-2, KOI8-R or
// windows-1251. mailparser reads raw header bytes as UTF-8 (RFC 6532), and
// bytes that are no UTF-8 become U+FFFD: the subject the judge quotes in its
// answers, and the sender's name, came out garbled. Before the mail is parsed,
// the text headers' 8-bit bytes are decoded — the charset the mail declares
// for its text is the strong hint, else the one the bytes read best as
// (charset.ts: the candidates, chardet) — and written back as UTF-8, which
// mailparser reads right. The mail as stored keeps its bytes.
import iconv from 'iconv-lite';
import type { Lang } from '../../engine/types.js';
import { decodeBody, isValidUtf8 } from './charset.js';

/** Headers of text a person reads (subject, names): the ones decoded. Received, DKIM-Signature and the rest stay as they are. */
const TEXT_HEADERS = new Set(['subject', 'from', 'to', 'cc', 'reply-to', 'sender', 'thread-topic', 'comments']);

/** The most header bytes read (as rawFrom and headerFallback). */
const MAX_HEAD = 64 * 1024;

/** One header field (with its folded lines) of the latin1-read header block: name and value. */
const FIELD = /^([!-9;-~]+):((?:[^\r\n]|\r?\n[ \t])*)/gm;

/** The charset the mail declares for its (first) text part: what its writer's client writes in. */
const TEXT_CHARSET = /^content-type:[ \t]*text\/(?:[^\r\n]|\r?\n[ \t])*?charset\s*=\s*"?([^";\s]+)/im;

/** Where the header block ends (the offset of its blank line), or -1 when there is none within MAX_HEAD; and whether it holds 8-bit bytes. */
function headerEnd(raw: Buffer): { end: number; high: boolean } {
  const limit = Math.min(raw.length, MAX_HEAD);
  let high = false;
  for (let i = 0; i < limit; i++) {
    const b = raw[i]!;
    if (b >= 0x80) high = true;
    else if (b === 0x0a && (raw[i + 1] === 0x0a || (raw[i + 1] === 0x0d && raw[i + 2] === 0x0a)))
      return { end: i + 1, high };
  }
  return { end: -1, high };
}

export interface RawHeaders {
  /** The message with its text headers' 8-bit bytes as UTF-8 (the same buffer when there was nothing to do). */
  raw: Buffer;
  /** What was done, for the stored reason (null: nothing). */
  note: string | null;
}

/**
 * The message with the raw 8-bit bytes of its text headers (Subject, From, To …)
 * decoded and written as UTF-8. Bytes that already are UTF-8 stay. `langs`: the
 * languages of the sender's seats, when he is a known player.
 */
export function utf8Headers(raw: Buffer, langs?: Lang[]): RawHeaders {
  const { end, high } = headerEnd(raw);
  if (!high || end < 0) return { raw, note: null };
  const head = raw.subarray(0, end).toString('latin1');
  const fields: { name: string; start: number; value: string }[] = [];
  for (const m of head.matchAll(FIELD)) {
    const name = m[1]!.toLowerCase();
    const value = m[2]!;
    if (!TEXT_HEADERS.has(name) || !/[\x80-\xff]/.test(value)) continue;
    if (isValidUtf8(Buffer.from(value, 'latin1'))) continue;
    fields.push({ name, start: m.index + m[1]!.length + 1, value });
  }
  if (!fields.length) return { raw, note: null };
  // One charset for all of them (one client wrote them): read from all their bytes together, which tells more than a subject alone.
  const sample = Buffer.from(fields.map((f) => f.value).join(' '), 'latin1');
  const declared = TEXT_CHARSET.exec(raw.subarray(0, MAX_HEAD).toString('latin1'))?.[1] ?? null;
  // Header bytes are never UTF-16: a body declared so is no hint, and bytes that look like a byte-order mark stay as they are.
  const utf16 = /^utf-?16/i;
  const charset = decodeBody(sample, declared && !utf16.test(declared) ? declared : null, langs).charset;
  if (utf16.test(charset)) return { raw, note: null };
  let out = '';
  let at = 0;
  for (const f of fields) {
    const text = iconv.decode(Buffer.from(f.value, 'latin1'), charset);
    out += head.slice(at, f.start) + Buffer.from(text, 'utf8').toString('latin1');
    at = f.start + f.value.length;
  }
  out += head.slice(at);
  const names = [...new Set(fields.map((f) => f.name))].join(', ');
  return {
    raw: Buffer.concat([Buffer.from(out, 'latin1'), raw.subarray(end)]),
    note: `header ${names}: 8-bit text without RFC 2047 encoding, read as ${charset}`,
  };
}
