// Issue #29 (3, 4): dice a player cannot predict and a log that cannot be cut.
//  - A hand-given seed (--seed 424242) is combined with a secret of the judge: the
//    published commitment is not the hash of the given seed nor of any small number,
//    and the reveal still verifies; `game create` says what it did.
//  - `judge dice verify` fails a log with a roll's request and result changed together
//    (the request is committed with its dice), with a roll or a round removed (each
//    round's report committed to its rolls), and does not pass a log stripped of its
//    keys and seed (exit 3: not yet verifiable); an intact revealed log passes.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { diceCommand } from '../../src/cli/dice.js';
import { gameCommand } from '../../src/cli/games.js';
import { diceLines, runMechanic, summarize, verifyDiceLog, type Mechanic } from '../../src/dice/index.js';
import { diceLog } from '../../src/engine/dice-log.js';
import { commitment } from '../../src/engine/dice-trust.js';
import { gameSeed } from '../../src/engine/create-game.js';
import { ForcedRng } from '../../src/engine/rng.js';
import { requireGame } from '../../src/store/games.js';
import { tempDir, testJudge } from '../helpers.js';
import { playSession, type Session } from './session.js';

const sha = (t: string) => createHash('sha256').update(t).digest('hex');
let s: Session;
let log: string[];
let dir: string;

/** `judge dice verify` on these lines: its output, or the exit code it failed with. */
async function verifyCli(lines: string[]): Promise<{ out: string; code: number }> {
  const f = join(dir, `log-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(f, lines.join('\n'));
  let out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((c: string | Uint8Array) => {
    out += String(c);
    return true;
  });
  try {
    const cmd = diceCommand();
    cmd.exitOverride();
    for (const c of cmd.commands) c.exitOverride();
    await cmd.parseAsync(['verify', f], { from: 'user' });
    return { out, code: 0 };
  } catch (e) {
    return { out, code: (e as { exitCode?: number }).exitCode ?? -1 };
  } finally {
    spy.mockRestore();
  }
}

const isRoll = (l: string) => l.startsWith('#dice {');
const rollOf = (l: string) => JSON.parse(l.slice(6)) as { phase: number; stream: string; request: { spec: string } };

describe('a hand-given seed and the dice log', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    s = await playSession('en', 'shown', '424242');
    log = diceLog(s.j, s.game, { reveal: true });
    dir = tempDir();
  }, 120_000);

  it('combines a hand-given seed with a secret of the judge: its commitment is no small number’s hash', () => {
    const seed = requireGame(s.j.db, s.game).seed;
    expect(seed).toMatch(/^424242\/[0-9a-f]{32}$/);
    const published = commitment(seed);
    const first = s.mails.find((m) => m.kind === 'instant')!;
    expect(first.body).toContain(published); // what the first answer publishes
    expect(published).not.toBe(sha('424242'));
    // A player who tries every small seed (and the given one) does not find it.
    const tried = new Set<string>();
    for (let n = 0; n <= 200_000; n++) tried.add(sha(String(n)));
    expect(tried.has(published)).toBe(false);
    // The reveal still lets anyone recompute every roll from the revealed (combined) seed.
    expect(log[0]).toContain(`"seed":"${seed}"`);
    const r = verifyDiceLog(log);
    expect(r.problems).toEqual([]);
    expect(r).toMatchObject({ ok: true, verdict: 'verified', checked: log.filter(isRoll).length });
  });

  it('game create says what it did with a hand-given seed', async () => {
    const j = testJudge();
    const setupFile = join(tempDir(), 'setup.json');
    writeFileSync(
      setupFile,
      JSON.stringify({ seats: [{ id: 'anna', name: 'Anna', email: 'anna@example.org', password: 'pwpw' }] }),
    );
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((m: unknown) => void lines.push(String(m)));
    const before = process.env.JUDGE_DATA;
    process.env.JUDGE_DATA = j.dataDir;
    try {
      const create = (id: string, kind: string) =>
        gameCommand()
          .exitOverride()
          .parseAsync(['create', id, '--kind', kind, '--setup', setupFile, '--seed', '424242'], {
            from: 'user',
          });
      await create('dice', 'rpg');
      const seed = requireGame(j.db, 'dice').seed;
      expect(lines.join('\n')).toContain(`seed commitment ${commitment(seed)}`);
      expect(lines.join('\n')).toMatch(/the seed 424242 was combined with a random secret of the judge/);
      expect(lines.join('\n')).not.toContain(seed); // the seed itself stays secret until the reveal
      // A kind without verifiable dice keeps a hand-given seed as given (its dice are not published).
      expect(gameSeed('424242', false)).toEqual({ seed: '424242', combined: false });
      expect(gameSeed(undefined, true).seed).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      spy.mockRestore();
      if (before === undefined) delete process.env.JUDGE_DATA;
      else process.env.JUDGE_DATA = before;
    }
  });

  it('an intact revealed log passes: exit 0', async () => {
    const r = await verifyCli(log);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(new RegExp(`^OK: ${log.filter(isRoll).length} rolls? recomputed`, 'm'));
    // The players' own mails too (each report with the rolls its reader saw; the reveal with all of them).
    const mails = s.mails.filter((m) => m.kind === 'report' && s.to(m) === 'anna@example.org').map((m) => m.body);
    expect(verifyDiceLog(mails.flatMap(diceLines))).toMatchObject({ ok: true, problems: [] });
  });

  it('a roll’s modifier and result changed together fail: the request is committed with its dice', async () => {
    const i = log.findIndex((l) => isRoll(l) && /"spec":"gauss20\+10 luck:6"/.test(l));
    expect(i).toBeGreaterThan(0);
    const line = JSON.parse(log[i]!.slice(6));
    // Another modifier on the check, and the result and outcome the same dice give with it: consistent on the line alone.
    const forge = (mod: number) => {
      const spec = `gauss20${mod >= 0 ? '+' : ''}${mod} luck:6`;
      const mechanic: Mechanic = { type: 'spec', spec };
      const replay = summarize(runMechanic(mechanic, new ForcedRng(line.draws.map(([, f]: number[]) => f))));
      return { ...line, request: { ...line.request, spec, mechanic }, result: replay.result, outcome: replay.outcome };
    };
    const forged = [13, 7, 4, 0, -6].map(forge).find((f) => f.result !== line.result)!;
    expect(forged.result).not.toBe(line.result);
    const tampered = log.map((l, k) => (k === i ? `#dice ${JSON.stringify(forged)}` : l));
    const r = verifyDiceLog(tampered);
    expect(r.ok).toBe(false);
    expect(r.problems.join('\n')).toMatch(
      /gauss20[+-]\d+ luck:6\): die \d \(d20\) is recorded as \d+, the stream of this request gives \d+ \(the request or the dice were changed\)/,
    );
    const cli = await verifyCli(tampered);
    expect(cli.code).toBe(1);
    expect(cli.out).toMatch(/^FAILED: /m);
  });

  it('a log with one roll removed fails, naming the round', async () => {
    const i = log.findIndex((l) => isRoll(l) && rollOf(l).phase === 1 && rollOf(l).stream === 'phase:instant:1');
    const partial = log.filter((_l, k) => k !== i);
    const r = verifyDiceLog(partial);
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual([
      expect.stringMatching(
        /^phase 1: its \d+ roll\(s\) in the log are not the ones the round's report committed to: a roll was left out, added or changed$/,
      ),
    ]);
    // The last roll of the last round too: no number is needed to see it is gone.
    const last = log.length - 1 - [...log].reverse().findIndex(isRoll);
    expect(verifyDiceLog(log.filter((_l, k) => k !== last)).problems.join('\n')).toMatch(/^phase 2: its/);
    expect((await verifyCli(partial)).code).toBe(1);
  });

  it('a log with one round removed fails, naming the round', async () => {
    const noRound1 = log.filter((l) => !(l.startsWith('#dice-key ') || isRoll(l)) || !l.includes('"phase":1,'));
    expect(noRound1.length).toBeLessThan(log.length - 5);
    const r = verifyDiceLog(noRound1);
    expect(r.ok).toBe(false);
    expect(r.problems.join('\n')).toMatch(/^phase 1: no key line: the log is incomplete \(a round was left out\)/m);
    // The last round, with the reveal's count of rounds cut to match: its key line is still missing... of round 2.
    const noRound2 = log.filter((l) => !(l.startsWith('#dice-key ') || isRoll(l)) || !l.includes('"phase":2,'));
    expect(verifyDiceLog(noRound2).problems.join('\n')).toMatch(/^phase 2: no key line/m);
    expect((await verifyCli(noRound1)).code).toBe(1);
  });

  it('a log stripped of its keys and seed is not verified: exit 3, "not yet verifiable"', async () => {
    const stripped = log.filter(isRoll);
    const r = verifyDiceLog(stripped);
    expect(r).toMatchObject({ ok: false, verdict: 'pending', checked: 0, pending: stripped.length });
    const cli = await verifyCli(stripped);
    expect(cli.code).toBe(3);
    expect(cli.out).toMatch(
      new RegExp(`^NOT YET VERIFIABLE: 0 rolls recomputed, ${stripped.length} not yet verifiable`, 'm'),
    );
    // Nothing at all: a failure.
    const empty = await verifyCli(['nothing here']);
    expect(empty.code).toBe(1);
    expect(empty.out).toMatch(/FAIL no #dice lines found/);
  });
});
