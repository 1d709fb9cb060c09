// src/yaml.ts keeps the parse of a YAML text (judge.yaml, a setup file) as
// JSON in the package's cache, so that a later command reads it instead of
// loading the yaml package and parsing again; only a value JSON holds exactly.
import fc from 'fast-check';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { exampleConfig } from '../../src/cli/init.js';
import { parseYaml } from '../../src/yaml.js';

const root = mkdtempSync(join(tmpdir(), 'judge-yaml-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const kept = () =>
  existsSync(join(root, 'yaml')) ? readdirSync(join(root, 'yaml')).map((f) => join(root, 'yaml', f)) : [];

describe('the kept parse of a YAML text', () => {
  it("is written by the first parse and read by the next (judge init's judge.yaml)", () => {
    const first = parseYaml(exampleConfig, root);
    expect(first).toMatchObject({ judge: { address: 'judge@localhost' } });
    expect(kept()).toHaveLength(1);
    expect(parseYaml(exampleConfig, root)).toEqual(first);
    // What is read is the kept file: changed by hand, the next parse gives what it says.
    writeFileSync(kept()[0]!, '{"judge":{"address":"kept@localhost"}}');
    expect(parseYaml(exampleConfig, root)).toEqual({ judge: { address: 'kept@localhost' } });
    // Cut short: parsed again and written anew.
    writeFileSync(kept()[0]!, '{"judge":');
    expect(parseYaml(exampleConfig, root)).toEqual(first);
    expect(parseYaml(exampleConfig, root)).toEqual(first);
  });

  it('keeps nothing of a value JSON would change, nor of a text that is not YAML', () => {
    const before = kept().length;
    expect(parseYaml('limit: .inf\nzero: -0\n', root)).toEqual({ limit: Infinity, zero: -0 });
    expect(Object.is((parseYaml('zero: -0\n', root) as { zero: number }).zero, -0)).toBe(true);
    expect(() => parseYaml('a: [1, 2\n', root)).toThrow();
    expect(kept()).toHaveLength(before);
  });

  it('gives the same value from the kept file as from the text, for any plain value', () => {
    const value = fc.dictionary(
      fc.stringMatching(/^[a-z][a-z0-9_]{0,7}$/),
      fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 })),
      { maxKeys: 6 },
    );
    fc.assert(
      fc.property(value, (v) => {
        const text = stringify(v);
        const parsed = parseYaml(text, root);
        expect(parsed).toEqual(v);
        expect(parseYaml(text, root)).toEqual(parsed);
      }),
      { numRuns: 100 },
    );
  });
});
