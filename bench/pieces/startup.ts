// "startup-status", "startup-process", "startup-send": the wall time of one
// `node bin/judge.js <command> --data <dir>` (the built CLI: the harness runs
// `npm run build` first; each command's code cache is made by a first run
// outside the timing) on a small data directory as `judge init` leaves it
// (its judge.yaml, which every command reads) with one dice-table game whose
// deadline is not set (nothing due) and an empty outbox; bare = `node -e 0`
// with the same node binary. `judge process` adjudicates the game's open
// phase (two players, no orders) and queues its reports.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Measured, Piece, RunArgs } from '../piece.js';
import { openJudge } from '../../src/context.js';
import { tavern } from '../../tests/helpers.js';
import { exampleConfig } from '../../src/cli/init.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function setup(dir: string): void {
  const j = openJudge({ data: dir, create: true });
  tavern(j);
  j.db.close();
  // The judge.yaml `judge init` writes: every installation has one, and every command reads it.
  writeFileSync(join(dir, 'judge.yaml'), exampleConfig);
}

/** `size` runs of the command, one after another; the time of all of them. */
function time(args: string[], size: number, expect: RegExp): Measured {
  const t0 = performance.now();
  let wrong: string | null = null;
  for (let i = 0; i < size && !wrong; i++) {
    const r = spawnSync(process.execPath, args, {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, JUDGE_DATA: '' },
    });
    if (r.status !== 0 || !expect.test(r.stdout))
      wrong = `\`node ${args.join(' ')}\` exited ${r.status}: ${(r.stderr || r.stdout).slice(-300)}`;
  }
  return { ms: (performance.now() - t0) / size, items: size, wrong };
}

function piece(command: string, args: string[], expect: RegExp): Piece {
  return {
    name: `startup-${command}`,
    what: `\`judge ${[command, ...args].join(' ')}\` runs from start to exit`,
    sizes: { short: 1, full: 1 },
    goals: { maxMs: 200 },
    reps: { short: 5, full: 15 },
    async bare(a: RunArgs) {
      return time(['-e', '0'], a.size, /^$/);
    },
    async judge(a: RunArgs) {
      // A first run (untimed, on its own copy) makes the command's code cache, as any installation's first run does.
      const warm = join(a.dir, 'warm');
      setup(warm);
      const first = time(['bin/judge.js', command, ...args, '--data', warm], 1, expect);
      if (first.wrong) return first;
      const dir = join(a.dir, 'timed');
      setup(dir);
      return time(['bin/judge.js', command, ...args, '--data', dir], a.size, expect);
    },
  };
}

export default [
  piece('status', [], /^tavern \(rpg, active\) phase 1/m),
  piece('process', ['tavern'], /^processed tavern phase 1/m),
  piece('send', [], /^send: 0 sent, 0 failed/m),
];
