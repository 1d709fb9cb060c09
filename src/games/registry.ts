// The registry of game kinds: adding a kind is one line here.
import type { AnyRules } from '../engine/types.js';
import { rules as rpg } from './rpg/index.js';
import { rules as fandi } from './fandi/index.js';
import { rules as godfather } from './godfather/index.js';

const kinds: Record<string, AnyRules> = {
  [rpg.kind]: rpg,
  [fandi.kind]: fandi,
  [godfather.kind]: godfather,
};

export function getRules(kind: string): AnyRules {
  const r = kinds[kind];
  if (!r) throw new Error(`unknown game kind "${kind}" (known: ${Object.keys(kinds).join(', ')})`);
  return r;
}

export function knownKinds(): string[] {
  return Object.keys(kinds);
}
