// Test helpers: a judge on a temp data directory with a clock the test moves.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openJudge, type Judge } from '../src/context.js';
import { createGame } from '../src/engine/pipeline.js';
import { clientMail } from '../src/cli/demo.js';

export function tempDir(prefix = 'judge-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface TestJudge extends Judge {
  advance(ms: number): void;
}

export function testJudge(dir = tempDir()): TestJudge {
  let now = Date.UTC(2026, 10, 29, 12, 0, 0);
  const j = openJudge({ data: dir, clock: () => new Date(now) }) as TestJudge;
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
  return clientMail({ from, to: 'judge@localhost', subject, text, date: new Date(Date.UTC(2026, 10, 29, 9, n++ % 60)) });
}

export function count(j: Judge, sql: string, ...args: unknown[]): number {
  return (j.db.prepare(`SELECT count(*) AS n FROM ${sql}`).get(...args) as { n: number }).n;
}
