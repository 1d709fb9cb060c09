// The mail corpus (tests/fixtures/mail/*.eml, expected.yaml): every file
// ingested by one judge, each outcome checked: status, the class of its
// reason, the reason, the exact order lines stored, and every mail queued in
// answer (kind, addressees, subject, what its body says).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { sendPending } from '../../src/mail/outbound/transport.js';
import { count, tavern, testJudge, type TestJudge } from '../helpers.js';

const DIR = join(import.meta.dirname, '../fixtures/mail');

interface ExpectedMail {
  kind: string;
  to: string[];
  cc?: string[];
  /** The reply's subject, exactly. */
  subject: string;
  /** Regular expressions its body must match. */
  body?: string[];
}

interface Expected {
  made: string;
  covers: string;
  status: string;
  /** The kinds of the outcome (IngestResult.kinds): no-block, wrong-password, automated, charset … */
  class: string[];
  reason?: string;
  orders?: Record<string, string[]>;
  /** Ingested the same day as the file before it (the others come a day apart). */
  sameDay?: boolean;
  mails: ExpectedMail[];
}

const expected = parse(readFileSync(join(DIR, 'expected.yaml'), 'utf8')) as Record<string, Expected>;
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.eml'))
  .sort();

export function corpusJudge(): TestJudge {
  const j = testJudge();
  tavern(j);
  createGame(j, {
    id: 'hospoda',
    kind: 'rpg',
    seed: '1',
    actor: 'test',
    setup: {
      title: 'Hospoda',
      lang: 'cs',
      seats: [
        { id: 'cyril', name: 'Cyril', email: 'cyril@example.cz', password: 'koruna', lang: 'cs' },
        { id: 'alice', name: 'Alice', email: 'alice@example.org', password: 'apple', lang: 'en' },
      ],
    },
  });
  return j;
}

describe('the mail corpus', { timeout: 60_000 }, () => {
  it('has at least 30 files, each with its expected outcome, made by several real clients', () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
    expect(files.filter((f) => !expected[f])).toEqual([]);
    expect(Object.keys(expected).filter((f) => !files.includes(f))).toEqual([]);
    const makers = new Set(Object.values(expected).map((e) => e.made.split(' ')[0]));
    for (const m of ['python', 'swaks', 'mutt', 'hand']) expect(makers).toContain(m);
    // Every file says the class of its outcome, and every reply its subject.
    expect(
      Object.entries(expected)
        .filter(([, e]) => !Array.isArray(e.class))
        .map(([f]) => f),
    ).toEqual([]);
    expect(
      Object.entries(expected)
        .filter(([, e]) => e.mails.some((m) => typeof m.subject !== 'string'))
        .map(([f]) => f),
    ).toEqual([]);
  });

  it('every file gives its expected outcome', async () => {
    const j = corpusJudge();
    const problems: string[] = [];
    for (const f of files) {
      const e = expected[f]!;
      if (!e.sameDay) j.advance(24 * 3600 * 1000); // a day apart, unless the file says otherwise
      const before = (j.db.prepare('SELECT coalesce(max(id), 0) AS m FROM outbox').get() as { m: number }).m;
      const r = await ingest(j, readFileSync(join(DIR, f)), `file:${f}`);
      const row = j.db.prepare('SELECT status, reason FROM inbound WHERE id = ?').get(r.inboundId) as {
        status: string;
        reason: string | null;
      };
      const subs = j.db
        .prepare('SELECT game_id, player_id, echo_json FROM submissions WHERE inbound_id = ? ORDER BY id')
        .all(r.inboundId) as {
        game_id: string;
        player_id: string;
        echo_json: string;
      }[];
      const orders = Object.fromEntries(
        subs.map((s) => [
          `${s.game_id}/${s.player_id}`,
          (JSON.parse(s.echo_json) as { text: string }[]).map((x) => x.text),
        ]),
      );
      const mails = (
        j.db
          .prepare('SELECT kind, to_addrs, cc_addrs, subject, body FROM outbox WHERE id > ? ORDER BY id')
          .all(before) as {
          kind: string;
          to_addrs: string;
          cc_addrs: string;
          subject: string;
          body: string;
        }[]
      ).map((m) => ({
        kind: m.kind,
        to: JSON.parse(m.to_addrs) as string[],
        cc: JSON.parse(m.cc_addrs) as string[],
        subject: m.subject,
        body: m.body,
      }));
      const got = {
        status: row.status,
        class: r.kinds ?? [r.status],
        orders,
        mails: mails.map(({ kind, to, cc, subject }) => ({ kind, to, ...(cc.length ? { cc } : {}), subject })),
      };
      const want = {
        status: e.status,
        class: e.class,
        orders: e.orders ?? {},
        mails: e.mails.map(({ body: _b, ...m }) => m),
      };
      try {
        expect(got, f).toEqual(want);
        e.mails.forEach((m, i) => {
          for (const re of m.body ?? []) expect(mails[i]!.body, `${f}: reply ${i + 1}`).toMatch(new RegExp(re));
        });
        if (e.reason) expect(row.reason ?? '', f).toMatch(new RegExp(e.reason));
        // A password is never echoed in any mail (the corpus passwords: apple, berry, koruna, pear).
        for (const m of mails) expect(m.body, f).not.toMatch(/\b(apple|berry|koruna|pear)\b/);
      } catch (err) {
        problems.push(`${f} (${e.covers}): ${(err as Error).message.split('\n').slice(0, 30).join('\n')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the automated part of the corpus produces no outgoing mail at all', async () => {
    const j = corpusJudge();
    const loops = files.filter((f) => expected[f]!.status === 'ignored');
    expect(loops.length).toBeGreaterThanOrEqual(14);
    for (const f of loops) expect((await ingest(j, readFileSync(join(DIR, f)), f)).status, f).toBe('ignored');
    expect(count(j, 'outbox')).toBe(0);
    expect((await sendPending(j)).sent).toBe(0);
  });

  it('a 20 MB attachment is stored as rejected (its head only) and the sender is told', async () => {
    const j = corpusJudge();
    const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    const big = Buffer.alloc(20 * 1024 * 1024, 'x');
    const info = await t.sendMail({
      from: 'Alice <alice@example.org>',
      to: 'judge@localhost',
      subject: 'orders and my whole campaign diary',
      text: 'GAME tavern alice apple\nROLL 2d6\nEND\n',
      attachments: [{ filename: 'diary.pdf', content: big, contentType: 'application/pdf' }],
    });
    const raw = info.message as Buffer;
    expect(raw.length).toBeGreaterThan(20 * 1024 * 1024);
    const r = await ingest(j, raw, 'test');
    expect(r.status).toBe('rejected');
    const row = j.db
      .prepare('SELECT status, reason, size, length(raw) AS kept FROM inbound WHERE id = ?')
      .get(r.inboundId) as {
      status: string;
      reason: string;
      size: number;
      kept: number;
    };
    expect(row.reason).toMatch(/too large \(\d+ bytes; the limit is 10485760\)/);
    expect(row.size).toBe(raw.length);
    expect(row.kept).toBeLessThanOrEqual(256 * 1024);
    expect(count(j, 'submissions')).toBe(0);
    const mails = j.db.prepare('SELECT kind, to_addrs, subject, body FROM outbox').all() as {
      kind: string;
      to_addrs: string;
      subject: string;
      body: string;
    }[];
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('error');
    expect(JSON.parse(mails[0]!.to_addrs)).toEqual(['alice@example.org']);
    expect(mails[0]!.subject).toBe('[pbem-judge] Mail not accepted: mail too large');
    expect(mails[0]!.body).toMatch(
      /too large \(\d+ bytes; the limit is 10485760\): send your orders again without the attachment, as plain text/,
    );
    // A Czech player is told in Czech.
    const cz = await t.sendMail({
      from: 'Cyril <cyril@example.cz>',
      to: 'judge@localhost',
      subject: 'tahy a mapa',
      text: 'HRA hospoda cyril koruna\nHOD 2d6\nKONEC\n',
      attachments: [{ filename: 'mapa.png', content: big, contentType: 'image/png' }],
    });
    expect((await ingest(j, cz.message as Buffer, 'test')).status).toBe('rejected');
    const reply = j.db.prepare('SELECT subject, body FROM outbox WHERE to_addrs = \'["cyril@example.cz"]\'').get() as {
      subject: string;
      body: string;
    };
    expect(reply.subject).toBe('[pbem-judge] Dopis nepřijat: dopis je příliš velký');
    expect(reply.body).toMatch(/pošlete rozkazy znovu bez přílohy/);
  });
});
