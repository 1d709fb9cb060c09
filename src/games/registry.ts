// The registry of game kinds: adding a kind is one line here.
import type { AnyRules } from '../engine/types.js';
import { rules as rpg } from './rpg/index.js';
import { rules as fandi } from './fandi/index.js';
import { rules as godfather } from './godfather/index.js';
import { rules as nation } from './nation/index.js';

const kinds: Record<string, AnyRules> = {
  [rpg.kind]: rpg,
  [fandi.kind]: fandi,
  [godfather.kind]: godfather,
  [nation.kind]: nation,
};

export function getRules(kind: string): AnyRules {
  const r = kinds[kind];
  if (!r) throw new Error(`unknown game kind "${kind}" (known: ${Object.keys(kinds).join(', ')})`);
  return r;
}

/** Add a kind at run time (tests of the game-agnostic engine, plug-ins); a known kind is not replaced. */
export function registerRules(r: AnyRules): void {
  if (kinds[r.kind]) throw new Error(`game kind "${r.kind}" is registered already`);
  kinds[r.kind] = r;
}

export function knownKinds(): string[] {
  return Object.keys(kinds);
}
