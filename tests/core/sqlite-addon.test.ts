// src/store/sqlite.ts names better-sqlite3's native addon when it opens a file
// (the bundled CLI holds better-sqlite3's JavaScript, which would otherwise
// look for the addon from the judge's own package). These fail when a
// better-sqlite3 release moves its addon or the bundle stops holding it.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addonIn, openSqlite, packageDir } from '../../src/store/sqlite.js';
import { tempDir } from '../helpers.js';

const root = join(import.meta.dirname, '..', '..');

describe("better-sqlite3's addon, named", () => {
  it('is where npm ci builds it, and opens a file with it', () => {
    const dir = packageDir();
    expect(dir).toBe(join(root, 'node_modules', 'better-sqlite3'));
    expect(addonIn(dir)).toBe(join(dir, 'build', 'Release', 'better_sqlite3.node'));
    const file = join(tempDir(), 'x.sqlite');
    const db = openSqlite(file);
    db.exec('CREATE TABLE t (x)');
    db.prepare('INSERT INTO t VALUES (?)').run(42);
    db.close();
    const again = openSqlite(file, { readonly: true, fileMustExist: true });
    expect(again.prepare('SELECT x FROM t').get()).toEqual({ x: 42 });
    expect(() => again.exec('INSERT INTO t VALUES (1)')).toThrow(/readonly/);
    again.close();
  });

  it('is found where better-sqlite3 itself would look when it is not in build/Release (a Debug build)', () => {
    const pkg = tempDir();
    writeFileSync(join(pkg, 'package.json'), '{"name":"better-sqlite3"}');
    mkdirSync(join(pkg, 'build', 'Debug'), { recursive: true });
    copyFileSync(
      join(packageDir(), 'build', 'Release', 'better_sqlite3.node'),
      join(pkg, 'build', 'Debug', 'better_sqlite3.node'),
    );
    expect(addonIn(pkg)).toBe(join(pkg, 'build', 'Debug', 'better_sqlite3.node'));
    // Nowhere at all: better-sqlite3's own error, naming where it looked.
    expect(() => addonIn(tempDir())).toThrow(/Could not locate the bindings file/);
  });

  it("is opened by the bundled CLI, which holds better-sqlite3's JavaScript", () => {
    for (const name of ['judge', 'intake-worker']) {
      const code = readFileSync(join(root, 'dist', 'bundle', `${name}.cjs`), 'utf8');
      expect(code, name).not.toMatch(/require\("better-sqlite3"\)/);
      expect(code, name).toMatch(/nativeBinding/);
    }
  });
});
