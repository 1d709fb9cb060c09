// src/config-cache.ts keeps what zod gave for a judge.yaml text, and for a
// game kind's rule tables (src/engine/tables.ts), under the bundle's build, so
// that the next command of the same build skips making their schemas; the
// bundled CLI keeps them, and a changed file is validated again (its errors
// all reported).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exampleConfig } from '../../src/cli/init.js';
import { BUILD, keepValid, keptValid } from '../../src/config-cache.js';
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
    expect(keptValid('judge.yaml', exampleConfig, 'build-a', root)).toBeNull();
    keepValid('judge.yaml', exampleConfig, config, 'build-a', root);
    expect(keptValid('judge.yaml', exampleConfig, 'build-a', root)).toEqual(config);
    expect(keptValid('judge.yaml', exampleConfig, 'build-b', root)).toBeNull();
    expect(keptValid('judge.yaml', `${exampleConfig}\n# changed\n`, 'build-a', root)).toBeNull();
    const [file] = readdirSync(join(root, 'config'));
    expect(statSync(join(root, 'config', file!)).mode & 0o777).toBe(0o600);
    writeFileSync(join(root, 'config', file!), '{"judge":');
    expect(keptValid('judge.yaml', exampleConfig, 'build-a', root)).toBeNull();
    // Nothing is kept without a build (the compiled modules, these tests), nor what JSON would change.
    expect(BUILD).toBeNull();
    keepValid('judge.yaml', 'x: 1\n', config, null, root);
    keepValid('judge.yaml', 'y: 1\n', { limit: Infinity }, 'build-a', root);
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

  it("keeps a kind's validated rule tables too, and validates a changed table again, every error reported", () => {
    const pkg = packageCopy();
    // The copy's own tables (packageCopy links the repository's), to be broken below.
    rmSync(join(pkg, 'games'));
    cpSync(join(import.meta.dirname, '..', '..', 'games'), join(pkg, 'games'), { recursive: true });
    const kept = () => (existsSync(join(pkg, '.cache', 'config')) ? readdirSync(join(pkg, '.cache', 'config')) : []);
    const dist = () =>
      spawnSync(process.execPath, [join(pkg, 'bin', 'judge.js'), 'dice', 'dist', 'gauss20+2', 'vs:0'], {
        encoding: 'utf8',
        env: { ...process.env, JUDGE_DATA: '' },
      });
    const first = dist();
    expect(first.status, first.stderr).toBe(0);
    // The dice tables (gauss.json, success.json) were validated and kept; read back, they give the same odds.
    expect(kept()).toHaveLength(2);
    expect(dist().stdout).toBe(first.stdout);
    expect(kept()).toHaveLength(2);
    // A table changed after it was kept is validated again: both of its problems are named.
    const file = join(pkg, 'games', 'rpg', 'gauss.json');
    const table = JSON.parse(readFileSync(file, 'utf8'));
    table.formula.dice = 0;
    table.luck.neutral = 'five';
    writeFileSync(file, JSON.stringify(table));
    const broken = dist();
    expect(broken.status).not.toBe(0);
    expect(broken.stderr).toMatch(/games\/rpg\/gauss\.json is invalid/);
    expect(broken.stderr).toMatch(/formula\.dice/);
    expect(broken.stderr).toMatch(/luck\.neutral/);
    expect(kept()).toHaveLength(2);
  });
});
