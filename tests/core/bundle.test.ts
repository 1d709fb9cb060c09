// bin/judge.js runs the bundle (dist/bundle/judge.cjs) with a V8 code cache per
// command in <package>/.cache/v8/, and the compiled modules when the bundle is
// missing or older than them. Checked on a copy of the package (bin/, dist/, and
// links to templates/, games/, node_modules/), so the real cache is not touched.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES, commandName } from '../../src/cli/index.js';
import { packageCopy } from '../helpers.js';
import { asciiOnly } from '../../scripts/ascii.mjs';

const root = join(import.meta.dirname, '..', '..');

function run(pkg: string, args: string[]) {
  const r = spawnSync(process.execPath, [join(pkg, 'bin', 'judge.js'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, JUDGE_DATA: '' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function caches(pkg: string): string[] {
  const base = join(pkg, '.cache', 'v8');
  if (!existsSync(base)) return [];
  return readdirSync(base).flatMap((d) => readdirSync(join(base, d)).map((f) => join(base, d, f)));
}

describe('the bundled CLI', { timeout: 120_000 }, () => {
  it('runs from the bundle with a code cache per command; a broken cache is remade; a stale bundle is not used', () => {
    const pkg = packageCopy();
    const data = join(pkg, 'data');
    expect(run(pkg, ['--data', data, 'init']).code).toBe(0);
    const first = run(pkg, ['--data', data, 'status']);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(/no games/i);
    // The first run of each command made its cache, under the Node version and the bundle's identity.
    const made = caches(pkg);
    expect(made.map((f) => f.split('/').slice(-1)[0]).sort()).toEqual(['init.bin', 'status.bin']);
    expect(made[0]).toContain(`${process.version}-${process.arch}-`);
    const statusCache = made.find((f) => f.endsWith('status.bin'))!;
    const good = readFileSync(statusCache);
    expect(good.length).toBeGreaterThan(10_000);

    // A command that fails makes no cache (it stopped before most of what the command runs).
    expect(run(pkg, ['--data', data, 'process', 'nosuch']).code).toBe(2);
    expect(caches(pkg).some((f) => f.endsWith('process.bin'))).toBe(false);

    // From the cache: the same answer; the cache is not rewritten.
    const second = run(pkg, ['--data', data, 'status']);
    expect(second).toEqual(first);
    expect(readFileSync(statusCache).equals(good)).toBe(true);

    // A cache V8 rejects (garbage, or one of another build) is replaced; the answer is the same.
    writeFileSync(statusCache, Buffer.alloc(5000, 7));
    expect(run(pkg, ['--data', data, 'status'])).toEqual(first);
    expect(readFileSync(statusCache).length).toBeGreaterThan(10_000);

    // A cache that cannot be written (here .cache is a file): the same answer, no cache.
    const bare = packageCopy();
    writeFileSync(join(bare, '.cache'), 'not a directory');
    expect(run(bare, ['--data', join(bare, 'data'), 'init']).code).toBe(0);
    expect(run(bare, ['--data', join(bare, 'data'), 'status']).out).toBe(first.out);

    // A bundle older than the compiled modules (tsc ran, the bundle step did not) is not run.
    const bundle = join(pkg, 'dist', 'bundle', 'judge.cjs');
    writeFileSync(bundle, 'module.exports.main = async () => { console.log("from the bundle"); return 0; };');
    expect(run(pkg, ['--data', data, 'status']).out).toBe('from the bundle\n');
    // An hour before tsc last wrote the entry module (not before now: an incremental build leaves an unchanged module's time as it was).
    const old = new Date(statSync(join(pkg, 'dist', 'cli', 'index.js')).mtimeMs - 3600_000);
    utimesSync(bundle, old, old);
    expect(run(pkg, ['--data', data, 'status'])).toEqual(first);
  });

  it('says in one line when it is not built, and takes a pipe closed early as no error', () => {
    const pkg = packageCopy();
    rmSync(join(pkg, 'dist'), { recursive: true });
    const r = run(pkg, ['status']);
    expect(r.code).toBe(70);
    expect(r.err).toBe(`judge: not built yet. Run \`npm ci\` (or \`npm run build\`) in ${pkg}\n`);
    // `judge --help | true`: the reader is gone before the first line is written.
    const piped = spawnSync(
      'bash',
      ['-c', `set -o pipefail; "${process.execPath}" "${join(root, 'bin', 'judge.js')}" --help | true; echo "exit $?"`],
      { encoding: 'utf8' },
    );
    expect(piped.stdout).toBe('exit 0\n');
    expect(piped.stderr).toBe('');
  });

  it('loads only the module of the command it runs, and finds the command among the options', () => {
    expect(commandName(['node', 'judge', '--data', 'status', 'process', 'g1'])).toBe('process');
    expect(commandName(['node', 'judge', '--config', 'x.yaml', 'send'])).toBe('send');
    expect(commandName(['node', 'judge', 'status', '--json'])).toBe('status');
    expect(commandName(['node', 'judge', '--help'])).toBeNull();
    expect(commandName(['node', 'judge', 'help', 'status'])).toBeNull();
    expect(commandName(['node', 'judge', 'stat'])).toBeNull();
    expect(commandName(['node', 'judge'])).toBeNull();
    // Every command is in the table, and each one's help names it.
    for (const name of COMMAND_NAMES) {
      const r = spawnSync(process.execPath, [join(root, 'bin', 'judge.js'), name, '--help'], { encoding: 'utf8' });
      expect(r.status, `${name}: ${r.stderr}`).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: judge ${name}\\b`, 'm'));
    }
    const all = spawnSync(process.execPath, [join(root, 'bin', 'judge.js'), '--help'], { encoding: 'utf8' }).stdout;
    const listed = [...all.split(/^Commands:$/m)[1]!.matchAll(/^ {2}([a-z-]+)\b/gm)]
      .map((m) => m[1])
      .filter((n) => n !== 'help');
    expect(listed).toEqual([...COMMAND_NAMES]);
  });

  it('keeps regular expression literals with Unicode properties as literals (made once, not a new RegExp at every call)', () => {
    for (const name of ['judge', 'intake-worker']) {
      const code = readFileSync(join(root, 'dist', 'bundle', `${name}.cjs`), 'utf8');
      expect(code, name).not.toMatch(/new RegExp\("[^"]*\\\\p\{/);
      // The literals are there (/\p{L}+/gu: the charset check and the language guess of intake).
      expect(code, name).toMatch(/\/\\p\{L\}\+\/gu/);
    }
  });

  it('is ASCII only, so that V8 holds its source one byte a character', () => {
    for (const name of ['judge', 'intake-worker']) {
      const code = readFileSync(join(root, 'dist', 'bundle', `${name}.cjs`), 'utf8');
      const at = code.search(/[^\x00-\x7F]/);
      expect(at, `${name}: ${code.slice(at - 60, at + 20)}`).toBe(-1);
      // The regular expressions of the order words are there, escaped (/[dдк]/ of a dice spec).
      expect(code, name).toContain('[d\\u0434\\u043A]');
    }
  });

  it('escapes a regular expression literal to one that matches exactly the same', () => {
    // Pieces of a pattern: ASCII, Cyrillic and Czech letters, an astral character,
    // classes and groups; without the u flag identity escapes of non-ASCII
    // characters too, with it a property escape and an astral character in a class.
    const common = ['a', 'д', 'Ё', 'ř', '€', '😀', '.', '[дa-я]', '(?:ě|e)', '\\s', '+', '?'];
    const modes: [string[], string[]][] = [
      [
        [...common, '\\д', '\\€', '[^ё]'],
        ['', 'i'],
      ],
      [
        [...common, '[😀ё]', '\\p{L}'],
        ['u', 'iu'],
      ],
    ];
    const text = fc
      .array(fc.constantFrom('a', 'д', 'Д', 'ё', 'Ё', 'ř', 'Ř', '€', '😀', ' ', 'x', 'е', 'ě'), { maxLength: 12 })
      .map((a) => a.join(''));
    const same = (source: string, flags: string, inputs: string[]) => {
      let original: RegExp;
      try {
        original = new RegExp(source, flags);
      } catch {
        return; // not a pattern at all (a quantifier with nothing before it)
      }
      const escaped = asciiOnly(source);
      expect(escaped).toMatch(/^[\x00-\x7F]*$/);
      const again = new RegExp(escaped, flags);
      for (const s of inputs) expect(again.exec(s)?.[0], `/${source}/${flags} on ${s}`).toBe(original.exec(s)?.[0]);
    };
    for (const [pieces, flags] of modes)
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 6 }),
          fc.constantFrom(...flags),
          fc.array(text, { maxLength: 8 }),
          (p, f, inputs) => same(p.join(''), f, inputs),
        ),
        { numRuns: 500 },
      );
    // A comment stays a comment; a literal in code means what it meant.
    expect(asciiOnly('// не тут\nconst r = /^[dдк]\\д$/i;')).toBe(
      '// \\u043D\\u0435 \\u0442\\u0443\\u0442\nconst r = /^[d\\u0434\\u043A]\\u0434$/i;',
    );
  });

  it('every compiled module loads in plain Node (the fallback when there is no bundle): no import only a bundler resolves', () => {
    const script = `
      import { readdirSync } from 'node:fs';
      import { join } from 'node:path';
      import { pathToFileURL } from 'node:url';
      const files = readdirSync(process.argv[1], { recursive: true }).map(String)
        .filter((f) => f.endsWith('.js') && !f.startsWith('bundle') && !f.endsWith('intake-worker.js'));
      for (const f of files) await import(pathToFileURL(join(process.argv[1], f)).href);
      console.log(files.length);`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, join(root, 'dist')], {
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    expect(Number(r.stdout.trim())).toBeGreaterThan(100);
  });
});
