#!/usr/bin/env node
// Entry point. The CLI is built by `npm ci` / `npm run build` into dist/: the
// compiled modules (dist/cli/index.js) and the same code as one CommonJS file
// (dist/bundle/judge.cjs, scripts/bundle.mjs). The bundle is what runs: one
// file to read instead of some two hundred modules to resolve, and V8's code
// cache for it, kept per command in <package>/.cache/v8/ (code-cache.cjs; made
// by the first successful run of each command — a failed one stops early and
// would leave out most of what the command runs —, remade when Node or the
// bundle changes), saves compiling it again. Where the bundle is missing or
// older than the modules, the modules run as they are.
//
// This file is CommonJS (bin/package.json): Node loads it without its ES
// module loader, which cost every command some 10 ms more.
'use strict';
const { existsSync, statSync } = require('node:fs');
const { join } = require('node:path');
const { runCached } = require('./code-cache.cjs');

const root = join(__dirname, '..');
const entry = join(root, 'dist', 'cli', 'index.js');
const bundle = join(root, 'dist', 'bundle', 'judge.cjs');
if (!existsSync(entry)) {
  console.error('judge: not built yet. Run `npm ci` (or `npm run build`) in ' + root);
  process.exit(70);
}
// `judge status | head` closes the pipe early: that is not an error.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });

/** The bundle's stat when it is there and not older than the modules tsc wrote last. */
function freshBundle() {
  try {
    const b = statSync(bundle);
    return b.mtimeMs >= statSync(entry).mtimeMs ? b : null;
  } catch {
    return null;
  }
}

async function run() {
  const b = freshBundle();
  if (b) {
    // The code cache of this command (the first word that looks like one; a wrong guess only picks another file).
    const command = process.argv.slice(2).find((a) => /^[a-z][a-z-]*$/.test(a)) ?? 'none';
    const { exports, save } = runCached(bundle, command, b);
    process.exitCode = await exports.main(process.argv);
    if (process.exitCode === 0) save();
  } else {
    const { main } = await import(entry);
    process.exitCode = await main(process.argv);
  }
}

run();
