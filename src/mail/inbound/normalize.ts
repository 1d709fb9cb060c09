// Raw RFC 822 bytes → what the judge needs: sender, threading headers, and the
// plain text in which orders are looked for, section by section: the body
// (mailparser turns HTML-only mail into text), each .txt attachment, and each
// message enclosed as an attachment (a forward "as attachment", message/rfc822),
// whose own parts, charsets and transfer encodings are decoded the same way.
// Every text part's charset is checked (charset.ts): a declared charset that
// lies is replaced by the right one, with a note.
import { EventEmitter } from 'node:events';
import type { AddressObject, Attachment, IconvConstructor, ParsedMail } from 'mailparser';
import type { Lang } from '../../engine/types.js';

let mailparser: typeof import('mailparser') | undefined;
import { decodeBody, type Decoded } from './charset.js';
import { parseSimple } from './simple-mail.js';
import { htmlText } from './html-body.js';
import { lostLetterWords, mayHaveLostLetters } from './alternative.js';
import { findBlocks } from './envelope.js';
import { headerAddress } from './header-address.js';
import { utf8Headers } from './raw-headers.js';

/** Where a section of a mail's text came from. */
export type SectionOrigin = 'body' | 'attachment' | 'enclosed';

export interface MailSection {
  origin: SectionOrigin;
  /** The attachment's file name, or the enclosed message's subject. */
  name: string | null;
  text: string;
}

export interface CharsetFix {
  declared: string | null;
  used: string;
}

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
  /**
   * The texts orders are looked for in, each on its own (a signature in the
   * body does not hide an attachment): the body, the text attachments, the
   * enclosed messages' texts.
   */
  sections: MailSection[];
  /** All sections, separated by blank lines. */
  text: string;
  /** Set when a text part's declared charset was missing or wrong and it was decoded otherwise: how, and why. */
  charsetNote: string | null;
  /** Each such part: what it declared (null: nothing) and what it was read as. */
  charsetFixes: CharsetFix[];
  /**
   * Set when the MIME structure cannot be read: a multipart whose boundary
   * never occurs has no parts at all (what precedes a first boundary is the
   * preamble, RFC 2046, never the message).
   */
  unreadable: { type: string; boundary: string } | null;
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
const MAX_TEXT_ATTACHMENT = 256 * 1024;
/** Forwards of forwards: enough for any real mail, and a bound for a crafted one. */
const MAX_DEPTH = 3;

// skipHtmlToText: the HTML part's text is made by html-body.ts, with whole lines.
const PARSE_OPTIONS = {
  skipImageLinks: true,
  skipTextToHtml: true,
  skipTextLinks: true,
  skipHtmlToText: true,
} as const;

/** The charset parameter value that hands a text part's bytes to the judge's decoder, with what was declared. */
const MARK = 'x-judge.';

/**
 * The raw message with every text/plain and text/html part's charset
 * wrapped as `x-judge.<declared>` (`x-judge.` when none was declared, and a
 * Content-Type added when the message has none), so that mailparser hands
 * the bytes of every text part — UTF-8 and us-ascii ones too, which it would
 * otherwise decode itself — to the judge's decoder (`decodeBody`).
 */
export function markCharsets(raw: Buffer): Buffer {
  let s = raw.toString('latin1');
  s = s.replace(
    /^(content-type:[ \t]*text\/(?:plain|html))((?:[^\r\n]|\r?\n[ \t])*)/gim,
    (_all, type: string, params: string) => {
      const m = /;?\s*charset\s*=\s*("[^"]*"|[^;\s]*)/i.exec(params);
      const declared = m ? m[1]!.replace(/^"|"$/g, '') : '';
      if (declared.toLowerCase().startsWith(MARK)) return `${type}${params}`;
      const kept = m ? params.replace(m[0], '') : params;
      return `${type}${kept}; charset="${MARK}${declared}"`;
    },
  );
  const headEnd = s.search(/\r?\n\r?\n/);
  const head = headEnd >= 0 ? s.slice(0, headEnd) : s;
  if (!/^content-type:/im.test(head)) s = `Content-Type: text/plain; charset="${MARK}"\r\n${s}`;
  return Buffer.from(s, 'latin1');
}

interface Notes {
  notes: string[];
  fixes: CharsetFix[];
}

function record(n: Notes, d: Decoded, where?: string): void {
  if (!d.note) return;
  n.notes.push(where ? `${where}: ${d.note}` : d.note);
  n.fixes.push({ declared: d.declared, used: d.charset });
}

/** The charset a text part declared, from its marked charset (null: none). */
function declaredOf(marked: string): string | null {
  const f = marked.toLowerCase();
  return f.startsWith(MARK) ? f.slice(MARK.length) || null : marked;
}

/** A text part's bytes as text: decoded by `decodeBody` (the declared charset checked), what it did noted. */
function decodePart(
  bytes: Buffer,
  declared: string | null,
  notes: Notes,
  langs: Lang[] | undefined,
  where?: string,
): string {
  const d = decodeBody(bytes, declared, langs);
  record(notes, d, where);
  return d.text;
}

/**
 * What mailparser's `Iconv` option makes for each text part: collects the
 * part's bytes, decodes them with `decodeBody`, notes what it did. mailparser
 * wraps it in a stream of its own (IconvDecoder) and only writes to it, ends
 * it, and listens for its data, end and error: an event emitter with write and
 * end is all it needs.
 */
class JudgeDecoder extends EventEmitter {
  private chunks: Buffer[] = [];
  private readonly declared: string | null;
  private ended = false;
  constructor(
    from: string,
    private readonly notes: Notes,
    private readonly langs: Lang[] | undefined,
  ) {
    super();
    this.declared = declaredOf(from);
  }
  write(chunk: Buffer | string): boolean {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk);
    return true;
  }
  end(chunk?: Buffer | string): this {
    if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) this.write(chunk);
    if (this.ended) return this;
    this.ended = true;
    let text: string;
    try {
      text = decodePart(Buffer.concat(this.chunks), this.declared, this.notes, this.langs);
    } catch (e) {
      this.emit('error', e);
      return this;
    }
    this.emit('data', Buffer.from(text, 'utf8'));
    this.emit('end');
    return this;
  }
}

/**
 * The `Iconv` of one mail's parse: a plain function (mailparser calls it with
 * `new`, and gets the decoder it returns) over one class. A class made for
 * every mail, as this was, gave every mail's decoders shapes of their own, and
 * mailparser's code that handles them went slow (megamorphic) for all mails.
 */
function judgeDecoder(notes: Notes, langs: Lang[] | undefined): IconvConstructor {
  return function iconv(from: string) {
    return new JudgeDecoder(from, notes, langs);
  } as unknown as IconvConstructor;
}

function attachmentCharset(att: Attachment): string | null {
  const ct = att.headers.get('content-type') as { params?: Record<string, string> } | string | undefined;
  const cs = typeof ct === 'object' && ct?.params?.charset ? ct.params.charset : null;
  return cs?.toLowerCase().startsWith(MARK) ? cs.slice(MARK.length) || null : cs;
}

function bodyOf(raw: Buffer): string {
  const s = raw.toString('latin1');
  const m = /\r?\n\r?\n/.exec(s);
  return m ? s.slice(m.index + m[0].length) : '';
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Does the body hold an opening delimiter line of this boundary ("--boundary", not the closing "--boundary--")? */
function hasDelimiter(body: string, boundary: string): boolean {
  return new RegExp(`(^|\\n)--${escapeRe(boundary)}[ \\t]*\\r?(\\n|$)`).test(body);
}

/**
 * A multipart message whose parts cannot be found: its boundary never opens a
 * part (or it names none). Also a nested multipart like that, when nothing at
 * all could be read from the message.
 */
function brokenStructure(
  raw: Buffer,
  parsed: ParsedMail,
  nothingRead: boolean,
): { type: string; boundary: string } | null {
  const ct = parsed.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  const body = bodyOf(raw);
  if (ct?.value?.startsWith('multipart/')) {
    const boundary = ct.params?.boundary;
    if (!boundary || !hasDelimiter(body, boundary)) return { type: ct.value, boundary: boundary ?? '' };
  }
  if (!nothingRead) return null;
  for (const m of body.matchAll(
    /^content-type:[ \t]*(multipart\/[\w.+-]+)(?:[^\r\n]|\r?\n[ \t])*?boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/gim,
  )) {
    const boundary = m[2] ?? m[3]!;
    if (!hasDelimiter(body, boundary)) return { type: m[1]!.toLowerCase(), boundary };
  }
  return null;
}

export interface NormalizeOptions {
  /** The languages a sender writes in (a known player's seats): narrows the charsets tried when a declared one lies. */
  langsOf?: (address: string) => Lang[];
  /** Read every mail with simpleParser, a one-part mail too (the tests compare the two readings). */
  streamsOnly?: boolean;
  /** Is this one of the judge's own addresses (loops.ts isOwnAddress)? An enclosed message from one is the judge's, not orders. */
  isJudgeAddress?: (address: string) => boolean;
}

/**
 * Is this enclosed message one the judge sent (its start mail, a report, an
 * acknowledgement, attached by Outlook's "attach original message")? It
 * carries the judge's header (X-PBEM-Judge, transport.ts), or comes from one
 * of the judge's addresses. Its "HRA g1 alfa <heslo>" is a template, never a block.
 */
function isJudgeMail(m: NormalizedMail, opts: NormalizeOptions): boolean {
  return m.headers.has('x-pbem-judge') || (!!m.from && !!opts.isJudgeAddress?.(m.from));
}

/** The sender's address straight from the header bytes (before parsing: the charset guess may depend on who wrote). */
export function rawFrom(raw: Buffer): string | null {
  const head = raw.subarray(0, Math.min(raw.length, 64 * 1024)).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  const unfolded = (end >= 0 ? head.slice(0, end) : head).replace(/\r?\n[ \t]+/g, ' ');
  return headerAddress(/^from:(.*)$/im.exec(unfolded)?.[1]);
}

export async function normalize(raw: Buffer, opts: NormalizeOptions = {}, depth = 0): Promise<NormalizedMail> {
  const notes: Notes = { notes: [], fixes: [] };
  const sender = rawFrom(raw);
  const langs = sender && opts.langsOf ? opts.langsOf(sender) : undefined;
  // mailparser (and html-to-text, linkify-it, libmime with it) is loaded on the first mail a
  // command parses: intake's worker thread may never need it (the poll's thread parses for it).
  mailparser ??= await import('mailparser');
  const partLangs = langs?.length ? langs : undefined;
  const headerText = utf8Headers(raw, partLangs);
  if (headerText.note) notes.notes.push(headerText.note);
  const marked = markCharsets(headerText.raw);
  // A mail of one text/plain part is read without mailparser's streams (simple-mail.ts), else by simpleParser.
  let parsed: ParsedMail | null = null;
  if (!opts.streamsOnly)
    try {
      parsed = parseSimple(mailparser, PARSE_OPTIONS, marked, MARK, (bytes, charset) =>
        decodePart(bytes, declaredOf(charset), notes, partLangs),
      );
    } catch {
      // simpleParser reads it, and fails as it fails (nothing was noted: decodePart notes only what it decoded, and nothing after it throws).
    }
  parsed ??= await mailparser.simpleParser(marked, { ...PARSE_OPTIONS, Iconv: judgeDecoder(notes, partLangs) });
  const headers = headerLines(parsed);
  const from = firstAddress(parsed.from);
  const replyTo = firstAddress(parsed.replyTo);
  const rp = headers.get('return-path')?.[0];
  const sections: MailSection[] = [];
  const bodyText = await bodyTextOf(parsed, notes);
  if (bodyText.trim()) sections.push({ origin: 'body', name: null, text: bodyText });
  for (const att of parsed.attachments ?? []) {
    if (att.contentType === 'message/rfc822' && depth < MAX_DEPTH) {
      const inner = await normalize(att.content, opts, depth + 1).catch(() => null);
      // The judge's own mail, attached or forwarded back, is not read for orders; a player's mail forwarded is.
      if (!inner || isJudgeMail(inner, opts)) continue;
      for (const s of inner.sections) sections.push({ ...s, origin: 'enclosed', name: s.name ?? inner.subject });
      if (inner.charsetNote) notes.notes.push(`enclosed message: ${inner.charsetNote}`);
      notes.fixes.push(...inner.charsetFixes);
      continue;
    }
    const isText = att.contentType === 'text/plain' || TEXT_ATTACHMENT.test(att.filename ?? '');
    if (isText && att.content.length <= MAX_TEXT_ATTACHMENT) {
      const text = cleanText(
        decodePart(att.content, attachmentCharset(att), notes, partLangs, att.filename ?? 'attachment'),
      );
      if (text.trim()) sections.push({ origin: 'attachment', name: att.filename ?? null, text });
    }
  }
  const refs = parsed.references;
  const unreadable = brokenStructure(raw, parsed, sections.length === 0);
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
    sections,
    text: sections.map((s) => s.text).join('\n\n'),
    charsetNote: [...new Set(notes.notes)].join('; ') || null,
    charsetFixes: notes.fixes,
    unreadable,
  };
}

/**
 * The text the judge reads of the mail's body: its text part, or the HTML
 * part's text when there is no text part, when the text part holds no order
 * block and the HTML part does (html-body.ts), or when the text part has "?"
 * for letters the HTML part holds (alternative.ts).
 */
async function bodyTextOf(parsed: ParsedMail, notes: Notes): Promise<string> {
  const plain = cleanText(parsed.text ?? '');
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  if (!html.trim()) return plain;
  const hasBlock = !!plain.trim() && findBlocks(plain).length > 0;
  const suspect = mayHaveLostLetters(plain, html);
  if (hasBlock && !suspect) return plain;
  const fromHtml = await htmlText(html);
  if (fromHtml === null) return plain;
  const text = cleanText(fromHtml);
  const lost = suspect ? lostLetterWords(plain, text) : 0;
  if (lost) {
    notes.notes.push(`the text part has "?" for letters the HTML part holds (${lost} words): the HTML part was read`);
    return text;
  }
  return hasBlock || (plain.trim() && !findBlocks(text).length) ? plain : text;
}

/** The bidirectional embeddings, overrides and isolates (LRE … RLO, LRI … PDI). */
const BIDI_WRAP = /[\u202A-\u202E\u2066-\u2069]/;
const BIDI_WRAP_ALL = /[\u202A-\u202E\u2066-\u2069]/g;

/** A line without the direction controls that wrap it (text pasted from some apps comes so): those before its first and after its last visible character. */
function unwrapBidi(line: string): string {
  if (!BIDI_WRAP.test(line)) return line;
  const start = /^[\s\u202A-\u202E\u2066-\u2069]*/.exec(line)![0].length;
  let end = line.length;
  while (end > start && /[\s\u202A-\u202E\u2066-\u2069]/.test(line[end - 1]!)) end--;
  return (
    line.slice(0, start).replace(BIDI_WRAP_ALL, '') +
    line.slice(start, end) +
    line.slice(end).replace(BIDI_WRAP_ALL, '')
  );
}

/**
 * Line ends unified, BOMs, zero-width characters and direction marks (LRM,
 * RLM, ALM) out, the direction controls that wrap a line out, NFC. A direction
 * control inside a line stays: it is the player's text, and the judge's
 * answers show it as U+FFFD (render/bidi.ts); a start or end keyword is
 * recognised with one all the same (envelope.ts, skeleton).
 */
export function cleanText(s: string): string {
  const t = s
    .replace(/\r\n?/g, '\n')
    .replace(/\uFEFF|\u200B|\u200C|\u200D|\u2060|\u200E|\u200F|\u061C/g, '')
    .replace(/\u00A0/g, ' ')
    .normalize('NFC');
  return BIDI_WRAP.test(t) ? t.split('\n').map(unwrapBidi).join('\n') : t;
}

/**
 * When the parser gives up (more parts or header bytes than it takes, a
 * structure it cannot follow): what the header block says, read straight from
 * the bytes, so that the sender can still be answered and loops still caught.
 * No sections: the mail is answered "cannot read", never searched for orders.
 */
export function headerFallback(raw: Buffer): NormalizedMail {
  // Read as bytes (latin1), the text headers' 8-bit bytes first made UTF-8 (raw-headers.ts), so the subject reads right.
  const head = utf8Headers(raw.subarray(0, Math.min(raw.length, 64 * 1024))).raw.toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  const unfolded = (end >= 0 ? head.slice(0, end) : head).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string[]>();
  for (const line of unfolded.split(/\r?\n/)) {
    const m = /^([!-9;-~]+):[ \t]*(.*)$/.exec(line);
    if (!m) continue;
    const key = m[1]!.toLowerCase();
    headers.set(key, [...(headers.get(key) ?? []), m[2]!.trim()]);
  }
  const first = (k: string) => headers.get(k)?.[0];
  const rp = first('return-path');
  const refs = (first('references') ?? '').match(/<[^<>\s]+>/g) ?? [];
  const date = first('date') ? new Date(first('date')!) : null;
  return {
    messageId: /<[^<>\s]+>/.exec(first('message-id') ?? '')?.[0] ?? null,
    from: headerAddress(first('from')),
    fromName: null,
    replyTo: headerAddress(first('reply-to')),
    returnPath: rp === undefined ? null : rp.replace(/^<|>$/g, '').trim().toLowerCase(),
    subject: [...Buffer.from(first('subject') ?? '', 'latin1').toString('utf8')].slice(0, 300).join(''),
    date: date && !Number.isNaN(date.getTime()) ? date : null,
    inReplyTo: /<[^<>\s]+>/.exec(first('in-reply-to') ?? '')?.[0] ?? null,
    references: refs,
    headers,
    contentType: (first('content-type') ?? 'text/plain').toLowerCase(),
    sections: [],
    text: '',
    charsetNote: null,
    charsetFixes: [],
    unreadable: null,
  };
}
