// Prepares the data of the "fandi-turn" piece once per size and code version,
// in a process of its own (so the measured child's peak RSS is its own work):
//   game.sqlite   a judge store with the game created and every player's turn-1
//                 orders stored (as `judge intake` stores them), phase 1 unprocessed;
//   floor.json    what the bare floor reads and writes: the snapshots before and after the turn and the
//                 outbox rows the judge queued for it (text, HTML, pictures);
//   meta.json     the expected state hash after the turn and the report count.
// Usage: node --import tsx bench/scale/fandi-prepare.ts <units>   → prints the cache directory.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openJudge } from '../../src/context.js';
import { createGame } from '../../src/engine/create-game.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { rules } from '../../src/games/fandi/index.js';
import { livePhase } from '../../src/store/phases.js';
import { insertSubmission } from '../../src/store/submissions.js';
import { loadRules } from '../../src/games/registry.js';
import { scaleGame } from './fandi.js';

export const GAME = 'big';
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The code the prepared data depends on: the generator, the FanDi rules, the pipeline, the store (bench/scale/send-prepare.ts uses it too). */
export function codeVersion(): string {
  const h = createHash('sha256');
  const dirs = [
    'bench/scale',
    'src/games/fandi',
    'src/engine',
    'src/store',
    'src/render',
    'templates/fandi',
    'templates/common',
    'games/fandi',
  ];
  const walk = (d: string): void => {
    for (const f of readdirSync(join(root, d), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(d, f.name);
      if (f.isDirectory()) walk(p);
      else {
        h.update(p);
        h.update(readFileSync(join(root, p)));
      }
    }
  };
  for (const d of dirs) if (existsSync(join(root, d))) walk(d);
  return h.digest('hex').slice(0, 16);
}

export interface Meta {
  units: number;
  hash: string;
  reports: number;
  reportBytes: number;
}

/** The cache directory for this many units (made if missing). */
export async function prepared(units: number): Promise<string> {
  const cache = join(tmpdir(), 'pbem-bench-fandi');
  const dir = join(cache, `${units}-${codeVersion()}`);
  if (existsSync(join(dir, 'meta.json'))) return dir;
  // Data of this size made by other code (and work left by a killed run) is of no more use.
  if (existsSync(cache))
    for (const old of readdirSync(cache))
      if (old.startsWith(`${units}-`)) rmSync(join(cache, old), { recursive: true, force: true });
  const work = `${dir}.tmp-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(join(work, 'judge'), { recursive: true });
  const g = scaleGame({ units });
  await loadRules(['fandi']);
  const j = openJudge({ data: join(work, 'judge'), clock: () => new Date(Date.UTC(2026, 10, 29, 12)), create: true });
  createGame(j, {
    id: GAME,
    kind: 'fandi',
    seed: `scale-${units}`,
    actor: 'bench',
    setup: { ...g.setup, lang: 'cs', gm: { email: 'gm@example.org' }, seats: g.seats },
  });
  const state = JSON.parse(livePhase(j.db, GAME, 1)!.state_json);
  j.db.transaction(() => {
    for (const s of g.seats) {
      const text = g.orders.get(s.id)!;
      const parsed = rules.parseOrders(text, { state, player: s.id, lang: s.lang });
      insertSubmission(j.db, {
        game_id: GAME,
        phase_number: 1,
        player_id: s.id,
        inbound_id: null,
        text,
        orders_json: JSON.stringify(parsed.orders),
        errors_json: JSON.stringify(parsed.errors),
        echo_json: JSON.stringify(parsed.echo),
        received_at: '2026-11-29T11:00:00.000Z',
      });
    }
  })();
  j.db.pragma('wal_checkpoint(TRUNCATE)');
  j.db.close();
  copyFileSync(join(work, 'judge', 'judge.sqlite'), join(work, 'game.sqlite'));
  // Process a copy once: the expected hash, and the rows the floor writes.
  const k = openJudge({ data: join(work, 'judge'), clock: () => new Date(Date.UTC(2026, 10, 29, 12)) });
  const r = processPhase(k, GAME, 'bench');
  const rows = k.db
    .prepare(
      "SELECT dedupe_key, to_addrs, subject, body, html, pictures_json FROM outbox WHERE kind = 'report' ORDER BY id",
    )
    .all() as Record<string, string | null>[];
  const bytes = rows.reduce(
    (n, x) => n + (x.body?.length ?? 0) + (x.html?.length ?? 0) + (x.pictures_json?.length ?? 0),
    0,
  );
  writeFileSync(
    join(work, 'floor.json'),
    JSON.stringify({ before: livePhase(k.db, GAME, 1)!.state_json, after: livePhase(k.db, GAME, 2)!.state_json, rows }),
  );
  k.db.close();
  rmSync(join(work, 'judge'), { recursive: true, force: true });
  const meta: Meta = { units, hash: r.hash, reports: rows.length, reportBytes: bytes };
  writeFileSync(join(work, 'meta.json'), JSON.stringify(meta));
  rmSync(dir, { recursive: true, force: true });
  renameSync(work, dir);
  return dir;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stdout.write((await prepared(Number(process.argv[2]))) + '\n');
}
