// The small parts of real mail handling: charset fallback, error-reply
// limits, SMTP error classes, backoff, and the configuration `judge init` writes.
import iconv from 'iconv-lite';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { exampleConfig } from '../../src/cli/init.js';
import { configSchema } from '../../src/config.js';
import { findBlocks, findBlocksIn } from '../../src/mail/inbound/envelope.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { decodeBody, isMangled, oddCharacters } from '../../src/mail/inbound/charset.js';
import { markCharsets, normalize } from '../../src/mail/inbound/normalize.js';
import { backoffMinutes } from '../../src/mail/outbound/transport.js';
import { classifySmtpError } from '../../src/mail/outbound/smtp-errors.js';
import { markStaleSending, enqueue, claim, getOutbox, recoverStaleSending, setStage } from '../../src/store/outbox.js';
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
    expect(decodeBody(bytes, null)).toMatchObject({
      text: `HOD 2d6 ${text}\n`,
      charset: cs,
      note: expect.stringMatching(`text decoded as ${cs} \\(declared none`),
    });
  });

  it.each([
    ['iso-8859-1', 'windows-1250', CS, /C1 control characters/],
    ['iso-8859-1', 'iso-8859-2', CS, /letters that are not Czech, Russian or English/],
    ['us-ascii', 'windows-1250', CS, /us-ascii has no 8-bit characters/],
    ['utf-8', 'iso-8859-2', CS, /not valid UTF-8/],
    ['iso-8859-1', 'koi8-r', RU, /letters that are not/],
    ['us-ascii', 'windows-1251', RU, /us-ascii/],
    ['utf-8', 'koi8-r', RU, /not valid UTF-8/],
    ['windows-1252', 'windows-1251', RU, /letters that are not/],
    ['windows-1250', 'windows-1251', RU, /letters that are not/],
    ['windows-1251', 'windows-1250', CS, /letters that are not/],
  ])('declared %s but really %s: read as the real one, with a note', (declared, real, text, why) => {
    const d = decodeBody(iconv.encode(`HRA g p x\nHOD 2d6 ${text}\nKONEC\n`, real), declared);
    expect(d.text).toBe(`HRA g p x\nHOD 2d6 ${text}\nKONEC\n`);
    expect(d.charset).toBe(real);
    expect(d.note).toMatch(`text decoded as ${real} (declared ${declared}: `);
    expect(d.note).toMatch(why);
  });

  it("tells windows-1251 from KOI8-R, where both give Cyrillic letters only (chardet, then real words' vowels)", () => {
    for (const word of ['удар мечом', 'БРОСОК 1d6 удар', 'ИГРА tavern boris berry\nБРОСОК 1d6\nКОНЕЦ', 'привет', RU])
      for (const real of ['windows-1251', 'koi8-r'])
        expect(decodeBody(iconv.encode(word, real), 'iso-8859-1').text, `${word} ${real}`).toBe(word);
  });

  it("a known player's seat languages narrow the charsets tried: a Russian seat's three letters are not Czech", () => {
    const bytes = iconv.encode('ход', 'koi8-r');
    expect(decodeBody(bytes, 'iso-8859-1').text).not.toMatch(/[а-я]/); // unknown writer: "ČĎÄ" is as plausible as anything
    expect(decodeBody(bytes, 'iso-8859-1', ['ru']).text).toMatch(/^[а-яА-Я]{3}$/);
    expect(decodeBody(iconv.encode('šíp', 'windows-1250'), 'iso-8859-1', ['cs']).text).toBe('šíp');
  });

  it('keeps the declared charset when its text is plausible, and drops a BOM', () => {
    expect(decodeBody(Buffer.from('\uFEFFahoj', 'utf8'), 'utf-8')).toEqual({
      text: 'ahoj',
      charset: 'utf-8',
      note: null,
      declared: 'utf-8',
    });
    expect(decodeBody(iconv.encode(RU, 'koi8-r'), 'koi8-r')).toMatchObject({ text: RU, note: null });
    // Real Latin-1 and Slovak text stays as it was declared.
    expect(decodeBody(iconv.encode('ROLL 1d6 Müller, café', 'iso-8859-1'), 'ISO-8859-1')).toMatchObject({
      text: 'ROLL 1d6 Müller, café',
      note: null,
    });
    expect(decodeBody(iconv.encode('HOD 1d6 ľad a ďateľ', 'windows-1250'), 'windows-1250')).toMatchObject({
      text: 'HOD 1d6 ľad a ďateľ',
      note: null,
    });
    // UTF-8 that says it is us-ascii is read as UTF-8, with a note.
    expect(decodeBody(Buffer.from(CS), 'us-ascii')).toMatchObject({
      text: CS,
      charset: 'utf-8',
      note: expect.stringMatching(/declared us-ascii/),
    });
    // A UTF-16 byte-order mark decides.
    expect(decodeBody(Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(RU, 'utf-16le')]), null)).toMatchObject({
      text: RU,
      charset: 'utf-16le',
    });
  });

  it('text that reads badly in every charset stays as declared, so its lines show as unreadable', () => {
    // UTF-16 whose NULs a mail server turned into 0x80 ("G\x80A\x80M\x80E…"): windows-1250 would make it "G€A€M€E".
    const bytes = Buffer.from(
      iconv.encode('GAME tavern alice apple\r\nROLL 2d6\r\n', 'utf-16le').map((b) => (b === 0 ? 0x80 : b)),
    );
    const d = decodeBody(bytes, 'utf-8');
    expect(d.note).toBeNull();
    expect(isMangled(d.text)).toBe(true);
    expect(oddCharacters('5 € or 5€, €5')).toBe(0);
  });

  it('counts what a wrong charset leaves behind; none in real Czech, Russian or English', () => {
    for (const t of [CS, RU, 'Roll 2d6 — “quoted”, 5 €, № 3', CS.toUpperCase()]) expect(oddCharacters(t), t).toBe(0);
    expect(oddCharacters(iconv.decode(iconv.encode('pište', 'windows-1250'), 'latin1'))).toBeGreaterThan(0); // "pi\x9Ate"
    expect(oddCharacters(iconv.decode(iconv.encode('pište', 'iso-8859-2'), 'latin1'))).toBeGreaterThan(0); // "pi¹te"
    expect(oddCharacters(iconv.decode(iconv.encode(RU, 'windows-1251'), 'koi8-r'))).toBeGreaterThan(0);
    expect(oddCharacters(iconv.decode(iconv.encode(RU, 'windows-1251'), 'windows-1250'))).toBeGreaterThan(0);
    expect(isMangled('HOD 1d6 \uFFFDp')).toBe(true);
    expect(isMangled(CS)).toBe(false);
  });

  it("hands every text part to the judge's decoder, with what it declared (and a Content-Type where there is none)", () => {
    const raw = Buffer.from('From: a@b.c\r\nContent-Type: text/plain;\r\n charset="utf-8"; format=flowed\r\n\r\nx');
    const marked = markCharsets(raw).toString();
    expect(marked).toMatch(/Content-Type: text\/plain; format=flowed; charset="x-judge\.utf-8"\r\n\r\nx$/);
    expect(markCharsets(Buffer.from(marked)).toString()).toBe(marked); // once only
    expect(markCharsets(Buffer.from('From: a@b.c\r\n\r\nx')).toString()).toMatch(
      /^Content-Type: text\/plain; charset="x-judge\."\r\n/,
    );
  });

  it('a mail with a wrong declared charset says in its note how it was read', async () => {
    const raw = Buffer.concat([
      Buffer.from(
        'From: b@example.ru\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n',
      ),
      iconv.encode(RU, 'koi8-r'),
    ]);
    const m = await normalize(raw);
    expect(m.text).toBe(RU);
    expect(m.charsetNote).toMatch(/koi8-r/);
    expect(m.charsetFixes).toEqual([{ declared: 'utf-8', used: 'koi8-r' }]);
  });
});

describe('reply headers', () => {
  it('a quote header over ">" lines is skipped; orders below it still count', () => {
    const text =
      'Dne 29. 11. 2026 v 10:00 judge napsal(a):\n> HRA g p x\n> HOD 9d6\n> KONEC\n\nHRA g p x\nHOD 1d6\nKONEC\n';
    expect(findBlocks(text).map((b) => b.lines)).toEqual([['HOD 1d6']]);
  });
  it('each section is read on its own: a signature in the body does not hide an attachment; a block pasted and attached counts once', () => {
    const body = 'Orders attached.\n-- \nAlice\nGAME t a x\nROLL 9d6 signature\nEND\n';
    const attached = 'GAME t a x\nROLL 1d6 attached\nEND\n';
    expect(findBlocksIn([{ text: body }, { text: attached }]).map((b) => b.lines)).toEqual([['ROLL 1d6 attached']]);
    expect(findBlocksIn([{ text: attached }, { text: `> quoted\n${attached}` }])).toHaveLength(1);
    expect(findBlocks(body + attached)).toEqual([]); // one text: everything below the signature is the past
  });
  it('Gmail in Russian marks the quote with the address only', () => {
    expect(
      findBlocks(
        'ИГРА g p x\nБРОСОК 1d6\nКОНЕЦ\nпн, 30 нояб. 2026 г. в 10:00, Judge <j@x.org>:\nИГРА g p x\nБРОСОК 9d6\nКОНЕЦ',
      ),
    ).toHaveLength(1);
  });
});

describe('error replies', () => {
  it('a person is answered every time, up to inbox.repliesPerDay a day; the last reply says so; orders are still acknowledged', async () => {
    const j = testJudge();
    tavern(j);
    j.config.inbox.repliesPerDay = 3;
    const hello = () => mail('Alice <alice@example.org>', 'what are the rules?');
    const first = await ingest(j, await hello(), 'test');
    const second = await ingest(j, await hello(), 'test'); // the same mistake again: answered again
    const wrong = await ingest(
      j,
      await mail('Alice <alice@example.org>', 'GAME tavern alice pear\nROLL 1d6\nEND'),
      'test',
    );
    expect([first, second, wrong].map((r) => r.mailsQueued)).toEqual([1, 1, 1]);
    const replies = j.db.prepare("SELECT body FROM outbox WHERE kind = 'error' ORDER BY id").all() as {
      body: string;
    }[];
    expect(replies.map((r) => /This is the last of the 3 replies/.test(r.body))).toEqual([false, false, true]);
    const fourth = await ingest(j, await hello(), 'test');
    expect(fourth.mailsQueued).toBe(0);
    expect(fourth.kinds).toContain('no-reply');
    expect(fourth.reason).toMatch(
      /no reply: alice@example.org already got 3 replies today, the limit of inbox\.repliesPerDay/,
    );
    const help = await ingest(j, await mail('Alice <alice@example.org>', 'HELP'), 'test');
    expect([help.mailsQueued, help.reason]).toEqual([0, expect.stringMatching(/HELP not answered/)]);
    // Orders are acknowledged whatever the count.
    expect(
      (await ingest(j, await mail('Alice <alice@example.org>', 'GAME tavern alice apple\nROLL 1d6\nEND'), 'test'))
        .mailsQueued,
    ).toBe(1);
    // Another address is answered; the next day this one is too.
    expect((await ingest(j, await mail('Boris <boris@example.ru>', 'привет'), 'test')).mailsQueued).toBe(1);
    j.advance(24 * 3600 * 1000);
    expect((await ingest(j, await hello(), 'test')).mailsQueued).toBe(1);
    expect(count(j, "outbox WHERE kind = 'error'")).toBe(5);
  });

  it("counting an address's replies today reads only its replies, not the whole outbox (a flood of bad mail costs no square of the outbox)", async () => {
    const j = testJudge();
    tavern(j);
    const statements = new Set<string>();
    const prepare = j.db.prepare.bind(j.db);
    j.db.prepare = ((sql: string) => (statements.add(sql), prepare(sql))) as typeof j.db.prepare;
    expect((await ingest(j, await mail('Alice <alice@example.org>', 'what are the rules?'), 'test')).mailsQueued).toBe(
      1,
    );
    const counts = [...statements].filter((sql) => /FROM outbox_head\b/.test(sql) && /\bto_addrs = \?/.test(sql));
    expect(counts).toHaveLength(1);
    const plan = (
      prepare(`EXPLAIN QUERY PLAN ${counts[0]}`).all(...(counts[0]!.match(/\?/g) ?? []).map(() => null)) as {
        detail: string;
      }[]
    )
      .map((r) => r.detail)
      .join('; ');
    expect(plan).toMatch(/USING INDEX outbox_replies/);
    expect(plan).not.toMatch(/SCAN outbox_head/);
  });

  it('the default limit is a generous ten a day', async () => {
    const j = testJudge();
    tavern(j);
    const sent: number[] = [];
    for (let i = 0; i < 11; i++)
      sent.push((await ingest(j, await mail('Stranger <s@example.net>', `question ${i}`), 'test')).mailsQueued);
    expect(sent).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
    expect((j.db.prepare('SELECT body FROM outbox ORDER BY id DESC LIMIT 1').get() as { body: string }).body).toMatch(
      /last of the 10 replies/,
    );
  });

  it('a message stored but not handled (a run stopped half-way) is handled by the next one', async () => {
    const { handleUnhandled } = await import('../../src/mail/inbound/batch.js');
    const { storeRaw } = await import('../../src/store/inbound.js');
    const j = testJudge();
    tavern(j);
    storeRaw(
      j.db,
      await mail('Alice <alice@example.org>', 'GAME tavern alice apple\nROLL 1d6\nEND'),
      null,
      'test',
      '2026-11-29T12:00:00Z',
    );
    const rs = await handleUnhandled(j);
    expect(rs.map((r) => r.status)).toEqual(['accepted']);
    expect(await handleUnhandled(j)).toEqual([]);
    expect(count(j, 'submissions')).toBe(1);
  });
});

describe('outbound', () => {
  it('sorts SMTP errors: 5xx and a refused envelope are final, 4xx is retried, no server is the setup, a break after DATA is ambiguous', () => {
    expect(
      classifySmtpError(
        Object.assign(new Error('Message failed: 550 no'), { responseCode: 550, code: 'EMESSAGE' }),
        true,
      ).kind,
    ).toBe('failed');
    expect(
      classifySmtpError(
        Object.assign(new Error("Can't send mail - all recipients were rejected"), {
          responseCode: 553,
          code: 'EENVELOPE',
        }),
        false,
      ).kind,
    ).toBe('failed');
    expect(
      classifySmtpError(Object.assign(new Error('No recipients defined'), { code: 'EENVELOPE' }), false).kind,
    ).toBe('failed');
    expect(
      classifySmtpError(Object.assign(new Error('greylisted'), { responseCode: 451, code: 'EENVELOPE' }), false).kind,
    ).toBe('retry');
    expect(
      classifySmtpError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET', command: 'CONN' }), false),
    ).toMatchObject({ kind: 'blocked' });
    expect(
      classifySmtpError(
        Object.assign(new Error('Connection closed unexpectedly'), { code: 'ECONNECTION', command: 'CONN' }),
        true,
      ).kind,
    ).toBe('ambiguous');
  });

  it('backs off 5, 10, 20 … minutes, at most the maximum', () => {
    expect([1, 2, 3, 4, 10].map((n) => backoffMinutes(n, 5, 60))).toEqual([5, 10, 20, 40, 60]);
  });

  it('a row a killed run left in "sending" is settled by the SMTP stage it reached: only DATA sent without a reply is ambiguous', () => {
    const j = testJudge();
    const at = '2026-11-29T12:00:00.000Z';
    const row = (stage: string | null) => {
      const { id } = enqueue(
        j.db,
        { dedupeKey: `k${stage}`, kind: 'notice', to: ['a@example.org'], subject: 's', body: 'b' },
        'localhost',
        at,
      );
      expect(claim(j.db, id, at)).toBe(true);
      if (stage) setStage(j.db, id, stage);
      return id;
    };
    const ids = {
      connecting: row(null),
      connected: row('connected'),
      data: row('data-sent'),
      ok: row('reply-read:250'),
      refused: row('reply-read:550'),
      later: row('reply-read:451'),
    };
    expect(recoverStaleSending(j.db, '2026-11-29T11:00:00.000Z', at)).toEqual({ ambiguous: 0, requeued: 0 }); // still fresh: another run may be sending it
    expect(recoverStaleSending(j.db, '2026-11-29T13:00:00.000Z', at)).toEqual({ ambiguous: 1, requeued: 3 });
    const status = (id: number) => getOutbox(j.db, id)!.status;
    expect(Object.fromEntries(Object.entries(ids).map(([k, id]) => [k, status(id)]))).toEqual({
      connecting: 'pending',
      connected: 'pending',
      data: 'ambiguous',
      ok: 'sent',
      refused: 'failed',
      later: 'pending',
    });
    expect(markStaleSending(j.db, '2026-11-29T13:00:00.000Z')).toBe(0); // nothing left in 'sending'
  });
});

describe('configuration', () => {
  it('the example `judge init` writes is valid as it is, and with every commented section switched on', () => {
    expect(configSchema().safeParse(parse(exampleConfig) ?? {}).success).toBe(true);
    const on = exampleConfig
      .replace(/^transport:\n {2}type: file\n {2}# dir:.*\n/m, '')
      .split('\n')
      .map((l) =>
        l
          .replace(/^# (transport:|imap:)/, '$1')
          .replace(/^#( {2,}\w)/, '$1')
          .replace(/^ {2}# (bounceAddress|messageIdDomain|trustedAuthservId|dir):/, '  $1:'),
      )
      .join('\n');
    const r = configSchema().safeParse(parse(on));
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    expect(r.data!.transport).toMatchObject({ type: 'smtp', host: 'smtp.example.org', retry: { maxAttempts: 10 } });
    expect(r.data!.imap).toMatchObject({ host: 'imap.example.org', processedFolder: 'Processed', batchSize: 50 });
    expect(r.data!.judge.trustedAuthservId).toBe('mx.example.org');
    // Every key of the schema appears in the example `judge init` writes and in README's configuration.
    const readme = readFileSync('README.md', 'utf8');
    const config = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('### Checking the set-up'));
    const keys = schemaKeys(configSchema());
    expect(keys).toContain('transport.messagesPerConnection');
    expect(keys).toContain('imap.batchSize');
    for (const key of keys) {
      const last = key.split('.').at(-1)!;
      if (key !== 'inbox.authFailures.perSeat') expect(exampleConfig, key).toMatch(new RegExp(`\\b${last}:`));
      expect(config, key).toMatch(new RegExp(`\\b${last}\\b`));
    }
  });

  it('rejects unknown keys and a password written into the file', () => {
    const r = configSchema().safeParse({ imap: { host: 'h', user: 'u', password: 'secret' } });
    expect(r.success).toBe(false);
  });

  it('the fixture README names every generator', () => {
    const readme = readFileSync(join(import.meta.dirname, '../fixtures/mail/README.md'), 'utf8');
    for (const t of ['make_python.py', 'make_swaks.sh', 'make_mutt.sh']) expect(readme).toContain(t);
  });
});

/** The dotted paths of every leaf key of a zod object schema (through optional, default, pipe and union). */
function schemaKeys(schema: unknown, path = ''): string[] {
  let s = schema as { unwrap?: () => unknown; in?: unknown; options?: unknown[]; shape?: Record<string, unknown> };
  for (let i = 0; i < 10 && !s.shape && !s.options; i++) {
    if (typeof s.unwrap === 'function') s = s.unwrap() as typeof s;
    else if (s.in) s = s.in as typeof s;
    else break;
  }
  if (s.options) return [...new Set(s.options.flatMap((o) => schemaKeys(o, path)))];
  if (s.shape) return Object.entries(s.shape).flatMap(([k, v]) => schemaKeys(v, path ? `${path}.${k}` : k));
  return [path];
}
