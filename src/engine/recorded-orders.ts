// The orders a phase is adjudicated with, as recorded: each playing seat's
// last submission (or, with nmr.repeat, the standing orders of the turn
// before), and who is expected to order at all.
import type { Judge } from '../context.js';
import { listPlayers, type GameRow, isPlaying, type PlayerRow } from '../store/games.js';
import { livePhase } from '../store/phases.js';
import { playerSubmissions } from '../store/submissions.js';
import { currentOrders } from './orders.js';
import type { AnyRules, PlayerId } from './types.js';
import { gameSettings } from './settings.js';

/**
 * The orders a phase is adjudicated with, keyed by player: each playing
 * player's live submission; for one who sent none, what the game kind makes
 * of their previous orders (FanDi keeps the cities' investment plan) unless
 * the GM turned that off; ejected and out players give none. `states` gives
 * the snapshots of phases not written yet (a rerun computed in memory).
 */
export function recordedOrders(
  j: Judge,
  rules: AnyRules,
  game: GameRow,
  phase: number,
  states?: ReadonlyMap<number, string>,
): Map<PlayerId, unknown[]> {
  const playing = listPlayers(j.db, game.id)
    .filter(isPlaying)
    .map((p) => p.id);
  const repeat = rules.nmrOrders && gameSettings(game).nmr.repeat;
  const m = new Map<PlayerId, unknown[]>();
  const parsed = new Map<number, unknown>();
  const stateOf = (n: number) => {
    if (!parsed.has(n)) parsed.set(n, JSON.parse(states?.get(n) ?? livePhase(j.db, game.id, n)!.state_json));
    return parsed.get(n);
  };
  const applied = (player: PlayerId, n: number): unknown[] | null => {
    const subs = playerSubmissions(j.db, game.id, n, player);
    if (subs.length) return currentOrders(rules, stateOf(n), subs).orders;
    if (!repeat || n <= 1) return null;
    const before = applied(player, n - 1);
    return before ? rules.nmrOrders!(before) : null;
  };
  for (const id of playing) {
    const o = applied(id, phase);
    if (o?.length) m.set(id, o);
  }
  return m;
}

/** The playing seats the game expects orders from in this state. */
export function expectedPlayers(rules: AnyRules, state: unknown, players: PlayerRow[]): PlayerRow[] {
  return players.filter((p) => isPlaying(p) && (rules.expectsOrders?.(state, p.id) ?? true));
}

/** Count missed phases; a position missed too often is offered for replacement (GM told). `state`: the phase's, parsed. */
