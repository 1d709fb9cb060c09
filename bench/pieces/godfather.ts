// "godfather-period": one period of "Наследие крестного отца" with 13 players,
// an action and a vote from each (the scripted game's first actions), processed
// by `node bin/judge.js process mafia --data <dir>` — start-up included.
// bare  = the same command doing nothing: `judge process` of a game that does not
//         exist, on the same data directory (the same modules load, then it stops);
// judge = the real `judge process`: adjudication, snapshot, reports for 13 players and the GM.
// The goal is the difference: ≤ 50 ms beyond start-up.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Measured, Piece, RunArgs } from '../piece.js';
import { MAILS, SEATS } from '../../tests/godfather/game8/script.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const GAME = 'mafia';
const START = Date.UTC(2026, 11, 1, 6, 30); // 09:30 Moscow, day 1: the first period is open

/** Each player's orders for the first period: their first action in the script, a vote, and what they wrote in it. */
function periodOrders(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  SEATS.forEach((s, i) => {
    const mine = MAILS.filter((m) => m.from === s.id);
    const action = mine.flatMap((m) => m.lines).find((l) => /^(ДЕЙСТВИЕ|ACT) /.test(l));
    const first = mine.find((m) => m.at.startsWith('1 ') && Number(m.at.slice(2, 4)) < 15)?.lines ?? [];
    const target = SEATS[(i + 1) % SEATS.length]!;
    const vote = s.lang === 'ru' ? `ГОЛОС ${target.name}` : `VOTE ${target.id}`;
    const lines = [...new Set([...(action ? [action] : []), ...first.filter((l) => !/^(ГОЛОС|VOTE) /.test(l))])];
    out.set(s.id, [...lines, vote]);
  });
  return out;
}

/** A data directory with the game created and every player's orders taken in by `ingest` (not timed). */
async function prepare(a: RunArgs): Promise<string> {
  const data = join(a.dir, 'data');
  mkdirSync(data, { recursive: true });
  const { openJudge } = await import('../../src/context.js');
  const { createGame } = await import('../../src/engine/create-game.js');
  const { ingest } = await import('../../src/mail/inbound/ingest.js');
  const { clientMail } = await import('../../src/cli/demo.js');
  const { loadRules } = await import('../../src/games/registry.js');
  await loadRules(['godfather']);
  let now = START;
  const j = openJudge({ data, clock: () => new Date(now), create: true });
  createGame(j, {
    id: GAME,
    kind: 'godfather',
    seed: 'bench-godfather',
    actor: 'bench',
    setup: {
      title: 'Наследие крестного отца',
      lang: 'ru',
      gm: { email: 'gm@example.ru', name: 'Ведущий', password: 'gm-secret' },
      timezone: 'Europe/Moscow',
      schedule: { kinds: { day: { cron: '0 15,21 * * *' }, night: { cron: '0 9 * * *' } }, start: '2026-12-01T09:00' },
      days: 7,
      roles: SEATS.map((s) => s.role),
      characters: Object.fromEntries(SEATS.map((s) => [s.id, s.character])),
      seats: SEATS.map((s) => ({ id: s.id, name: s.name, email: s.email, password: s.password, lang: s.lang })),
    },
  });
  for (const [id, lines] of periodOrders()) {
    const s = SEATS.find((x) => x.id === id)!;
    const text =
      s.lang === 'ru'
        ? `ИГРА ${GAME} ${id} ${s.password}\n${lines.join('\n')}\nКОНЕЦ\n`
        : `GAME ${GAME} ${id} ${s.password}\n${lines.join('\n')}\nEND\n`;
    now += 60_000;
    const raw = await clientMail({ from: s.email, to: 'judge@localhost', subject: 'ход', text, date: new Date(now) });
    await ingest(j, raw, 'bench');
  }
  j.db.close();
  return data;
}

function judgeCli(data: string, game: string, profile = true): { ms: number; status: number | null; out: string } {
  // With --profile: the command's own CPU profile (of each side's run).
  const prof =
    profile && process.env.BENCH_PROFILE_DIR
      ? ['--cpu-prof', '--cpu-prof-dir', join(process.env.BENCH_PROFILE_DIR, game)]
      : [];
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [...prof, join(root, 'bin/judge.js'), 'process', game, '--data', data], {
    cwd: root,
    encoding: 'utf8',
  });
  return { ms: performance.now() - t0, status: r.status, out: `${r.stdout}${r.stderr}` };
}

/**
 * `judge process`'s code cache, as an installation's first successful run
 * makes it (bin/code-cache.cjs), made untimed on a copy of the game: else the
 * side measured first after a build would pay for making it.
 */
async function warm(a: RunArgs): Promise<void> {
  const data = await prepare({ ...a, dir: join(a.dir, 'warm') });
  judgeCli(data, GAME, false);
}

async function bare(a: RunArgs): Promise<Measured> {
  await warm(a);
  const data = await prepare(a);
  const r = judgeCli(data, 'nosuchgame');
  return {
    ms: r.ms,
    items: 1,
    wrong: r.status === 2 && /nosuchgame/.test(r.out) ? null : `exit ${r.status}: ${r.out.slice(0, 200)}`,
  };
}

async function judge(a: RunArgs): Promise<Measured> {
  await warm(a);
  const data = await prepare(a);
  const r = judgeCli(data, GAME);
  if (r.status !== 0) return { ms: r.ms, items: 1, wrong: `exit ${r.status}: ${r.out.slice(0, 300)}` };
  const Database = (await import('better-sqlite3')).default;
  const db = new Database(join(data, 'judge.sqlite'), { readonly: true });
  const reports = (
    db.prepare("SELECT count(*) AS n FROM outbox WHERE kind = 'report' AND phase_number = 1").get() as { n: number }
  ).n;
  const processed = db
    .prepare('SELECT processed_at FROM phases WHERE game_id = ? AND number = 1 AND superseded_by IS NULL')
    .get(GAME) as { processed_at: string | null };
  const submissions = (
    db
      .prepare('SELECT count(DISTINCT player_id) AS n FROM submissions WHERE game_id = ? AND phase_number = 1')
      .get(GAME) as { n: number }
  ).n;
  db.close();
  const wrong = !processed?.processed_at
    ? 'phase 1 not processed'
    : submissions !== SEATS.length
      ? `orders of ${submissions} of ${SEATS.length} players`
      : reports !== SEATS.length + 1
        ? `${reports} of ${SEATS.length + 1} reports queued`
        : null;
  return { ms: r.ms, items: 1, wrong };
}

const piece: Piece = {
  name: 'godfather-period',
  what: 'one Godfather period, 13 players with actions and votes, `judge process` (start-up included)',
  sizes: { short: 13, full: 13 },
  goals: { maxExtraMs: 50 },
  reps: { short: 3, full: 7 },
  bare,
  judge,
};

export default piece;
