// What a failed IMAP poll says: which server, which user, and what failed (not imapflow's bare "Command failed").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollImap } from '../../src/mail/inbound/imap.js';
import { startDovecot, freePort, type Dovecot } from './dovecot.js';
import { freshUser, mailJudge, IMAP_PASSWORD_ENV } from './mailenv.js';

let dc: Dovecot;
beforeAll(async () => {
  dc = await startDovecot();
}, 30_000);
afterAll(async () => {
  await dc?.stop();
});

describe('IMAP errors', { timeout: 60_000 }, () => {
  it('a wrong password says the login was refused, for whom, and where the password comes from', async () => {
    const user = freshUser();
    const j = mailJudge(dc, user, 25);
    process.env[IMAP_PASSWORD_ENV] = 'not-the-password';
    try {
      await expect(pollImap(j, () => {})).rejects.toThrow(
        new RegExp(
          `IMAP login refused for ${user}@127\\.0\\.0\\.1:${dc.port}: wrong user or password \\(the password comes from \\$${IMAP_PASSWORD_ENV}\\)`,
        ),
      );
    } finally {
      process.env[IMAP_PASSWORD_ENV] = dc.password;
    }
  });

  it('a server that is not there says what failed while connecting', async () => {
    const user = freshUser();
    const j = mailJudge(dc, user, 25);
    j.config.imap!.port = await freePort();
    await expect(pollImap(j, () => {})).rejects.toThrow(/IMAP .*: connecting or logging in failed: .*ECONNREFUSED/);
  });
});
