// The test files that replace a module's exports run each in a worker of its
// own (vitest.config.ts ISOLATED): in the shared workers a replaced module
// would stay replaced for the files run after it, or not be replaced at all
// when an earlier file loaded it first.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED } from '../../vitest.config.js';

const root = join(import.meta.dirname, '..', '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

describe('test isolation', () => {
  it('every test file that mocks a module or spies on an export is in ISOLATED, and every listed file exists and does', () => {
    const replacing = testFiles(join(root, 'tests'))
      .filter((f) => /\bvi\.(mock|doMock|spyOn|stubGlobal|resetModules)\b/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f).split('\\').join('/'))
      .sort();
    expect(replacing.length).toBeGreaterThan(5);
    expect([...ISOLATED].sort()).toEqual(replacing);
  });
});
