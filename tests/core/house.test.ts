// The house rules of the source tree (issue #34): the engine and the store
// never import the games, the mail or the CLI; no import circle; no module
// over the size limit but those still listed to split (a list that only shrinks).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of scripts/, without types
import { circles, graph, layerViolations } from '../../scripts/import-graph.mjs';
// @ts-expect-error: a plain ES module of scripts/, without types
import { sizeProblems } from '../../scripts/file-size.mjs';

type Graph = Map<string, string[]>;

describe('the import graph of src/', () => {
  it('has no import against the layers and no circle', () => {
    const g = graph() as Graph;
    expect(g.size).toBeGreaterThan(150);
    expect(g.get('engine/pipeline.ts')).toContain('engine/kinds.ts');
    expect(layerViolations(g)).toEqual([]);
    expect(circles(g)).toEqual([]);
  });

  it('finds an engine module importing a game, and a circle', () => {
    const g: Graph = new Map([
      ['engine/a.ts', ['games/fandi/index.ts', 'engine/b.ts']],
      ['engine/b.ts', ['engine/c.ts']],
      ['engine/c.ts', ['engine/a.ts']],
      ['store/x.ts', ['cli/index.ts', 'engine/types.ts']],
      ['games/fandi/index.ts', ['engine/types.ts']],
      ['engine/types.ts', []],
      ['cli/index.ts', []],
    ]);
    expect(layerViolations(g)).toEqual(['engine/a.ts imports games/fandi/index.ts', 'store/x.ts imports cli/index.ts']);
    expect(circles(g)).toEqual([['engine/a.ts', 'engine/b.ts', 'engine/c.ts']]);
  });
});

describe('module sizes', () => {
  it('no module of src/ over the limit but those still to split, and none of those grown', () => {
    expect(sizeProblems()).toEqual([]);
  });
});

describe('the files git tracks', () => {
  it('no symbolic link and nothing of node_modules: a clone that linked its node_modules once committed the link', () => {
    // git ls-files -s: "<mode> <object> <stage>\t<path>"; mode 120000 is a symbolic link.
    const rows = execFileSync('git', ['ls-files', '-s', '-z'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\0')
      .filter(Boolean);
    expect(rows.length).toBeGreaterThan(100);
    const bad = rows.filter((r) => r.startsWith('120000 ') || /\tnode_modules(\/|$)/.test(r));
    expect(bad).toEqual([]);
  });
});
