// Torture, part "fuzz": mutated messages (fast-check, seeded: TORTURE_SEED)
// from the real-world corpus and from order mails — bytes flipped, cut,
// repeated; headers piled up, folded, duplicated; MIME boundaries broken;
// charsets lying; blocks nested, repeated, with passwords in every place.
// Each must be stored with a final status within its time, never crash the
// judge, and every human must get an answer.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { handleUnhandled } from '../../src/mail/inbound/batch.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { tavern, testJudge } from '../helpers.js';
import { createGame } from '../../src/engine/create-game.js';
import { figures, SEED, size } from './figures.js';

const DIR = join(import.meta.dirname, '../fixtures/mail');
const corpus = readdirSync(DIR)
  .filter((f) => f.endsWith('.eml'))
  .map((f) => readFileSync(join(DIR, f)));

const ORDERS = [
  'GAME tavern alice apple\nROLL 2d6 attack\nEND\n',
  'ИГРА tavern boris berry\nБРОСОК 4dF\nКОНЕЦ\n',
  'HRA hospoda cyril koruna\nHOD 3d6\nKONEC\n',
  'GAME tavern alice apple\nPASSWORD new-one\nADDRESS alice@else.example\nFINAL\nEND\n',
  'GM tavern gm-secret\nSTATUS\nEND\n',
  'HELP\n',
  'LIST\n',
];

function plain(from: string, text: string, extra = ''): Buffer {
  return Buffer.from(
    `From: ${from}\r\nTo: judge@localhost\r\nSubject: orders\r\nMessage-ID: <m@x>\r\n${extra}Content-Type: text/plain; charset=utf-8\r\n\r\n${text.replace(/\n/g, '\r\n')}`,
  );
}

const seeds: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constantFrom(...corpus),
  fc
    .tuple(
      fc.constantFrom(
        'Alice <alice@example.org>',
        'boris@example.ru',
        'cyril@example.cz',
        'gm@example.org',
        'stranger@example.net',
        '<>',
        'no address',
      ),
      fc.constantFrom(...ORDERS),
    )
    .map(([f, t]) => plain(f, t)),
);

type Mutation = (b: Buffer) => Buffer;
const at = (b: Buffer, r: number) => Math.floor(r * Math.max(1, b.length));
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  // bytes flipped
  fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 255 })).map(
    ([r, v]): Mutation =>
      (b) => {
        const c = Buffer.from(b);
        if (c.length) c[at(c, r) % c.length] = v;
        return c;
      },
  ),
  // cut short
  fc.double({ min: 0, max: 1, noNaN: true }).map(
    (r): Mutation =>
      (b) =>
        b.subarray(0, at(b, r)),
  ),
  // a region repeated
  fc
    .tuple(
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.integer({ min: 1, max: 400 }),
      fc.integer({ min: 2, max: 50 }),
    )
    .map(
      ([r, len, times]): Mutation =>
        (b) => {
          const s = at(b, r);
          const part = b.subarray(s, s + len);
          return Buffer.concat([b.subarray(0, s), ...Array.from({ length: times }, () => part), b.subarray(s)]);
        },
    ),
  // header lines in front: many, long, folded, duplicated, loop-marking, lying about the content
  fc
    .array(
      fc.constantFrom(
        'Content-Type: multipart/mixed; boundary="zzz"',
        'Content-Type: multipart/alternative',
        'Content-Type: text/plain; charset=koi8-r',
        'Content-Type: text/plain; charset=x-unknown-charset',
        'Content-Transfer-Encoding: base64',
        'Content-Transfer-Encoding: quoted-printable',
        'From: =?utf-8?B?0JDQu9C40YHQsA==?= <alice@example.org>',
        'From: ',
        'Reply-To: mallory@evil.example',
        'Auto-Submitted: auto-replied',
        'Subject: =?koi8-r?Q?=F0=D2=C9=CB=C1=DA=D9?=',
        'Message-ID: <same@example.org>',
        `X-Long: ${'a'.repeat(5000)}`,
        `X-Folded: a\r\n ${'b \r\n '.repeat(200)}c`,
      ),
      { minLength: 1, maxLength: 8 },
    )
    .map(
      (hs): Mutation =>
        (b) =>
          Buffer.concat([Buffer.from(hs.join('\r\n') + '\r\n'), b]),
    ),
  // MIME parts without end, nested deeply, boundaries that never come
  fc.integer({ min: 1, max: 60 }).map(
    (depth): Mutation =>
      (b) => {
        const open = Array.from(
          { length: depth },
          (_, i) => `--b${i}\r\nContent-Type: multipart/mixed; boundary="b${i + 1}"\r\n\r\n`,
        ).join('');
        return Buffer.concat([
          Buffer.from('Content-Type: multipart/mixed; boundary="b0"\r\n'),
          b,
          Buffer.from(`\r\n${open}GAME tavern alice apple\r\nEND\r\n`),
        ]);
      },
  ),
  // blocks: repeated, with passwords in other places, unterminated, inside quotes
  fc
    .array(
      fc.constantFrom(
        'GAME tavern apple\n',
        'GAME tavern alice apple extra words\n',
        'PASSWORD my new secret\n',
        'PASSWORD: x\n',
        '> GAME tavern alice apple\n',
        'END\n',
        'КОНЕЦ\n',
        'GAME\n',
        'GM tavern x\n',
        '-- \n',
        'ROLL 999999d999999\n',
        'ROLL 1d6\n',
      ),
      { minLength: 1, maxLength: 40 },
    )
    .map(
      (lines): Mutation =>
        (b) =>
          Buffer.concat([b, Buffer.from(lines.join('').replace(/\n/g, '\r\n'))]),
    ),
  // NULs, lone CRs, invalid UTF-8
  fc.integer({ min: 1, max: 200 }).map(
    (n): Mutation =>
      (b) =>
        Buffer.concat([b, Buffer.from(Array.from({ length: n }, (_, i) => [0, 13, 0xff, 0xc3, 0x80, 0xe2][i % 6]!))]),
  ),
);

const message = fc
  .tuple(seeds, fc.array(mutation, { minLength: 1, maxLength: 4 }), fc.nat({ max: 2 ** 30 }))
  .map(([b, ms, salt]) => {
    let out = b;
    for (const m of ms) out = m(out);
    // A fresh Message-ID most of the time, so that the duplicate check does not swallow the rest.
    // (And a line of its own in front, so that identical bytes stay the exception.)
    if (salt % 10 === 0) return out;
    return Buffer.concat([
      Buffer.from(`X-Fuzz: ${salt}\r\n`),
      Buffer.from(
        out.toString('latin1').replace(/^Message-ID:.*$/gim, `Message-ID: <fuzz-${salt}@example.org>`),
        'latin1',
      ),
    ]);
  });

const FINAL = new Set(['accepted', 'partial', 'rejected', 'ignored', 'duplicate', 'quarantined']);
const tally: Record<string, number> = {};
let crashes = 0;
let hangs = 0;
let unanswered = 0;
let answered = 0;
let total = 0;

afterAll(() => {
  figures('fuzz', {
    messages: total,
    crashes,
    hangs,
    ...Object.fromEntries(
      Object.entries(tally)
        .sort()
        .map(([k, v]) => [k, v]),
    ),
    'humans answered': answered,
    'humans unanswered': unanswered,
    seed: SEED,
  });
});

describe('torture: fuzz', { timeout: 3_600_000 }, () => {
  it('mutated messages: 0 crashes, 0 hangs, every message stored with a final status, every human answered', async () => {
    const runs = size(400, 5000);
    const j = testJudge();
    j.config.inbox.repliesPerDay = 1_000_000; // the daily limit is tested elsewhere; here every human must get an answer
    j.config.inbox.handleSeconds = 20;
    tavern(j);
    j.db.prepare("UPDATE games SET gm_email = 'gm@example.org' WHERE id = 'tavern'").run();
    createGame(j, {
      id: 'hospoda',
      kind: 'rpg',
      seed: '1',
      actor: 'test',
      setup: {
        title: 'Hospoda',
        lang: 'cs',
        seats: [{ id: 'cyril', name: 'Cyril', email: 'cyril@example.cz', password: 'koruna', lang: 'cs' }],
      },
    });
    await fc.assert(
      fc.asyncProperty(message, async (raw) => {
        total++;
        j.advance(60_000);
        let timer: NodeJS.Timeout | undefined;
        let r;
        try {
          r = await Promise.race([
            ingest(j, raw, 'fuzz'),
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new Error('hang')), 30_000);
            }),
          ]);
        } catch (e) {
          if ((e as Error).message === 'hang') hangs++;
          else crashes++;
          throw e;
        } finally {
          clearTimeout(timer);
        }
        if (r.status === 'received') await handleUnhandled(j);
        if (r.status === 'already-stored') {
          tally['already stored'] = (tally['already stored'] ?? 0) + 1;
          return;
        }
        const row = j.db.prepare('SELECT status, from_addr FROM inbound WHERE id = ?').get(r.inboundId) as {
          status: string;
          from_addr: string | null;
        };
        tally[row.status] = (tally[row.status] ?? 0) + 1;
        expect(FINAL.has(row.status), `#${r.inboundId} ${row.status}`).toBe(true);
        const human = !['ignored', 'duplicate', 'quarantined'].includes(row.status) && !!row.from_addr;
        if (!human) return;
        const replies = (
          j.db
            .prepare(
              `SELECT count(*) AS n FROM outbox WHERE dedupe_key LIKE ? OR dedupe_key IN (?, ?, ?) OR (dedupe_key LIKE 'instant:%' AND created_at = ?)`,
            )
            .get(
              `ack:${r.inboundId}:%`,
              `error:${r.inboundId}`,
              `help:${r.inboundId}`,
              `list:${r.inboundId}`,
              j.clock().toISOString(),
            ) as { n: number }
        ).n;
        if (replies > 0) answered++;
        else unanswered++;
        expect(
          replies,
          `#${r.inboundId} (${row.status}, from ${row.from_addr}) got no answer: ${r.reason}`,
        ).toBeGreaterThan(0);
      }),
      { numRuns: runs, seed: SEED, endOnFailure: true },
    );
    expect(total).toBeGreaterThanOrEqual(runs);
  });
});
