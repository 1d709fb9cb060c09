// Mailing lists are known by what they write in a mail, not by a person's
// address: a player whose address ends -owner (jan-owner@, shop-owner@, the
// player the-owner) is answered like anyone, while a list's post (Mailman 2
// and 3, Google Groups, Sympa, LISTSERV), a list server's notice and a mail
// server's bounce stay automated mail: stored with the reason, never answered.
import { beforeAll, describe, expect, it } from 'vitest';
import { automatedReason, robotAddress } from '../../src/mail/inbound/loops.js';
import { normalize } from '../../src/mail/inbound/normalize.js';
import type { TestJudge } from '../helpers.js';
import { fixture, ingestFixture, mimeJudge } from './mime-fixtures.js';

// One judge for the file: automated mail changes nothing, and each person has a seat of his own.
let j: TestJudge;
beforeAll(() => {
  j = mimeJudge();
});

describe('people whose address ends -owner', () => {
  it.each([
    ['person-jan-owner-thunderbird.eml', 'hospoda/jan', 'HOD 2d6 vlastnik hradu', 'jan-owner@example.cz'],
    ['person-shop-owner-outlook.eml', 'hospoda/obchod', 'HOD 1d6 majitel obchodu', 'shop-owner@obchod.example.cz'],
    ['person-the-owner-applemail.eml', 'tavern/the-owner', 'ROLL 1d6 the owner rolls', 'the-owner@example.org'],
  ])('%s: the orders are taken and acknowledged', async (file, seat, line, from) => {
    const o = await ingestFixture(j, file);
    expect(o.status).toBe('accepted');
    expect(o.orders).toEqual({ [seat]: [line] });
    expect(o.mails.map((m) => [m.kind, m.to])).toEqual([['ack', [from]]]);
  });

  it('an address of record, a sign-up address: none of them is a robot or a list', () => {
    for (const a of ['jan-owner@example.cz', 'shop-owner@obchod.example.cz', 'the-owner@example.org', 'owner-jan@x.cz'])
      expect(robotAddress(a), a).toBeNull();
  });
});

describe('list mail, as the list servers write it', () => {
  it.each([
    ['list-mailman2-post.eml', /^automated mail: Precedence: list$/],
    ['list-mailman2-held-notice.eml', /^automated mail: Precedence: bulk$/],
    ['list-mailman3-post.eml', /^automated mail: Precedence: list$/],
    ['list-google-groups.eml', /^automated mail: Precedence: list$/],
    ['list-sympa-post.eml', /^automated mail: Precedence: list$/],
    ['list-listserv-post.eml', /^automated mail: Precedence: list$/],
    ['list-listserv-command-reply.eml', /^automated mail: null return path/],
    [
      'list-listserv-classic-post.eml',
      /^automated mail: mailing list hraci-l@listserv\.example\.edu \(envelope sender owner-hraci-l@listserv\.example\.edu, sender\)$/,
    ],
    ['bounce-postfix.eml', /^automated mail: Auto-Submitted: auto-replied$/],
    ['bounce-exim.eml', /^automated mail: Auto-Submitted: auto-replied$/],
  ])('%s: stored as ignored with its reason, no orders, no answer', async (file, reason) => {
    const o = await ingestFixture(j, file);
    expect(o.status).toBe('ignored');
    expect(o.reason).toMatch(reason);
    expect(o.kinds).toEqual(['automated']);
    expect(o.orders).toEqual({});
    expect(o.mails).toEqual([]);
  });

  it('each sign of a list is enough on its own: the list headers, the list servers’ own headers, a list robot as sender', async () => {
    const post = fixture('person-jan-owner-thunderbird.eml').toString('latin1');
    const withHeader = (h: string) =>
      Buffer.from(post.replace('Subject: tahy\r\n', `Subject: tahy\r\n${h}\r\n`), 'latin1');
    const reasonOf = async (raw: Buffer) => automatedReason(await normalize(raw), ['judge@games.example']);
    expect(await reasonOf(withHeader('List-Id: <hraci.lists.example.cz>'))).toBe('mailing list header list-id');
    expect(await reasonOf(withHeader('X-BeenThere: players@lists.example.org'))).toBe(
      'mailing list header x-beenthere',
    );
    expect(await reasonOf(withHeader('X-Mailman-Version: 2.1.39'))).toBe('mailing list header x-mailman-version');
    expect(await reasonOf(withHeader('Mailing-list: list hraci@googlegroups.com'))).toBe(
      'mailing list header mailing-list',
    );
    const from = (a: string) => Buffer.from(post.replace(/jan-owner@example\.cz/g, a), 'latin1');
    expect(await reasonOf(from('players-request@lists.example.org'))).toBe(
      'automated sender players-request@lists.example.org',
    );
    expect(await reasonOf(from('players-bounces+judge=games.example@lists.example.org'))).toMatch(/automated sender/);
    expect(await reasonOf(from('LISTSERV@LISTSERV.EXAMPLE.EDU'))).toMatch(/automated sender/);
    // The envelope sender of a list with nothing naming the list is no sign: a person's own -owner address.
    expect(await reasonOf(from('jan-owner@example.cz'))).toBeNull();
    expect(await reasonOf(withHeader('Sender: Jan <jan-owner@example.cz>\r\nX-Loop: jan-owner@example.cz'))).toBeNull();
  });
});
