// The GM's toolbox: rerun with replaced orders, hand-over, eject, end, resend, export, dry run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openJudge } from '../../src/context.js';
import { createGame } from '../../src/engine/create-game.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { rerun } from '../../src/engine/rerun.js';
import { ejectPlayer, endGame, replacePlayer, resendReport } from '../../src/engine/gm.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { getGame, getPlayer } from '../../src/store/games.js';
import { listOutbox } from '../../src/store/outbox.js';
import { currentPhase, livePhase, livePhases } from '../../src/store/phases.js';
import { count, mail, tavern, tempDir, testJudge } from '../helpers.js';

async function sixPhases() {
  const j = testJudge();
  tavern(j);
  for (let n = 1; n <= 6; n++) {
    await ingest(j, await mail('alice@example.org', `GAME tavern alice apple\nROLL ${n}d6 a${n}\nEND`), 't');
    await ingest(j, await mail('boris@example.ru', `GAME tavern boris berry\nROLL gauss20+${n} b${n}\nEND`), 't');
    processPhase(j, 'tavern');
  }
  return j;
}

describe('GM toolbox', { timeout: 60_000 }, () => {
  it("rerun of phase 3 of 6 with one player's orders replaced: 4–6 superseded, corrected reports, audit; unchanged rerun keeps hashes", async () => {
    const j = await sixPhases();
    const hashes = livePhases(j.db, 'tavern').map((p) => p.result_hash);
    const same = rerun(j, 'tavern', 3);
    expect(same.every((s) => s.same)).toBe(true);
    expect(livePhases(j.db, 'tavern').map((p) => p.result_hash)).toEqual(hashes);
    const reportsBefore = count(j, "outbox WHERE kind = 'report'");
    const old = livePhases(j.db, 'tavern')
      .filter((p) => p.number >= 3)
      .map((p) => p.id);
    const steps = rerun(j, 'tavern', 3, {
      replaceOrders: { player: 'alice', text: 'ROLL 10d10 the fixed order' },
      actor: 'cli:test',
    });
    expect(steps.map((s) => s.phase)).toEqual([3, 4, 5, 6]);
    expect(steps[0]!.same).toBe(false);
    // Phases 3–7 old rows superseded by the new phase-3 row; new rows live.
    const superseded = j.db.prepare(`SELECT id, superseded_by FROM phases WHERE id IN (${old.join(',')})`).all() as {
      superseded_by: number;
    }[];
    expect(superseded.every((r) => r.superseded_by === livePhase(j.db, 'tavern', 3)!.id)).toBe(true);
    expect(livePhases(j.db, 'tavern').map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const ev3 = JSON.parse(livePhase(j.db, 'tavern', 3)!.events_json!);
    expect(ev3.find((e: { player: string }) => e.player === 'alice').spec).toBe('10d10');
    // Corrected reports for phases 3–6, to both players and the GM.
    const corrected = listOutbox(j.db)
      .slice(-12 * 1)
      .filter((m) => m.kind === 'report');
    expect(count(j, "outbox WHERE kind = 'report'") - reportsBefore).toBe(4 * 3);
    expect(corrected.every((m) => /CORRECTED|ИСПРАВЛ/i.test(m.body))).toBe(true);
    const a = j.db.prepare("SELECT * FROM audit WHERE action = 'phase.rerun' ORDER BY id DESC LIMIT 1").get() as {
      actor: string;
      details_json: string;
    };
    expect(a.actor).toBe('cli:test');
    expect(JSON.parse(a.details_json)).toMatchObject({ from: 3, replacedOrders: 'alice' });
    // Phases 1–2 untouched.
    expect(
      livePhases(j.db, 'tavern')
        .slice(0, 2)
        .map((p) => p.result_hash),
    ).toEqual(hashes.slice(0, 2));
  });

  it('hands a position over: new address and password, the position goes on; FanDi state gets the new address', async () => {
    const j = testJudge();
    const setup = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
    createGame(j, {
      id: 'f',
      kind: 'fandi',
      setup: {
        ...setup,
        gm: { email: 'gm@example.cz' },
        seats: ['alfa', 'brana', 'cerna', 'dana'].map((id) => ({
          id,
          name: id,
          email: `${id}@example.cz`,
          password: `${id}-pw`,
        })),
      },
      seed: '3',
      actor: 'test',
    });
    replacePlayer(j, 'f', 'brana', { email: 'Newbie@Example.org', password: 'fresh-pw', name: 'Nováček' }, 'cli');
    expect(getPlayer(j.db, 'f', 'brana')).toMatchObject({
      email: 'newbie@example.org',
      name: 'Nováček',
      status: 'active',
    });
    const state = JSON.parse(currentPhase(j.db, 'f')!.state_json);
    expect(state.players.find((p: { id: string }) => p.id === 'brana')).toMatchObject({
      email: 'newbie@example.org',
      name: 'Nováček',
    });
    // The old password no longer works, the new one does.
    expect(
      (await ingest(j, await mail('newbie@example.org', 'HRA f brana brana-pw\nI2 hotovost\nKONEC'), 't')).status,
    ).toBe('rejected');
    expect(
      (await ingest(j, await mail('newbie@example.org', 'HRA f brana fresh-pw\nI2 hotovost\nKONEC'), 't')).status,
    ).toBe('accepted');
    // The GM and the old address are told (the old one without the new address); the new one gets the start mail.
    const told = listOutbox(j.db).filter((m) => m.dedupe_key.startsWith('notice:replaced:'));
    expect(told.map((m) => JSON.parse(m.to_addrs)[0]).sort()).toEqual(['brana@example.cz', 'gm@example.cz']);
    expect(told.find((m) => m.to_addrs.includes('brana@'))!.body).not.toContain('newbie');
    const start = listOutbox(j.db).filter((m) => m.dedupe_key.startsWith('start:f:brana'));
    expect(start.map((m) => JSON.parse(m.to_addrs)[0])).toEqual(['newbie@example.org']);
    processPhase(j, 'f');
    const report = listOutbox(j.db).find((m) => m.kind === 'report' && m.to_addrs.includes('alfa@'))!;
    expect(report.body).toContain('newbie@example.org'); // the other players' addresses are current
  });

  it('eject, resend and end', async () => {
    const j = await sixPhases();
    const id = resendReport(j, 'tavern', 'alice', 2, 'cli');
    const row = listOutbox(j.db).find((m) => m.id === id)!;
    expect(row.phase_number).toBe(2);
    expect(JSON.parse(row.to_addrs)).toEqual(['alice@example.org']);
    expect(resendReport(j, 'tavern', 'alice', 2, 'cli')).not.toBe(id); // a second resend is a new mail
    ejectPlayer(j, 'tavern', 'boris', 'cli');
    expect(
      (await ingest(j, await mail('boris@example.ru', 'GAME tavern boris berry\nROLL 1d6\nEND'), 't')).status,
    ).toBe('rejected');
    processPhase(j, 'tavern');
    expect(
      listOutbox(j.db)
        .filter((m) => m.kind === 'report' && m.phase_number === 7)
        .map((m) => JSON.parse(m.to_addrs)[0])
        .sort(),
    ).toEqual(['alice@example.org', 'gm@example.org']);
    endGame(j, 'tavern', 'cli');
    expect(getGame(j.db, 'tavern')!.status).toBe('over');
    expect(() => processPhase(j, 'tavern')).toThrow(/over/);
    expect(count(j, "audit WHERE action IN ('report.resend', 'player.eject', 'game.end')")).toBe(4);
  });

  it("export writes every phase's state, orders and reports; run --dry-run changes nothing", async () => {
    const dir = tempDir();
    const j = openJudge({ data: dir, create: true });
    tavern(j);
    await ingest(j, await mail('alice@example.org', 'GAME tavern alice apple\nROLL 2d6\nEND'), 't');
    processPhase(j, 'tavern');
    j.db.close();
    const out = join(dir, 'export');
    const r = spawnSync(process.execPath, ['bin/judge.js', '--data', dir, 'export', 'tavern', '--out', out], {
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['audit.json', 'game.json', 'phase-001', 'phase-002']);
    expect(readdirSync(join(out, 'phase-001', 'reports')).sort()).toEqual(['alice.txt', 'boris.txt', 'gm.txt']);
    expect(
      readFileSync(join(out, 'phase-001', 'orders', readdirSync(join(out, 'phase-001', 'orders'))[0]!), 'utf8'),
    ).toContain('ROLL 2d6');
    expect(existsSync(join(out, 'phase-001', 'state.json'))).toBe(true);
    expect(readFileSync(join(out, 'game.json'), 'utf8')).not.toMatch(/password_hash|apple/);
    // The GM looks at a player's orders: what stands, as understood, and the mail it came from.
    const ord = spawnSync(
      process.execPath,
      ['bin/judge.js', '--data', dir, 'orders', 'tavern', 'alice', '--phase', '1'],
      { encoding: 'utf8' },
    );
    expect(ord.status, ord.stderr).toBe(0);
    expect(ord.stdout).toMatch(/orders that stand now\n {2}ROLL 2d6\n {6}= ROLL 2d6/);
    const ordJson = JSON.parse(
      spawnSync(
        process.execPath,
        ['bin/judge.js', '--data', dir, 'orders', 'tavern', 'alice', '--phase', '1', '--json'],
        { encoding: 'utf8' },
      ).stdout,
    );
    expect(ordJson.current).toHaveLength(1);
    expect(ordJson.mails[0].text).toBe('ROLL 2d6');
    // Dry run: says what it would do, does nothing.
    mkdirSync(join(dir, 'inbox'), { recursive: true });
    writeFileSync(
      join(dir, 'inbox', 'x.eml'),
      await mail('alice@example.org', 'GAME tavern alice apple\nROLL 3d6\nEND'),
    );
    const before = openJudge({ data: dir });
    // A mail whose data went out without an answer an hour ago: the run would send it again, once.
    before.db
      .prepare(
        "UPDATE outbox_head SET status = 'ambiguous', claimed_at = ? WHERE id = (SELECT min(id) FROM outbox_head WHERE status = 'pending')",
      )
      .run(new Date(Date.now() - 3_600_000).toISOString());
    const counts = [
      count(before, 'inbound'),
      count(before, 'outbox'),
      count(before, "outbox WHERE status = 'pending'"),
    ];
    before.db.close();
    const d = spawnSync(process.execPath, ['bin/judge.js', '--data', dir, 'run', '--dry-run'], { encoding: 'utf8' });
    expect(d.status, d.stderr).toBe(0);
    expect(d.stdout).toMatch(/would ingest 1 message/);
    expect(d.stdout).toMatch(/would send \d+ mails?, and 1 ambiguous again \(the same Message-ID\)/);
    const after = openJudge({ data: dir });
    expect([count(after, 'inbound'), count(after, 'outbox'), count(after, "outbox WHERE status = 'pending'")]).toEqual(
      counts,
    );
    expect(count(after, "outbox WHERE status = 'ambiguous'")).toBe(1);
    expect(existsSync(join(dir, 'inbox', 'x.eml'))).toBe(true);
  });

  it('a rerun of many phases shows a progress bar on a terminal, and none in a pipe (cron logs)', async () => {
    const dir = tempDir();
    const j = openJudge({ data: dir, create: true });
    tavern(j);
    for (let n = 0; n < 4; n++) processPhase(j, 'tavern');
    j.db.close();
    const args = ['bin/judge.js', '--data', dir, 'rerun', 'tavern', '--phase', '1'];
    const piped = spawnSync(process.execPath, args, { encoding: 'utf8' });
    expect(piped.status, piped.stderr).toBe(0);
    expect(piped.stdout + piped.stderr).not.toMatch(/rerun \[/);
    // `script` gives the command a terminal, as a GM at the keyboard has.
    const tty = spawnSync(
      'script',
      [
        '-qc',
        args
          .map((a) => `'${a}'`)
          .join(' ')
          .replace(/^/, `'${process.execPath}' `),
        '/dev/null',
      ],
      { encoding: 'utf8' },
    );
    expect(tty.status, tty.stderr).toBe(0);
    expect(tty.stdout).toMatch(/rerun \[.*\] 4\/4/);
    expect(tty.stdout).toMatch(/phase 4: same state/);
  });
});
