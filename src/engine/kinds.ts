// The game kinds the engine can run, by name. The engine knows no kind: the
// application layer (src/games/registry.ts, imported by the CLI, the intake
// worker and the web server) hands it the loader of each kind, and a kind's
// code is loaded when a command needs it (`await loadRules(...)`), so a
// command that runs no game code does not pay for loading all of them.
import type { AnyRules, Lang } from './types.js';

type Loader = () => Promise<AnyRules>;

const loaders: Record<string, Loader> = {};
const loaded: Record<string, AnyRules> = {};

/** The application's kinds: name → loader. A kind given twice keeps its first loader. */
export function provideKinds(l: Record<string, Loader>): void {
  for (const [kind, load] of Object.entries(l)) loaders[kind] ??= load;
}

function unknownKind(kind: string): Error {
  return new Error(`unknown game kind "${kind}" (known: ${knownKinds().join(', ')})`);
}

/** Load the code of these kinds (default: every kind); unknown names are left to getRules to refuse. */
export async function loadRules(kinds: Iterable<string> = Object.keys(loaders)): Promise<void> {
  for (const kind of new Set(kinds)) {
    if (loaded[kind] || !loaders[kind]) continue;
    const r = await loaders[kind]();
    if (r.kind !== kind) throw new Error(`the loader of game kind "${kind}" gave the rules of "${r.kind}"`);
    loaded[kind] ??= r;
  }
}

export function getRules(kind: string): AnyRules {
  const r = loaded[kind];
  if (r) return r;
  if (!loaders[kind]) throw unknownKind(kind);
  throw new Error(
    `game kind "${kind}" is not loaded yet (a bug: the caller must \`await loadRules(["${kind}"])\` first)`,
  );
}

/** Add a kind at run time (tests of the game-agnostic engine, plug-ins); a known kind is not replaced. */
export function registerRules(r: AnyRules): void {
  if (loaders[r.kind]) throw new Error(`game kind "${r.kind}" is registered already`);
  loaded[r.kind] = r;
  loaders[r.kind] = async () => r;
}

/** Take back a kind registerRules added (a test's own kind, once its file is done). */
export function unregisterRules(kind: string): void {
  delete loaders[kind];
  delete loaded[kind];
}

export function knownKinds(): string[] {
  return Object.keys(loaders);
}

/**
 * The language a kind's report for a reader of `lang` is written in: the
 * reader's, if the kind has templates in it, else English (where
 * render/templates.ts findTemplate falls back to). Everything in the report,
 * its dates too, is in this one language.
 */
export function reportLang(rules: Pick<AnyRules, 'langs'>, lang: Lang): Lang {
  return rules.langs.includes(lang) ? lang : 'en';
}
