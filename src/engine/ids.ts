// The shapes of ids, one definition for setup files, the CLI and mail: a
// player or game id is never a path, an address or a password.
import * as z from '../zod.js';

export const PLAYER_ID = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;
export const GAME_ID = /^[a-z0-9][a-z0-9_-]{0,31}$/i;

export const playerIdSchema = z
  .string()
  .regex(PLAYER_ID, 'a player id is a letter then letters, digits, - or _ (max 32)');
export const gameIdMessage = 'a letter or digit, then letters, digits, - or _ (max 32)';

/** Null when the id is a valid player id, else why not. */
export function playerIdProblem(id: string): string | null {
  return PLAYER_ID.test(id) ? null : `player id "${id}": a letter then letters, digits, - or _ (max 32)`;
}
