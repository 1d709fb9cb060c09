import { describe, expect, it } from 'vitest';
import { processPhase } from '../../src/engine/pipeline.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { listOutbox } from '../../src/store/outbox.js';
import { liveSubmissions } from '../../src/store/submissions.js';
import { count, mail, tavern, testJudge } from '../helpers.js';

const ALICE = 'Alice <alice@example.org>';

describe('ingest', () => {
  it('the same mail twice: one stored message, one submission, one acknowledgement', async () => {
    const j = testJudge();
    tavern(j);
    const raw = await mail(ALICE, 'GAME tavern alice apple\nROLL 2d6 attack\nEND\n');
    const first = await ingest(j, raw, 'test');
    const second = await ingest(j, raw, 'test');
    expect(first.status).toBe('accepted');
    expect(second.status).toBe('already-stored');
    // The same Message-ID with other bytes (resent through another route) is kept but has no effect.
    const resent = Buffer.concat([Buffer.from('Received: from relay.example.org\n'), raw]);
    expect((await ingest(j, resent, 'test')).status).toBe('duplicate');
    expect(count(j, 'submissions')).toBe(1);
    expect(count(j, "outbox WHERE kind = 'ack'")).toBe(1);
    expect(count(j, 'inbound')).toBe(2);
  });

  it('acknowledges each accepted order and echoes each bad line with its reason', async () => {
    const j = testJudge();
    tavern(j);
    const r = await ingest(
      j,
      await mail(ALICE, 'GAME tavern alice apple\nROLL 2d6 attack\nROLL 2x6 oops\nEND\n'),
      'test',
    );
    expect(r.blocks[0]).toMatchObject({ accepted: true, orders: 1, errors: 1 });
    const [ack] = listOutbox(j.db);
    expect(ack!.kind).toBe('ack');
    expect(JSON.parse(ack!.to_addrs)).toEqual(['alice@example.org']);
    expect(ack!.body).toContain('ROLL 2d6 attack');
    expect(ack!.body).toContain('ROLL 2x6 oops');
    expect(ack!.body).toMatch(/NOT accepted/);
    expect(ack!.body).not.toContain('apple'); // the password is never echoed
    expect(JSON.parse(ack!.headers_json)['In-Reply-To']).toMatch(/^<.+>$/);
  });

  it('a reply with the previous report quoted below it and a signature yields only the real orders', async () => {
    const j = testJudge();
    tavern(j);
    await ingest(j, await mail(ALICE, 'GAME tavern alice apple\nROLL 3d6 old order\nEND'), 'test');
    processPhase(j, 'tavern');
    const report = listOutbox(j.db).find((m) => m.kind === 'report' && m.to_addrs.includes('alice'))!;
    // Gmail/Thunderbird style: new orders on top, a signature, then the whole report quoted.
    const quoted = report.body
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n');
    const text = `GAME tavern alice apple\nROLL 2d6 new order\nEND\n\n-- \nAlice\nGAME tavern alice apple\nROLL 9d9 signature\nEND\n\nOn Sun, 29 Nov 2026 at 12:00, pbem-judge <judge@localhost> wrote:\n${quoted}\n> GAME tavern alice apple\n> ROLL 1d4 quoted\n> END\n`;
    // Outlook style: no ">" at all, the old mail below a header block.
    const outlook = `GAME tavern alice apple\nROLL 4d6 outlook order\nEND\n\nAlice\n\nFrom: pbem-judge <judge@localhost>\nSent: Sunday, November 29, 2026 12:00\nSubject: ${report.subject}\n\n${report.body}\nGAME tavern alice apple\nROLL 1d8 inside old mail\nEND\n`;
    for (const [body, expected] of [
      [text, ['ROLL 2d6 new order']],
      [outlook, ['ROLL 4d6 outlook order']],
    ] as const) {
      const r = await ingest(j, await mail(ALICE, body, `Re: ${report.subject}`), 'test');
      expect(r.status).toBe('accepted');
      const live = liveSubmissions(j.db, 'tavern', 2)[0]!;
      expect(live.text.split('\n').filter((l) => l.trim())).toEqual(expected);
      expect(JSON.parse(live.orders_json)).toHaveLength(1);
    }
  });

  it('the latest orders replace earlier ones, and the history is kept', async () => {
    const j = testJudge();
    tavern(j);
    await ingest(j, await mail(ALICE, 'GAME tavern alice apple\nROLL 1d6\nEND'), 'test');
    await ingest(j, await mail(ALICE, 'GAME tavern alice apple\nROLL 2d6\nROLL 3d6\nEND'), 'test');
    const live = liveSubmissions(j.db, 'tavern', 1);
    expect(live).toHaveLength(1);
    expect(JSON.parse(live[0]!.orders_json)).toHaveLength(2);
    expect(count(j, 'submissions')).toBe(2);
    expect(listOutbox(j.db).at(-1)!.body).toMatch(/REPLACE/);
  });

  it.each([
    ['GAME nosuch alice apple\nROLL 1d6\nEND', /no game "nosuch"/],
    // "No such player" and "wrong password" are one answer (a reply never tells which seats exist).
    ['GAME tavern zed apple\nROLL 1d6\nEND', /GAME tavern: game "tavern" has no such player, or the password is wrong/],
    [
      'GAME tavern alice pear\nROLL 1d6\nEND',
      /GAME tavern: game "tavern" has no such player, or the password is wrong/,
    ],
    ['GAME tavern alice\nROLL 1d6\nEND', /password is missing/],
    ['Hello judge, what are the rules?', /no order block/],
  ])('rejects %j with a stored reason and a clear reply', async (text, reason) => {
    const j = testJudge();
    tavern(j);
    const r = await ingest(j, await mail(ALICE, text), 'test');
    expect(r.status).toBe('rejected');
    const row = j.db.prepare('SELECT status, reason, raw FROM inbound WHERE id = ?').get(r.inboundId) as {
      status: string;
      reason: string;
      raw: Buffer;
    };
    expect(row.status).toBe('rejected');
    expect(row.reason).toMatch(reason);
    expect(row.raw.length).toBeGreaterThan(100);
    const out = listOutbox(j.db);
    expect(out).toHaveLength(1);
    expect(out[0]!.kind).toBe('error');
    expect(out[0]!.body).toMatch(reason);
    expect(count(j, 'submissions')).toBe(0);
  });

  it("answers a known player in the seat's language, a stranger in the block's; the keyword as written; the stored reason stays English", async () => {
    const j = testJudge();
    tavern(j);
    const en = await ingest(j, await mail(ALICE, 'HRA tavern alice hruska\nROLL 1d6\nKONEC'), 'test');
    expect(en.reason).toMatch(/HRA tavern: game "tavern" has no such player, or the password is wrong/);
    expect(listOutbox(j.db).at(-1)!.body).toMatch(
      /HRA tavern: game "tavern" has no such player, or the password is wrong/,
    ); // alice's seat is English
    await ingest(j, await mail('Karel <karel@example.cz>', 'HRA tavern alice hruska\nROLL 1d6\nKONEC'), 'test');
    expect(listOutbox(j.db).at(-1)!.body).toMatch(/HRA tavern: hra „tavern“ takového hráče nemá, nebo je heslo špatné/);
    await ingest(j, await mail('Boris <boris@example.ru>', 'ИГРА kabak boris berry\nROLL 1d6\nКОНЕЦ'), 'test');
    expect(listOutbox(j.db).at(-1)!.body).toMatch(
      /ИГРА kabak: игры «kabak» у этого судьи нет; ваши игры здесь: ИГРА tavern boris <пароль>/,
    );
  });

  it('two blocks for two games in one mail: each handled on its own', async () => {
    const j = testJudge();
    tavern(j, 'tavern');
    tavern(j, 'inn');
    const r = await ingest(
      j,
      await mail(
        ALICE,
        'GAME tavern alice apple\nROLL 1d6\nEND\n\nGAME inn alice apple\nROLL 2d6\nEND\nGAME nosuch alice x\nEND',
      ),
      'test',
    );
    expect(r.status).toBe('partial');
    expect(r.blocks.map((b) => b.accepted)).toEqual([true, true, false]);
    expect(count(j, "outbox WHERE kind = 'ack'")).toBe(2);
    expect(count(j, "outbox WHERE kind = 'error'")).toBe(1);
  });

  it('orders from another address are accepted; the acknowledgement goes to the address of record only, saying who sent them', async () => {
    const j = testJudge();
    tavern(j);
    await ingest(j, await mail('Mallory <mallory@evil.example>', 'GAME tavern alice apple\nROLL 1d6\nEND'), 'test');
    const ack = listOutbox(j.db).find((m) => m.kind === 'ack')!;
    expect(JSON.parse(ack.to_addrs)).toEqual(['alice@example.org']);
    expect(JSON.parse(ack.cc_addrs)).toEqual([]);
    expect(ack.body).toContain('mallory@evil.example');
    expect(count(j, "outbox WHERE to_addrs LIKE '%mallory%' OR cc_addrs LIKE '%mallory%'")).toBe(0);
  });

  it("a player's own mail with a Reply-To: the address of record gets the acknowledgement, the Reply-To nothing (a forged From must learn nothing: issue #29)", async () => {
    const j = testJudge();
    tavern(j);
    const raw = Buffer.from(
      (await mail(ALICE, 'GAME tavern alice apple\nROLL 1d6\nEND'))
        .toString('latin1')
        .replace(/^Subject:/m, 'Reply-To: alice.work@example.com\r\nSubject:'),
      'latin1',
    );
    await ingest(j, raw, 'test');
    const ack = listOutbox(j.db).find((m) => m.kind === 'ack')!;
    expect(JSON.parse(ack.to_addrs)).toEqual(['alice@example.org']);
    expect(JSON.parse(ack.cc_addrs)).toEqual([]);
    expect(
      listOutbox(j.db).filter((m) => m.to_addrs.includes('alice.work') || m.cc_addrs.includes('alice.work')),
    ).toEqual([]);
  });

  it('never answers automated mail', async () => {
    const j = testJudge();
    tavern(j);
    const auto = Buffer.from(
      'From: Alice <alice@example.org>\nTo: judge@localhost\nSubject: Out of office\nAuto-Submitted: auto-replied\nMessage-ID: <ooo1@example.org>\n\nI am away.\n',
    );
    const bounce = Buffer.from(
      'From: MAILER-DAEMON@example.org\nTo: judge@localhost\nSubject: Undelivered\nMessage-ID: <b1@example.org>\n\nGAME tavern alice apple\nEND\n',
    );
    expect((await ingest(j, auto, 'test')).status).toBe('ignored');
    expect((await ingest(j, bounce, 'test')).status).toBe('ignored');
    expect(count(j, 'outbox')).toBe(0);
    expect(count(j, "inbound WHERE status = 'ignored' AND reason LIKE 'automated mail:%'")).toBe(2);
  });
});
