// Test helpers: a judge on a temp data directory with a clock the test moves.
import { cpSync, mkdirSync, mkdtempSync, symlinkSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openJudge, type Judge } from '../src/context.js';
import { createGame } from '../src/engine/create-game.js';
import { clientMail } from '../src/cli/demo.js';

/**
 * A copy of the built package (bin/, dist/, package.json; links to templates/,
 * games/, node_modules/) to run bin/judge.js from, so that the code caches it
 * makes (.cache/v8) are its own, not the project's.
 */
export function packageCopy(): string {
  const root = join(import.meta.dirname, '..');
  const pkg = join(tempDir(), 'pkg');
  mkdirSync(pkg);
  cpSync(join(root, 'bin'), join(pkg, 'bin'), { recursive: true });
  cpSync(join(root, 'dist'), join(pkg, 'dist'), { recursive: true, preserveTimestamps: true });
  cpSync(join(root, 'package.json'), join(pkg, 'package.json'));
  for (const d of ['templates', 'games', 'node_modules']) symlinkSync(join(root, d), join(pkg, d));
  // As a build leaves it: the bundle written after the modules (here even when tsc ran again since).
  const later = new Date(Date.now() + 1000);
  for (const f of ['judge.cjs', 'intake-worker.cjs']) utimesSync(join(pkg, 'dist', 'bundle', f), later, later);
  return pkg;
}

export function tempDir(prefix = 'judge-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface TestJudge extends Judge {
  advance(ms: number): void;
}

export function testJudge(dir = tempDir()): TestJudge {
  let now = Date.UTC(2026, 10, 29, 12, 0, 0);
  const j = openJudge({ data: dir, clock: () => new Date(now), create: true }) as TestJudge;
  j.advance = (ms: number) => {
    now += ms;
  };
  return j;
}

export const tavernSetup = {
  title: 'Test Tavern',
  lang: 'en',
  gm: { email: 'gm@example.org' },
  seats: [
    { id: 'alice', name: 'Alice', email: 'alice@example.org', password: 'apple', lang: 'en' },
    { id: 'boris', name: 'Boris', email: 'boris@example.ru', password: 'berry', lang: 'ru' },
  ],
};

export function tavern(j: Judge, id = 'tavern', seed = '7') {
  return createGame(j, { id, kind: 'rpg', setup: structuredClone(tavernSetup), seed, actor: 'test' });
}

let n = 0;
/** A mail as Thunderbird would write it, with a fresh Message-ID. */
export function mail(from: string, text: string, subject = 'orders'): Promise<Buffer> {
  return clientMail({
    from,
    to: 'judge@localhost',
    subject,
    text,
    date: new Date(Date.UTC(2026, 10, 29, 9, n++ % 60)),
  });
}

export function count(j: Judge, sql: string, ...args: unknown[]): number {
  return (j.db.prepare(`SELECT count(*) AS n FROM ${sql}`).get(...args) as { n: number }).n;
}
