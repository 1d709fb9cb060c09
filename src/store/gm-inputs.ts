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

/** Record one line; its id. valueJson: the value's JSON text when the caller has it already (it must be JSON.stringify of the value). */
export function recordGmInput(
  db: Db,
  r: {
    gameId: string;
    phase: number;
    kind: GmInputKind;
    key: string;
    value: unknown;
    valueJson?: string;
    actor: string;
    inboundId?: number | null;
    at: string;
  },
): number {
  return Number(
    db
      .prepare(
        'INSERT INTO gm_inputs (game_id, phase_number, kind, key, value_json, actor, inbound_id, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        r.gameId,
        r.phase,
        r.kind,
        r.key,
        r.valueJson ?? JSON.stringify(r.value ?? null),
        r.actor,
        r.inboundId ?? null,
        r.at,
      ).lastInsertRowid,
  );
}

/** Every recorded line of a phase, oldest first (the history). */
export function gmInputHistory(db: Db, gameId: string, phase: number): GmInputRow[] {
  return db
    .prepare('SELECT * FROM gm_inputs WHERE game_id = ? AND phase_number = ? ORDER BY id')
    .all(gameId, phase) as GmInputRow[];
}

/** The inputs in force: the latest row per (kind, key); a null value (cleared) is left out. */
export function liveGmInputs(db: Db, gameId: string, phase: number): GmInputRow[] {
  return new LiveGmInputs((r) => r).add(gmInputHistory(db, gameId, phase)).items();
}

/** The lines of a phase recorded after the line afterId, oldest first (index gm_inputs_phase_id). */
export function gmInputsAfter(db: Db, gameId: string, phase: number, afterId: number): GmInputRow[] {
  return db
    .prepare('SELECT * FROM gm_inputs WHERE game_id = ? AND phase_number = ? AND id > ? ORDER BY id')
    .all(gameId, phase, afterId) as GmInputRow[];
}

/** The inputs in force, folded line by line (so a reader can add the lines recorded since), each as item(row). */
export class LiveGmInputs<T> {
  private latest = new Map<string, { id: number; cleared: boolean; item: T }>();
  /** The last line folded in. */
  lastId = 0;
  constructor(private readonly item: (r: GmInputRow) => T) {}

  add(rows: GmInputRow[]): this {
    for (const r of rows) {
      this.latest.set(`${r.kind}\u0000${r.key}`, { id: r.id, cleared: r.value_json === 'null', item: this.item(r) });
      this.lastId = Math.max(this.lastId, r.id);
    }
    return this;
  }

  /** Has a line of this (kind, key) been folded in (a value or a clearing)? */
  has(kind: GmInputKind, key: string): boolean {
    return this.latest.has(`${kind}\u0000${key}`);
  }

  items(): T[] {
    return [...this.latest.values()]
      .filter((x) => !x.cleared)
      .sort((a, b) => a.id - b.id)
      .map((x) => x.item);
  }
}

export function setGmState(
  db: Db,
  phaseId: number,
  s: { opened?: string | null; deadline?: string | null; hold?: boolean; released?: string | null },
): void {
  if (s.opened !== undefined) db.prepare('UPDATE phases SET gm_opened_at = ? WHERE id = ?').run(s.opened, phaseId);
  if (s.deadline !== undefined) db.prepare('UPDATE phases SET gm_deadline = ? WHERE id = ?').run(s.deadline, phaseId);
  if (s.hold !== undefined) db.prepare('UPDATE phases SET gm_hold = ? WHERE id = ?').run(s.hold ? 1 : 0, phaseId);
  if (s.released !== undefined)
    db.prepare('UPDATE phases SET gm_released_at = ? WHERE id = ?').run(s.released, phaseId);
}
