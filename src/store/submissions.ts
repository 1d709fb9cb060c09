// Order submissions: every block kept; the latest per player per phase is live
// (FanDi: "Vzdy jsou platne pouze posledni zaslane prikazy").
import type { Db } from './db.js';

export interface SubmissionRow {
  id: number;
  game_id: string;
  phase_number: number;
  player_id: string;
  inbound_id: number | null;
  text: string;
  orders_json: string;
  errors_json: string;
  echo_json: string;
  received_at: string;
  replaced_by: number | null;
  /** The player marked these orders FINAL (early processing). */
  final: number;
}

export function insertSubmission(
  db: Db,
  s: Omit<SubmissionRow, 'id' | 'replaced_by' | 'final'> & { final?: boolean },
): number {
  const id = Number(
    db
      .prepare(
        `INSERT INTO submissions (game_id, phase_number, player_id, inbound_id, text, orders_json, errors_json, echo_json, received_at, final)
         VALUES (@game_id, @phase_number, @player_id, @inbound_id, @text, @orders_json, @errors_json, @echo_json, @received_at, @final)`,
      )
      .run({ ...s, final: s.final ? 1 : 0 }).lastInsertRowid,
  );
  db.prepare(
    `UPDATE submissions SET replaced_by = ?
     WHERE game_id = ? AND phase_number = ? AND player_id = ? AND replaced_by IS NULL AND id <> ?`,
  ).run(id, s.game_id, s.phase_number, s.player_id, id);
  return id;
}

export function liveSubmissions(db: Db, gameId: string, phase: number): SubmissionRow[] {
  return db
    .prepare(
      'SELECT * FROM submissions WHERE game_id = ? AND phase_number = ? AND replaced_by IS NULL ORDER BY player_id',
    )
    .all(gameId, phase) as SubmissionRow[];
}

/** The id of one player's live submission of a phase, if any (from the index of live rows alone, not the row's texts). */
export function liveSubmissionId(db: Db, gameId: string, phase: number, player: string): number | undefined {
  return (
    db
      .prepare(
        'SELECT id FROM submissions WHERE game_id = ? AND phase_number = ? AND player_id = ? AND replaced_by IS NULL',
      )
      .get(gameId, phase, player) as { id: number } | undefined
  )?.id;
}

export function submissionHistory(db: Db, gameId: string, phase?: number): SubmissionRow[] {
  return phase === undefined
    ? (db.prepare('SELECT * FROM submissions WHERE game_id = ? ORDER BY id').all(gameId) as SubmissionRow[])
    : (db
        .prepare('SELECT * FROM submissions WHERE game_id = ? AND phase_number = ? ORDER BY id')
        .all(gameId, phase) as SubmissionRow[]);
}

/** Every block one player sent for a phase, oldest first; with `after`, those after that submission id. */
export function playerSubmissions(db: Db, gameId: string, phase: number, player: string, after = 0): SubmissionRow[] {
  return db
    .prepare(
      'SELECT * FROM submissions WHERE game_id = ? AND phase_number = ? AND player_id = ? AND id > ? ORDER BY id',
    )
    .all(gameId, phase, player, after) as SubmissionRow[];
}

/** How many blocks one player sent for a phase. */
/** Whether the seat sent anything for the phase yet (one index entry read, where counting reads all of them). */
export function hasSubmissions(db: Db, gameId: string, phase: number, player: string): boolean {
  return (
    db
      .prepare('SELECT 1 FROM submissions WHERE game_id = ? AND phase_number = ? AND player_id = ? LIMIT 1')
      .get(gameId, phase, player) !== undefined
  );
}

export function countSubmissions(db: Db, gameId: string, phase: number, player: string): number {
  return (
    db
      .prepare('SELECT count(*) AS n FROM submissions WHERE game_id = ? AND phase_number = ? AND player_id = ?')
      .get(gameId, phase, player) as { n: number }
  ).n;
}
