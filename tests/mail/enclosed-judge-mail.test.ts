// The judge's own mail enclosed in a player's (Outlook's "attach original
// message", a forward as attachment of the start mail or an acknowledgement):
// its "GAME tavern alice <password>" is a template, never a block: the
// player's orders are accepted, no refusal goes out, no wrong password is
// counted. A player's own mail forwarded as an attachment is read as before.
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { queueStartMails } from '../../src/engine/start.js';
import { findBlocksIn } from '../../src/mail/inbound/envelope.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { normalize } from '../../src/mail/inbound/normalize.js';
import { mailOptions } from '../../src/mail/outbound/transport.js';
import { getGame, listPlayers } from '../../src/store/games.js';
import { listOutbox } from '../../src/store/outbox.js';
import { count, mail, tavern, testJudge, type TestJudge } from '../helpers.js';

/** Alice's start mail as the judge sends it (its template line "GAME tavern alice <password>" in it), raw. */
async function startMail(j: TestJudge): Promise<Buffer> {
  const game = getGame(j.db, 'tavern')!;
  queueStartMails(
    j,
    game,
    listPlayers(j.db, 'tavern').filter((p) => p.id === 'alice'),
    {},
    'start',
  );
  const row = listOutbox(j.db).find((m) => m.kind === 'report' && m.to_addrs.includes('alice@'))!;
  j.db.prepare('DELETE FROM outbox').run();
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return (await t.sendMail(mailOptions(j, row))).message as Buffer;
}

/** A mail from `from` with `body` as its text and `enclosed` attached as Outlook attaches a message (message/rfc822). */
function withEnclosed(from: string, body: string, enclosed: Buffer): Buffer {
  return Buffer.from(
    `From: ${from}\r\nTo: judge@localhost\r\nSubject: RE: [tavern] Round 1\r\nDate: Sun, 29 Nov 2026 10:00:00 +0000\r\nMessage-ID: <${Math.random()}@example.org>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b0"\r\n\r\n--b0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body.replace(/\n/g, '\r\n')}\r\n--b0\r\nContent-Type: message/rfc822\r\nContent-Disposition: attachment; filename="original.eml"\r\n\r\n${enclosed.toString('latin1')}\r\n--b0--\r\n`,
    'latin1',
  );
}

describe("the judge's own mail enclosed", { timeout: 60_000 }, () => {
  it('the start mail attached: the template line is no block; the orders above it are accepted, nothing refused or counted', async () => {
    const j = testJudge();
    tavern(j);
    const start = await startMail(j);
    expect(start.toString('latin1')).toMatch(/^X-PBEM-Judge: /im);
    expect((await normalize(start)).text).toMatch(/GAME tavern alice <password>/);
    const raw = withEnclosed('alice@example.org', 'GAME tavern alice apple\nROLL 1d6 climbing\nEND\n', start);
    expect(findBlocksIn((await normalize(raw)).sections).map((b) => b.password)).toEqual(['apple']);
    const r = await ingest(j, raw, 'test');
    expect(r.status).toBe('accepted');
    expect(listOutbox(j.db).map((m) => m.kind)).toEqual(['ack']);
    expect(count(j, 'auth_failures')).toBe(0);
  });

  it("without the judge's header, from the judge's address: not read either (with the address given, as intake gives it)", async () => {
    const j = testJudge();
    tavern(j);
    const start = Buffer.from((await startMail(j)).toString('latin1').replace(/^X-PBEM-Judge:.*\r\n/im, ''), 'latin1');
    expect(start.toString('latin1')).not.toMatch(/^X-PBEM-Judge:/im);
    const raw = withEnclosed('alice@example.org', 'GAME tavern alice apple\nROLL 1d6\nEND\n', start);
    const m = await normalize(raw, { isJudgeAddress: (a) => a === 'judge@localhost' });
    expect(findBlocksIn(m.sections).map((b) => b.password)).toEqual(['apple']);
    expect((await ingest(j, raw, 'test')).status).toBe('accepted');
    expect(count(j, 'auth_failures')).toBe(0);
    // Only the body: a mail that encloses only the judge's mail has no block.
    const r = await ingest(j, withEnclosed('alice@example.org', 'see below', start), 'test');
    expect(r.kinds).toContain('no-block');
    expect(count(j, 'auth_failures')).toBe(0);
  });

  it("a player's own mail forwarded as an attachment is still read for orders", async () => {
    const j = testJudge();
    tavern(j);
    const own = await mail('alice@example.org', 'GAME tavern alice apple\nROLL 2d6 forwarded\nEND\n');
    const r = await ingest(j, withEnclosed('alice@example.org', 'my orders, forwarded', own), 'test');
    expect(r.status).toBe('accepted');
    const text = j.db.prepare('SELECT text FROM submissions').get() as { text: string };
    expect(text.text).toContain('ROLL 2d6 forwarded');
  });
});
