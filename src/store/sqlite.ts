// Opening a SQLite file with better-sqlite3, its native addon named. The CLI
// runs from one bundled file (scripts/bundle.mjs) that holds better-sqlite3's
// JavaScript too: reading its dozen modules one by one cost every command
// about 5 ms. Bundled, its own way to find the addon (the `bindings` package,
// which looks from the calling file's package) would look in the judge's
// package, so the addon is named with better-sqlite3's documented option for
// bundlers, nativeBinding.
//
// The addon is where npm ci leaves it: build/Release/better_sqlite3.node of
// the package (node-gyp's output, and where prebuild-install unpacks a
// prebuilt one). A package that keeps it elsewhere (a Debug build) is
// searched as better-sqlite3 itself does, with `bindings` from its own
// package. tests/core/sqlite-addon.test.ts fails if a better-sqlite3 release
// moves it.
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The file of the addon of the better-sqlite3 package in `dir`: where npm ci builds it, else where `bindings` finds it. */
export function addonIn(dir: string): string {
  const built = join(dir, 'build', 'Release', 'better_sqlite3.node');
  if (existsSync(built)) return built;
  const bindings = createRequire(join(packageDir(), 'package.json'))('bindings') as (o: object) => string;
  return bindings({ bindings: 'better_sqlite3.node', module_root: dir, path: true });
}

/** The installed better-sqlite3 package's directory. */
export function packageDir(): string {
  return dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));
}

let addon: string | undefined;

/** `new Database(file, options)`, with the addon named. */
export function openSqlite(file: string, options: Database.Options = {}): Database.Database {
  addon ??= addonIn(packageDir());
  return new Database(file, { ...options, nativeBinding: addon });
}
