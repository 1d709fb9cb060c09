// Re-exports and small state helpers shared by the FanDi modules.
export type * from './types.js';
export type { PlayerId } from '../../engine/types.js';
import type { FandiCity, FandiPlayer, FandiState, FandiUnit } from './types.js';
import type { PlayerId } from '../../engine/types.js';

export function playerOf(state: FandiState, id: PlayerId): FandiPlayer | null {
  return state.players.find((p) => p.id === id) ?? null;
}

export function unitsAt(state: FandiState, sq: string, owner?: PlayerId): FandiUnit[] {
  return state.units
    .filter((u) => u.at === sq && (owner === undefined || u.owner === owner))
    .sort((a, b) => a.id - b.id);
}

/** A deep copy (states are plain JSON). */
export function cloneState(state: FandiState): FandiState {
  return JSON.parse(JSON.stringify(state)) as FandiState;
}

/** "alfa|brana" ordering for the war table. */
export function pairKey(a: PlayerId, b: PlayerId): [PlayerId, PlayerId] {
  return a < b ? [a, b] : [b, a];
}

/** Counts by unit type, in table order of first appearance: {pesi: 3, rytir: 1}. */
export function countByType(units: readonly { type: string }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const u of units) out[u.type] = (out[u.type] ?? 0) + 1;
  return out;
}

/** A city with nothing built, invested or kept yet. */
export function bareCity(at: string, owner: PlayerId | null, value: number): FandiCity {
  return {
    at,
    owner,
    value,
    tech: 0,
    techInvested: 0,
    walls: 0,
    wallsInvested: 0,
    scienceInvested: 0,
    cash: 0,
    spies: 0,
  };
}
