// Phase rows: the state players order against, and how it was adjudicated.
import type { Db } from './db.js';
import { copied, genCached, stateGen } from './read-gen.js';

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
  // Kept while games, players and phases are unwritten (store/read-gen.ts); when read again, its state text is kept as below.
  return copied(genCached(db, `phase\u0000${gameId}`, () => readCurrentPhase(db, gameId)));
}

function readCurrentPhase(db: Db, gameId: string): PhaseRow | undefined {
  // The value first, then the row (a rewrite between the two makes the next read see a new value).
  const gen = stateGen(db);
  const row = db
    .prepare(
      `SELECT ${headColumns(db)} FROM phases WHERE game_id = ? AND superseded_by IS NULL ORDER BY number DESC LIMIT 1`,
    )
    .get(gameId) as Omit<PhaseRow, 'state_json'> | undefined;
  if (!row) return undefined;
  // The state's text as read before while no state text was rewritten since (read_gen.s): the row is read
  // again after any write to games, players or phases, and a big board's state is megabytes.
  let kept = states.get(db);
  if (!kept || kept.gen !== gen) states.set(db, (kept = { gen, texts: new Map() }));
  let text = kept.texts.get(row.id);
  if (text === undefined) {
    text = (db.prepare('SELECT state_json FROM phases WHERE id = ?').get(row.id) as { state_json: string }).state_json;
    if (kept.texts.size >= 64) kept.texts.delete(kept.texts.keys().next().value!);
    kept.texts.set(row.id, text);
  }
  return { ...row, state_json: text } as PhaseRow;
}

/** State texts read by currentPhase, by phase id, while read_gen.s is `gen`. */
const states = new WeakMap<Db, { gen: number; texts: Map<number, string> }>();
const heads = new WeakMap<Db, string>();

/** Every column of phases but state_json (those a migration added included). */
function headColumns(db: Db): string {
  let c = heads.get(db);
  if (c === undefined) {
    const names = (db.prepare("SELECT name FROM pragma_table_info('phases')").all() as { name: string }[])
      .map((r) => r.name)
      .filter((n) => n !== 'state_json');
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
  p: Pick<
    PhaseRow,
    'game_id' | 'number' | 'kind' | 'label' | 'deadline' | 'seed' | 'state_json' | 'state_hash' | 'created_at'
  >,
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
