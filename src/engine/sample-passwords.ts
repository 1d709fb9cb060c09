// The passwords written in the sample setups shipped with the judge
// (games/<kind>/setups/) and in the quick-start example `judge init` writes
// (QUICKSTART_SEATS): anyone who has read the repository knows them, so a
// game whose setup keeps one is warned about when it is created (setupWarnings).
import { readdirSync, readFileSync } from 'node:fs';
import { parseYaml } from '../yaml.js';

let known: Map<string, string> | undefined;

/** The seats of the quick-start example `judge init` writes (examples/fandi.json, src/cli/init.ts): published with the judge. */
export const QUICKSTART_SEATS: readonly { id: string; name: string; email: string; password: string }[] = [
  { id: 'alfa', name: 'Adam', email: 'alfa@example.org', password: 'eagle' },
  { id: 'brana', name: 'Bara', email: 'brana@example.org', password: 'wolf' },
  { id: 'cerna', name: 'Cecil', email: 'cerna@example.org', password: 'raven' },
  { id: 'dana', name: 'David', email: 'dana@example.org', password: 'deer' },
];
/** Where a GM's setup got a quick-start password from, as the warning names it. */
export const QUICKSTART_FILE = 'examples/fandi.json (the quick start `judge init` writes)';

/** Each password of a shipped sample setup, with the file it is in (read once per process). */
export function samplePasswords(): Map<string, string> {
  if (known) return known;
  known = new Map();
  for (const s of QUICKSTART_SEATS) known.set(s.password, QUICKSTART_FILE);
  // Read relative to this module, as the rule tables are (src/engine or dist/… → ../../games).
  const games = new URL('../../games/', import.meta.url);
  const list = (u: URL) => {
    try {
      return readdirSync(u);
    } catch {
      return [];
    }
  };
  for (const kind of list(games))
    for (const f of list(new URL(`${kind}/setups/`, games))) {
      if (!/\.(ya?ml|json)$/.test(f)) continue;
      try {
        const s = parseYaml(readFileSync(new URL(`${kind}/setups/${f}`, games), 'utf8')) as {
          gm?: { password?: unknown };
          seats?: { password?: unknown }[];
        };
        for (const p of [s.gm?.password, ...(s.seats ?? []).map((x) => x?.password)])
          if (typeof p === 'string' && p) known.set(p, `games/${kind}/setups/${f}`);
      } catch {
        // A sample that does not parse has no passwords to warn about (its own test reports it).
      }
    }
  return known;
}
