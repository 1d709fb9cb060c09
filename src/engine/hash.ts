import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level: the canonical form of a state. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    if (value instanceof Map) throw new TypeError('canonicalJson: Map is not JSON; use a plain object');
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value as object).sort()) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== undefined) out[k] = sortKeys(v);
    }
    return out;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError(`canonicalJson: ${value} is not JSON`);
  return value;
}

/** sha256 of the canonical JSON: the state hash stored on each phase. */
export function stateHash(state: unknown): string {
  return createHash('sha256').update(canonicalJson(state)).digest('hex');
}
