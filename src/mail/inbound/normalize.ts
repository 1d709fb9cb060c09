// Raw RFC 822 bytes → what the judge needs: sender, threading headers, and the
// plain text in which orders are looked for (mailparser decodes charsets and
// turns HTML-only mail into text; orders may also come in .txt attachments).
import iconv from 'iconv-lite';
import { simpleParser, type AddressObject, type Attachment, type ParsedMail } from 'mailparser';

export interface NormalizedMail {
  messageId: string | null;
  from: string | null; // lower-cased address
  fromName: string | null;
  replyTo: string | null;
  returnPath: string | null; // '' for the null return path <>
  subject: string;
  date: Date | null;
  inReplyTo: string | null;
  references: string[];
  /** All header lines, names lower-cased, for loop checks. */
  headers: Map<string, string[]>;
  contentType: string;
  /** Body text, then each text attachment, separated by blank lines. */
  text: string;
  /** Set when the declared charset was missing or wrong and the text was decoded again. */
  charsetNote: string | null;
}

function firstAddress(a: AddressObject | AddressObject[] | undefined): { address: string | null; name: string | null } {
  const obj = Array.isArray(a) ? a[0] : a;
  const v = obj?.value?.[0];
  return { address: v?.address ? v.address.toLowerCase() : null, name: v?.name || null };
}

function headerLines(parsed: ParsedMail): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const { key, line } of parsed.headerLines) {
    const value = line.slice(line.indexOf(':') + 1).trim();
    const list = out.get(key.toLowerCase()) ?? [];
    list.push(value);
    out.set(key.toLowerCase(), list);
  }
  return out;
}

const TEXT_ATTACHMENT = /\.(txt|text|ord|orders?)$/i;

const PARSE_OPTIONS = { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true } as const;

/**
 * Charsets tried, in this order, when the declared one (or the default) gives
 * U+FFFD: what Czech and Russian mail clients send undeclared.
 */
export const FALLBACK_CHARSETS = ['windows-1250', 'iso-8859-2', 'windows-1251', 'koi8-r'] as const;

const CZECH = 'áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ';

/**
 * How much a decoded text looks like Czech, Russian or English written by a
 * person: letters of one script per word, lower case mostly, no U+FFFD and no
 * C1 control characters (what a wrong single-byte charset leaves behind).
 */
export function plausibility(text: string): number {
  let score = 0;
  for (const ch of text) {
    if (ch === '\uFFFD') score -= 10;
    else if (ch >= '\u0080' && ch <= '\u009F') score -= 5;
  }
  for (const word of text.match(/\p{L}+/gu) ?? []) {
    const cyr = (word.match(/[\u0400-\u04FF]/g) ?? []).length;
    const latin = (word.match(/\p{Script=Latin}/gu) ?? []).length;
    if (cyr && latin) {
      score -= 3 * word.length;
      continue;
    }
    if (cyr) {
      for (const [i, ch] of [...word].entries()) score += ch === ch.toLowerCase() ? 1 : i === 0 ? 1 : 0.3;
      continue;
    }
    let foreign = 0;
    for (const ch of word) {
      if (/[A-Za-z]/.test(ch) || CZECH.includes(ch)) score += 1;
      else foreign++;
    }
    score -= foreign * (foreign * 2 > word.length ? 3 : 1);
  }
  return score;
}

/**
 * The raw message with every text/plain and text/html part declared in
 * `charset` (and a Content-Type added when the message has none), so the
 * parser decodes the same bytes again under another charset.
 */
export function withCharset(raw: Buffer, charset: string): Buffer {
  let s = raw.toString('latin1');
  s = s.replace(/^(content-type:[ \t]*text\/(?:plain|html))((?:[^\r\n]|\r?\n[ \t])*)/gim, (_all, type: string, params: string) => {
    const kept = params.replace(/;?\s*charset\s*=\s*("[^"]*"|[^;\s]*)/gi, '');
    return `${type}${kept}; charset=${charset}`;
  });
  const headEnd = s.search(/\r?\n\r?\n/);
  const head = headEnd >= 0 ? s.slice(0, headEnd) : s;
  if (!/^content-type:/im.test(head)) s = `Content-Type: text/plain; charset=${charset}\r\n${s}`;
  return Buffer.from(s, 'latin1');
}

/** Decode bytes as the declared charset, or — when that gives U+FFFD — as the most plausible fallback. */
export function decodeText(bytes: Buffer, declared: string | null): { text: string; charset: string } {
  const first = declared && iconv.encodingExists(declared) ? declared : 'utf-8';
  const text = iconv.decode(bytes, first).replace(/^\uFEFF/, '');
  if (!text.includes('\uFFFD')) return { text, charset: first };
  let best = { text, charset: first, score: plausibility(text) };
  for (const cs of FALLBACK_CHARSETS) {
    const t = iconv.decode(bytes, cs);
    const sc = plausibility(t);
    if (sc > best.score) best = { text: t, charset: cs, score: sc };
  }
  return { text: best.text, charset: best.charset };
}

function attachmentCharset(att: Attachment): string | null {
  const ct = att.headers.get('content-type') as { params?: Record<string, string> } | string | undefined;
  return typeof ct === 'object' && ct?.params?.charset ? ct.params.charset : null;
}

/** The body text; when it holds U+FFFD, the same message decoded under each fallback charset, the most plausible kept. */
async function bodyText(raw: Buffer, parsed: ParsedMail): Promise<{ text: string; note: string | null }> {
  const text = parsed.text ?? '';
  if (!text.includes('\uFFFD')) return { text, note: null };
  let best = { text, score: plausibility(text), charset: '' };
  for (const cs of FALLBACK_CHARSETS) {
    const again = await simpleParser(withCharset(raw, cs), PARSE_OPTIONS).catch(() => null);
    const t = again?.text ?? '';
    const sc = plausibility(t);
    if (sc > best.score) best = { text: t, score: sc, charset: cs };
  }
  return { text: best.text, note: best.charset ? `text decoded as ${best.charset} (the declared charset gave invalid characters)` : null };
}

export async function normalize(raw: Buffer): Promise<NormalizedMail> {
  const parsed = await simpleParser(raw, PARSE_OPTIONS);
  const headers = headerLines(parsed);
  const from = firstAddress(parsed.from);
  const replyTo = firstAddress(parsed.replyTo);
  const rp = headers.get('return-path')?.[0];
  const parts: string[] = [];
  const body = await bodyText(raw, parsed);
  if (body.text) parts.push(body.text);
  for (const att of parsed.attachments ?? []) {
    const isText = att.contentType === 'text/plain' || TEXT_ATTACHMENT.test(att.filename ?? '');
    if (isText && att.content.length <= 256 * 1024) parts.push(decodeText(att.content, attachmentCharset(att)).text);
  }
  const refs = parsed.references;
  return {
    messageId: parsed.messageId ?? null,
    from: from.address,
    fromName: from.name,
    replyTo: replyTo.address,
    returnPath: rp === undefined ? null : rp.replace(/^<|>$/g, '').trim().toLowerCase(),
    subject: parsed.subject ?? '',
    date: parsed.date ?? null,
    inReplyTo: parsed.inReplyTo ?? null,
    references: Array.isArray(refs) ? refs : refs ? [refs] : [],
    headers,
    contentType: (headers.get('content-type')?.[0] ?? 'text/plain').toLowerCase(),
    text: cleanText(parts.join('\n\n')),
    charsetNote: body.note,
  };
}

/** Line ends unified, BOMs and zero-width characters out, NFC. */
export function cleanText(s: string): string {
  return s
    .replace(/\r\n?/g, '\n')
    .replace(/[\uFEFF\u200B\u200C\u200D\u2060]/g, '')
    .replace(/\u00A0/g, ' ')
    .normalize('NFC');
}
