// src/yaml.ts keeps the parse of judge.yaml as JSON in the package's cache,
// readable by its owner only, so that a later command reads it instead of
// loading the yaml package and parsing again; only a value JSON holds
// exactly, and never a setup file's (it holds the seats' passwords).
import fc from 'fast-check';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { exampleConfig } from '../../src/cli/init.js';
import { loadConfig } from '../../src/config.js';
import { cacheFile, installedVersion } from '../../src/render/package-cache.js';
import { parseYaml } from '../../src/yaml.js';

const root = mkdtempSync(join(tmpdir(), 'judge-yaml-cache-'));
const keep = { keep: true, root };
afterAll(() => rmSync(root, { recursive: true, force: true }));

const kept = () =>
  existsSync(join(root, 'yaml')) ? readdirSync(join(root, 'yaml')).map((f) => join(root, 'yaml', f)) : [];

describe('the kept parse of a YAML text', () => {
  it("is written by the first parse and read by the next (judge init's judge.yaml)", () => {
    const first = parseYaml(exampleConfig, keep);
    expect(first).toMatchObject({ judge: { address: 'judge@localhost' } });
    expect(kept()).toHaveLength(1);
    if (process.platform !== 'win32') expect(statSync(kept()[0]!).mode & 0o777).toBe(0o600);
    expect(parseYaml(exampleConfig, keep)).toEqual(first);
    // What is read is the kept file: changed by hand, the next parse gives what it says.
    writeFileSync(kept()[0]!, '{"judge":{"address":"kept@localhost"}}');
    expect(parseYaml(exampleConfig, keep)).toEqual({ judge: { address: 'kept@localhost' } });
    // Cut short: parsed again and written anew.
    writeFileSync(kept()[0]!, '{"judge":');
    expect(parseYaml(exampleConfig, keep)).toEqual(first);
    expect(parseYaml(exampleConfig, keep)).toEqual(first);
  });

  it('keeps nothing of a value JSON would change, nor of a text that is not YAML', () => {
    const before = kept().length;
    expect(parseYaml('limit: .inf\nzero: -0\n', keep)).toEqual({ limit: Infinity, zero: -0 });
    expect(Object.is((parseYaml('zero: -0\n', keep) as { zero: number }).zero, -0)).toBe(true);
    expect(() => parseYaml('a: [1, 2\n', keep)).toThrow();
    expect(kept()).toHaveLength(before);
  });

  it("keeps nothing of a game's setup file, whose seats have their passwords", () => {
    const before = kept().length;
    const setup =
      'kind: fandi\nseats:\n  - id: alfa\n    email: a@example.org\n    password: tajne-heslo\ngm:\n  password: gm-heslo-123\n';
    expect(parseYaml(setup, { root })).toMatchObject({ seats: [{ password: 'tajne-heslo' }] });
    expect(kept()).toHaveLength(before);
    for (const f of kept()) expect(readFileSync(f, 'utf8')).not.toContain('tajne-heslo');
  });

  it("is what a command's judge.yaml is read through (loadConfig)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'judge-yaml-config-'));
    const text = `${exampleConfig}\n# ${dir}\n`; // a text of its own, so the kept file is this test's
    writeFileSync(join(dir, 'judge.yaml'), text);
    const file = cacheFile('yaml', `yaml ${installedVersion('yaml')}`, text, '.json');
    expect(existsSync(file)).toBe(false);
    expect(loadConfig(dir).judge.address).toBe('judge@localhost');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ judge: { address: 'judge@localhost' } });
    expect(loadConfig(dir)).toEqual(loadConfig(dir));
    rmSync(file);
    rmSync(dir, { recursive: true });
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
        const parsed = parseYaml(text, keep);
        expect(parsed).toEqual(v);
        expect(parseYaml(text, keep)).toEqual(parsed);
      }),
      { numRuns: 100 },
    );
  });
});
