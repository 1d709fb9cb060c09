// Raw RFC 822 bytes → what the judge needs: sender, threading headers, and the
// plain text in which orders are looked for (mailparser decodes charsets and
// turns HTML-only mail into text; orders may also come in .txt attachments).
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';

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

export async function normalize(raw: Buffer): Promise<NormalizedMail> {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  const headers = headerLines(parsed);
  const from = firstAddress(parsed.from);
  const replyTo = firstAddress(parsed.replyTo);
  const rp = headers.get('return-path')?.[0];
  const parts: string[] = [];
  if (parsed.text) parts.push(parsed.text);
  for (const att of parsed.attachments ?? []) {
    const isText = att.contentType === 'text/plain' || TEXT_ATTACHMENT.test(att.filename ?? '');
    if (isText && att.content.length <= 256 * 1024) parts.push(att.content.toString('utf8'));
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
