// Prepares the outbox of the "send" pieces once per size and code version, in
// a process of its own: a judge store (judge.sqlite) holding ⌈size/25⌉ FanDi
// games of 25 gods on a 20×20 board (bench/scale/fandi.ts), each with turn 1
// processed — `size` reports queued as the judge queues them (text, HTML and
// the pictures' SVG), all pending, every one different.
// Usage: node --import tsx bench/scale/send-prepare.ts <reports>   → prints the cache directory.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openJudge } from '../../src/context.js';
import { createGame } from '../../src/engine/create-game.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { loadRules } from '../../src/games/registry.js';
import { codeVersion } from '../scale/fandi-prepare.js';
import { scaleGame } from './fandi.js';

const PER_GAME = 25;

/** The cache directory for this many reports (made if missing). */
export async function prepared(reports: number): Promise<string> {
  const dir = join(tmpdir(), 'pbem-bench-send', `${reports}-${codeVersion()}`);
  if (existsSync(join(dir, 'meta.json'))) return dir;
  const work = `${dir}.tmp-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  await loadRules(['fandi']);
  const j = openJudge({ data: work, clock: () => new Date(Date.UTC(2026, 10, 29, 12)), create: true });
  for (let i = 0; i * PER_GAME < reports; i++) {
    // A different number of units per game: every map (and so every picture) differs.
    const g = scaleGame({ units: 100 + i, side: 20, players: PER_GAME, cities: 50 });
    const id = `send${i + 1}`;
    const seats = g.seats.map((s) => ({ ...s, email: `${s.id}.${id}@example.cz` }));
    createGame(j, { id, kind: 'fandi', seed: `send-${i}`, actor: 'bench', setup: { ...g.setup, lang: 'cs', seats } });
    processPhase(j, id, 'bench');
  }
  const ids = j.db.prepare("SELECT id FROM outbox WHERE kind = 'report' ORDER BY id").pluck().all() as number[];
  j.db.prepare("DELETE FROM outbox WHERE kind != 'report' OR id > ?").run(ids[reports - 1]);
  const n = j.db.prepare("SELECT count(*) FROM outbox WHERE status = 'pending'").pluck().get() as number;
  if (n !== reports) throw new Error(`send-prepare: ${n} reports queued, ${reports} wanted`);
  j.db.pragma('wal_checkpoint(TRUNCATE)');
  j.db.close();
  writeFileSync(join(work, 'meta.json'), JSON.stringify({ reports }));
  rmSync(dir, { recursive: true, force: true });
  renameSync(work, dir);
  return dir;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stdout.write((await prepared(Number(process.argv[2]))) + '\n');
}
