// A Subject and a From name written as raw 8-bit bytes of the writer's charset,
// without RFC 2047 (Outlook Express, The Bat!, scripts): read in that charset —
// the body's declared charset the hint, else what the bytes read best as — so
// that the judge's answer quotes the subject as it was written, and the inbound
// row stores it so.
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { headerFallback, normalize } from '../../src/mail/inbound/normalize.js';
import { utf8Headers } from '../../src/mail/inbound/raw-headers.js';
import type { TestJudge } from '../helpers.js';
import { ingestFixture, mimeJudge } from './mime-fixtures.js';

const TEXTS = [
  ['windows-1250', 'Tahy na příští kolo – Čeněk Šťastný', 'Cyril Novák Žďárský'],
  ['iso-8859-2', 'Rozkazy: šíp do žluťoučkého koně', 'Cyril Novák Žďárský'],
  ['koi8-r', 'Приказы на второй ход', 'Борис Петров'],
  ['windows-1251', 'Вопрос: когда следующий ход?', 'Борис Петров'],
] as const;

/** A mail whose Subject and From name are the bytes of `charset`; the body declares `declared` (null: no Content-Type at all). */
function rawMail(charset: string, subject: string, name: string, declared: string | null): Buffer {
  const enc = (s: string) => iconv.encode(s, charset);
  return Buffer.concat([
    Buffer.from('From: "'),
    enc(name),
    Buffer.from('" <someone@example.net>\r\nTo: judge@games.example\r\nSubject: '),
    enc(subject),
    Buffer.from('\r\nMessage-ID: <raw-1@example.net>\r\nMIME-Version: 1.0\r\n'),
    Buffer.from(declared ? `Content-Type: text/plain; charset=${declared}\r\n` : ''),
    Buffer.from('\r\nGAME tavern alice apple\r\nROLL 1d6\r\nEND\r\n'),
  ]);
}

describe('raw 8-bit header bytes', () => {
  it.each(TEXTS)('%s: read in the charset the body declares', async (charset, subject, name) => {
    const m = await normalize(rawMail(charset, subject, name, charset));
    expect([m.subject, m.fromName, m.from]).toEqual([subject, name, 'someone@example.net']);
    expect(m.charsetNote).toBe(`header from, subject: 8-bit text without RFC 2047 encoding, read as ${charset}`);
  });

  it.each(TEXTS)(
    '%s: with no charset declared anywhere, read as what the bytes are',
    async (charset, subject, name) => {
      const m = await normalize(rawMail(charset, subject, name, null));
      expect([m.subject, m.fromName]).toEqual([subject, name]);
    },
  );

  it.each(TEXTS)(
    '%s: a body that declares us-ascii or UTF-8 is no hint against the bytes',
    async (charset, subject) => {
      for (const declared of ['us-ascii', 'utf-8'])
        expect((await normalize(rawMail(charset, subject, 'X', declared))).subject).toBe(subject);
    },
  );

  it('a mail the parser gives up on still quotes its subject right (headerFallback)', () => {
    expect(headerFallback(rawMail('koi8-r', 'Приказы на второй ход', 'Борис', 'koi8-r')).subject).toBe(
      'Приказы на второй ход',
    );
  });

  it('raw UTF-8 (RFC 6532), RFC 2047 words and plain ASCII are left as they are: the same bytes', async () => {
    const utf8 = Buffer.from(
      'From: Cyril Novák <c@example.cz>\r\nSubject: Příkazy =?utf-8?q?=C5=BElu=C5=A5ou=C4=8Dk=C3=BD?=\r\n\r\nhi\r\n',
    );
    expect(utf8Headers(utf8).raw).toBe(utf8);
    expect((await normalize(utf8)).subject).toBe('Příkazy žluťoučký');
    const ascii = Buffer.from('From: c@example.cz\r\nSubject: =?utf-8?q?P=C5=99=C3=ADkazy?=\r\n\r\nPříliš\r\n');
    expect(utf8Headers(ascii).raw).toBe(ascii);
    // Received and the other headers that are not text to read keep their bytes.
    const received = Buffer.concat([
      Buffer.from('Received: from '),
      iconv.encode('počítač', 'windows-1250'),
      Buffer.from('\r\nSubject: '),
      iconv.encode('Příkazy', 'windows-1250'),
      Buffer.from('\r\n\r\nhi\r\n'),
    ]);
    const fixed = utf8Headers(received).raw;
    expect(fixed.subarray(0, fixed.indexOf('\r\n'))).toEqual(received.subarray(0, received.indexOf('\r\n')));
    expect(fixed.toString('utf8')).toContain('Subject: Příkazy\r\n');
  });
});

describe('the answer quotes the subject as it was written', () => {
  let j: TestJudge;
  beforeAll(() => {
    j = mimeJudge();
  });

  it.each([
    ['hdr-outlook-express-cs-windows-1250.eml', 'Dotaz k příštímu kolu – Hospoda', '„Dotaz k příštímu kolu – Hospoda“'],
    [
      'hdr-php-cs-iso-8859-2.eml',
      'Rozkazy do Hospody, příští kolo - Čeněk',
      '„Rozkazy do Hospody, příští kolo - Čeněk“',
    ],
    ['hdr-thebat-ru-koi8-r.eml', 'Приказы на второй ход', '«Приказы на второй ход»'],
    [
      'hdr-outlook-express-ru-windows-1251-no-charset.eml',
      'Вопрос: когда следующий ход?',
      '«Вопрос: когда следующий ход?»',
    ],
  ])('%s', async (file, subject, quoted) => {
    const o = await ingestFixture(j, file);
    expect(o.status).toBe('rejected');
    expect(o.subject).toBe(subject);
    expect(o.reason).toMatch(/header [a-z, -]*subject[a-z, -]*: 8-bit text without RFC 2047 encoding, read as /);
    expect(o.kinds).toContain('charset');
    expect(o.mails).toHaveLength(1);
    expect(o.mails[0]!.kind).toBe('error');
    expect(o.mails[0]!.body).toContain(quoted);
    expect(o.mails[0]!.body).not.toMatch(/\uFFFD/);
  });
});
