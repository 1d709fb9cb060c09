// "fandi-turn": one FanDi turn on a 100×100 board, 100 gods, 2,000 cities and
// N units with orders for most of them (bench/scale/fandi.ts), reports included.
// bare  = the floor: ONE SQLite transaction that reads and parses the snapshot,
//         hashes and writes the next one and the same outbox rows the judge
//         queues (text, HTML, pictures: the same bytes), in a store with the
//         judge's pragmas (WAL, synchronous FULL);
// judge = processPhase on a real data directory — what `judge process` runs.
// The data is prepared once per size and code version, in a process of its own
// (bench/scale/fandi-prepare.ts), so a child's peak RSS is its measured work.
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Measured, Piece, RunArgs } from '../piece.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Meta {
  units: number;
  hash: string;
  reports: number;
  reportBytes: number;
}

/** The prepared data for this size (made by a separate process when missing). */
function prepare(units: number): { dir: string; meta: Meta } {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench/scale/fandi-prepare.ts'), String(units)],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    },
  );
  if (r.status !== 0) throw new Error(`fandi-prepare failed: ${r.stderr}`);
  const dir = r.stdout.trim().split('\n').at(-1)!;
  return { dir, meta: JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as Meta };
}

interface FloorRow {
  dedupe_key: string;
  to_addrs: string;
  subject: string;
  body: string;
  html: string | null;
  pictures_json: string | null;
}

async function bare(a: RunArgs): Promise<Measured> {
  const { dir, meta } = prepare(a.size);
  const floor = JSON.parse(readFileSync(join(dir, 'floor.json'), 'utf8')) as {
    before: string;
    after: string;
    rows: FloorRow[];
  };
  const next = JSON.parse(floor.after) as unknown;
  const db = new Database(join(a.dir, 'floor.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE phases (id INTEGER PRIMARY KEY, game_id TEXT NOT NULL, number INTEGER NOT NULL, state_json TEXT NOT NULL, state_hash TEXT NOT NULL);
           CREATE TABLE outbox (id INTEGER PRIMARY KEY, dedupe_key TEXT NOT NULL UNIQUE, message_id TEXT NOT NULL, game_id TEXT, phase_number INTEGER,
             kind TEXT NOT NULL, to_addrs TEXT NOT NULL, subject TEXT NOT NULL, body TEXT NOT NULL, html TEXT, pictures_json TEXT, created_at TEXT NOT NULL);`);
  db.prepare('INSERT INTO phases (game_id, number, state_json, state_hash) VALUES (?, 1, ?, ?)').run(
    'big',
    floor.before,
    createHash('sha256').update(floor.before).digest('hex'),
  );
  const insertPhase = db.prepare('INSERT INTO phases (game_id, number, state_json, state_hash) VALUES (?, ?, ?, ?)');
  const insertMail = db.prepare(
    "INSERT INTO outbox (dedupe_key, message_id, game_id, phase_number, kind, to_addrs, subject, body, html, pictures_json, created_at) VALUES (?, ?, 'big', 1, 'report', ?, ?, ?, ?, ?, ?)",
  );
  const t0 = performance.now();
  const hash = db
    .transaction(() => {
      const row = db.prepare("SELECT state_json FROM phases WHERE game_id = 'big' AND number = 1").get() as {
        state_json: string;
      };
      const before = JSON.parse(row.state_json) as { turn: number };
      const json = JSON.stringify(next);
      const h = createHash('sha256').update(json).digest('hex');
      insertPhase.run('big', before.turn + 1, json, h);
      const at = new Date().toISOString();
      for (const m of floor.rows)
        insertMail.run(
          m.dedupe_key,
          `<${randomUUID()}@bench>`,
          m.to_addrs,
          m.subject,
          m.body,
          m.html,
          m.pictures_json,
          at,
        );
      return h;
    })
    .immediate();
  const ms = performance.now() - t0;
  const n = (db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number }).n;
  db.close();
  const wrong = n !== meta.reports ? `${n} of ${meta.reports} rows written` : hash.length !== 64 ? 'no hash' : null;
  return { ms, items: a.size, wrong };
}

async function judge(a: RunArgs): Promise<Measured> {
  const { dir, meta } = prepare(a.size);
  const data = join(a.dir, 'data');
  mkdirSync(data, { recursive: true });
  copyFileSync(join(dir, 'game.sqlite'), join(data, 'judge.sqlite'));
  const { openJudge } = await import('../../src/context.js');
  const { processPhase } = await import('../../src/engine/pipeline.js');
  // What `judge process` does before its action: load the kinds of the games in the store.
  await (await import('../../src/games/registry.js')).loadRules(['fandi']);
  const j = openJudge({ data, clock: () => new Date(Date.UTC(2026, 10, 29, 12)) });
  const t0 = performance.now();
  const r = processPhase(j, 'big', 'bench');
  const ms = performance.now() - t0;
  const reports = (
    j.db.prepare("SELECT count(*) AS n FROM outbox WHERE kind = 'report' AND phase_number = 1").get() as { n: number }
  ).n;
  j.db.close();
  const wrong =
    r.hash !== meta.hash
      ? `state hash ${r.hash.slice(0, 12)}, expected ${meta.hash.slice(0, 12)} (not deterministic)`
      : reports !== meta.reports
        ? `${reports} of ${meta.reports} reports queued`
        : null;
  return { ms, items: a.size, wrong };
}

const piece: Piece = {
  name: 'fandi-turn',
  what: 'one FanDi turn, 100×100 board, 100 gods, 2,000 cities, N units with orders, reports included',
  sizes: { short: 4000, full: 20000 },
  goals: {
    maxRatio: 10,
    maxRssRatio: 2,
    growth: { short: [2000, 8000], full: [2000, 10000, 40000], maxExponent: 1.05 },
  },
  reps: { short: 3, full: 5 },
  bare,
  judge,
};

export default piece;
