// A data directory without a store (a mistyped --data) is refused by every
// command that needs one, with the path and a hint, exit 2 — and no store is
// made, no mail touched: with the real judge.yaml beside a typo, `judge run`
// leaves the players' mail in the INBOX. A pipe (`ingest --stdin`) exits 75,
// so the mail server keeps the mail and retries.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../../src/cli/index.js';
import { mail, tempDir } from '../helpers.js';
import { startDovecot, type Dovecot } from './dovecot.js';
import { append, folderCounts, freshUser, IMAP_PASSWORD_ENV, writeConfig } from './mailenv.js';

function judge(args: string[], input?: string) {
  const r = spawnSync(process.execPath, ['bin/judge.js', ...args], {
    encoding: 'utf8',
    input,
    env: { ...process.env, JUDGE_DATA: '' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Each command that needs a store, as a GM would type it (init and demo make one; check reports it). */
const NEEDS_STORE: Record<string, string[]> = {
  game: ['game', 'list'],
  player: ['player', 'list', 'g1'],
  ingest: ['ingest'],
  poll: ['poll'],
  process: ['process', 'g1'],
  rerun: ['rerun', 'g1', '--phase', '1'],
  send: ['send'],
  run: ['run'],
  status: ['status'],
  state: ['state', 'g1', '--json'],
  inbound: ['inbound'],
  outbox: ['outbox'],
  report: ['report', 'g1', 'alfa'],
  orders: ['orders', 'g1', 'alfa'],
  pause: ['pause', 'g1'],
  resume: ['resume', 'g1'],
  extend: ['extend', 'g1', '--by', '24h'],
  end: ['end', 'g1'],
  resend: ['resend', 'g1', 'alfa'],
  gm: ['gm', 'status', 'g1'],
  export: ['export', 'g1', '--out', join(tempDir(), 'export')],
  audit: ['audit'],
  approve: ['approve', 'g1', '1'],
  deny: ['deny', 'g1', '1'],
  start: ['start', 'g1'],
  dice: ['dice', 'log', 'g1'],
  serve: ['serve', '--port', '0'],
};
const MAKE_STORE = ['init', 'demo'];

describe('a data directory without a store', { timeout: 120_000 }, () => {
  it('the list above is every command but those that make a store and check', () => {
    expect([...Object.keys(NEEDS_STORE), ...MAKE_STORE, 'check'].sort()).toEqual([...COMMAND_NAMES].sort());
  });

  it('every command that needs one refuses it: the path and the hint, exit 2, no store made, the inbox folder untouched', () => {
    const dir = join(tempDir(), 'judge-typo');
    mkdirSync(join(dir, 'inbox'), { recursive: true });
    writeFileSync(
      join(dir, 'inbox', 'orders.eml'),
      'From: a@example.org\r\nSubject: x\r\n\r\nGAME g1 alfa pw\r\nEND\r\n',
    );
    for (const [name, args] of Object.entries(NEEDS_STORE)) {
      const r = judge(['--data', dir, ...args]);
      expect(r.code, `${name}: ${r.out}${r.err}`).toBe(2);
      expect(r.err, name).toContain(
        `judge: no judge store in ${dir} (judge.sqlite); run \`judge init --data ${dir}\` to create one, or check --data / $JUDGE_DATA`,
      );
      expect(existsSync(join(dir, 'judge.sqlite')), name).toBe(false);
    }
    expect(readdirSync(join(dir, 'inbox'))).toEqual(['orders.eml']);
    // With --config (and no --data) the hint says that --config does not choose the data directory.
    const cfg = join(tempDir(), 'judge.yaml');
    writeFileSync(cfg, 'judge: { address: judge@example.org }\n');
    const r = spawnSync(process.execPath, [join(process.cwd(), 'bin/judge.js'), '--config', cfg, 'status'], {
      encoding: 'utf8',
      cwd: tempDir(),
      env: { ...process.env, JUDGE_DATA: '' },
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /no judge store in .*\/data \(judge\.sqlite\);.*\(--config names the configuration file, not the data directory\)/,
    );
  });

  it('a pipe is told to try again (exit 75), never to bounce', async () => {
    const dir = join(tempDir(), 'judge-typo');
    const r = judge(
      ['--data', dir, 'ingest', '--stdin'],
      (await mail('alfa@example.org', 'GAME g1 alfa pw\nEND')).toString(),
    );
    expect(r.code).toBe(75);
    expect(r.err).toMatch(/the mail could not be stored \(no judge store in .*judge-typo/);
    expect(existsSync(join(dir, 'judge.sqlite'))).toBe(false);
  });

  describe('with a real IMAP mailbox', () => {
    let dc: Dovecot;
    beforeAll(async () => {
      dc = await startDovecot();
    }, 30_000);
    afterAll(async () => {
      await dc?.stop();
    });

    it('`judge --data /typo --config <the real judge.yaml> run` and `poll` leave the mail in the INBOX', async () => {
      const user = freshUser();
      const real = tempDir();
      writeConfig(real, dc, user, 9);
      await append(dc, user, [await mail('alfa@example.org', 'GAME g1 alfa pw\nEND')]);
      const typo = join(tempDir(), 'judge-typo');
      for (const cmd of ['run', 'poll']) {
        const r = spawnSync(
          process.execPath,
          ['bin/judge.js', '--data', typo, '--config', join(real, 'judge.yaml'), cmd],
          { encoding: 'utf8', env: { ...process.env, JUDGE_DATA: '', [IMAP_PASSWORD_ENV]: dc.password } },
        );
        expect(r.status, r.stdout + r.stderr).toBe(2);
        expect(r.stderr).toContain(`no judge store in ${typo} (judge.sqlite)`);
      }
      expect(await folderCounts(dc, user)).toEqual({ INBOX: 1, Processed: 0 });
      expect(existsSync(join(typo, 'judge.sqlite'))).toBe(false);
    });
  });
});
