// `judge check` (the built CLI) against a real Dovecot and a real SMTP server
// with AUTH on 127.0.0.1: a good set-up passes (exit 0) and each broken one is
// named, every problem at once (exit 1), with the settings to look at. Nothing
// is sent, stored or moved; a server that never answers does not hang it.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setMeta } from '../../src/store/judge-meta.js';
import { tavern, tempDir, testJudge } from '../helpers.js';
import { freePort, startDovecot, type Dovecot } from './dovecot.js';
import { append, folderCounts, freshUser, IMAP_PASSWORD_ENV } from './mailenv.js';
import { startSmtp, type TestSmtp } from './smtp.js';

const SMTP_USER = 'judge@example.org';
const SMTP_PASSWORD = 'smtp-secret';
const SMTP_ENV = 'JUDGE_TEST_SMTP_PASSWORD';

let dc: Dovecot;
let smtp: TestSmtp;
beforeAll(async () => {
  dc = await startDovecot();
  smtp = await startSmtp('accept', 0, undefined, {
    auth: { user: SMTP_USER, pass: SMTP_PASSWORD },
    senders: ['bounces@example.org'],
  });
}, 30_000);
afterAll(async () => {
  await smtp?.stop();
  await dc?.stop();
});

/** judge.yaml for the test servers, with changes (a section's keys replaced one by one). */
function config(user: string, change: { imap?: object; transport?: object; judge?: object } = {}) {
  return {
    judge: { address: 'judge@example.org', bounceAddress: 'bounces@example.org', ...change.judge },
    transport: {
      type: 'smtp',
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      starttls: false,
      user: SMTP_USER,
      passwordEnv: SMTP_ENV,
      timeoutSeconds: 10,
      ...change.transport,
    },
    imap: {
      host: dc.host,
      port: dc.port,
      secure: false,
      starttls: false,
      user,
      passwordEnv: IMAP_PASSWORD_ENV,
      processedFolder: 'Processed',
      timeoutSeconds: 10,
      ...change.imap,
    },
  };
}

/** A data directory with a store (a game in it) and this judge.yaml. */
function dataDir(cfg: object, store = true): string {
  const dir = tempDir();
  if (store) {
    const j = testJudge(dir);
    tavern(j);
    setMeta(j.db, 'last-run', '2026-11-29T11:55:00.000Z', '2026-11-29T11:55:00.000Z');
    setMeta(j.db, 'last-intake-ok', '2026-11-29T11:55:01.000Z', '2026-11-29T11:55:01.000Z');
    j.db.close();
  }
  writeFileSync(join(dir, 'judge.yaml'), stringify(cfg));
  return dir;
}

/** The built CLI, run without blocking this process (the SMTP server answers from here). */
function check(dir: string, env: Record<string, string> = {}, ...args: string[]) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const p = spawn(process.execPath, ['bin/judge.js', '--data', dir, 'check', ...args], {
      env: {
        ...process.env,
        JUDGE_DATA: '',
        [IMAP_PASSWORD_ENV]: dc.password,
        [SMTP_ENV]: SMTP_PASSWORD,
        ...env,
      },
    });
    let out = '';
    let err = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('close', (code) => resolve({ code, out, err }));
  });
}

/** The line of a finding ("  FAIL  imap  …") and the lines under it. */
function finding(out: string, what: string): string {
  const lines = out.split('\n');
  const i = lines.findIndex((l) => new RegExp(`^ {2}(ok|warn|FAIL|skip) +${what} `).test(l));
  if (i < 0) return '';
  const rest = lines.slice(i + 1).findIndex((l) => !/^ {16}/.test(l));
  return lines.slice(i, rest < 0 ? undefined : i + 1 + rest).join('\n');
}

describe('judge check', { timeout: 120_000 }, () => {
  it('a good set-up: every line ok, the sender taken without a message sent, the runs and the games shown; exit 0', async () => {
    const user = freshUser();
    await append(dc, user, [Buffer.from('From: a@example.org\r\nSubject: waiting\r\n\r\nhello\r\n')]);
    const seen = smtp.mailFrom.length;
    const r = await check(dataDir(config(user)));
    expect(r.code, r.out + r.err).toBe(0);
    expect(finding(r.out, 'config')).toMatch(/^ {2}ok +config .*judge\.yaml: valid/);
    expect(finding(r.out, 'store')).toMatch(/ok +store .*judge\.sqlite: schema v\d+, this judge's/);
    expect(finding(r.out, 'runs')).toMatch(
      /ok +runs +last `judge run` 2026-11-29T11:55:00\.000Z .*last good intake 2026-11-29T11:55:01\.000Z/,
    );
    expect(finding(r.out, 'imap')).toMatch(
      new RegExp(
        `ok +imap +IMAP ${user}@127\\.0\\.0\\.1:${dc.port} \\(plain\\): logged in; INBOX holds 1 message\\(s\\); Processed was missing and is now made`,
      ),
    );
    expect(finding(r.out, 'smtp')).toMatch(
      /ok +smtp +SMTP judge@example\.org@127\.0\.0\.1:\d+ \(plain\): connected; logged in as judge@example\.org; the envelope sender bounces@example\.org is taken \(MAIL FROM, then RSET: nothing sent\)/,
    );
    expect(r.out).toMatch(
      /\n {2}games\n {4}tavern \(rpg, active\) phase 1 "[^"]+", no deadline \(processed by hand\); orders from 0 of 2\n/,
    );
    expect(r.out).toMatch(/\nall is well/);
    // MAIL FROM was given, no message: the server received nothing.
    expect(smtp.mailFrom.slice(seen)).toEqual(['bounces@example.org']);
    expect(smtp.received).toHaveLength(0);
    expect(smtp.dataSeen).toBe(0);
    // Nothing was read away: the mail is still in the INBOX; the folder was made.
    expect(await folderCounts(dc, user)).toEqual({ INBOX: 1, Processed: 0 });
    // Again: the folder is there now.
    expect(finding((await check(dataDir(config(user)))).out, 'imap')).toMatch(/Processed is there/);
  });

  it('wrong IMAP and SMTP passwords: both named at once, with what to look at; exit 1', async () => {
    const r = await check(dataDir(config(freshUser())), { [IMAP_PASSWORD_ENV]: 'nope', [SMTP_ENV]: 'nope' });
    expect(r.code).toBe(1);
    expect(finding(r.out, 'imap')).toMatch(
      /FAIL +imap +IMAP login refused for player\S+@127\.0\.0\.1:\d+: wrong user or password \(the password comes from \$JUDGE_TEST_IMAP_PASSWORD\)/,
    );
    expect(finding(r.out, 'smtp')).toMatch(
      /FAIL +smtp +SMTP judge@example\.org@127\.0\.0\.1:\d+ \(plain\): EAUTH: .*535/,
    );
    expect(finding(r.out, 'smtp')).toMatch(
      /→ the SMTP server 127\.0\.0\.1:\d+ refused the login of judge@example\.org \(535 5\.7\.8 Authentication credentials invalid\): check transport\.user and the password in \$JUDGE_TEST_SMTP_PASSWORD/,
    );
    expect(r.out).toMatch(/\n2 problems: exit 1\n?$/);
  });

  it('the IMAP server down: the address named', async () => {
    const r = await check(dataDir(config(freshUser(), { imap: { port: await freePort() } })));
    expect(r.code).toBe(1);
    expect(finding(r.out, 'imap')).toMatch(/FAIL +imap +IMAP .*connecting or logging in failed: .*ECONNREFUSED/);
    expect(finding(r.out, 'imap')).toMatch(
      /→ check imap\.host and imap\.port \(127\.0\.0\.1:\d+\): no server answers there/,
    );
    expect(finding(r.out, 'smtp')).toMatch(/^ {2}ok/);
  });

  it('TLS from the first byte on plain ports: the secure, starttls and port settings named, for IMAP and SMTP', async () => {
    const r = await check(dataDir(config(freshUser(), { imap: { secure: true }, transport: { secure: true } })));
    expect(r.code).toBe(1);
    for (const what of ['imap', 'smtp'])
      expect(finding(r.out, what), r.out).toMatch(new RegExp(`FAIL +${what} .*TLS failed: wrong version number`));
    expect(finding(r.out, 'imap')).toMatch(
      /→ check imap\.secure, imap\.starttls and imap\.port \(imap\.secure is true, imap\.starttls is false, imap\.port is \d+\)/,
    );
    // The same line the send gives (smtp-errors.ts), naming all three settings.
    expect(finding(r.out, 'smtp')).toMatch(
      /→ TLS with the SMTP server 127\.0\.0\.1:\d+ failed \(TLS failed: wrong version number\): the port speaks plain SMTP; set transport\.secure: false \(with transport\.starttls: true, port 587\), or transport\.port to its TLS port \(465\)/,
    );
  });

  it('an envelope sender the server refuses, and a processedFolder that cannot be made, are named', async () => {
    const r = await check(
      dataDir(
        config(freshUser(), { imap: { processedFolder: '~Processed' }, judge: { bounceAddress: 'other@example.org' } }),
      ),
    );
    expect(r.code).toBe(1);
    expect(finding(r.out, 'imap')).toMatch(
      /FAIL +imap .*logged in; .*imap\.processedFolder "~Processed" is missing and cannot be made: Invalid mailbox name/,
    );
    expect(finding(r.out, 'smtp')).toMatch(
      /FAIL +smtp .*logged in as judge@example\.org; the server refuses the envelope sender other@example\.org: 553/,
    );
    expect(finding(r.out, 'smtp')).toMatch(
      /→ the SMTP server 127\.0\.0\.1:\d+ refused the judge's envelope sender other@example\.org \(553 .*\): check judge\.bounceAddress/,
    );
    expect(smtp.received).toHaveLength(0);
  });

  it('a broken judge.yaml: every error at once, the servers not tried', async () => {
    const cfg = config(freshUser(), {
      transport: { port: 'twenty-five', conections: 3 },
      imap: { timeoutSeconds: 99999 },
    });
    const r = await check(dataDir({ ...cfg, judge: { address: 'not an address' }, colour: 'blue' }));
    expect(r.code).toBe(1);
    const f = finding(r.out, 'config');
    for (const path of ['judge.address', 'transport', 'imap.timeoutSeconds', 'colour'])
      expect(f, r.out).toContain(path);
    expect(f).toMatch(/imap\.timeoutSeconds: at most 3600 seconds/);
    expect(finding(r.out, 'servers')).toMatch(/skip +servers +not checked: judge\.yaml must be mended first/);
    expect(finding(r.out, 'store')).toMatch(/^ {2}ok/);
    expect(r.out).toMatch(/\n1 problem: exit 1/);
  });

  it('no store in the data directory: named with the hint, and none is made', async () => {
    const dir = dataDir(config(freshUser()), false);
    const r = await check(dir);
    expect(r.code).toBe(1);
    expect(finding(r.out, 'store')).toContain(
      `FAIL  store    no judge store in ${dir} (judge.sqlite); run \`judge init --data ${dir}\` to create one, or check --data / $JUDGE_DATA`,
    );
    expect(existsSync(join(dir, 'judge.sqlite'))).toBe(false);
    // The servers are still looked at: every problem at once.
    expect(finding(r.out, 'imap')).toMatch(/^ {2}ok/);
  });

  it('servers that never answer: each step given up after --timeout, with the TLS settings to look at', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as { port: number }).port;
    try {
      const r = await check(
        dataDir(config(freshUser(), { imap: { port }, transport: { port } })),
        {},
        '--timeout',
        '2',
      );
      expect(r.code).toBe(1);
      expect(finding(r.out, 'imap')).toMatch(/FAIL +imap .*(timeout|no answer|ETIMEDOUT)/i);
      expect(finding(r.out, 'smtp')).toMatch(/FAIL +smtp .*(timeout|no answer|ETIMEDOUT)/i);
      expect(finding(r.out, 'imap')).toMatch(/→ check imap\.secure, imap\.starttls and imap\.port/);
      expect(finding(r.out, 'smtp')).toMatch(/→ check transport\.secure, transport\.starttls and transport\.port/);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent.close(r));
    }
  });
});
