// A one-part text/plain mail is read without mailparser's streams
// (src/mail/inbound/simple-mail.ts): what normalize makes of it must be what
// it makes with simpleParser, for the real-world corpus, for generated mails
// of every charset, transfer encoding, line end and header shape, and for
// mutated ones. And the mails it is meant for do take that way.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import * as mailparser from 'mailparser';
import { describe, expect, it } from 'vitest';
import { markCharsets, normalize, type NormalizedMail } from '../../src/mail/inbound/normalize.js';
import { parseSimple } from '../../src/mail/inbound/simple-mail.js';
import type { Lang } from '../../src/engine/types.js';

const DIR = join(import.meta.dirname, '../fixtures/mail');
const corpus = readdirSync(DIR)
  .filter((f) => f.endsWith('.eml'))
  .map((f) => ({ name: f, raw: readFileSync(join(DIR, f)) }));

const langsOf = (a: string): Lang[] => (a.endsWith('.ru') ? ['ru'] : a.endsWith('.cz') ? ['cs'] : []);

/** Read without streams at all (what normalize tries first)? */
function simple(raw: Buffer): boolean {
  return parseSimple(mailparser, {}, markCharsets(raw), 'x-judge.', (b) => b.toString('latin1')) !== null;
}

/** A reading as plain data: maps as entry lists, the date in ms. */
function plain(m: NormalizedMail): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify({ ...m, date: m.date ? m.date.getTime() : null }, (_k, v: unknown) =>
      v instanceof Map ? [...v] : v,
    ),
  );
}

/** Both readings of raw: equal, or both refused with the same error. */
async function sameBothWays(raw: Buffer): Promise<void> {
  const read = (streamsOnly: boolean) =>
    normalize(raw, { langsOf, streamsOnly }).then(plain, (e: Error) => ({ error: e.message }));
  const [a, b] = [await read(false), await read(true)];
  // The dates within 10 s of each other (an unreadable Date header reads as the time of each parse), the rest equal.
  if ('date' in a && 'date' in b && typeof a.date === 'number' && typeof b.date === 'number') {
    expect(Math.abs(a.date - b.date)).toBeLessThanOrEqual(10_000);
    b.date = a.date;
  }
  expect(a).toEqual(b);
}

const enc = (charset: string, s: string) =>
  charset === 'utf-8' || charset === '' ? Buffer.from(s, 'utf8') : iconv.encode(s, charset);

const TEXTS = [
  'GAME tavern alice apple\nROLL 2d6 attack\nEND\n',
  'Привет!\n\nИГРА tavern boris berry\nБРОСОК 4dF+1 торг с трактирщиком\nКОНЕЦ\n\n-- \nБорис\n',
  'Ahoj sudí,\nHRA hospoda cyril koruna\nHOD 3d6 šplh po zdi\nKONEC\n',
  '',
  '\n\n',
  'line with trailing spaces   \nand a tab\t\n> quoted = equals =3D and =\nsoft',
  'a'.repeat(300) + '\n' + 'ž'.repeat(120),
];
const CHARSETS = ['utf-8', 'koi8-r', 'windows-1251', 'iso-8859-2', 'windows-1250', ''];

/** A one-part mail as mail clients write it: every header choice drawn. */
const oneParter = fc
  .record({
    text: fc.constantFrom(...TEXTS),
    charset: fc.constantFrom(...CHARSETS),
    quoted: fc.boolean(),
    cte: fc.constantFrom(
      '7bit',
      '8bit',
      'quoted-printable',
      'base64',
      'BASE64',
      'Quoted-Printable',
      '',
      'binary',
      'x-uuencode',
      '"base64"',
    ),
    crlf: fc.boolean(),
    from: fc.constantFrom(
      'Alice <alice@example.org>',
      '=?utf-8?B?0JHQvtGA0LjRgQ==?= <boris@example.ru>',
      '"Cyril, the Brave" <Cyril@Example.CZ>',
      'dana@example.cz (Dana)',
      '<>',
      'undisclosed',
    ),
    replyTo: fc.option(fc.constantFrom('Other <other@example.org>', 'alice@example.org'), { nil: undefined }),
    subject: fc.constantFrom(
      'orders',
      '=?koi8-r?Q?=F0=D2=C9=CB=C1=DA=D9?=',
      '=?utf-8?Q?Rozkazy_na_tah?= =?utf-8?B?IMW+?=',
      'Re: [tavern] my  orders',
      '',
    ),
    messageId: fc.constantFrom('<m1@example.org>', 'm2@example.org', '', '<a@b> <c@d>'),
    references: fc.option(fc.constantFrom('<r1@x> <r2@x>', '<r1@x>\r\n <r2@x>', 'junk'), { nil: undefined }),
    date: fc.constantFrom('Sun, 29 Nov 2026 08:00:00 +0000', 'not a date', '29 Nov 2026 08:00 +0100'),
    extra: fc.array(
      fc.constantFrom(
        'Received: from a by b; Sun, 29 Nov 2026 08:00:00 +0000',
        'X-Mailer: Thunderbird',
        'Auto-Submitted: no',
        'Content-Disposition: inline',
        'Content-Disposition: attachment; filename=o.txt',
        'Return-Path: <alice@example.org>',
        'MIME-Version: 1.0',
        'X-Folded: a\r\n b\r\n c',
      ),
      { maxLength: 4 },
    ),
    format: fc.constantFrom('', '; format=flowed', '; format=flowed; delsp=yes', '; name="orders.txt"'),
    typeCase: fc.constantFrom('text/plain', 'TEXT/PLAIN', 'text/html', 'none'),
  })
  .map((r) => {
    const body = enc(r.charset, r.text);
    const cte = r.cte.replace(/"/g, '').toLowerCase();
    const encoded =
      cte === 'base64'
        ? Buffer.from(body.toString('base64').replace(/.{76}/g, '$&\n'))
        : cte === 'quoted-printable'
          ? Buffer.from(
              body
                .toString('latin1')
                .replace(/[=\x80-\xff]/g, (c) => `=${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`),
              'latin1',
            )
          : body;
    const cs = r.charset ? `; charset=${r.quoted ? `"${r.charset}"` : r.charset}` : '';
    const headers = [
      `From: ${r.from}`,
      'To: judge@localhost',
      `Subject: ${r.subject}`,
      `Date: ${r.date}`,
      ...(r.messageId ? [`Message-ID: ${r.messageId}`] : []),
      ...(r.replyTo ? [`Reply-To: ${r.replyTo}`] : []),
      ...(r.references ? [`References: ${r.references}`, 'In-Reply-To: <r2@x>'] : []),
      ...(r.typeCase === 'none' ? [] : [`Content-Type: ${r.typeCase}${cs}${r.format}`]),
      ...(r.cte ? [`Content-Transfer-Encoding: ${r.cte}`] : []),
      ...r.extra,
    ];
    const nl = r.crlf ? '\r\n' : '\n';
    const fix = (b: Buffer) => (r.crlf ? Buffer.from(b.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1') : b);
    return Buffer.concat([Buffer.from(headers.join(nl).replace(/\r?\n/g, nl) + nl + nl, 'latin1'), fix(encoded)]);
  });

/** Mails changed as a broken client or a relay might: bytes flipped, cut short, lines in front, 8-bit bytes, NULs. */
const mutated = fc
  .tuple(
    fc.oneof(fc.constantFrom(...corpus.map((c) => c.raw)), oneParter),
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.integer({ min: 0, max: 255 }),
    fc.constantFrom('flip', 'cut', 'front', 'tail'),
  )
  .map(([b, r, v, how]) => {
    const at = Math.floor(r * b.length);
    if (how === 'flip') {
      const c = Buffer.from(b);
      if (c.length) c[at % c.length] = v;
      return c;
    }
    if (how === 'cut') return b.subarray(0, at);
    if (how === 'front')
      return Buffer.concat([
        Buffer.from(`X-Front: ${String.fromCharCode(v)}\r\nContent-Type: text/plain; charset=koi8-r\r\n`, 'latin1'),
        b,
      ]);
    return Buffer.concat([b, Buffer.from([0, 13, v, 0xc3, 10, 0xe2])]);
  });

describe('a one-part mail read without streams', () => {
  it('reads every mail of the real-world corpus as simpleParser does, most of them without streams', async () => {
    for (const { name, raw } of corpus) {
      const read = (streamsOnly: boolean) =>
        normalize(raw, { langsOf, streamsOnly }).then(plain, (e: Error) => ({ error: e.message }));
      expect({ name, ...(await read(false)) }).toEqual({ name, ...(await read(true)) });
    }
    const quick = corpus.filter((c) => simple(c.raw)).length;
    expect(quick).toBeGreaterThan(corpus.length / 2);
    expect(quick).toBeLessThan(corpus.length);
  });

  it('reads generated one-part mails (charsets, transfer encodings, line ends, encoded words, folded and odd headers) as simpleParser does', async () => {
    await fc.assert(fc.asyncProperty(oneParter, sameBothWays), { numRuns: 400, seed: 20261204 });
  });

  it('reads mutated mails as simpleParser does, or refuses them as it does', async () => {
    await fc.assert(fc.asyncProperty(mutated, sameBothWays), { numRuns: 400, seed: 20261205 });
  });

  it('takes one-part text mails without streams, and leaves the rest to simpleParser', () => {
    const mail = (head: string, body = 'GAME tavern alice apple\r\nEND\r\n') =>
      Buffer.from(`From: a@example.org\r\nSubject: x\r\n${head}\r\n${body}`, 'latin1');
    expect(simple(mail('Content-Type: text/plain; charset=utf-8\r\n'))).toBe(true);
    expect(simple(mail(''))).toBe(true);
    expect(
      simple(mail('Content-Type: text/plain; charset=koi8-r\r\nContent-Transfer-Encoding: base64\r\n', 'R0FNRQ==\r\n')),
    ).toBe(true);
    expect(simple(mail('Content-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n'))).toBe(true);
    expect(simple(mail('Content-Type: multipart/mixed; boundary="b"\r\n', '--b\r\n\r\nGAME\r\n--b--\r\n'))).toBe(false);
    expect(simple(mail('Content-Type: text/plain; format=flowed\r\n'))).toBe(false);
    expect(simple(mail('Content-Type: text/html\r\n'))).toBe(false);
    expect(simple(mail('Content-Disposition: attachment; filename=a.txt\r\n'))).toBe(false);
    expect(simple(mail('Content-Type: message/rfc822\r\n'))).toBe(false);
    // Header bytes that are not 7-bit, and a header block that never ends.
    expect(simple(mail('X-Name: Bor\xeds\r\n'))).toBe(false);
    expect(simple(Buffer.from('From: a@example.org\r\nSubject: no body'))).toBe(false);
  });
});
