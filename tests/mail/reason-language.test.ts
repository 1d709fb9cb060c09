// A refusal is in its reader's language through and through: the reasons
// whose stored (GM's) form carries an English detail — a start line without
// the player, a sender the game could not authenticate — say it in the
// reader's own words in the answer.
import { afterEach, describe, expect, it } from 'vitest';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { setDnsResolver } from '../../src/mail/inbound/auth.js';
import { listOutbox } from '../../src/store/outbox.js';
import { mail, tavern, testJudge } from '../helpers.js';

const ENGLISH = /\b(the|player id|GAME line|requires|could not|signature of your)\b/;

function lastTo(j: ReturnType<typeof testJudge>, address: string) {
  return listOutbox(j.db)
    .filter((o) => o.to_addrs.includes(address))
    .at(-1)!;
}

afterEach(() => setDnsResolver(null));

describe("a refusal's reasons in the reader's language", () => {
  it('a start line without the player id: Russian for a Russian seat, English in the stored reason', async () => {
    const j = testJudge();
    tavern(j);
    const r = await ingest(j, await mail('Boris <boris@example.ru>', 'ИГРА tavern\nБРОСОК 1d6\nКОНЕЦ\n'), 'test');
    expect(r.status).toBe('rejected');
    expect(r.reason).toMatch(/player id/);
    const answer = lastTo(j, 'boris@example.ru');
    expect(answer.body).toContain('не указан игрок');
    expect(answer.body).not.toMatch(ENGLISH);
  });

  it('a game that requires DKIM: the cause in Russian, the English evidence only in the stored reason', async () => {
    setDnsResolver(async () => {
      throw new Error('no DNS in this test');
    });
    const j = testJudge();
    tavern(j);
    j.db.prepare(`UPDATE games SET config_json = '{"auth":{"dkim":true}}' WHERE id = 'tavern'`).run();
    const r = await ingest(
      j,
      await mail('Boris <boris@example.ru>', 'ИГРА tavern boris berry\nБРОСОК 1d6\nКОНЕЦ\n'),
      'test',
    );
    expect(r.status).toBe('rejected');
    expect(r.reason).toMatch(/requires a DKIM signature/);
    const answer = lastTo(j, 'boris@example.ru');
    expect(answer.body).toContain('подписи DKIM');
    expect(answer.body).not.toMatch(ENGLISH);
  });
});
