#!/usr/bin/env node
// The import graph of src/: fails (exit 1) on an import that goes up the
// layers (src/engine or src/store into src/games, src/mail or src/cli; the
// dice, render and store layers into the games, mail or cli) and on any import
// circle. Every import counts: static, dynamic (`import('…')`) and type-only,
// so that a layer cannot lean on the one above it even for its types.
// Run by `npm run lint` (and tests/core/house.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');

/** Layer → the top-level folders of src/ it must never import. */
export const FORBIDDEN = {
  engine: ['games', 'mail', 'cli', 'web'],
  store: ['games', 'mail', 'cli', 'web'],
  dice: ['games', 'mail', 'cli', 'web'],
  render: ['games', 'mail', 'cli', 'web'],
  games: ['mail', 'cli', 'web'],
  mail: ['cli'],
  web: ['cli'],
};

function files(dir) {
  return readdirSync(dir, { recursive: true })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f));
}

/** Every module of src/ with the modules of src/ it imports. */
export function graph() {
  const g = new Map();
  for (const f of files(src)) {
    const info = ts.preProcessFile(readFileSync(f, 'utf8'), true, true);
    const deps = new Set();
    for (const ref of info.importedFiles) {
      const spec = ref.fileName;
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(f), spec).replace(/\.js$/, '.ts');
      deps.add(relative(src, target.endsWith('.ts') ? target : `${target}.ts`));
    }
    g.set(relative(src, f), [...deps].sort());
  }
  return g;
}

const layer = (m) => (m.includes('/') ? m.slice(0, m.indexOf('/')) : '');

export function layerViolations(g) {
  const out = [];
  for (const [m, deps] of g)
    for (const d of deps) if ((FORBIDDEN[layer(m)] ?? []).includes(layer(d))) out.push(`${m} imports ${d}`);
  return out;
}

/** Every import circle (Tarjan's strongly connected components of more than one module, or a module importing itself). */
export function circles(g) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of g.get(v) ?? []) {
      if (!g.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const c = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1 || (g.get(v) ?? []).includes(v)) out.push(c.sort());
    }
  };
  for (const v of g.keys()) if (!idx.has(v)) visit(v);
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const g = graph();
  const bad = layerViolations(g);
  const cs = circles(g);
  for (const b of bad) console.error(`layers: ${b}`);
  for (const c of cs) console.error(`circle: ${c.join(' ↔ ')}`);
  if (bad.length || cs.length) {
    console.error(
      `import graph: ${bad.length} import(s) against the layers, ${cs.length} circle(s) (scripts/import-graph.mjs)`,
    );
    process.exit(1);
  }
  console.log(`import graph: ${g.size} modules, no import against the layers, no circle`);
}
