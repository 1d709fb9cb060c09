// What the package keeps of its own work between commands, in <package>/.cache/<folder>/:
// a text made from a source (a template's precompiled form and V8's code cache
// of it, a message file's parsed form), named by the hash of everything it was made from, written
// atomically, read by later commands. Where the folder cannot be written (a
// read-only installation) the text is made in memory every time, as before.
// Only the package's owner can write there, as its code. `.cache/` is in .gitignore.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** <package>/.cache (src/render or dist/render → ../../.cache). */
export const packageCacheDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.cache');

/** The file a text made from `source` (in a form named by `form`: versions, options) is kept in. */
export function cacheFile(folder: string, form: string, source: string, ext: string, root = packageCacheDir): string {
  const key = createHash('sha256').update(`${form}\0${source}`).digest('hex').slice(0, 32);
  return join(root, folder, `${key}${ext}`);
}

/** The kept text, or null when there is none (or it cannot be read). */
export function readCached(file: string): string | null {
  return readCachedBytes(file)?.toString('utf8') ?? null;
}

/** The kept bytes (V8's code cache of a kept text), or undefined. */
export function readCachedBytes(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Keep a text (or bytes) for later commands: written whole or not at all; a
 * folder that cannot be written is done without. `mode` 0o600: readable by
 * the package's owner only (a configuration's parse).
 */
export function writeCached(file: string, text: string | Uint8Array, mode = 0o644): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(tmp, text, { mode });
    renameSync(tmp, file);
  } catch {
    // A read-only installation: made in memory only.
  }
}

const versions = new Map<string, string | null>();

/** The version of an installed package (a kept text's form names the version of what made it), or null when it cannot be read. */
export function installedVersion(pkg: string): string | null {
  let v = versions.get(pkg);
  if (v === undefined) {
    try {
      v = String((createRequire(import.meta.url)(`${pkg}/package.json`) as { version: string }).version);
    } catch {
      v = null;
    }
    versions.set(pkg, v);
  }
  return v;
}
