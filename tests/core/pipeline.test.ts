import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { openJudge } from '../../src/context.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { rerun } from '../../src/engine/rerun.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { currentPhase, livePhase } from '../../src/store/phases.js';
import { count, mail, tavern, tempDir, testJudge } from '../helpers.js';

async function playedPhase() {
  const j = testJudge();
  tavern(j);
  await ingest(
    j,
    await mail('alice@example.org', 'GAME tavern alice apple\nROLL 3d6 a\nROLL 4dF b\nROLL gauss20+2 c\nEND'),
    't',
  );
  await ingest(j, await mail('boris@example.ru', 'ИГРА tavern boris berry\nБРОСОК 5dS vs:2\nКОНЕЦ'), 't');
  return j;
}

describe('turn pipeline', { timeout: 30_000 }, () => {
  it('processes a phase in one go: next phase, hash, reports for every player and the GM', async () => {
    const j = await playedPhase();
    const r = processPhase(j, 'tavern');
    expect(r.phase).toBe(1);
    expect(currentPhase(j.db, 'tavern')!.number).toBe(2);
    expect(livePhase(j.db, 'tavern', 1)!.processed_at).not.toBeNull();
    expect(livePhase(j.db, 'tavern', 1)!.result_hash).toBe(r.hash);
    expect(count(j, "outbox WHERE kind = 'report'")).toBe(3);
    expect(() => processPhase(j, 'tavern')).not.toThrow(); // phase 2 (no orders) can be processed too
  });

  it('a rerun of an unchanged phase reproduces the state hash; --reseed rolls other dice', async () => {
    const j = await playedPhase();
    const first = processPhase(j, 'tavern');
    processPhase(j, 'tavern'); // phase 2 as well, so the rerun replays two phases
    const same = rerun(j, 'tavern', 1);
    expect(same.map((s) => s.same)).toEqual([true, true]);
    expect(same[0]!.newHash).toBe(first.hash);
    expect(count(j, 'phases WHERE superseded_by IS NOT NULL')).toBe(3);
    expect(count(j, "outbox WHERE kind = 'report' AND body LIKE '%CORRECTED%'")).toBeGreaterThan(0);
    const reseeded = rerun(j, 'tavern', 1, { reseed: true });
    expect(reseeded[0]!.same).toBe(false);
    const original = j.db
      .prepare("SELECT events_json FROM phases WHERE game_id = 'tavern' AND number = 1 ORDER BY id LIMIT 1")
      .get() as { events_json: string };
    expect(livePhase(j.db, 'tavern', 1)!.events_json).not.toBe(original.events_json);
    expect(currentPhase(j.db, 'tavern')!.number).toBe(3);
    expect(count(j, "audit WHERE action = 'phase.rerun'")).toBe(2);
  });

  it('an error in the middle of process leaves the previous phase intact; processing succeeds afterwards', async () => {
    const j = await playedPhase();
    const before = { phases: count(j, 'phases'), outbox: count(j, 'outbox') };
    process.env.JUDGE_FAULT = 'process:after-reports:throw';
    try {
      expect(() => processPhase(j, 'tavern')).toThrow(/injected fault/);
    } finally {
      delete process.env.JUDGE_FAULT;
    }
    expect(count(j, 'phases')).toBe(before.phases);
    expect(count(j, 'outbox')).toBe(before.outbox);
    expect(livePhase(j.db, 'tavern', 1)!.processed_at).toBeNull();
    expect(processPhase(j, 'tavern').phase).toBe(1);
  });

  it('a process killed (SIGKILL) mid-transaction leaves the store as it was', async () => {
    const dir = tempDir();
    const j = openJudge({ data: dir, create: true });
    tavern(j);
    await ingest(j, await mail('alice@example.org', 'GAME tavern alice apple\nROLL 3d6\nEND'), 't');
    const hashBefore = livePhase(j.db, 'tavern', 1)!.state_hash;
    j.db.close();
    const run = (fault?: string) =>
      spawnSync(process.execPath, ['bin/judge.js', '--data', dir, 'process', 'tavern'], {
        env: { ...process.env, ...(fault ? { JUDGE_FAULT: fault } : {}) },
        encoding: 'utf8',
      });
    const killed = run('process:after-reports');
    expect(killed.signal).toBe('SIGKILL');
    const k = openJudge({ data: dir });
    expect(count(k, 'phases')).toBe(1);
    expect(count(k, "outbox WHERE kind = 'report'")).toBe(0);
    expect(livePhase(k.db, 'tavern', 1)!.processed_at).toBeNull();
    expect(livePhase(k.db, 'tavern', 1)!.state_hash).toBe(hashBefore);
    k.db.close();
    const ok = run();
    expect(ok.status, ok.stderr).toBe(0);
    const after = openJudge({ data: dir });
    expect(currentPhase(after.db, 'tavern')!.number).toBe(2);
  });
});
