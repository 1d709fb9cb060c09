// YAML parsing. Every command reads judge.yaml when there is one (`judge init`
// writes it), and the yaml package takes a while to load and to parse with
// (its 74 CommonJS modules, required from node_modules, cost a command some
// 40 ms; a first parse of judge.yaml, some 10 ms more). So:
// - a caller may have the parse kept as JSON in the package's cache
//   (render/package-cache.ts), named by the package's version and the text,
//   when it is plain JSON (no .inf or -0), readable by the package's owner
//   only; a later command with the same text reads that instead. The
//   configuration does (judge.yaml names the environment variables of its
//   secrets, never a secret); a game's setup file, which holds the seats'
//   passwords, never is;
// - the package is in the CLI's bundle (scripts/bundle.mjs), loaded on the
//   first parse: esbuild bundles the `require` below and runs the package's
//   modules only when it is called. The compiled modules (and the tests) are
//   ES modules without `require`: they load it with createRequire.
import { createRequire } from 'node:module';
import { plainJson } from './engine/shared-json.js';
import { cacheFile, installedVersion, readCached, writeCached } from './render/package-cache.js';

type Yaml = typeof import('yaml');
let yaml: Yaml | undefined;

function load(): Yaml {
  return typeof require === 'function' ? (require('yaml') as Yaml) : (createRequire(import.meta.url)('yaml') as Yaml);
}

/**
 * The value of a YAML text (an invalid one throws the yaml package's error).
 * `keep`: the parse is kept in the package's cache and read from there next
 * time (only for a text without secrets); `root` for tests.
 */
export function parseYaml(text: string, o: { keep?: boolean; root?: string } = {}): unknown {
  const version = o.keep ? installedVersion('yaml') : null;
  const file = version ? cacheFile('yaml', `yaml ${version}`, text, '.json', o.root) : null;
  const kept = file ? readCached(file) : null;
  if (kept !== null) {
    try {
      return JSON.parse(kept) as unknown;
    } catch {
      // Not JSON (cut short, changed by hand): parsed again and written anew.
    }
  }
  yaml ??= load();
  const value = yaml.parse(text) as unknown;
  if (file && plainJson(value)) writeCached(file, JSON.stringify(value), 0o600);
  return value;
}
