// YAML parsing, with the yaml package loaded on first use: most commands never
// read a YAML file, and loading it is a good part of a command's start-up
// (issue #15). Its CommonJS build is required here (a synchronous load).
import { createRequire } from 'node:module';

type Yaml = typeof import('yaml');
let yaml: Yaml | undefined;

export function parseYaml(text: string): unknown {
  yaml ??= createRequire(import.meta.url)('yaml') as Yaml;
  return yaml.parse(text);
}
