// Issue #10: nothing slow runs inside a write transaction that intake waits on.
// A `judge rerun` / `judge process` in another process is stopped in the middle
// of its work (JUDGE_FAULT=<point>:wait<file>: after every phase is re-adjudicated
// and every report rendered, before it writes); a `.forward` intake
// (`judge ingest --stdin`, busy timeout 1 s) stores a mail meanwhile and exits 0;
// only then is the rerun let go. Ordered by files, not by timings.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { processPhase } from '../../src/engine/pipeline.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { livePhases } from '../../src/store/phases.js';
import { count, mail, tavern, tempDir, testJudge } from '../helpers.js';

function judge(
  args: string[],
  o: { input?: Buffer; env?: Record<string, string> } = {},
): { done: Promise<{ code: number | null; out: string }> } {
  const p = spawn(process.execPath, ['bin/judge.js', ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...o.env },
  });
  let out = '';
  p.stdout.on('data', (d) => (out += d));
  p.stderr.on('data', (d) => (out += d));
  p.stdin.end(o.input ?? Buffer.alloc(0));
  return { done: new Promise((resolve) => p.on('close', (code) => resolve({ code, out }))) };
}

async function until(file: string): Promise<void> {
  for (let i = 0; i < 1500 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 20));
  expect(existsSync(file), `${file} never appeared`).toBe(true);
}

/** A tavern with two processed phases and the third open; pipe intake may wait 1 s for the write lock. */
async function played(): Promise<{ dir: string; hashes: (string | null)[] }> {
  const dir = tempDir();
  const j = testJudge(dir);
  tavern(j);
  for (let t = 1; t <= 2; t++) {
    await ingest(j, await mail('alice@example.org', `GAME tavern alice apple\nROLL 3d6 turn ${t}\nEND`), 't');
    await ingest(j, await mail('boris@example.ru', `ИГРА tavern boris berry\nБРОСОК 2d6 ход ${t}\nКОНЕЦ`), 't');
    processPhase(j, 'tavern', 'test');
  }
  const hashes = livePhases(j.db, 'tavern').map((p) => p.result_hash);
  j.db.close();
  writeFileSync(join(dir, 'judge.yaml'), stringify({ inbox: { pipeWaitSeconds: 1 } }));
  return { dir, hashes };
}

describe('the write path (#10)', { timeout: 60_000 }, () => {
  it('a mail piped in while `judge rerun` is mid-way is stored at once; the rerun then writes and reproduces every hash', async () => {
    const { dir, hashes } = await played();
    const gate = join(dir, 'go');
    const rerun = judge(['--data', dir, 'rerun', 'tavern', '--phase', '1'], {
      env: { JUDGE_FAULT: `rerun:planned:wait${gate}` },
    });
    await until(`${gate}.reached`);
    // The rerun has re-adjudicated phases 1–2 and rendered their reports, and waits: the intake must not.
    const piped = await judge(['--data', dir, 'ingest', '--stdin'], {
      input: await mail('alice@example.org', 'GAME tavern alice apple\nROLL 1d20 while the rerun works\nEND\n'),
    }).done;
    expect(piped.code, piped.out).toBe(0);
    const k = testJudge(dir);
    expect(count(k, "inbound WHERE status = 'accepted'")).toBe(5);
    expect(count(k, 'phases WHERE superseded_by IS NOT NULL')).toBe(0); // the rerun has written nothing yet
    k.db.close();
    writeFileSync(gate, '');
    const done = await rerun.done;
    expect(done.code, done.out).toBe(0);
    expect(done.out).toMatch(/phase 1: same state/);
    expect(done.out).toMatch(/phase 2: same state/);
    const m = testJudge(dir);
    expect(livePhases(m.db, 'tavern').map((p) => p.result_hash)).toEqual(hashes);
    expect(count(m, 'phases WHERE superseded_by IS NOT NULL')).toBe(3);
    // The order that came in meanwhile is the live order of the open phase 3.
    const live = m.db
      .prepare("SELECT text FROM submissions WHERE game_id = 'tavern' AND phase_number = 3 AND replaced_by IS NULL")
      .all() as { text: string }[];
    expect(live.map((s) => s.text).join()).toMatch(/while the rerun works/);
  });

  it('a mail piped in while `judge process` has adjudicated and rendered every report is stored at once; the phase is done again with it', async () => {
    const { dir } = await played();
    const gate = join(dir, 'go');
    const process3 = judge(['--data', dir, 'process', 'tavern'], {
      env: { JUDGE_FAULT: `process:prepared:wait${gate}` },
    });
    await until(`${gate}.reached`);
    const piped = await judge(['--data', dir, 'ingest', '--stdin'], {
      input: await mail('boris@example.ru', 'ИГРА tavern boris berry\nБРОСОК 4d6 пока судья считает\nКОНЕЦ\n'),
    }).done;
    expect(piped.code, piped.out).toBe(0);
    const k = testJudge(dir);
    expect(count(k, 'phases WHERE number = 3 AND processed_at IS NOT NULL')).toBe(0);
    k.db.close();
    writeFileSync(gate, '');
    const done = await process3.done;
    expect(done.code, done.out).toBe(0);
    // The inputs changed under it: it adjudicated again, with the new order in the result and in boris's report.
    const m = testJudge(dir);
    const events = (
      m.db
        .prepare("SELECT events_json FROM phases WHERE game_id = 'tavern' AND number = 3 AND superseded_by IS NULL")
        .get() as { events_json: string }
    ).events_json;
    expect(events).toMatch(/пока судья считает/);
    expect(count(m, "outbox WHERE kind = 'report' AND phase_number = 3")).toBe(3);
  });
});
