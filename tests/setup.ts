// Before every test file: the code of every game kind, so tests may call the
// engine directly (the CLI loads the kinds a command needs: src/cli/index.ts).
//
// Most files share a worker's modules with the files run there before them
// (vitest.config.ts): what a file may change for the next is put back when
// it ends — the environment (JUDGE_TEMPLATES, JUDGE_FAULT …), process.exitCode
// (the CLI's main sets it), and game kinds a test registered.
import { afterAll } from 'vitest';
import { knownKinds, loadRules, unregisterRules } from '../src/games/registry.js';

await loadRules();

const env = { ...process.env };
const exitCode = process.exitCode;
const kinds = new Set(knownKinds());

afterAll(() => {
  for (const k of Object.keys(process.env)) if (!(k in env)) delete process.env[k];
  Object.assign(process.env, env);
  process.exitCode = exitCode;
  for (const k of knownKinds()) if (!kinds.has(k)) unregisterRules(k);
});
