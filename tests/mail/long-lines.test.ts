// A stranger's mail of long crafted lines is read in time that grows with its
// length, not with its square: before, one line of 684 KB ("x<" and "a@"
// 250,000 times) held a run and the store's write lock for almost five
// minutes (the Gmail reply-header pattern tried every split of it), and the
// kinds' parsers took minutes over a long run of digits, dots or spaces. Each
// mail here took from a minute to hours before; the test's own limit (30 s,
// vitest.config.ts) is what would stop it now.
import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { findBlocksIn, isReplyHeader, MAX_HEADER_LINE } from '../../src/mail/inbound/envelope.js';
import { normalize } from '../../src/mail/inbound/normalize.js';
import { kindsWithCases, loadCases } from '../../src/engine/cases.js';
import { getRules } from '../../src/games/registry.js';
import { listOutbox } from '../../src/store/outbox.js';
import { count, mail, tavern, testJudge } from '../helpers.js';

const N = 400_000;

/** A mail whose body, base64 (so no line of the raw mail is long), is `body`. */
function rawMail(body: string): Buffer {
  return Buffer.from(
    [
      'From: Mallory <mallory@example.net>',
      'To: judge@localhost',
      'Subject: hello',
      'Message-ID: <long-line@example.net>',
      'Date: Sun, 29 Nov 2026 09:00:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(body).toString('base64').replace(/.{76}/g, '$&\r\n'),
      '',
    ].join('\r\n'),
  );
}

const BODIES: Record<string, string> = {
  // The Gmail reply header "…, Judge <judge@example.org>:" pattern, never closed.
  'one line of "a@" after a "<"': `x<${'a@'.repeat(N / 2)}`,
  // Each header-like line over ">" quoted lines used to look back over every line above it.
  'rules over quoted lines': `GAME tavern alice apple\n${'________________\n> x\n'.repeat(N / 20)}`,
  // A start line's trailing spaces, then a letter: /\s+$/ tried every run of spaces to the end.
  'a start line of spaces': `GAME ${' '.repeat(N)}x`,
  // An end line's trailing dots, then a letter.
  'an end line of dots': `GAME tavern alice apple\nROLL 1d6\nEND${'.'.repeat(N)}x`,
  // Lines that each begin a broken attribution (a date, a time), each read with the two below it.
  'lines that begin attributions': `GAME tavern alice apple\n${'On 7. 12. 10:15 x\ny <a@b\n'.repeat(N / 24)}`,
  // Prose that begins with a start keyword: whether an end line closes each is worked out once for all.
  'prose start lines over an end line': `${'Game x y\n'.repeat(N / 9)}END\n`,
};

describe('long crafted lines in a mail', () => {
  for (const [name, body] of Object.entries(BODIES))
    it(`${name}: read and answered`, async () => {
      const j = testJudge();
      tavern(j);
      const m = await normalize(rawMail(body), {});
      expect(Array.isArray(findBlocksIn(m.sections))).toBe(true);
      await ingest(j, rawMail(body), 'test');
      // Handled (stored with a verdict, not left for the next run), and answered: the sender, or for a seat's
      // block with its password, the seat's address of record.
      expect(count(j, "inbound WHERE status <> 'received'")).toBe(1);
      expect(
        listOutbox(j.db).some((o) => /mallory@example\.net|alice@example\.org/.test(o.to_addrs)),
        JSON.stringify(listOutbox(j.db).map((o) => [o.kind, o.to_addrs])),
      ).toBe(true);
    });

  it('a reply header is at most MAX_HEADER_LINE characters; real ones are still found', () => {
    expect(isReplyHeader('пн, 30 нояб. 2026 г. в 10:00, Judge <judge@example.org>:')).toBe(true);
    expect(isReplyHeader('On Mon, 30 Nov 2026 at 10:00, Judge <judge@example.org> wrote:')).toBe(true);
    const long = `On Mon, 30 Nov 2026, ${'A Very Long Name '.repeat(70)}<judge@example.org> wrote:`;
    expect(long.length).toBeGreaterThan(MAX_HEADER_LINE);
    expect(isReplyHeader(long)).toBe(false);
  });

  it('a reply header over quoted lines is still skipped, with orders below it (bottom posting)', async () => {
    const j = testJudge();
    tavern(j);
    const text = [
      'On Mon, 30 Nov 2026 at 10:00, Judge <judge@localhost> wrote:',
      '',
      '> Your orders were received.',
      '',
      'GAME tavern alice apple',
      'ROLL 2d6 attack',
      'END',
    ].join('\n');
    await ingest(j, await mail('Alice <alice@example.org>', text), 'test');
    expect(count(j, "inbound WHERE status = 'accepted'")).toBe(1);
  });
});

describe("the kinds' parsers over a long line", () => {
  const lines: Record<string, string> = {
    digits: `${'1'.repeat(N)}x`,
    dots: `${'.'.repeat(N)}x`,
    spaces: `a${' '.repeat(N)}x`,
    punctuation: `Страна публично, Агрессивность: ${', '.repeat(N / 2)}x`,
  };
  for (const kind of kindsWithCases())
    it(`${kind}: each is refused as an order, in time`, () => {
      const rules = getRules(kind);
      const c = loadCases(kind)[0]!;
      const state = rules.cases!.parseState(c.prestate);
      const player = c.turns[0]![0]!.player;
      for (const [name, line] of Object.entries(lines)) {
        const r = rules.parseOrders(line, { state, player, lang: c.lang });
        expect(r.orders.length + r.errors.length + (r.messages?.length ?? 0), `${kind}: ${name}`).toBeGreaterThan(0);
      }
    });
});
