// Adjudication is pure: randomness comes from the injected Rng and time from
// the phase, never from the clock or the global generator; names are ordered by
// the judge's own collate (src/engine/collate.ts), never by the machine's locale.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const FORBIDDEN = ['Math.random', 'Date.now', 'localeCompare('];

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

describe('purity of src/games and src/dice', () => {
  const files = ['src/games', 'src/dice'].flatMap((d) => tsFiles(join(root, d)));

  it('finds the sources to check', () => {
    expect(files.some((f) => f.includes(join('src', 'dice')))).toBe(true);
    expect(files.some((f) => f.includes(join('src', 'games')))).toBe(true);
  });

  it.each(FORBIDDEN)('no %s under src/games or src/dice', (word) => {
    const hits = files.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) => (line.includes(word) ? [`${relative(root, f)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(hits, `${word} found:\n${hits.join('\n')}`).toEqual([]);
  });
});
