// Every sample setup in games/<kind>/setups/ works as shipped: a GM who copies
// one (as the README's "Run a game" does) gets a game with `judge game create`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';

function judge(args: string[]) {
  const r = spawnSync(process.execPath, ['bin/judge.js', ...args], {
    encoding: 'utf8',
    env: { ...process.env, JUDGE_DATA: '' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const samples = readdirSync('games').flatMap((kind) => {
  let files: string[] = [];
  try {
    files = readdirSync(join('games', kind, 'setups'));
  } catch {
    return [];
  }
  return files.filter((f) => /\.(ya?ml|json)$/.test(f)).map((f) => ({ kind, file: join('games', kind, 'setups', f) }));
});

describe('the sample setups as shipped', { timeout: 120_000 }, () => {
  it('there is at least one for every kind', () => {
    expect(new Set(samples.map((s) => s.kind))).toEqual(new Set(['fandi', 'godfather', 'nation', 'rpg']));
  });

  it.each(samples)('$file creates a game', ({ kind, file }) => {
    const data = join(tempDir(), 'data');
    expect(judge(['--data', data, 'init']).code).toBe(0);
    const r = judge(['--data', data, 'game', 'create', 'g1', '--kind', kind, '--setup', file]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/created game g1/);
    const list = judge(['--data', data, 'status', 'g1']);
    expect(list.code, list.err).toBe(0);
  });
});
