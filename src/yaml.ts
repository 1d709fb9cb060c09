// YAML parsing. Every command reads judge.yaml when there is one (`judge init`
// writes it), and the yaml package takes a while to load and to parse with
// (its 74 CommonJS modules, required from node_modules, cost a command some
// 40 ms; a first parse of judge.yaml, some 10 ms more). So:
// - its parse of a text is kept as JSON in the package's cache
//   (render/package-cache.ts), named by the package's version and the text,
//   when it is plain JSON (every judge.yaml and setup file is: no .inf or -0);
//   a later command with the same text reads that instead;
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

/** The value of a YAML text (an invalid one throws the yaml package's error); `root` for tests. */
export function parseYaml(text: string, root?: string): unknown {
  const version = installedVersion('yaml');
  const file = version ? cacheFile('yaml', `yaml ${version}`, text, '.json', root) : null;
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
  if (file && plainJson(value)) writeCached(file, JSON.stringify(value));
  return value;
}
