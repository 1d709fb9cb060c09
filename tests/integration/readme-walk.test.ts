// The README's "Run a game", walked as written (issue #32): its code blocks
// are read from README.md in order and run with the built CLI against a real
// Dovecot and a real SMTP server on 127.0.0.1 — init, the mail account's
// judge.yaml (the README's own keys, with the test servers' hosts, ports and
// users), check, a sample setup copied as shipped, game create, the first run
// (the start mails reach the SMTP server), and the cron line's command. A
// README whose steps stop working fails this test.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { tempDir } from '../helpers.js';
import { startDovecot, type Dovecot } from './dovecot.js';
import { freshUser } from './mailenv.js';
import { startSmtp, type TestSmtp } from './smtp.js';

/** The code blocks of the README's "Run a game", in order, with their language. */
function runAGameBlocks(): { lang: string; text: string }[] {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf('\n## Run a game\n');
  expect(start).toBeGreaterThan(0);
  const end = readme.indexOf('\n## ', start + 5);
  const section = readme.slice(start, end);
  return [...section.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, text: m[2]! }));
}

/** A command line of a block, without its comment. */
const commandsOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);

const SMTP_USER = 'judge@example.org';
const SMTP_PASSWORD = 'smtp-secret';

let dc: Dovecot;
let smtp: TestSmtp;
beforeAll(async () => {
  dc = await startDovecot();
  smtp = await startSmtp('accept', 0, undefined, { auth: { user: SMTP_USER, pass: SMTP_PASSWORD } });
}, 30_000);
afterAll(async () => {
  await smtp?.stop();
  await dc?.stop();
});

describe('the README, "Run a game"', { timeout: 180_000 }, () => {
  it('works as written: init, the mail account, check, a sample setup, create, the first run sends the start mails', async () => {
    const blocks = runAGameBlocks();
    const data = join(tempDir(), 'srv-judge');
    const env: Record<string, string> = { JUDGE_DATA: '' };
    const user = freshUser();
    /** The built CLI for `judge …`, without blocking this process (the SMTP server answers from here). */
    const judge = (args: string[]) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const p = spawn(process.execPath, ['bin/judge.js', ...args], { env: { ...process.env, ...env } });
        let out = '';
        p.stdout.on('data', (d: Buffer) => (out += d.toString()));
        p.stderr.on('data', (d: Buffer) => (out += d.toString()));
        p.on('close', (code) => resolve({ code, out }));
      });
    const ran: string[] = [];
    for (const b of blocks) {
      if (b.lang === 'yaml') {
        // The mail account: the README's judge.yaml, pointed at the test servers.
        const cfg = parse(b.text) as {
          transport: Record<string, unknown>;
          imap: Record<string, unknown>;
          judge: Record<string, unknown>;
        };
        expect(Object.keys(cfg.transport)).toEqual(
          expect.arrayContaining(['host', 'port', 'secure', 'starttls', 'user', 'passwordEnv']),
        );
        expect(Object.keys(cfg.imap)).toEqual(
          expect.arrayContaining(['host', 'port', 'secure', 'user', 'passwordEnv', 'processedFolder']),
        );
        Object.assign(cfg.transport, { host: '127.0.0.1', port: smtp.port, secure: false, starttls: false });
        Object.assign(cfg.imap, { host: dc.host, port: dc.port, secure: false, starttls: false, user });
        env[String(cfg.transport.passwordEnv)] = '';
        env[String(cfg.imap.passwordEnv)] = '';
        writeFileSync(join(data, 'judge.yaml'), stringify(cfg));
        ran.push('judge.yaml');
        continue;
      }
      if (b.lang === 'cron') {
        // The cron line runs `judge … run` on the data directory: the same command as step 6's run.
        expect(b.text).toMatch(
          /JUDGE_SMTP_PASSWORD=… JUDGE_IMAP_PASSWORD=… \/usr\/local\/bin\/judge --data \/srv\/judge run/,
        );
        ran.push('cron');
        continue;
      }
      if (b.lang !== 'sh') continue;
      for (const line of commandsOf(b.text)) {
        if (/^(git clone|cd |npm (ci|install|link|run build))/.test(line)) {
          // Installing is this checkout, already built: named once however many lines it takes.
          if (ran.at(-1) !== 'install (this checkout)') ran.push('install (this checkout)');
          continue;
        }
        if (line.startsWith('export ')) {
          // The passwords, as the README says to give them: the test servers' instead of "…".
          for (const name of line
            .slice(7)
            .split(/\s+/)
            .map((a) => a.split('=')[0]!))
            env[name] = name.includes('IMAP') ? dc.password : SMTP_PASSWORD;
          ran.push('export');
          continue;
        }
        const cp = /^cp (\S+) (\S+)$/.exec(line);
        if (cp) {
          writeFileSync(cp[2]!.replace('/srv/judge', data), readFileSync(cp[1]!));
          ran.push('cp');
          continue;
        }
        expect(line, 'every other line of "Run a game" is a judge command').toMatch(/^judge /);
        const args = line
          .slice(6)
          .split(/\s+/)
          .map((a) => a.replace('/srv/judge', data));
        const r = await judge(args);
        expect(r.code, `${line}\n${r.out}`).toBe(0);
        ran.push(args.filter((a) => !a.startsWith('-') && !a.includes('/')).join(' '));
      }
    }
    expect(ran).toEqual([
      'install (this checkout)',
      'init',
      'judge.yaml',
      'export',
      'check',
      'cp',
      'game create fandi1 fandi',
      'run',
      'cron',
    ]);
    // The first run sent the start mails: every seat of the sample setup and the GM, each once.
    const to = await Promise.all(smtp.received.map(async (m) => (await simpleParser(m.raw)).to));
    const addresses = to.flatMap((t) =>
      (Array.isArray(t) ? t : t ? [t] : []).flatMap((x) => x.value.map((v) => v.address)),
    );
    expect(addresses.sort()).toEqual([
      'alfa@example.org',
      'brana@example.org',
      'cerna@example.org',
      'dana@example.org',
      'gm@example.org',
    ]);
  });
});
