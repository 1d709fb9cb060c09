// The GM's inputs to a phase (decisions, narrative, bulletin, hidden rolls) and
// the players' rolls answered at once (kind 'instant', src/mail/inbound/instant.ts):
// recorded like orders, every line kept, the latest per (kind, key) in force.
import type { Db } from './db.js';

export type GmInputKind = 'decision' | 'narrative' | 'bulletin' | 'roll' | 'instant';

export interface GmInputRow {
  id: number;
  game_id: string;
  phase_number: number;
  kind: GmInputKind;
  key: string;
  value_json: string;
  actor: string;
  inbound_id: number | null;
  at: string;
}

export function recordGmInput(
  db: Db,
  r: { gameId: string; phase: number; kind: GmInputKind; key: string; value: unknown; actor: string; inboundId?: number | null; at: string },
): number {
  return Number(
    db
      .prepare('INSERT INTO gm_inputs (game_id, phase_number, kind, key, value_json, actor, inbound_id, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(r.gameId, r.phase, r.kind, r.key, JSON.stringify(r.value ?? null), r.actor, r.inboundId ?? null, r.at).lastInsertRowid,
  );
}

/** Every recorded line of a phase, oldest first (the history). */
export function gmInputHistory(db: Db, gameId: string, phase: number): GmInputRow[] {
  return db.prepare('SELECT * FROM gm_inputs WHERE game_id = ? AND phase_number = ? ORDER BY id').all(gameId, phase) as GmInputRow[];
}

/** The inputs in force: the latest row per (kind, key); a null value (cleared) is left out. */
export function liveGmInputs(db: Db, gameId: string, phase: number): GmInputRow[] {
  const latest = new Map<string, GmInputRow>();
  for (const r of gmInputHistory(db, gameId, phase)) latest.set(`${r.kind}\u0000${r.key}`, r);
  return [...latest.values()].filter((r) => r.value_json !== 'null').sort((a, b) => a.id - b.id);
}

export function setGmState(db: Db, phaseId: number, s: { opened?: string | null; deadline?: string | null; hold?: boolean; released?: string | null }): void {
  if (s.opened !== undefined) db.prepare('UPDATE phases SET gm_opened_at = ? WHERE id = ?').run(s.opened, phaseId);
  if (s.deadline !== undefined) db.prepare('UPDATE phases SET gm_deadline = ? WHERE id = ?').run(s.deadline, phaseId);
  if (s.hold !== undefined) db.prepare('UPDATE phases SET gm_hold = ? WHERE id = ?').run(s.hold ? 1 : 0, phaseId);
  if (s.released !== undefined) db.prepare('UPDATE phases SET gm_released_at = ? WHERE id = ?').run(s.released, phaseId);
}
