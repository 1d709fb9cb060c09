import { afterEach, describe, expect, it, vi } from 'vitest';
import { diceCli } from './dice-cli.js';
import { CliError } from '../../src/cli/errors.js';

const run = diceCli;

afterEach(() => vi.restoreAllMocks());

describe('judge dice', () => {
  it('roll: the same seed gives the same dice, each die printed', async () => {
    const a = await run('roll', '3d6+2', 'gauss20+10', 'vs:-8', '--seed', '42');
    expect(a).toBe(await run('roll', '3d6+2', 'gauss20+10', 'vs:-8', '--seed', '42'));
    expect(a).toMatch(/^3d6: \d\+\d\+\d=\d+, \+2 → \d+\n3d20: .* → \d+: .+\n\(seed 42\)\n$/);
  });

  it('roll --json', async () => {
    const j = JSON.parse(await run('roll', '5dS', 'vs:3', 'adv', '--seed', '7', '--json'));
    expect(j.seed).toBe('7');
    expect(j.rolls[0].spec).toBe('5dS vs:3 adv');
    expect(j.rolls[0].attempts).toHaveLength(2);
    expect(j.rolls[0].attempts[0].dice).toHaveLength(5);
  });

  it('dist --json: values, or outcomes for a check', async () => {
    const d = JSON.parse(await run('dist', '4dF', '--json'));
    expect(d.spec).toBe('4dF');
    expect(d.total).toBe(81);
    expect(d.rows.map((r: { count: number }) => r.count)).toEqual([1, 4, 10, 16, 19, 16, 10, 4, 1]);
    const o = JSON.parse(await run('dist', '3dS', 'vs:2', '--json'));
    expect(o.rows.map((r: { value: string }) => r.value)).toEqual([
      'critical-failure',
      'failure',
      'success',
      'critical-success',
    ]);
    expect(JSON.parse(await run('dist', '2d6', 'd4', '--json'))).toHaveLength(2);
  });

  it('dist: huge totals stay exact as strings', async () => {
    const d = JSON.parse(await run('dist', '10d1000', '--json'));
    expect(d.total).toBe((10n ** 30n).toString());
  });

  it('dist prints a table', async () => {
    const t = await run('dist', 'gauss20');
    expect(t).toContain('gauss20: 8000 equally likely rolls');
    expect(t).toMatch(/ {3}1 {6}4 {3}0\.05 .*worst possible result/);
  });

  it('a bad spec is a CliError with exit code 2', async () => {
    const e = await run('roll', '3x6').catch((err: unknown) => err);
    expect(e).toBeInstanceOf(CliError);
    expect((e as CliError).exitCode).toBe(2);
    expect((e as CliError).message).toContain('"3x6" is not a dice spec');
    await expect(run('dist', 'gauss20', 'luck:12')).rejects.toThrow('luck must be 1 to 9');
  });

  it('dist covers the mechanics of 001 and 004: median, madness, opposed, team, trial', async () => {
    const m = JSON.parse(await run('dist', 'median', '2', '--json'));
    expect(m.spec).toBe('median 9-12');
    expect(m.total).toBe(8000);
    expect(m.rows.find((r: { value: string }) => r.value === 'inside').count).toBe(3460);
    expect(await run('dist', 'median', '6-15', 'outside')).toMatch(/median 6-15 outside: 8000 equally likely rolls/);
    expect(JSON.parse(await run('dist', 'madness', '-1', '--json')).spec).toBe('median 10-12');
    const o = JSON.parse(await run('dist', 'opposed', 'att:2', 'def:3', '--json'));
    expect(o.total).toBe(64000000);
    expect(o.rows.map((r: { value: string }) => r.value)).toEqual(['hit-low', 'held', 'hit-high', 'hit']);
    const t = JSON.parse(await run('dist', 'team', '3', '4', 'vs:Средне', '--json'));
    expect(t.spec).toBe('team 3+4 vs:3 (team difficulty 7)');
    const tr = await run('dist', 'trial', 'pool:3', 'vs:2', 'progress:3', 'risk:2', 'kind:harder');
    expect(tr).toMatch(/trial harder progress:3 risk:2 vs:2 pool:3/);
    expect(tr).toMatch(/^success +\d+/m);
    await expect(run('dist', 'trial', 'pool:3')).rejects.toThrow(/vs:D is needed/);
  });

  it('dist refuses a window modifier without its sign instead of ignoring it (issue #35)', async () => {
    await expect(run('dist', 'madness', '2')).rejects.toThrow(
      'madness: "2" has no sign: write +2 (a wider window) or -2',
    );
    await expect(run('dist', 'horror', 'x')).rejects.toThrow('horror: "x" is not a window modifier');
    await expect(run('dist', 'median', '2', '3')).rejects.toThrow('median: "3" has no sign');
    expect(JSON.parse(await run('dist', 'madness', '+2', '--json')).spec).toBe('median 8-13');
  });
});
