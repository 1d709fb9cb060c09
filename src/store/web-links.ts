// Secret links to a reader's own web pages (judge serve): one row per link,
// holding only the sha256 of the token that is in the URL.
import type { Db } from './db.js';

export interface WebLinkRow {
  id: number;
  game_id: string;
  reader: 'player' | 'gm';
  player_id: string | null;
  token_hash: string;
  created_at: string;
  revoked_at: string | null;
}

export function insertWebLink(
  db: Db,
  l: Pick<WebLinkRow, 'game_id' | 'reader' | 'player_id' | 'token_hash' | 'created_at'>,
): number {
  const r = db
    .prepare(
      'INSERT INTO web_links (game_id, reader, player_id, token_hash, created_at) VALUES (@game_id, @reader, @player_id, @token_hash, @created_at)',
    )
    .run(l);
  return Number(r.lastInsertRowid);
}

/** The live links of a reader (a player, or the GM when playerId is null). */
export function activeWebLinks(db: Db, gameId: string, playerId: string | null): WebLinkRow[] {
  return (
    playerId === null
      ? db
          .prepare("SELECT * FROM web_links WHERE game_id = ? AND reader = 'gm' AND revoked_at IS NULL ORDER BY id")
          .all(gameId)
      : db
          .prepare(
            "SELECT * FROM web_links WHERE game_id = ? AND reader = 'player' AND player_id = ? AND revoked_at IS NULL ORDER BY id",
          )
          .all(gameId, playerId)
  ) as WebLinkRow[];
}

/** Revoke every live link of a reader; returns how many were. */
export function revokeWebLinks(db: Db, gameId: string, playerId: string | null, at: string): number {
  const r =
    playerId === null
      ? db
          .prepare("UPDATE web_links SET revoked_at = ? WHERE game_id = ? AND reader = 'gm' AND revoked_at IS NULL")
          .run(at, gameId)
      : db
          .prepare(
            "UPDATE web_links SET revoked_at = ? WHERE game_id = ? AND reader = 'player' AND player_id = ? AND revoked_at IS NULL",
          )
          .run(at, gameId, playerId);
  return r.changes;
}

/** The live link with this token hash (an indexed lookup: no secret is compared in code). */
export function webLinkByHash(db: Db, tokenHash: string): WebLinkRow | undefined {
  return db.prepare('SELECT * FROM web_links WHERE token_hash = ? AND revoked_at IS NULL').get(tokenHash) as
    | WebLinkRow
    | undefined;
}
