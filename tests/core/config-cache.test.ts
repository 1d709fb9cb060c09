// src/config-cache.ts keeps what zod gave for a judge.yaml text, under the
// bundle's build, so that the next command of the same build skips making the
// configuration's schemas; the bundled CLI keeps it, and a changed file is
// validated again (its errors all reported).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exampleConfig } from '../../src/cli/init.js';
import { BUILD, keepConfig, keptConfig } from '../../src/config-cache.js';
import { loadConfig } from '../../src/config.js';
import { packageCacheDir } from '../../src/render/package-cache.js';
import { parseYaml } from '../../src/yaml.js';
import { packageCopy } from '../helpers.js';

const root = mkdtempSync(join(tmpdir(), 'judge-config-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a judge.yaml's validated configuration, kept", () => {
  it('is read back by the same build only, and only when it is whole', () => {
    const dir = mkdtempSync(join(tmpdir(), 'judge-config-'));
    writeFileSync(join(dir, 'judge.yaml'), exampleConfig);
    const config = loadConfig(dir);
    expect(keptConfig(exampleConfig, 'build-a', root)).toBeNull();
    keepConfig(exampleConfig, config, 'build-a', root);
    expect(keptConfig(exampleConfig, 'build-a', root)).toEqual(config);
    expect(keptConfig(exampleConfig, 'build-b', root)).toBeNull();
    expect(keptConfig(`${exampleConfig}\n# changed\n`, 'build-a', root)).toBeNull();
    const [file] = readdirSync(join(root, 'config'));
    expect(statSync(join(root, 'config', file!)).mode & 0o777).toBe(0o600);
    writeFileSync(join(root, 'config', file!), '{"judge":');
    expect(keptConfig(exampleConfig, 'build-a', root)).toBeNull();
    // Nothing is kept without a build (the compiled modules, these tests), nor what JSON would change.
    expect(BUILD).toBeNull();
    keepConfig('x: 1\n', config, null, root);
    keepConfig('y: 1\n', { limit: Infinity }, 'build-a', root);
    expect(readdirSync(join(root, 'config'))).toHaveLength(1);
    rmSync(dir, { recursive: true });
  });

  it("is all that is kept: a game's setup file, whose seats have their passwords, never is", () => {
    const files = () =>
      existsSync(packageCacheDir) ? readdirSync(packageCacheDir, { recursive: true }).map(String) : [];
    const before = new Set(files());
    const setup =
      'kind: fandi\nseats:\n  - id: alfa\n    email: a@example.org\n    password: tajne-heslo\ngm:\n  password: gm-heslo-123\n';
    expect(parseYaml(setup)).toMatchObject({ seats: [{ password: 'tajne-heslo' }] });
    expect(files().filter((f) => !before.has(f))).toEqual([]);
  });

  it('is kept by the bundled CLI, and a changed judge.yaml is validated again', () => {
    const pkg = packageCopy();
    const data = join(pkg, 'data');
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [join(pkg, 'bin', 'judge.js'), '--data', data, ...args], {
        encoding: 'utf8',
        env: { ...process.env, JUDGE_DATA: '' },
      });
    expect(run('init').status).toBe(0);
    const kept = () => (existsSync(join(pkg, '.cache', 'config')) ? readdirSync(join(pkg, '.cache', 'config')) : []);
    const first = run('status');
    expect(first.status, first.stderr).toBe(0);
    expect(kept()).toHaveLength(1);
    expect(run('status').stdout).toBe(first.stdout);
    // Broken after it was kept: every error is reported, as on the first read.
    writeFileSync(join(data, 'judge.yaml'), 'judge:\n  address: not-an-address\n  colour: red\n');
    const broken = run('status');
    expect(broken.status).not.toBe(0);
    expect(broken.stderr).toMatch(/judge\.address/);
    expect(broken.stderr).toMatch(/colour/);
    expect(kept()).toHaveLength(1);
  });
});
