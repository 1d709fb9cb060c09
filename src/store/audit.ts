import type { Db } from './db.js';

export interface AuditRow {
  id: number;
  at: string;
  actor: string;
  game_id: string | null;
  action: string;
  details_json: string;
}

export function audit(
  db: Db,
  at: string,
  actor: string,
  gameId: string | null,
  action: string,
  details: object = {},
): void {
  db.prepare('INSERT INTO audit (at, actor, game_id, action, details_json) VALUES (?, ?, ?, ?, ?)').run(
    at,
    actor,
    gameId,
    action,
    JSON.stringify(details),
  );
}

export function auditLog(db: Db, gameId?: string): AuditRow[] {
  return gameId
    ? (db.prepare('SELECT * FROM audit WHERE game_id = ? ORDER BY id').all(gameId) as AuditRow[])
    : (db.prepare('SELECT * FROM audit ORDER BY id').all() as AuditRow[]);
}

/** How many entries of one action a game's log holds. */
export function auditCount(db: Db, gameId: string, action: string): number {
  return (
    db.prepare('SELECT count(*) AS n FROM audit WHERE game_id = ? AND action = ?').get(gameId, action) as { n: number }
  ).n;
}
