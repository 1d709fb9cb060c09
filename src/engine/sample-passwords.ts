// The passwords written in the sample setups shipped with the judge
// (games/<kind>/setups/): anyone who has read the repository knows them, so a
// game whose setup keeps one is warned about when it is created (setupWarnings).
import { readdirSync, readFileSync } from 'node:fs';
import { parseYaml } from '../yaml.js';

let known: Map<string, string> | undefined;

/** Each password of a shipped sample setup, with the file it is in (read once per process). */
export function samplePasswords(): Map<string, string> {
  if (known) return known;
  known = new Map();
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
