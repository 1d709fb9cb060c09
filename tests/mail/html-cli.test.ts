// The HTML-mail side of the CLI, as the built program runs it: `judge demo`
// writes each mail's HTML part and its pictures beside the .eml files, and
// `judge player format` sets a player's choice of text only or HTML.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';

function judge(args: string[]) {
  const r = spawnSync(process.execPath, ['bin/judge.js', ...args], {
    encoding: 'utf8',
    env: { ...process.env, JUDGE_DATA: '' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('judge CLI and HTML mail', { timeout: 120_000 }, () => {
  it('demo writes every HTML part with its PNG beside the .eml and says so; player format sets text or HTML', () => {
    const dir = join(tempDir(), 'demo');
    const r = judge(['--data', dir, 'demo']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/HTML parts: +.*outbox\/\*\.html with their pictures \(\*\.png\)/);
    const out = join(dir, 'outbox');
    const files = readdirSync(out);
    const emls = files.filter((f) => f.endsWith('.eml'));
    const pages = files.filter((f) => f.endsWith('.html'));
    expect(pages.map((f) => f.replace(/\.html$/, ''))).toEqual(emls.map((f) => f.replace(/\.eml$/, '')));
    for (const f of pages.filter((f) => f.includes('report'))) {
      const html = readFileSync(join(out, f), 'utf8');
      const src = /<img src="([^"]+)"/.exec(html)![1]!;
      expect(src).toMatch(/^\d{6}-report-(mapa-tah|map-turn)-1\.png$/);
      expect(readFileSync(join(out, src)).subarray(1, 4).toString()).toBe('PNG');
      expect(html).not.toMatch(/cid:/);
    }
    const format = () => {
      const db = new Database(join(dir, 'judge.sqlite'), { readonly: true });
      try {
        return (
          db.prepare("SELECT mail_format FROM players WHERE id = 'brana'").get() as { mail_format: string | null }
        ).mail_format;
      } finally {
        db.close();
      }
    };
    const t = judge(['--data', dir, 'player', 'format', 'fandi-demo', 'brana', 'text']);
    expect(t.code, t.err).toBe(0);
    expect(t.out).toMatch(/fandi-demo\/brana: mails go out as text only/);
    expect(format()).toBe('text');
    const g = judge(['--data', dir, 'player', 'format', 'fandi-demo', 'brana', 'game']);
    expect(g.out).toMatch(/as text and HTML with pictures \(the game's setting\)/);
    expect(format()).toBeNull();
    const bad = judge(['--data', dir, 'player', 'format', 'fandi-demo', 'brana', 'purple']);
    expect(bad.code).not.toBe(0);
    expect(bad.err).toMatch(/Allowed choices are text, html, game/);
    expect(format()).toBeNull();
    const none = judge(['--data', dir, 'player', 'format', 'fandi-demo', 'nobody', 'text']);
    expect(none.code).not.toBe(0);
    expect(none.err).toMatch(/has no player nobody/);
    expect(existsSync(join(dir, 'judge.sqlite'))).toBe(true);
  });
});
