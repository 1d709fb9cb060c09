#!/usr/bin/env node
// Entry point. The CLI is built by `npm ci` / `npm run build` into dist/: the
// compiled modules (dist/cli/index.js) and the same code as one CommonJS file
// (dist/bundle/judge.cjs, scripts/bundle.mjs). The bundle is what runs: one
// file to read instead of some two hundred modules to resolve, and V8's code
// cache for it, kept per command in <package>/.cache/v8/ (made by the first
// successful run of each command — a failed one stops early and would leave out
// most of what the command runs —, remade when Node or the bundle changes), saves compiling it
// again. Where the bundle is missing or older than the modules, or the cache
// cannot be written, the modules run as they are.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import vm from 'node:vm';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
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

/** main() of the bundle, compiled with the code cache of this command; and a function that saves the cache when it had none. */
function loadBundle(b) {
  const command = (process.argv.slice(2).find((a) => /^[a-z][a-z-]*$/.test(a)) ?? 'none').slice(0, 20);
  const dir = join(root, '.cache', 'v8', `${process.version}-${process.arch}-${Math.round(b.mtimeMs)}-${b.size}`);
  const file = join(dir, `${command}.bin`);
  let cachedData;
  try {
    cachedData = readFileSync(file);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(Module.wrap(readFileSync(bundle, 'utf8')), {
    filename: bundle,
    cachedData,
    // The few libraries the bundle imports lazily (nodemailer, mailparser, …) load through Node's own loader.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  const save = () => {
    if (cachedData && !script.cachedDataRejected) return;
    try {
      mkdirSync(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, file);
    } catch {
      // A read-only installation: no cache, the same program.
    }
  };
  return { main: module.exports.main, save };
}

const b = freshBundle();
if (b) {
  const { main, save } = loadBundle(b);
  process.exitCode = await main(process.argv);
  if (process.exitCode === 0) save();
} else {
  const { main } = await import(entry);
  process.exitCode = await main(process.argv);
}
