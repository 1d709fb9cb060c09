#!/usr/bin/env node
// No source file over MAX_LINES lines (one job per module). The files still
// over it are listed in OVER with the size they may not grow past: the list
// may only shrink (a file that falls under the limit must leave it).
// Run by `npm run lint` (and tests/core/house.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const MAX_LINES = 500;
/** Files over the limit today, each with the most lines it may have until it is split. */
export const OVER = {};

function files(dir) {
  return readdirSync(dir, { recursive: true })
    .filter((f) => /\.(ts|mjs|js)$/.test(f))
    .map((f) => join(dir, f));
}

/** Every problem with the sizes of the files under src/. */
export function sizeProblems() {
  const out = [];
  for (const f of files(join(root, 'src'))) {
    const rel = relative(root, f);
    const lines = readFileSync(f, 'utf8').split('\n').length - 1;
    const allowed = OVER[rel];
    if (allowed === undefined && lines > MAX_LINES) out.push(`${rel}: ${lines} lines (at most ${MAX_LINES})`);
    else if (allowed !== undefined && lines > allowed)
      out.push(`${rel}: ${lines} lines; it may not grow past ${allowed} before it is split`);
    else if (allowed !== undefined && lines <= MAX_LINES)
      out.push(`${rel}: ${lines} lines now; take it out of OVER in scripts/file-size.mjs`);
  }
  for (const rel of Object.keys(OVER))
    if (!files(join(root, 'src')).some((f) => relative(root, f) === rel)) out.push(`${rel}: gone; take it out of OVER`);
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bad = sizeProblems();
  for (const b of bad) console.error(`file size: ${b}`);
  if (bad.length) process.exit(1);
  console.log(`file size: every module of src/ within ${MAX_LINES} lines (${Object.keys(OVER).length} still to split)`);
}
