#!/usr/bin/env node
// Entry point: the compiled CLI lives in dist/ (built by `npm ci` / `npm run build`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const entry = join(here, '..', 'dist', 'cli', 'index.js');
if (!existsSync(entry)) {
  console.error('judge: not built yet. Run `npm ci` (or `npm run build`) in ' + join(here, '..'));
  process.exit(70);
}
// `judge status | head` closes the pipe early: that is not an error.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
const { main } = await import(entry);
process.exitCode = await main(process.argv);
