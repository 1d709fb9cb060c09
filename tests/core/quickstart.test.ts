// The Quick start of `judge --help` works as written: its lines, run one by
// one in an empty directory with `judge` on the PATH.
import { spawnSync } from 'node:child_process';
import { chmodSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';

describe('judge --help', { timeout: 120_000 }, () => {
  it('the Quick start works as written', () => {
    const bin = tempDir();
    writeFileSync(join(bin, 'judge'), `#!/bin/sh\nexec "${process.execPath}" "${resolve('bin/judge.js')}" "$@"\n`);
    chmodSync(join(bin, 'judge'), 0o755);
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
    delete env.JUDGE_DATA; // as on a fresh machine: the data directory is ./data
    const help = spawnSync('judge', ['--help'], { encoding: 'utf8', env });
    const quick = help.stdout.split('Quick start:')[1]!.split('\n\n')[0]!;
    const lines = quick
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.startsWith('$ '))
      .map((l) => l.slice(2).replace(/\s+#.*$/, ''));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const cwd = tempDir();
    for (const line of lines) {
      const r = spawnSync('sh', ['-c', line], { cwd, encoding: 'utf8', env });
      expect(r.status, `${line}\n${r.stdout}\n${r.stderr}`).toBe(0);
    }
    // The last line processed a phase and sent its mail.
    expect(readdirSync(join(cwd, 'data', 'outbox')).filter((f) => f.includes('report')).length).toBeGreaterThan(0);
  });
});
