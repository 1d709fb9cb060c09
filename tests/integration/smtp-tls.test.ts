// SMTP over STARTTLS against a real smtp-server on loopback: encrypted when
// the server offers it, never sent in plain text when TLS is required, and a
// certificate that cannot be verified is refused unless the config allows it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPending } from '../../src/mail/outbound/transport.js';
import { enqueue, listOutbox } from '../../src/store/outbox.js';
import { tempDir, testJudge } from '../helpers.js';
import { selfSigned } from './dovecot.js';
import { startSmtp, type TestSmtp } from './smtp.js';

function judgeFor(port: number, transport: Record<string, unknown>) {
  const dir = tempDir();
  writeFileSync(
    join(dir, 'judge.yaml'),
    stringify({
      judge: { address: 'judge@localhost' },
      transport: { type: 'smtp', host: '127.0.0.1', port, timeoutSeconds: 5, ...transport },
    }),
  );
  const j = testJudge(dir);
  enqueue(
    j.db,
    { dedupeKey: 'tls-1', kind: 'notice', to: ['alice@example.org'], subject: 'over TLS', body: 'hello' },
    j.domain,
    new Date().toISOString(),
  );
  return j;
}

describe('SMTP over TLS', { timeout: 60_000 }, () => {
  let tls: TestSmtp;
  let plain: TestSmtp;
  let implicit: TestSmtp;
  beforeAll(async () => {
    const pair = selfSigned(mkdtempSync(join(tmpdir(), 'judge-tls-')));
    tls = await startSmtp('accept', 0, pair);
    plain = await startSmtp('accept');
    implicit = await startSmtp('accept', 0, { ...pair, implicit: true });
  });
  afterAll(async () => {
    await tls?.stop();
    await plain?.stop();
    await implicit?.stop();
  });

  it('speaks TLS from the first byte on an implicit-TLS port (465 style)', async () => {
    const j = judgeFor(implicit.port, { secure: true, rejectUnauthorized: false });
    expect((await sendPending(j)).sent).toBe(1);
    expect(implicit.received[0]!.secure).toBe(true);
  });

  it('upgrades to TLS and delivers when the certificate is accepted by the config', async () => {
    const j = judgeFor(tls.port, { starttls: true, rejectUnauthorized: false });
    const r = await sendPending(j);
    expect(r.sent).toBe(1);
    expect(tls.received).toHaveLength(1);
    expect(tls.received[0]!.secure).toBe(true);
    expect(tls.received[0]!.parsed.subject).toBe('over TLS');
  });

  it('refuses a self-signed certificate by default: nothing sent, the mail waits with the reason', async () => {
    const before = tls.received.length;
    const j = judgeFor(tls.port, { starttls: true });
    const r = await sendPending(j);
    expect(r.sent).toBe(0);
    expect(tls.received.length).toBe(before);
    const row = listOutbox(j.db)[0]!;
    expect(row.status).toBe('pending');
    expect(row.last_error).toMatch(/certificate/i);
  });

  it('never falls back to plain text when TLS is required and the server does not offer it', async () => {
    const j = judgeFor(plain.port, { starttls: true });
    const r = await sendPending(j);
    expect(r.sent).toBe(0);
    expect(plain.received).toHaveLength(0);
    expect(listOutbox(j.db)[0]!.last_error).toMatch(/STARTTLS|TLS/i);
    // With starttls: false (a trusted local relay) the same server is fine.
    const k = judgeFor(plain.port, { starttls: false });
    expect((await sendPending(k)).sent).toBe(1);
    expect(plain.received[0]!.secure).toBe(false);
  });
});
