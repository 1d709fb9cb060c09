// YAML parsing, with the yaml package loaded on first use. Every command reads
// judge.yaml when there is one (`judge init` writes it), so the package is in
// the CLI's bundle (scripts/bundle.mjs): required from node_modules, its 74
// CommonJS modules cost each command some 40 ms. esbuild bundles the `require`
// below and runs the package's modules only when it is called (a command whose
// judge.yaml was validated before reads the kept result instead: config-cache.ts).
// The compiled modules (and the tests) are ES modules without `require`: they
// load it with createRequire. Nothing parsed here is kept: a game's setup file
// holds the seats' passwords.
import { createRequire } from 'node:module';

type Yaml = typeof import('yaml');
let yaml: Yaml | undefined;

function load(): Yaml {
  return typeof require === 'function' ? (require('yaml') as Yaml) : (createRequire(import.meta.url)('yaml') as Yaml);
}

/** The value of a YAML text (an invalid one throws the yaml package's error). */
export function parseYaml(text: string): unknown {
  yaml ??= load();
  return yaml.parse(text);
}
