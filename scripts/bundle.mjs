// Build step after tsc: the CLI as one CommonJS file, dist/bundle/judge.cjs
// (esbuild), which bin/judge.js runs with a V8 code cache. Start-up is most of
// what a short command such as `judge status` costs, and most of start-up was
// Node resolving, reading and compiling ~200 ES modules one by one.
//
// The bundle holds the judge's own code and its small pure-JS dependencies,
// better-sqlite3's JavaScript among them (its addon is named when a file is
// opened: src/store/sqlite.ts). Left outside, and loaded from node_modules only
// when a command needs them: resvg's native addon, and the large libraries that only some
// commands use (mail in and out, DKIM, the web server, CSS inlining, charset
// detection, the stemmers, the progress bar, Handlebars' compiler).
//
// Every module finds its files two levels up from itself (dist/engine/x.js →
// ../../games): dist/bundle/judge.cjs is at the same depth, so those paths hold.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asciiOnly } from './ascii.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const external = [
  // better-sqlite3's own finder of its addon, never reached from the bundle (src/store/sqlite.ts names the addon).
  'bindings',
  '@resvg/resvg-js',
  'imapflow',
  'nodemailer',
  'mailparser',
  'html-to-text',
  'mailauth',
  'juice',
  'hono',
  '@hono/node-server',
  'iconv-lite',
  'chardet',
  'snowball-stemmers',
  'cli-progress',
];

// tsc builds incrementally (tsconfig.json: dist/.tsbuildinfo, so that `npm test`
// after `npm ci` compiles nothing again), and its record takes a module whose
// output was deleted since for up to date: if any is missing, the record goes
// and tsc compiles everything again.
const src = join(root, 'src');
const modules = readdirSync(src, { recursive: true }).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
if (modules.some((f) => !existsSync(join(root, 'dist', f.replace(/\.ts$/, '.js'))))) {
  console.error('build: modules missing in dist/ (deleted since the last build): compiling everything again');
  rmSync(join(root, 'dist', '.tsbuildinfo'), { force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.json')], { stdio: 'inherit' });
}

rmSync(join(root, 'dist', 'bundle'), { recursive: true, force: true });
const buildId = `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
// The CLI, and the worker thread intake handles many mails on (mail/inbound/handler.ts finds it beside the CLI).
await build({
  entryPoints: [
    { in: join(root, 'dist', 'cli', 'index.js'), out: 'judge' },
    { in: join(root, 'dist', 'mail', 'inbound', 'intake-worker.js'), out: 'intake-worker' },
  ],
  outdir: join(root, 'dist', 'bundle'),
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // esbuild turns every /\p{…}/u literal into a `new RegExp("\\p{…}", "u")` call
  // for any Node target (newer Unicode versions add property values): a regular
  // expression made again at each call, in loops over every character of a mail.
  // The properties the judge uses (L, Lu, Ll, M, N, Zs, Script=Latin/Cyrillic)
  // are in every Node it runs on (package.json engines).
  supported: { 'regexp-unicode-property-escapes': true },
  external,
  // import.meta.url is the bundle's own URL (CommonJS has no import.meta).
  // __JUDGE_BUILD__: this build's own name, so that what a command keeps of its work for the next one
  // under it (src/config-cache.ts) is never read by another build.
  define: { 'import.meta.url': '__judge_bundle_url', __JUDGE_BUILD__: JSON.stringify(buildId) },
  banner: { js: 'var __judge_bundle_url = require("node:url").pathToFileURL(__filename).href;' },
  logLevel: 'warning',
});
// The few external libraries the code imports lazily with import() (they are
// all CommonJS) are required instead: code run from V8's code cache has no
// dynamic-import callback in Node 20 ("A dynamic import callback was not
// specified"), and esbuild's own __toESM gives them the same shape as import().
for (const name of ['judge', 'intake-worker']) {
  const out = join(root, 'dist', 'bundle', `${name}.cjs`);
  let code = readFileSync(out, 'utf8');
  if (/\bimport\("/.test(code) && !/^var __toESM = /m.test(code))
    throw new Error(`bundle: esbuild's __toESM helper is missing in ${name}.cjs`);
  code = code.replace(/\bimport\(("[^"]+")\)/g, (_, lib) => {
    const name = JSON.parse(lib);
    // A package's documented subpath (nodemailer/lib/smtp-connection) is external with the package.
    if (!external.some((e) => name === e || name.startsWith(`${e}/`)))
      throw new Error(`bundle: import(${lib}) in ${name}.cjs is not of an external library`);
    return `Promise.resolve().then(() => __toESM(require(${lib}), 1))`;
  });
  // ASCII only (scripts/ascii.mjs): V8 then holds the source as one byte a character.
  writeFileSync(out, asciiOnly(code));
}
// Code caches made for an older bundle are useless: bin/judge.js makes new ones.
rmSync(join(root, '.cache', 'v8'), { recursive: true, force: true });
// So are the configurations and rule tables validated by an older build (src/config-cache.ts): never read again.
rmSync(join(root, '.cache', 'config'), { recursive: true, force: true });
