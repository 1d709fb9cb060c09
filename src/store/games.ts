// Games and their players.
import { InputError } from '../errors.js';
import type { Db } from './db.js';
import { copied, copiedAll, genCached } from './read-gen.js';
import type { Lang, PlayerSeat } from '../engine/types.js';

export interface GameRow {
  id: string;
  kind: string;
  title: string;
  lang: Lang;
  seed: string;
  /** signup: open for sign-up by mail, no seats and no phase until it starts (issue #31). */
  status: 'signup' | 'active' | 'paused' | 'over';
  setup_json: string;
  config_json: string;
  gm_email: string | null;
  created_at: string;
  paused_at: string | null;
  gm_password_hash: string | null;
}

export interface PlayerRow {
  game_id: string;
  id: string;
  name: string;
  email: string;
  password_hash: string;
  lang: Lang;
  /** abandoned: missed too many phases in a row; offered for replacement, still playable. */
  status: 'active' | 'abandoned' | 'out' | 'ejected';
  created_at: string;
  nmr_streak: number;
  nmr_total: number;
  /** The player's own choice of forecasts in acknowledgements (FORECAST ON/OFF): 1, 0, or null for the game's. */
  forecast?: number | null;
}

/**
 * The row of the game with this id; else of the one game whose id differs
 * from it only in case ("HRA G1" for g1, as player ids are read),
 * when there is exactly one such. Game ids may differ in case alone (GAME_ID);
 * then only the exact id names one.
 */
function gameRow<T>(db: Db, columns: string, id: string): T | undefined {
  const exact = db.prepare(`SELECT ${columns} FROM games WHERE id = ?`).get(id) as T | undefined;
  if (exact) return exact;
  const some = db.prepare(`SELECT ${columns} FROM games WHERE id = ? COLLATE NOCASE LIMIT 2`).all(id) as T[];
  return some.length === 1 ? some[0] : undefined;
}

// Intake reads these for every mail: kept while games, players and phases are unwritten (store/read-gen.ts).
export function getGame(db: Db, id: string): GameRow | undefined {
  return copied(genCached(db, `game\u0000${id}`, () => gameRow<GameRow>(db, '*', id)));
}

/** A game's config_json alone (undefined: no such game), without its setup and the rest of the row. */
export function gameConfigJson(db: Db, id: string): string | undefined {
  return genCached(
    db,
    `config\u0000${id}`,
    () => gameRow<Pick<GameRow, 'config_json'>>(db, 'config_json', id)?.config_json,
  );
}

export function requireGame(db: Db, id: string): GameRow {
  const g = getGame(db, id);
  if (!g) throw new InputError(`no game "${id}"`);
  return g;
}

export function listGames(db: Db): GameRow[] {
  return db.prepare('SELECT * FROM games ORDER BY id').all() as GameRow[];
}

export function insertGame(db: Db, g: Omit<GameRow, 'status' | 'paused_at'>): void {
  db.prepare(
    `INSERT INTO games (id, kind, title, lang, seed, setup_json, config_json, gm_email, gm_password_hash, created_at)
     VALUES (@id, @kind, @title, @lang, @seed, @setup_json, @config_json, @gm_email, @gm_password_hash, @created_at)`,
  ).run(g);
}

export function setGameStatus(db: Db, id: string, status: GameRow['status']): void {
  db.prepare('UPDATE games SET status = ? WHERE id = ?').run(status, id);
}

export function listPlayers(db: Db, gameId: string): PlayerRow[] {
  return copiedAll(
    genCached(
      db,
      `players\u0000${gameId}`,
      () => db.prepare('SELECT * FROM players WHERE game_id = ? ORDER BY id').all(gameId) as PlayerRow[],
    ),
  );
}

export function getPlayer(db: Db, gameId: string, id: string): PlayerRow | undefined {
  return copied(
    genCached(
      db,
      `player\u0000${gameId}\u0000${id}`,
      () =>
        db.prepare('SELECT * FROM players WHERE game_id = ? AND lower(id) = lower(?)').get(gameId, id) as
          | PlayerRow
          | undefined,
    ),
  );
}

/**
 * Whether a game, and a seat of any game, goes by an id, case aside: what
 * tells a start line from prose that begins with its keyword
 * (mail/inbound/block-lines.ts). `gen`: the read generation the caller read.
 */
export function knownIds(db: Db, gen?: number): { game(id: string): boolean; seat(id: string): boolean } {
  const known = (table: 'games' | 'players', id: string): boolean =>
    genCached(
      db,
      `known\u0000${table}\u0000${id}`,
      () => db.prepare(`SELECT 1 FROM ${table} WHERE id = ? COLLATE NOCASE LIMIT 1`).get(id) !== undefined,
      gen,
    );
  return { game: (id) => known('games', id), seat: (id) => known('players', id) };
}

export function insertPlayer(db: Db, p: Omit<PlayerRow, 'status' | 'nmr_streak' | 'nmr_total'>): void {
  db.prepare(
    `INSERT INTO players (game_id, id, name, email, password_hash, lang, created_at)
     VALUES (@game_id, @id, @name, @email, @password_hash, @lang, @created_at)`,
  ).run(p);
}

/** Players who still play: they get reminders and count for NMRs. */
export function isPlaying(p: PlayerRow): boolean {
  return p.status === 'active' || p.status === 'abandoned';
}

export function seatOf(p: PlayerRow): PlayerSeat {
  return { id: p.id, name: p.name, email: p.email, lang: p.lang };
}
