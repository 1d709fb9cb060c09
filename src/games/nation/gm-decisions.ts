// The GM's decisions as a nation turn reads them: by id, case-insensitively,
// ladder words read as levels.
import type { DecisionValue, GmInputs } from '../../engine/types.js';
import { parseLevel } from './ladder.js';
import type { NationEvent } from './types.js';

export type Ev = NationEvent;

/** A GM decision by id, case-insensitively; undefined when absent. */
export function decision(gm: GmInputs, id: string): DecisionValue | undefined {
  const f = id.toLowerCase();
  for (const [k, v] of Object.entries(gm.decisions)) if (k.toLowerCase() === f) return v;
  return undefined;
}

/** A GM decision as a number (ladder words read as levels), or the default. */
export function decisionNumber(gm: GmInputs, id: string, dflt: number): number;
export function decisionNumber(gm: GmInputs, id: string, dflt: null): number | null;
export function decisionNumber(gm: GmInputs, id: string, dflt: number | null): number | null {
  const v = decision(gm, id);
  if (v === undefined) return dflt;
  if (typeof v === 'number') return v;
  const l = parseLevel(v);
  if (l !== null) return l;
  const n = Number(v.replace('−', '-'));
  return Number.isFinite(n) ? n : dflt;
}
