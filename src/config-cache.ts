// Files validated with zod, their results kept for the next command: every
// command reads judge.yaml, and a command that runs a game reads the kind's
// rule tables (games/<kind>/*.json), and validating either means making its
// zod schemas first (some 7 ms for the configuration, 5-10 ms for a kind's
// tables). What zod gave for a text is kept as JSON in the package's cache
// (render/package-cache.ts), readable by the package's owner only, named by
// what was validated, the text, and the build of the bundle that validated it
// (scripts/bundle.mjs defines __JUDGE_BUILD__ anew at every build, so a
// changed schema never reads an old result). Only a valid text's result is
// kept, and only one JSON holds exactly. The compiled modules (the fallback
// without a bundle, and the tests) have no build and keep nothing.
import { plainJson } from './engine/shared-json.js';
import { cacheFile, readCached, writeCached } from './render/package-cache.js';

declare const __JUDGE_BUILD__: string | undefined;

/** The bundle's build, or null (the compiled modules). */
export const BUILD = typeof __JUDGE_BUILD__ === 'string' ? __JUDGE_BUILD__ : null;

/**
 * Where the result for `what` (judge.yaml, games/fandi/units.json…) with
 * `text` (the file's text; '' for no file) is kept; null: nothing is. `build`
 * and `root` for tests.
 */
function keptFile(what: string, text: string, build: string | null, root?: string): string | null {
  return build ? cacheFile('config', `${what} ${build}`, text, '.json', root) : null;
}

/** What an earlier command of this build validated `what` with `text` to, or null. */
export function keptValid<T>(what: string, text: string, build = BUILD, root?: string): T | null {
  const file = keptFile(what, text, build, root);
  const kept = file ? readCached(file) : null;
  if (kept === null) return null;
  try {
    const value = JSON.parse(kept) as unknown;
    return value && typeof value === 'object' ? (value as T) : null;
  } catch {
    return null; // cut short or changed by hand: validated again and written anew
  }
}

/** Keep what zod gave for `what` with `text`. */
export function keepValid(what: string, text: string, value: unknown, build = BUILD, root?: string): void {
  const file = keptFile(what, text, build, root);
  if (file && plainJson(value)) writeCached(file, JSON.stringify(value), 0o600);
}
