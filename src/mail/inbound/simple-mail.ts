// A mail of one text/plain part — nearly every order mail — read without
// mailparser's stream pipeline, with mailparser's own pieces: the header lines
// go through mailsplit's MimeNode (the class mailparser's splitter builds each
// part with, required from where mailparser requires it), their values
// through MailParser's processHeaders, and the body through the transfer
// decoder that MimeNode hands mailparser (base64, quoted-printable or as is).
// What comes out is what simpleParser gives for such a mail, in every field
// normalize reads (tests/mail/simple-mail.test.ts compares the two readings):
// only the stream plumbing is left out, which was most of a mail's parse (a
// Transform stream for the splitter, the parser, each decoder, events and
// ticks between them). Anything else — several parts, an attachment, a
// disposition, format=flowed, header bytes that are not 7-bit, a header
// block that does not end — is left to simpleParser (null).
import { createRequire } from 'node:module';
import type { ParsedMail } from 'mailparser';

/** The parts of mailsplit's MimeNode this reads (lib/mime-node.js). */
interface MimeNodeLike {
  addHeaderChunk(line: Buffer): boolean;
  parseHeaders(): void;
  getDecoder(): {
    _transform(chunk: Buffer, enc: string, done: (e?: Error | null, data?: Buffer) => void): void;
    _flush?(done: (e?: Error | null, data?: Buffer) => void): void;
    push(b: Buffer | null): boolean;
  };
  headers: { lines: unknown[]; getList(): unknown[] };
  multipart: string | false;
  contentType: string | false;
  charset: string | false;
  disposition: string | false;
  filename: string | false;
  flowed: boolean;
  messageNode?: boolean;
}

/** The part of MailParser this uses: its reading of header values (mail-parser.js processHeaders). */
interface HeaderReader {
  processHeaders(lines: unknown[]): Map<string, unknown>;
}

interface Pieces {
  MimeNode: new (parent: false, config: object) => MimeNodeLike;
  reader: HeaderReader;
}

let pieces: Pieces | null | undefined;

/** mailsplit as mailparser requires it, and one MailParser for its header reading; null if either is not what this expects. */
function load(mailparser: typeof import('mailparser'), options: object): Pieces | null {
  if (pieces !== undefined) return pieces;
  try {
    const fromParser = createRequire(createRequire(import.meta.url).resolve('mailparser'));
    const { MimeNode } = fromParser('@zone-eu/mailsplit') as { MimeNode: Pieces['MimeNode'] };
    const reader = new mailparser.MailParser(options) as unknown as HeaderReader;
    pieces =
      typeof MimeNode === 'function' && typeof reader.processHeaders === 'function' ? { MimeNode, reader } : null;
  } catch {
    pieces = null;
  }
  return pieces;
}

/** The longest mail read this way (a bigger one is rare, and mailparser takes it in chunks). */
const MAX_BYTES = 1024 * 1024;
/** The most header bytes read this way (mailsplit's own limit is 1 MiB). */
const MAX_HEAD = 64 * 1024;

/**
 * The headers whose values normalize reads from a parse: simpleParser's mail
 * fields it uses, and Content-Type (its other headers it reads from the raw
 * header lines). The mail this gives has only these of simpleParser's
 * `headers` and fields.
 */
const COPIED = ['subject', 'references', 'date', 'from', 'message-id', 'in-reply-to', 'reply-to'];
const READ = new Set([...COPIED, 'content-type']);

/** The transfer decoder's output for the whole body, run as mailparser's stream would run it (one write, then the end). */
function transferDecode(node: MimeNodeLike, body: Buffer): Buffer {
  const decoder = node.getDecoder();
  const out: Buffer[] = [];
  const take = (e?: Error | null, data?: Buffer) => {
    if (e) throw e;
    if (data) out.push(data);
  };
  decoder.push = (b) => {
    if (b) out.push(b);
    return true;
  };
  if (body.length) decoder._transform(body, 'buffer', take);
  // A PassThrough (7bit, 8bit, binary, none) has nothing to flush.
  decoder._flush?.(take);
  return Buffer.concat(out);
}

/**
 * simpleParser's result for a one-part text/plain mail (raw already marked by
 * normalize's markCharsets), or null when the mail is anything else.
 * `decodeText` is what the Iconv option would do with the part's bytes and its
 * (marked) charset. It may throw: then the caller parses the mail with
 * simpleParser, which fails the same way.
 */
export function parseSimple(
  mailparser: typeof import('mailparser'),
  options: object,
  marked: Buffer,
  mark: string,
  decodeText: (bytes: Buffer, charset: string) => string,
): ParsedMail | null {
  if (marked.length > MAX_BYTES) return null;
  const p = load(mailparser, options);
  if (!p) return null;
  // The header lines as mailsplit's splitter cuts them: each up to and including its LF, the block ended by an empty line.
  const node = new p.MimeNode(false, options);
  let pos = 0;
  let lines = 0;
  for (;;) {
    const nl = marked.indexOf(0x0a, pos);
    if (nl < 0 || nl >= MAX_HEAD) return null;
    for (let i = pos; i < nl; i++) {
      const b = marked[i]!;
      if (b >= 0x80 || b === 0) return null;
    }
    const ends = node.addHeaderChunk(marked.subarray(pos, nl + 1));
    pos = nl + 1;
    lines++;
    if (ends) break;
  }
  if (lines < 2) return null;
  node.parseHeaders();
  const charset = typeof node.charset === 'string' ? node.charset : '';
  if (
    node.multipart ||
    node.contentType !== 'text/plain' ||
    node.disposition ||
    node.filename ||
    node.flowed ||
    node.messageNode ||
    !charset.toLowerCase().startsWith(mark)
  )
    return null;
  // Only the header values the judge reads are worked out (each line is read on its own, and lines of one
  // name keep their order): Received, DKIM-Signature and the rest were most of a real mail's reading.
  const headers = p.reader.processHeaders(node.headers.getList().filter((l) => READ.has((l as { key: string }).key)));
  const bytes = transferDecode(node, marked.subarray(pos));
  // As mailparser reads the decoder's output: UTF-8 bytes to a string, line ends unified.
  const text = Buffer.from(decodeText(bytes, charset), 'utf8').toString().replace(/\r?\n/g, '\n');
  const mail: Record<string, unknown> = { attachments: [], headers, headerLines: node.headers.lines };
  if (text) mail.text = text;
  // The header values simpleParser copies onto the mail (simple-parser.js, at 'end'), of those read.
  for (const key of COPIED)
    if (headers.has(key)) mail[key.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())] = headers.get(key);
  return mail as unknown as ParsedMail;
}
