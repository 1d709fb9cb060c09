// Issue 11: the GM's hidden rolls of a plain dice spec (`ROLL 4dF погода` in a GM
// block) are in the dice verification log like every other roll: a stream of the
// game seed (master:1000000+n), every die drawn and the mechanic, so `judge dice
// log` lists them (with --hidden or --reveal) and `judge dice verify` recomputes them, and
// fails when one die or one total is altered.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientMail } from '../../src/cli/demo.js';
import { runOnce } from '../../src/cli/mail.js';
import { diceLog } from '../../src/engine/dice-log.js';
import { GM_ROLL_SALT } from '../../src/engine/dice-trust.js';
import { createGame } from '../../src/engine/create-game.js';
import { verifyDiceLog } from '../../src/dice/index.js';
import { listOutbox } from '../../src/store/outbox.js';
import { tempDir, testJudge, type TestJudge } from '../helpers.js';
import { diceCli } from './dice-cli.js';

const H = 3_600_000;
let j: TestJudge;

async function drop(n: number, text: string): Promise<void> {
  const raw = await clientMail({
    from: 'gm@example.ru',
    to: 'judge@localhost',
    subject: 'ход',
    text,
    date: new Date(j.clock().getTime()),
  });
  writeFileSync(join(j.inboxDir, `${String(n).padStart(3, '0')}.eml`), raw);
}

const rollLines = (lines: string[]) => lines.filter((l) => l.startsWith('#dice {'));
const json = (l: string) => {
  const r = JSON.parse(l.slice('#dice '.length)) as {
    stream: string;
    request: { spec: string; by: string; mechanic: { type: string } };
    draws: [number, number][];
    result: number;
  };
  return { ...r, ...r.request };
};

describe('GM hidden rolls of a plain spec in the dice log', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    j = testJudge();
    mkdirSync(j.inboxDir, { recursive: true });
    createGame(j, {
      id: 'krepost',
      kind: 'rpg',
      setup: parse(readFileSync('games/rpg/setups/krepost.yaml', 'utf8')),
      actor: 'test',
    });
    await drop(
      1,
      'ВЕДУЩИЙ krepost gm-secret\nROLL 4dF погода\nROLL 3d6+1 засада у ворот\nDECIDE dice:reveal yes\nКОНЕЦ\n',
    );
    await runOnce(j, () => {});
    j.advance(49 * H);
    await runOnce(j, () => {});
  });

  it('the GM is answered with the roll, and the log lists both rolls with their streams, dice and mechanic', () => {
    const ack = listOutbox(j.db).find((m) => m.kind !== 'report' && JSON.parse(m.to_addrs)[0] === 'gm@example.ru')!;
    expect(ack.body).toMatch(/скрытый бросок \(видите только вы\): .*4/);
    const all = rollLines(diceLog(j, 'krepost', { reveal: true, hidden: true })).map(json);
    const gm = all.filter((r) => r.by === 'gm');
    expect(gm.map((r) => r.spec)).toEqual(['4dF', '3d6+1']);
    expect(gm.map((r) => r.stream)).toEqual([`master:${GM_ROLL_SALT}`, `master:${GM_ROLL_SALT + 1}`]);
    expect(gm[0]!.draws.map(([sides]) => sides)).toEqual([3, 3, 3, 3]);
    expect(gm[1]!.draws.map(([sides]) => sides)).toEqual([6, 6, 6]);
    expect(gm[1]!.result).toBe(gm[1]!.draws.reduce((s, [, f]) => s + f, 0) + 1);
    expect(gm.every((r) => r.mechanic.type === 'spec')).toBe(true);
    // Hidden: not in the log without --hidden (the reveal includes them: after it they can be recomputed anyway).
    expect(
      rollLines(diceLog(j, 'krepost'))
        .map(json)
        .filter((r) => r.by === 'gm'),
    ).toEqual([]);
  });

  it('judge dice verify recomputes them, and fails on an altered die or total', async () => {
    const lines = diceLog(j, 'krepost', { reveal: true, hidden: true });
    expect(verifyDiceLog(lines)).toMatchObject({ ok: true, checked: 2, problems: [] });
    const i = lines.findIndex((l) => l.includes('"spec":"3d6+1"'));
    const die = [...lines];
    die[i] = die[i]!.replace(/"draws":\[\[6,(\d)\]/, (_m, f: string) => `"draws":[[6,${(Number(f) % 6) + 1}]`);
    expect(die[i]).not.toBe(lines[i]);
    const badDie = verifyDiceLog(die);
    expect(badDie.ok).toBe(false);
    expect(badDie.problems.join('\n')).toMatch(/die 1 \(d6\) is recorded as \d, the stream of this request gives \d/);
    const total = lines.map((l, k) =>
      k === i ? l.replace(/"result":(\d+)/, (_m, r: string) => `"result":${Number(r) + 1}`) : l,
    );
    expect(verifyDiceLog(total).ok).toBe(false);

    // The CLI: `judge dice log --reveal --hidden` then `judge dice verify`.
    const before = process.env.JUDGE_DATA;
    process.env.JUDGE_DATA = j.dataDir;
    try {
      const out = await diceCli('log', 'krepost', '--reveal');
      expect(
        rollLines(out.split('\n'))
          .map(json)
          .filter((r) => r.by === 'gm')
          .map((r) => r.spec),
      ).toEqual(['4dF', '3d6+1']);
      const dir = tempDir();
      writeFileSync(join(dir, 'log.txt'), out);
      expect(await diceCli('verify', join(dir, 'log.txt'))).toMatch(/^OK: 2 rolls recomputed/m);
      writeFileSync(join(dir, 'bad.txt'), die.join('\n'));
      await expect(diceCli('verify', join(dir, 'bad.txt'))).rejects.toThrow(/dice verification failed/);
    } finally {
      if (before === undefined) delete process.env.JUDGE_DATA;
      else process.env.JUDGE_DATA = before;
    }
  });
});
