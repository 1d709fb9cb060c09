// Phase rows: the state players order against, and how it was adjudicated.
import type { Db } from './db.js';

export interface PhaseRow {
  id: number;
  game_id: string;
  number: number;
  kind: string;
  label: string;
  deadline: string | null;
  seed: string;
  rng_state: string | null;
  state_json: string;
  state_hash: string;
  result_hash: string | null;
  events_json: string | null;
  processed_at: string | null;
  superseded_by: number | null;
  created_at: string;
  /** The GM in the loop: when the worksheet went out (the players' part is over), the GM's deadline, HOLD, RELEASE. */
  gm_opened_at?: string | null;
  gm_deadline?: string | null;
  gm_hold?: number;
  gm_released_at?: string | null;
}

/** The live row of a phase number (not superseded). */
export function livePhase(db: Db, gameId: string, number: number): PhaseRow | undefined {
  return db
    .prepare('SELECT * FROM phases WHERE game_id = ? AND number = ? AND superseded_by IS NULL')
    .get(gameId, number) as PhaseRow | undefined;
}

/** The live phase being ordered now: the highest live number. */
export function currentPhase(db: Db, gameId: string): PhaseRow | undefined {
  const head = db
    .prepare(`SELECT ${headColumns(db)}, octet_length(state_json) AS state_length FROM phases WHERE game_id = ? AND superseded_by IS NULL ORDER BY number DESC LIMIT 1`)
    .get(gameId) as (Omit<PhaseRow, 'state_json'> & { state_length: number }) | undefined;
  if (!head) return undefined;
  const { state_length, ...row } = head;
  // The state's text as read before when it is the same (its hash and length): intake reads the
  // current phase for every block of every mail, and a big board's state is megabytes. Its length in
  // bytes (octet_length) is in the row's header; length() would read the whole text to count characters.
  let kept = states.get(db);
  if (!kept) states.set(db, (kept = new Map()));
  const hit = kept.get(row.id);
  if (hit && hit.hash === row.state_hash && hit.length === state_length) return { ...row, state_json: hit.text } as PhaseRow;
  const { state_json } = db.prepare('SELECT state_json FROM phases WHERE id = ?').get(row.id) as { state_json: string };
  if (!hit && kept.size >= 64) kept.delete(kept.keys().next().value!);
  kept.set(row.id, { hash: row.state_hash, length: state_length, text: state_json });
  return { ...row, state_json } as PhaseRow;
}

/** State texts read by currentPhase, by phase id, with the hash and byte length they were read with. */
const states = new WeakMap<Db, Map<number, { hash: string; length: number; text: string }>>();
const heads = new WeakMap<Db, string>();

/** Every column of phases but state_json (those a migration added included). */
function headColumns(db: Db): string {
  let c = heads.get(db);
  if (c === undefined) {
    const names = (db.prepare("SELECT name FROM pragma_table_info('phases')").all() as { name: string }[]).map((r) => r.name).filter((n) => n !== 'state_json');
    heads.set(db, (c = names.map((n) => `"${n}"`).join(', ')));
  }
  return c;
}

export function livePhases(db: Db, gameId: string): PhaseRow[] {
  return db
    .prepare('SELECT * FROM phases WHERE game_id = ? AND superseded_by IS NULL ORDER BY number')
    .all(gameId) as PhaseRow[];
}

export function allPhaseRows(db: Db, gameId: string): PhaseRow[] {
  return db.prepare('SELECT * FROM phases WHERE game_id = ? ORDER BY number, id').all(gameId) as PhaseRow[];
}

export function insertPhase(
  db: Db,
  p: Pick<PhaseRow, 'game_id' | 'number' | 'kind' | 'label' | 'deadline' | 'seed' | 'state_json' | 'state_hash' | 'created_at'>,
): number {
  const r = db
    .prepare(
      `INSERT INTO phases (game_id, number, kind, label, deadline, seed, state_json, state_hash, created_at)
       VALUES (@game_id, @number, @kind, @label, @deadline, @seed, @state_json, @state_hash, @created_at)`,
    )
    .run(p);
  return Number(r.lastInsertRowid);
}

export function markProcessed(
  db: Db,
  id: number,
  p: { rng_state: string; result_hash: string; events_json: string; processed_at: string },
): void {
  db.prepare(
    'UPDATE phases SET rng_state = @rng_state, result_hash = @result_hash, events_json = @events_json, processed_at = @processed_at WHERE id = @id',
  ).run({ ...p, id });
}

export function supersede(db: Db, ids: number[], by: number): void {
  const st = db.prepare('UPDATE phases SET superseded_by = ? WHERE id = ?');
  for (const id of ids) st.run(by, id);
}

export function setDeadline(db: Db, id: number, deadline: string | null): void {
  db.prepare('UPDATE phases SET deadline = ? WHERE id = ?').run(deadline, id);
}
