// A cron simulation: `judge run` every 5 simulated minutes over a 3-phase game
// with an early, a late and a missing player.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runOnce } from '../../src/cli/mail.js';
import { createGame } from '../../src/engine/create-game.js';
import { getPlayer } from '../../src/store/games.js';
import { listOutbox } from '../../src/store/outbox.js';
import { livePhases } from '../../src/store/phases.js';
import { count, mail, testJudge } from '../helpers.js';

const H = 3600_000;
const M = 60_000;

describe('judge run under cron', { timeout: 120_000 }, () => {
  it('processes every phase once and on time, sends each reminder once, and no mail twice', async () => {
    const j = testJudge();
    const t0 = j.clock().getTime();
    createGame(j, {
      id: 'camp',
      kind: 'rpg',
      setup: {
        title: 'Camp',
        gm: { email: 'gm@example.org' },
        timezone: 'Europe/Prague',
        schedule: { every: '24h', reminders: ['6h', '1h'], grace: '30m' },
        seats: [
          { id: 'alice', name: 'Alice', email: 'alice@example.org', password: 'apple' },
          { id: 'boris', name: 'Boris', email: 'boris@example.org', password: 'berry' },
          { id: 'cyril', name: 'Cyril', email: 'cyril@example.org', password: 'cherry' },
        ],
      },
      seed: '99',
      actor: 'test',
    });
    const orders = (who: string, pw: string, roll: string) => `GAME camp ${who} ${pw}\nROLL ${roll}\nEND\n`;
    // When (after t0) each mail arrives in the inbox folder.
    const script: [number, string, string][] = [
      [1 * H, 'alice@example.org', orders('alice', 'apple', '1d6 first')],
      [24 * H + 10 * M, 'boris@example.org', orders('boris', 'berry', '2d6 late but in grace')],
      [30 * H, 'alice@example.org', orders('alice', 'apple', '3d6 phase two')],
      [47 * H + 30 * M, 'boris@example.org', orders('boris', 'berry', '4d6 first try')],
      [47 * H + 40 * M, 'boris@example.org', orders('boris', 'berry', '5d6 replaces it')],
      [48 * H + 20 * M, 'cyril@example.org', orders('cyril', 'cherry', '6d6 in grace')],
      [50 * H, 'alice@example.org', orders('alice', 'apple', '1d20 phase three')],
    ];
    mkdirSync(j.inboxDir, { recursive: true });
    const log: string[] = [];
    let next = 0;
    for (let t = 0; t <= 74 * H; t += 5 * M) {
      j.advance(t0 + t - j.clock().getTime());
      while (next < script.length && script[next]![0] <= t) {
        const [, from, text] = script[next]!;
        writeFileSync(join(j.inboxDir, `m${String(next).padStart(2, '0')}.eml`), await mail(from, text));
        next++;
      }
      await runOnce(j, (s) => log.push(s));
    }
    expect(log.filter((l) => /FAILED/.test(l))).toEqual([]);

    // Every phase processed exactly once, in the first run after deadline + grace.
    const phases = livePhases(j.db, 'camp');
    const processed = phases.filter((p) => p.processed_at);
    expect(processed.map((p) => p.number)).toEqual([1, 2, 3]);
    expect(count(j, "audit WHERE action = 'phase.process' AND game_id = 'camp'")).toBe(3);
    for (const p of processed) {
      const due = Date.parse(p.deadline!) + 30 * M;
      expect(Date.parse(p.processed_at!)).toBeGreaterThanOrEqual(due);
      expect(Date.parse(p.processed_at!)).toBeLessThan(due + 5 * M);
    }
    // The rhythm: deadlines 24 h apart, counted from the previous deadline.
    expect(phases.slice(0, 4).map((p) => (Date.parse(p.deadline!) - t0) / H)).toEqual([24, 48, 72, 96]);

    // What each phase was adjudicated with: the late-but-in-grace and the replacing orders count.
    const rolls = (n: number) =>
      JSON.parse(phases[n - 1]!.events_json!)
        .map((e: { player: string; spec: string }) => `${e.player}:${e.spec}`)
        .sort();
    expect(rolls(1)).toEqual(['alice:1d6', 'boris:2d6']);
    expect(rolls(2)).toEqual(['alice:3d6', 'boris:5d6', 'cyril:6d6']);
    expect(rolls(3)).toEqual(['alice:1d20']);

    // Reminders: 6 h and 1 h before each deadline to whoever had not sent orders then; one late notice each.
    const notices = listOutbox(j.db).filter((m) => m.dedupe_key.startsWith('notice:'));
    const keys = notices.map((m) => m.dedupe_key.replace(/^notice:(\w+):camp:(\d+):?(\d*):(\w+):.*$/, '$1 $4'));
    const tally = (k: string) => keys.filter((x) => x === k).length;
    // Phase 1: boris and cyril reminded twice and told they are late; phase 2: both reminded twice (boris sent at
    // 47:30, after the 1 h reminder), cyril late (boris was in time); phase 3: boris and cyril twice each, both late.
    expect(tally('reminder boris')).toBe(2 + 2 + 2);
    expect(tally('reminder cyril')).toBe(2 + 2 + 2);
    expect(tally('reminder alice')).toBe(0);
    expect(tally('late boris')).toBe(1 + 0 + 1);
    expect(tally('late cyril')).toBe(1 + 1 + 1);
    expect(new Set(notices.map((m) => m.dedupe_key)).size).toBe(notices.length);

    // Reports: one per player and the GM per phase; acks: one per mail.
    expect(count(j, "outbox WHERE kind = 'report'")).toBe(4 * 3);
    expect(count(j, "outbox WHERE kind = 'ack'")).toBe(script.length);
    // No mail twice: every row sent once, one .eml file each, no Message-ID repeated.
    const files = readdirSync(j.outboxDir).filter((f) => f.endsWith('.eml'));
    expect(count(j, "outbox WHERE status = 'sent'")).toBe(files.length);
    expect(count(j, "outbox WHERE status <> 'sent'")).toBe(0);
    const ids = files.map((f) => /^Message-ID: (<[^>]+>)/im.exec(readFileSync(join(j.outboxDir, f), 'utf8'))![1]);
    expect(new Set(ids).size).toBe(files.length);
    expect(count(j, 'outbox')).toBe(files.length);

    // NMR counts: cyril missed phases 1 and 3; boris missed 3.
    expect(getPlayer(j.db, 'camp', 'cyril')).toMatchObject({ nmr_total: 2, nmr_streak: 1, status: 'active' });
    expect(getPlayer(j.db, 'camp', 'boris')).toMatchObject({ nmr_total: 1, nmr_streak: 1 });
    expect(getPlayer(j.db, 'camp', 'alice')).toMatchObject({ nmr_total: 0, nmr_streak: 0 });
  });
});
