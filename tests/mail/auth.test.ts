// Sender authentication beyond the password: a game that requires DKIM or
// DMARC, checked by the judge itself (mailauth, DNS through a fake resolver:
// tests never reach real DNS) or read from the trusted Authentication-Results.
import { afterEach, describe, expect, it } from 'vitest';
import { factsFromAuthResults, setDnsResolver } from '../../src/mail/inbound/auth.js';
import { gameAuth } from '../../src/engine/game-auth.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { listOutbox } from '../../src/store/outbox.js';
import { count, mail, tavern, testJudge } from '../helpers.js';
import { dkimPublicKey as p, fakeDns, signed } from './dkim.js';

const ORDERS = 'GAME tavern alice apple\nROLL 2d6\nEND\n';

afterEach(() => setDnsResolver(null));

describe('sender authentication', () => {
  it('a game reads its auth settings from its config; unreadable settings require everything', () => {
    expect(gameAuth('{}')).toEqual({ password: true, dkim: false, dmarc: false });
    expect(gameAuth('{"auth":{"dkim":true}}')).toEqual({ password: true, dkim: true, dmarc: false });
    expect(gameAuth('{"auth":{"dkim":"yes"}}')).toEqual({ password: true, dkim: true, dmarc: true });
  });

  it('requires an aligned, valid DKIM signature when the game says so (checked with DNS)', async () => {
    fakeDns({ 'sel._domainkey.example.org': `v=DKIM1; k=rsa; p=${p}`, '_dmarc.example.org': 'v=DMARC1; p=reject' });
    const j = testJudge();
    tavern(j);
    j.db.prepare(`UPDATE games SET config_json = '{"auth":{"dkim":true,"dmarc":true}}' WHERE id = 'tavern'`).run();

    const good = await signed(await mail('Alice <alice@example.org>', ORDERS), 'example.org');
    const ok = await ingest(j, good, 'test');
    expect(ok.status, ok.reason ?? '').toBe('accepted');

    const unsigned = await mail('Alice <alice@example.org>', ORDERS);
    const r1 = await ingest(j, unsigned, 'test');
    expect(r1.status).toBe('rejected');
    expect(r1.reason).toMatch(/requires a DKIM signature/);

    // Signed, but by another domain than the From address: not aligned.
    fakeDns({ 'sel._domainkey.evil.example': `v=DKIM1; k=rsa; p=${p}` });
    const other = await signed(await mail('Alice <alice@example.org>', ORDERS), 'evil.example');
    expect((await ingest(j, other, 'test')).reason).toMatch(/requires a DKIM signature/);

    // Tampered after signing: the signature no longer verifies.
    fakeDns({ 'sel._domainkey.example.org': `v=DKIM1; k=rsa; p=${p}` });
    const tampered = Buffer.from(
      (await signed(await mail('Alice <alice@example.org>', ORDERS), 'example.org'))
        .toString()
        .replace('ROLL 2d6', 'ROLL 9d6'),
    );
    expect((await ingest(j, tampered, 'test')).status).toBe('rejected');
    expect(count(j, 'submissions')).toBe(1);
  });

  it("with a trusted authserv-id, only that server's Authentication-Results count", async () => {
    setDnsResolver(async () => {
      throw new Error('no DNS in this test');
    });
    const j = testJudge();
    j.config.judge.trustedAuthservId = 'mx.gm.example';
    tavern(j);
    j.db.prepare(`UPDATE games SET config_json = '{"auth":{"dmarc":true}}' WHERE id = 'tavern'`).run();
    const withAR = async (ar: string) =>
      Buffer.concat([
        Buffer.from(`Authentication-Results: ${ar}\r\n`),
        await mail('Alice <alice@example.org>', ORDERS),
      ]);

    const ok = await ingest(
      j,
      await withAR('mx.gm.example; dkim=pass header.d=example.org; dmarc=pass (p=REJECT) header.from=example.org'),
      'test',
    );
    expect(ok.status).toBe('accepted');
    // A header the sender wrote himself, under another id, is not believed.
    const forged = await ingest(
      j,
      await withAR('mx.evil.example; dkim=pass header.d=example.org; dmarc=pass header.from=example.org'),
      'test',
    );
    expect(forged.status).toBe('rejected');
    expect(forged.reason).toMatch(/requires your mail to pass DMARC.*no Authentication-Results of mx\.gm\.example/);
    const failed = await ingest(
      j,
      await withAR('mx.gm.example; dkim=fail header.d=example.org; dmarc=fail header.from=example.org'),
      'test',
    );
    expect(failed.status).toBe('rejected');
  });

  it('parses Authentication-Results: the topmost header of the trusted id, relaxed alignment', () => {
    expect(
      factsFromAuthResults(['mx.a; dkim=pass header.i=@mail.example.org; dmarc=none'], 'mx.a', 'example.org'),
    ).toMatchObject({ dkimAligned: true, dmarcPass: false });
    expect(factsFromAuthResults(['mx.a; dkim=pass header.d=other.org'], 'mx.a', 'example.org')).toMatchObject({
      dkimAligned: false,
    });
    expect(factsFromAuthResults(['mx.b; dkim=pass header.d=example.org'], 'mx.a', 'example.org')).toBeNull();
    expect(
      factsFromAuthResults(
        ['mx.a; dkim=fail header.d=example.org', 'mx.a; dkim=pass header.d=example.org'],
        'mx.a',
        'example.org',
      ),
    ).toMatchObject({ dkimAligned: false });
  });

  it("a game without passwords accepts its players' own addresses only", async () => {
    const j = testJudge();
    tavern(j);
    j.db.prepare(`UPDATE games SET config_json = '{"auth":{"password":false}}' WHERE id = 'tavern'`).run();
    expect(
      (await ingest(j, await mail('Alice <alice@example.org>', 'GAME tavern alice\nROLL 1d6\nEND'), 'test')).status,
    ).toBe('accepted');
    expect(
      (await ingest(j, await mail('Mallory <mallory@evil.example>', 'GAME tavern alice\nROLL 1d6\nEND'), 'test'))
        .status,
    ).toBe('rejected');
    expect(
      (await ingest(j, await mail('Alice <alice@example.org>', 'GAME tavern alice pear\nROLL 1d6\nEND'), 'test'))
        .reason,
    ).toMatch(/the password is wrong/);
    expect(listOutbox(j.db).map((r) => r.kind)).toEqual(['ack', 'error', 'error']);
  });
});
