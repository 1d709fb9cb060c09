// `judge player link` / `judge gm link` and `judge serve` as a user meets them:
// the built program in child processes, beside each other on one store.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openJudge } from '../../src/context.js';
import { queueNotice } from '../../src/engine/notices.js';
import { requireGame } from '../../src/store/games.js';
import { listOutbox } from '../../src/store/outbox.js';
import { tempDir } from '../helpers.js';
import { fetchPage } from './http.js';

function judge(dir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, ['bin/judge.js', '--data', dir, ...args], {
    encoding: 'utf8',
    env: { ...process.env, JUDGE_DATA: '' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const URL_RE = /https:\/\/judge\.example\.org\/p\/([A-Za-z0-9_-]{43})/;

let dir: string;
let serve: ChildProcess;
let base: string;

/** The web-link mails in the outbox, oldest first. */
function linkMails() {
  const j = openJudge({ data: dir });
  try {
    return listOutbox(j.db).filter((m) => m.dedupe_key.startsWith('notice:web-link:'));
  } finally {
    j.db.close();
  }
}

const path = (url: string) => `${base}${new URL(url).pathname}`;

beforeAll(async () => {
  dir = join(tempDir(), 'data');
  expect(judge(dir, 'demo').code).toBe(0);
  writeFileSync(join(dir, 'judge.yaml'), 'web:\n  baseUrl: https://judge.example.org/\n');
  serve = spawn(process.execPath, ['bin/judge.js', '--data', dir, 'serve', '--port', '0'], {
    env: { ...process.env, JUDGE_DATA: '' },
  });
  base = await new Promise<string>((resolve, reject) => {
    let out = '';
    serve.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /judge serve: (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) resolve(m[1]!);
    });
    serve.stderr!.on('data', (d: Buffer) => reject(new Error(d.toString())));
    serve.on('exit', (code) => reject(new Error(`judge serve exited ${code}`)));
  });
}, 120_000);

afterAll(async () => {
  if (serve && serve.exitCode === null) {
    const done = new Promise((r) => serve.once('exit', r));
    serve.kill('SIGTERM');
    await done;
  }
});

describe('judge player link / judge gm link (the built CLI, beside a running judge serve)', {
  timeout: 120_000,
}, () => {
  it("makes a link, mails it in the player's language (never the password), and the page opens", async () => {
    const r = judge(dir, 'player', 'link', 'fandi-demo', 'alfa');
    expect(r.code, r.err).toBe(0);
    const url = URL_RE.exec(r.out)![0];
    expect(r.out).toContain('mailed to alfa@example.cz');
    const mails = linkMails();
    expect(mails).toHaveLength(1);
    expect(JSON.parse(mails[0]!.to_addrs)).toEqual(['alfa@example.cz']);
    expect(mails[0]!.subject).toBe('[fandi-demo] Vaše stránka ke hře FanDi — demo');
    expect(mails[0]!.body).toContain(url);
    expect(mails[0]!.body).not.toContain('orel'); // alfa's password
    // Czech: no English word of the English mail.
    expect(mails[0]!.body).toMatch(/Odkaz si nechte pro sebe/);
    expect(mails[0]!.body.replace(URL_RE, '')).not.toMatch(/\b(the|your|page|link|orders|password|keep|reports)\b/i);
    // The server, started before the link was made, reads it from the store it shares with the CLI.
    const page = await fetchPage(path(url));
    expect(page.status).toBe(200);
    expect(page.text).toContain('Vaše stránka: Adam');
    expect(page.reports.length).toBeGreaterThan(0);
  });

  it('refuses a second link without --new, and says what to do', () => {
    const r = judge(dir, 'player', 'link', 'fandi-demo', 'alfa');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/has a link already .*--new replaces it, --revoke revokes it/);
    expect(linkMails()).toHaveLength(1);
  });

  it('--new regenerates: a new link is mailed, the old one stops working', async () => {
    const old = URL_RE.exec(linkMails()[0]!.body)![0];
    const r = judge(dir, 'player', 'link', 'fandi-demo', 'alfa', '--new');
    expect(r.code, r.err).toBe(0);
    const url = URL_RE.exec(r.out)![0];
    expect(url).not.toBe(old);
    expect(r.out).toContain('the old link no longer works');
    const mails = linkMails();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.body).toContain(url);
    expect((await fetchPage(path(old))).status).toBe(404);
    expect((await fetchPage(path(url))).status).toBe(200);
  });

  it('--revoke ends it: the page is refused like an unknown one', async () => {
    const url = URL_RE.exec(linkMails()[1]!.body)![0];
    const r = judge(dir, 'player', 'link', 'fandi-demo', 'alfa', '--revoke');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('fandi-demo/alfa: 1 link revoked');
    const revoked = await fetchPage(path(url));
    const unknown = await fetchPage(`${base}/p/${'A'.repeat(43)}`);
    expect(revoked.status).toBe(404);
    expect(revoked.html).toBe(unknown.html);
    expect(judge(dir, 'player', 'link', 'fandi-demo', 'alfa', '--revoke').out).toContain('no live link to revoke');
    expect(linkMails()).toHaveLength(2); // revoking mails nothing
  });

  it("an English player gets the mail in English; the GM gets the GM's page", async () => {
    const r = judge(dir, 'player', 'link', 'fandi-demo', 'cerna');
    expect(r.code, r.err).toBe(0);
    const mail = linkMails().at(-1)!;
    expect(mail.subject).toBe('[fandi-demo] Your web page for FanDi — demo');
    const gm = judge(dir, 'gm', 'link', 'fandi-demo');
    expect(gm.code, gm.err).toBe(0);
    expect(gm.out).toContain('mailed to gm@example.cz');
    const page = await fetchPage(path(URL_RE.exec(gm.out)![0]));
    expect(page.status).toBe(200);
    expect(page.text).toContain('Stránka vedoucího hry');
    expect(page.reports[0]).toContain('Zpráva pro vedoucího hry');
  });

  it('runs beside the judge: a turn processed meanwhile is on the next page served', async () => {
    const before = await fetchPage(`${base}/g/fandi-demo`);
    const r = judge(dir, 'process', 'fandi-demo');
    expect(r.code, r.err).toBe(0);
    const after = await fetchPage(`${base}/g/fandi-demo`);
    expect(after.reports).toHaveLength(before.reports.length + 1);
    expect(after.reports[0]).toMatch(/Vyhodnocení tahu 2/);
  });

  it('handing a position over revokes its link: the new player does not read through the old one', async () => {
    const mail = linkMails().find((m) => JSON.parse(m.to_addrs).includes('cerna@example.org'))!;
    const url = URL_RE.exec(mail.body)![0];
    expect((await fetchPage(path(url))).status).toBe(200);
    const r = judge(
      dir,
      'player',
      'replace',
      'fandi-demo',
      'cerna',
      '--email',
      'newbie@example.org',
      '--password',
      'n3w-secret',
      '--name',
      'Nováček',
    );
    expect(r.code, r.err).toBe(0);
    expect((await fetchPage(path(url))).status).toBe(404);
    const fresh = judge(dir, 'player', 'link', 'fandi-demo', 'cerna');
    expect(fresh.code, fresh.err).toBe(0);
    expect(fresh.out).toContain('mailed to newbie@example.org');
    expect((await fetchPage(path(URL_RE.exec(fresh.out)![0]))).text).toContain('Nováček');
  });

  it('bad input gets a clear answer', () => {
    expect(judge(dir, 'player', 'link', 'fandi-demo', 'nobody')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/no player nobody/),
    });
    expect(judge(dir, 'player', 'link', 'nogame', 'alfa')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/no game "nogame"/),
    });
    expect(judge(dir, 'player', 'link', 'fandi-demo', 'alfa', '--new', '--revoke')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/do not go together/),
    });
    expect(judge(dir, 'serve', '--port', 'x')).toMatchObject({ code: 2 });
  });

  it('the link mail reads in Russian with no English word', () => {
    const j = openJudge({ data: dir });
    try {
      const game = requireGame(j.db, 'fandi-demo');
      j.db.transaction(() =>
        queueNotice(j, game, 'web-link', 'ru-test', [{ email: 'ivan@example.ru', lang: 'ru' }], {
          url: 'https://judge.example.org/p/abc',
          player: { id: 'alfa', name: 'Иван' },
        }),
      )();
      const m = listOutbox(j.db).find((x) => x.dedupe_key === 'notice:web-link:fandi-demo:ru-test:ivan@example.ru')!;
      expect(m.subject).toBe('[fandi-demo] Ваша страница игры FanDi — demo');
      const latin = m.body.replace('https://judge.example.org/p/abc', '').replace(/fandi-demo|FanDi — demo|alfa/g, '');
      expect(latin).not.toMatch(/[A-Za-z]{2,}/);
    } finally {
      j.db.close();
    }
  });
});
