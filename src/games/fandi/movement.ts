// Movement (FanDi 1.1, "Pohyb jednotek"): orthogonal steps, never through '#',
// only over own cities or empty squares; entering a neutral or enemy city ends the move.
import { adjacent, cityAt, isRock, neighbours } from './map.js';
import type { FandiState, PlayerId, Square } from './state.js';

export interface PathProblem {
  code: string;
  params: Record<string, string | number>;
}

/** A city square that is not the player's own: entering it is allowed, passing through is not. */
export function isForeignCity(state: FandiState, player: PlayerId, sq: Square): boolean {
  const c = cityAt(state, sq);
  return c !== null && c.owner !== player;
}

/** Why a full square-by-square path is illegal, or null when it is legal within `move` steps. */
export function pathProblem(state: FandiState, player: PlayerId, path: Square[], move: number): PathProblem | null {
  for (let i = 1; i < path.length; i++) {
    const from = path[i - 1]!;
    const to = path[i]!;
    if (!adjacent(from, to)) return { code: 'path-step', params: { from, to } };
    if (isRock(state, to)) return { code: 'path-rock', params: { at: to } };
    if (i < path.length - 1 && isForeignCity(state, player, to)) return { code: 'path-stop', params: { at: to } };
  }
  const steps = path.length - 1;
  if (steps > move) return { code: 'too-far', params: { steps, move } };
  return null;
}

/**
 * RULING fandi/path-found: the shortest legal path between two squares, found by
 * breadth-first search with neighbours tried north, east, south, west — so the
 * same orders always give the same path. Foreign cities may only be the goal.
 */
export function findPath(state: FandiState, player: PlayerId, from: Square, to: Square): Square[] | null {
  if (from === to) return [from];
  if (isRock(state, to)) return null;
  const prev = new Map<Square, Square | null>([[from, null]]);
  const queue: Square[] = [from];
  for (let i = 0; i < queue.length; i++) {
    const cur = queue[i]!;
    if (cur !== from && isForeignCity(state, player, cur)) continue; // must stop there
    for (const n of neighbours(state, cur)) {
      if (prev.has(n) || isRock(state, n)) continue;
      prev.set(n, cur);
      if (n === to) {
        const path: Square[] = [n];
        let p: Square | null = cur;
        while (p !== null) {
          path.unshift(p);
          p = prev.get(p) ?? null;
        }
        return path;
      }
      queue.push(n);
    }
  }
  return null;
}

/**
 * Waypoints as written ("B4 B5 B6", "B4-B6", "B4 D4 D6") → the full path: adjacent
 * waypoints are single steps, others are joined by the shortest legal leg.
 * "Jakmile vstoupi na neutralni uzemi, nebo na uzemi soupere, musi se zastavit.":
 * the path ends in the first neutral or foreign city it enters; the written squares
 * after it are returned as `cut` (RULING fandi/stop-in-foreign-city).
 */
export function expandWaypoints(
  state: FandiState,
  player: PlayerId,
  waypoints: Square[],
  move: number,
): { path: Square[]; cut: Square[] } | { problem: PathProblem } {
  const path: Square[] = [waypoints[0]!];
  let cut: Square[] = [];
  for (let i = 1; i < waypoints.length; i++) {
    const from = path[path.length - 1]!;
    const to = waypoints[i]!;
    if (to === from) continue;
    if (path.length > 1 && isForeignCity(state, player, from)) {
      cut = waypoints.slice(i).filter((sq, j, xs) => sq !== from && xs.indexOf(sq) === j);
      break;
    }
    if (isRock(state, to)) return { problem: { code: 'path-rock', params: { at: to } } };
    if (adjacent(from, to)) {
      path.push(to);
      continue;
    }
    const leg = findPath(state, player, from, to);
    if (!leg) return { problem: { code: 'path-blocked', params: { from, to } } };
    path.push(...leg.slice(1));
  }
  const problem = pathProblem(state, player, path, move);
  return problem ? { problem } : { path, cut };
}
