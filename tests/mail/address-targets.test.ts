// ADDRESS never moves a seat to an address no person reads for it (issue #29,
// point 6): the judge's own addresses, a robot's, a mailing list's, or another
// seat's of the same game are refused, with the reason in the player's language.
import { describe, expect, it } from 'vitest';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { robotAddress } from '../../src/mail/inbound/loops.js';
import { getPlayer } from '../../src/store/games.js';
import { listOutbox } from '../../src/store/outbox.js';
import { count, mail, tavern, testJudge, type TestJudge } from '../helpers.js';

function judge(): TestJudge {
  const j = testJudge();
  j.config.judge.address = 'judge@games.example';
  j.config.judge.bounceAddress = 'bounces-judge@games.example';
  tavern(j);
  return j;
}

/** ADDRESS <to> in Alice's (English) or Boris's (Russian) block from the address of record; the acknowledgement's text. */
async function address(j: TestJudge, to: string, who: 'alice' | 'boris' = 'alice'): Promise<string> {
  const block =
    who === 'alice' ? `GAME tavern alice apple\nADDRESS ${to}\nEND` : `ИГРА tavern boris berry\nАДРЕС ${to}\nКОНЕЦ`;
  await ingest(j, await mail(who === 'alice' ? 'alice@example.org' : 'boris@example.ru', block), 'test');
  return listOutbox(j.db)
    .filter((m) => m.kind === 'ack')
    .at(-1)!.body;
}

describe('ADDRESS refuses addresses nobody reads for the seat', () => {
  it.each([
    ['the judge', 'judge@games.example', /the judge's own address/],
    ['the judge with a +tag', 'Judge+orders@games.example', /the judge's own address/],
    ['the bounce address', 'bounces-judge@games.example', /the judge's own address/],
    ['MAILER-DAEMON', 'MAILER-DAEMON@example.org', /an automatic address/],
    ['postmaster', 'postmaster@example.org', /an automatic address/],
    ['no-reply', 'no-reply@shop.example', /an automatic address/],
    ['a list', 'players-request@lists.example.org', /a mailing list's address/],
    ['a list robot', 'listserv@lists.example.org', /a mailing list's address/],
    ['another seat', 'boris@example.ru', /another position in this game has that address/],
    ['another seat, other case', 'Boris@Example.RU', /another position in this game has that address/],
    ['the GM', 'gm@example.org', /another position in this game has that address/],
  ])('%s: refused, nothing asked, nothing moved', async (_, to, why) => {
    const j = judge();
    const body = await address(j, to);
    expect(body).toMatch(why);
    expect(body).toMatch(/not changed/);
    expect(count(j, 'address_changes')).toBe(0);
    expect(listOutbox(j.db).filter((m) => m.dedupe_key.startsWith('notice:confirm-address'))).toHaveLength(0);
    expect(getPlayer(j.db, 'tavern', 'alice')!.email).toBe('alice@example.org');
    // The refusal never names whose address it is (the line as the player wrote it is echoed, nothing more).
    expect(body.replace(/ADDRESS \S+/i, '')).not.toMatch(/boris/i);
  });

  it("in the player's language", async () => {
    const j = judge();
    expect(await address(j, 'postmaster@example.org', 'boris')).toMatch(/не изменён: это автоматический адрес/);
    expect(await address(j, 'alice@example.org', 'boris')).toMatch(/этот адрес у другой позиции в этой игре/);
    expect(getPlayer(j.db, 'tavern', 'boris')!.email).toBe('boris@example.ru');
  });

  it('an address that ends -owner is a person’s: asked for as any other', async () => {
    const j = judge();
    expect(await address(j, 'shop-owner@obchod.example.cz')).toMatch(/not yet: the address of record must confirm/);
    expect(listOutbox(j.db).filter((m) => m.dedupe_key.startsWith('notice:confirm-address'))).toHaveLength(1);
  });

  it('a person’s address is asked for as before; a seat that took it meanwhile makes CONFIRM refuse it', async () => {
    const j = judge();
    expect(await address(j, 'alice.new@example.org')).toMatch(/not yet: the address of record must confirm/);
    const code = /CONFIRM (\d{6})/.exec(
      listOutbox(j.db).find((m) => m.dedupe_key.startsWith('notice:confirm-address'))!.body,
    )![1]!;
    j.db.prepare("UPDATE players SET email = 'alice.new@example.org' WHERE id = 'boris'").run();
    await ingest(j, await mail('alice@example.org', `GAME tavern alice apple\nCONFIRM ${code}\nEND`), 'test');
    expect(
      listOutbox(j.db)
        .filter((m) => m.kind === 'ack')
        .at(-1)!.body,
    ).toMatch(/another position in this game has that address/);
    expect(getPlayer(j.db, 'tavern', 'alice')!.email).toBe('alice@example.org');
  });

  it('the loop checks and ADDRESS share one list of robot addresses', () => {
    for (const a of ['mailer-daemon@x.example', 'postmaster@x.example', 'noreply@x.example', 'bounce+1@x.example'])
      expect(robotAddress(a)).toBe('robot');
    for (const a of ['majordomo@x.example', 'players-request@x.example', 'players-bounces+a=b.example@x.example'])
      expect(robotAddress(a)).toBe('list');
    // A list's owner address reaches a person, and people's own addresses end so: no robot by the address alone.
    for (const a of [
      'alice@x.example',
      'listeners@x.example',
      'request@x.example',
      'jan-owner@x.example',
      'the-owner@x.example',
      'owner-players@x.example',
    ])
      expect(robotAddress(a)).toBeNull();
  });
});
