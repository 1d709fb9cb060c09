// V8's code cache for the bundled code (scripts/bundle.mjs): the CLI
// (bin/judge.js) and intake's worker thread (src/mail/inbound/handler.ts) run
// their bundle through here. The cache of a file is kept in
// <package>/.cache/v8/<node>-<arch>-<the file's mtime>-<size>/<name>.bin, made
// by the first successful run (the caller says when: `save`), and made again
// when V8 rejects it. A cache that cannot be read or written is done without:
// the same program, compiled afresh.
'use strict';
const { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname, join } = require('node:path');
const vm = require('node:vm');

const root = join(__dirname, '..');

/**
 * Run the CommonJS file `file` (a bundle) as a module, compiled with the cache
 * kept under `name`; its exports, and `save`, which writes the cache when there
 * was none or V8 rejected it (call it once the run has gone well: V8 caches
 * what had been compiled by then).
 */
function runCached(file, name, stat = statSync(file)) {
  const dir = join(root, '.cache', 'v8', `${process.version}-${process.arch}-${Math.round(stat.mtimeMs)}-${stat.size}`);
  const cacheFile = join(dir, `${name.slice(0, 20)}.bin`);
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(Module.wrap(readFileSync(file, 'utf8')), {
    filename: file,
    cachedData,
    // The few libraries the bundle imports lazily (nodemailer, mailparser, …) load through Node's own loader.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, Module.createRequire(file), module, file, dirname(file));
  const save = () => {
    if (cachedData && !script.cachedDataRejected) return;
    try {
      mkdirSync(dir, { recursive: true });
      const tmp = `${cacheFile}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, cacheFile);
    } catch {
      // A read-only installation: no cache, the same program.
    }
  };
  return { exports: module.exports, save };
}

module.exports = { runCached };
