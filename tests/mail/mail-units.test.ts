// The small parts of real mail handling: charset fallback, error-reply
// limits, SMTP error classes, backoff, and the configuration `judge init` writes.
import iconv from 'iconv-lite';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { exampleConfig } from '../../src/cli/init.js';
import { configSchema } from '../../src/config.js';
import { findBlocks } from '../../src/mail/inbound/envelope.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { decodeText, normalize, plausibility, withCharset } from '../../src/mail/inbound/normalize.js';
import { backoffMinutes, classifySmtpError } from '../../src/mail/outbound/transport.js';
import { markStaleSending, enqueue, claim, getOutbox } from '../../src/store/outbox.js';
import { count, mail, tavern, testJudge } from '../helpers.js';

const CS = 'Příliš žluťoučký kůň úpěl ďábelské ódy';
const RU = 'Съешь же ещё этих мягких французских булок';

describe('charsets', () => {
  it.each([
    ['windows-1250', CS],
    ['iso-8859-2', CS],
    ['windows-1251', RU],
    ['koi8-r', RU],
  ])('undeclared %s bytes are recognised', (cs, text) => {
    const bytes = iconv.encode(`HOD 2d6 ${text}\n`, cs);
    expect(decodeText(bytes, null).text).toBe(`HOD 2d6 ${text}\n`);
  });

  it('prefers the declared charset when it decodes cleanly, and drops a BOM', () => {
    expect(decodeText(Buffer.from('\uFEFFahoj', 'utf8'), 'utf-8')).toEqual({ text: 'ahoj', charset: 'utf-8' });
    expect(decodeText(iconv.encode(RU, 'koi8-r'), 'koi8-r').text).toBe(RU);
  });

  it('scores the right decoding above the wrong ones', () => {
    const ru = iconv.encode(RU, 'windows-1251');
    expect(plausibility(iconv.decode(ru, 'windows-1251'))).toBeGreaterThan(plausibility(iconv.decode(ru, 'koi8-r')));
    expect(plausibility(iconv.decode(ru, 'windows-1251'))).toBeGreaterThan(plausibility(iconv.decode(ru, 'windows-1250')));
    const cs = iconv.encode(CS, 'iso-8859-2');
    expect(plausibility(iconv.decode(cs, 'iso-8859-2'))).toBeGreaterThan(plausibility(iconv.decode(cs, 'windows-1250')));
    expect(plausibility(iconv.decode(cs, 'iso-8859-2'))).toBeGreaterThan(plausibility(iconv.decode(cs, 'windows-1251')));
  });

  it('re-declares the charset of every text part (and adds a Content-Type when there is none)', () => {
    const raw = Buffer.from('From: a@b.c\r\nContent-Type: text/plain;\r\n charset="utf-8"; format=flowed\r\n\r\nx');
    expect(withCharset(raw, 'koi8-r').toString()).toMatch(/Content-Type: text\/plain; format=flowed; charset=koi8-r\r\n\r\nx$/);
    expect(withCharset(Buffer.from('From: a@b.c\r\n\r\nx'), 'windows-1250').toString()).toMatch(/^Content-Type: text\/plain; charset=windows-1250\r\n/);
  });

  it('a mail with a wrong declared charset says in its note how it was read', async () => {
    const raw = Buffer.concat([
      Buffer.from('From: b@example.ru\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n'),
      iconv.encode(RU, 'koi8-r'),
    ]);
    const m = await normalize(raw);
    expect(m.text).toBe(RU);
    expect(m.charsetNote).toMatch(/koi8-r/);
  });
});

describe('reply headers', () => {
  it('a quote header over ">" lines is skipped; orders below it still count', () => {
    const text = 'Dne 29. 11. 2026 v 10:00 judge napsal(a):\n> HRA g p x\n> HOD 9d6\n> KONEC\n\nHRA g p x\nHOD 1d6\nKONEC\n';
    expect(findBlocks(text).map((b) => b.lines)).toEqual([['HOD 1d6']]);
  });
  it('Gmail in Russian marks the quote with the address only', () => {
    expect(findBlocks('ИГРА g p x\nБРОСОК 1d6\nКОНЕЦ\nпн, 30 нояб. 2026 г. в 10:00, Judge <j@x.org>:\nИГРА g p x\nБРОСОК 9d6\nКОНЕЦ')).toHaveLength(1);
  });
});

describe('error replies', () => {
  it('at most one per address, kind and day; the stored reason says when none was sent', async () => {
    const j = testJudge();
    tavern(j);
    const hello = () => mail('Alice <alice@example.org>', 'what are the rules?');
    await ingest(j, await hello(), 'test');
    const second = await ingest(j, await hello(), 'test');
    expect(second.mailsQueued).toBe(0);
    expect(second.reason).toMatch(/no reply: alice@example.org already got an error reply of this kind today/);
    // Another kind of error the same day is answered.
    expect((await ingest(j, await mail('Alice <alice@example.org>', 'GAME tavern alice pear\nROLL 1d6\nEND'), 'test')).mailsQueued).toBe(1);
    // Another address is answered.
    expect((await ingest(j, await mail('Boris <boris@example.ru>', 'привет'), 'test')).mailsQueued).toBe(1);
    j.advance(24 * 3600 * 1000);
    expect((await ingest(j, await hello(), 'test')).mailsQueued).toBe(1);
    expect(count(j, "outbox WHERE kind = 'error'")).toBe(4);
  });

  it('a message stored but not handled (a run stopped half-way) is handled by the next one', async () => {
    const { handleUnhandled } = await import('../../src/mail/inbound/ingest.js');
    const { storeRaw } = await import('../../src/store/inbound.js');
    const j = testJudge();
    tavern(j);
    storeRaw(j.db, await mail('Alice <alice@example.org>', 'GAME tavern alice apple\nROLL 1d6\nEND'), null, 'test', '2026-11-29T12:00:00Z');
    const rs = await handleUnhandled(j);
    expect(rs.map((r) => r.status)).toEqual(['accepted']);
    expect(await handleUnhandled(j)).toEqual([]);
    expect(count(j, 'submissions')).toBe(1);
  });
});

describe('outbound', () => {
  it('sorts SMTP errors: 5xx and a refused envelope are final, 4xx and no answer are retried, a break after DATA is ambiguous', () => {
    expect(classifySmtpError(Object.assign(new Error('Message failed: 550 no'), { responseCode: 550, code: 'EMESSAGE' }), true).kind).toBe('failed');
    expect(classifySmtpError(Object.assign(new Error('Can\'t send mail - all recipients were rejected'), { responseCode: 553, code: 'EENVELOPE' }), false).kind).toBe('failed');
    expect(classifySmtpError(Object.assign(new Error('No recipients defined'), { code: 'EENVELOPE' }), false).kind).toBe('failed');
    expect(classifySmtpError(Object.assign(new Error('greylisted'), { responseCode: 451, code: 'EENVELOPE' }), false).kind).toBe('retry');
    expect(classifySmtpError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET', command: 'CONN' }), false)).toMatchObject({ kind: 'retry', unreachable: true });
    expect(classifySmtpError(Object.assign(new Error('Connection closed unexpectedly'), { code: 'ECONNECTION', command: 'CONN' }), true).kind).toBe('ambiguous');
  });

  it('backs off 5, 10, 20 … minutes, at most the maximum', () => {
    expect([1, 2, 3, 4, 10].map((n) => backoffMinutes(n, 5, 60))).toEqual([5, 10, 20, 40, 60]);
  });

  it('a row a killed run left in "sending" becomes ambiguous, not sent again', () => {
    const j = testJudge();
    const { id } = enqueue(j.db, { dedupeKey: 'k', kind: 'notice', to: ['a@example.org'], subject: 's', body: 'b' }, 'localhost', '2026-11-29T12:00:00.000Z');
    expect(claim(j.db, id, '2026-11-29T12:00:00.000Z')).toBe(true);
    expect(markStaleSending(j.db, '2026-11-29T11:00:00.000Z')).toBe(0); // still fresh: another run may be sending it
    expect(markStaleSending(j.db, '2026-11-29T13:00:00.000Z')).toBe(1);
    expect(getOutbox(j.db, id)!.status).toBe('ambiguous');
  });
});

describe('configuration', () => {
  it('the example `judge init` writes is valid as it is, and with every commented section switched on', () => {
    expect(configSchema.safeParse(parse(exampleConfig) ?? {}).success).toBe(true);
    const on = exampleConfig
      .replace(/^transport:\n {2}type: file\n {2}# dir:.*\n/m, '')
      .split('\n')
      .map((l) => l.replace(/^# (transport:|imap:)/, '$1').replace(/^#( {2,}\w)/, '$1').replace(/^ {2}# (bounceAddress|messageIdDomain|trustedAuthservId|dir):/, '  $1:'))
      .join('\n');
    const r = configSchema.safeParse(parse(on));
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    expect(r.data!.transport).toMatchObject({ type: 'smtp', host: 'smtp.example.org', retry: { maxAttempts: 10 } });
    expect(r.data!.imap).toMatchObject({ host: 'imap.example.org', processedFolder: 'Processed', batchSize: 50 });
    expect(r.data!.judge.trustedAuthservId).toBe('mx.example.org');
    // Every key of the schema's mail sections appears in the example.
    for (const key of ['passwordEnv', 'starttls', 'rejectUnauthorized', 'timeoutSeconds', 'firstMinutes', 'maxMinutes', 'maxAttempts', 'mailbox', 'processedFolder', 'batchSize', 'maxBytes', 'bounceAddress', 'trustedAuthservId'])
      expect(exampleConfig, key).toContain(`${key}:`);
  });

  it('rejects unknown keys and a password written into the file', () => {
    const r = configSchema.safeParse({ imap: { host: 'h', user: 'u', password: 'secret' } });
    expect(r.success).toBe(false);
  });

  it('the fixture README names every generator', () => {
    const readme = readFileSync(join(import.meta.dirname, '../fixtures/mail/README.md'), 'utf8');
    for (const t of ['make_python.py', 'make_swaks.sh', 'make_mutt.sh']) expect(readme).toContain(t);
  });
});
