// The test files that replace a module's exports run each in a worker of its
// own (vitest.config.ts ISOLATED): in the shared workers a replaced module
// would stay replaced for the files run after it, or not be replaced at all
// when an earlier file loaded it first.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED } from '../../vitest.config.js';

const root = join(import.meta.dirname, '..', '..');

describe('test isolation', () => {
  it('every test file that mocks a module or spies on an export is in ISOLATED, and every listed file exists and does', () => {
    const replacing = readdirSync(join(root, 'tests'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => `tests/${f.split('\\').join('/')}`)
      .filter((f) => /\bvi\.(mock|doMock|spyOn|stubGlobal|resetModules)\b/.test(readFileSync(join(root, f), 'utf8')))
      .sort();
    expect(replacing.length).toBeGreaterThan(5);
    expect([...ISOLATED].sort()).toEqual(replacing);
  });
});
