// Setup mistakes that would be silently ignored are reported when the game is
// created: by createGame (and kept in the audit log) and by `judge game create`.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/create-game.js';
import { currentPhase } from '../../src/store/phases.js';
import { tempDir, testJudge } from '../helpers.js';

const DIR = join(import.meta.dirname, '../fixtures/setups');
const setup = (name: string) => parse(readFileSync(join(DIR, name), 'utf8'));

describe('setup warnings', { timeout: 60_000 }, () => {
  it('a schedule.start in the past: reported, and the first deadline counts from now', () => {
    const j = testJudge(); // 2026-11-29 12:00 UTC
    const r = createGame(j, { id: 't', kind: 'rpg', setup: setup('rpg-past-start.yaml'), seed: '1', actor: 'test' });
    expect(r.warnings).toEqual([
      expect.stringMatching(
        /^schedule\.start: 2020-12-01T09:00 \(Europe\/Prague\) is in the past \(now .*2026.*\); the first deadline counts from now instead$/,
      ),
    ]);
    expect(currentPhase(j.db, 't')!.deadline).toBe('2026-12-02T12:00:00.000Z');
    const audit = j.db.prepare("SELECT details_json FROM audit WHERE action = 'game.create'").get() as {
      details_json: string;
    };
    expect(JSON.parse(audit.details_json).warnings).toEqual(r.warnings);
    // A start still ahead is no mistake.
    const future = setup('rpg-past-start.yaml');
    future.schedule.start = '2026-12-05T09:00';
    expect(createGame(j, { id: 'u', kind: 'rpg', setup: future, seed: '1', actor: 'test' }).warnings).toEqual([]);
  });

  it('a schedule without deadlines, GM settings for a kind without a GM, standing orders for a kind that keeps none', () => {
    const j = testJudge();
    const r = createGame(j, {
      id: 't',
      kind: 'rpg',
      setup: setup('rpg-silent-mistakes.yaml'),
      seed: '1',
      actor: 'test',
    });
    expect(r.warnings).toEqual([
      expect.stringMatching(/^schedule: neither every nor cron is given, so phases have no deadline/),
      expect.stringMatching(/^schedule\.gm: the game kind rpg has no GM decisions/),
      expect.stringMatching(/^nmr\.repeat: the game kind rpg keeps no standing orders/),
    ]);
  });

  it('a reminder longer before the deadline than any phase lasts, with every or cron', () => {
    const j = testJudge();
    expect(
      createGame(j, { id: 't', kind: 'rpg', setup: setup('rpg-reminder-too-early.yaml'), seed: '1', actor: 'test' })
        .warnings,
    ).toEqual([
      'schedule.reminders.0: 48h before the deadline is not within any phase (the longest lasts 24h), so it is never sent',
    ]);
    const cron = {
      ...setup('rpg-reminder-too-early.yaml'),
      timezone: 'Europe/Prague',
      schedule: { cron: '0 9,21 * * *', reminders: ['24h', '2h'] },
    };
    expect(createGame(j, { id: 'u', kind: 'rpg', setup: cron, seed: '1', actor: 'test' }).warnings).toEqual([
      'schedule.reminders.0: 24h before the deadline is not within any phase (the longest lasts 12h), so it is never sent',
    ]);
  });

  it('a seat language the kind has no reports in (FanDi: cs, en)', () => {
    const j = testJudge();
    const fandi = JSON.parse(readFileSync('games/fandi/setups/default.json', 'utf8'));
    const seats = ['alfa', 'brana', 'cerna', 'dana'].map((id) => ({
      id,
      name: id,
      email: `${id}@example.cz`,
      password: `${id}-pw`,
      ...(id === 'cerna' ? { lang: 'ru' } : {}),
    }));
    expect(
      createGame(j, { id: 'f', kind: 'fandi', setup: { ...fandi, seats }, seed: '1', actor: 'test' }).warnings,
    ).toEqual([
      'seats.2.lang: ru (cerna) — fandi reports exist in cs, en; this player gets reports in en (acknowledgements and notices in ru)',
    ]);
  });

  it('`judge game create` prints them and still creates the game', () => {
    const dir = tempDir();
    testJudge(dir).db.close(); // the store, as `judge init` makes it
    const r = spawnSync(
      process.execPath,
      [
        'bin/judge.js',
        '--data',
        dir,
        'game',
        'create',
        'tavern',
        '--kind',
        'rpg',
        '--setup',
        join(DIR, 'rpg-past-start.yaml'),
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, JUDGE_DATA: '' },
      },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^created game tavern/);
    expect(r.stdout).toMatch(/\n {2}warning: schedule\.start: 2020-12-01T09:00 \(Europe\/Prague\) is in the past/);
  });

  it("a password kept from a sample setup shipped with the judge is warned about, seat by seat and the GM's; own ones are not", () => {
    const j = testJudge();
    const sample = parse(readFileSync('games/rpg/setups/krepost.yaml', 'utf8'));
    const r = createGame(j, { id: 'k1', kind: 'rpg', setup: sample, seed: '1', actor: 'test' });
    const seats = (sample.seats as { id: string; password?: string }[]).filter((x) => x.password);
    expect(seats.length).toBeGreaterThan(0);
    for (const seat of seats)
      expect(r.warnings).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^seats\\.\\d+\\.password \\(${seat.id}\\): a password of the sample setup games/rpg/setups/krepost\\.yaml, which anyone can read`,
          ),
        ),
      );
    expect(r.warnings).toContainEqual(expect.stringMatching(/^gm\.password: the GM password of the sample setup/));
    // The passwords never appear in the warnings.
    for (const seat of seats) expect(r.warnings.join('\n')).not.toContain(`${seat.password}`);
    const own = {
      ...sample,
      gm: { ...sample.gm, password: 'a-fresh-gm-secret' },
      seats: (sample.seats as Record<string, unknown>[]).map(({ password: _p, ...x }) => x),
    };
    expect(
      createGame(j, { id: 'k2', kind: 'rpg', setup: own, seed: '1', actor: 'test' }).warnings.filter((w) =>
        /password/.test(w),
      ),
    ).toEqual([]);
  });

  it("the quick start's passwords (`judge init`'s examples/fandi.json) are warned about when a game is created from it", () => {
    const dir = tempDir();
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['bin/judge.js', '--data', dir, ...args], {
        encoding: 'utf8',
        env: { ...process.env, JUDGE_DATA: '' },
      });
    const init = run('init');
    expect(init.status, init.stderr).toBe(0);
    const example = JSON.parse(readFileSync(join(dir, 'examples', 'fandi.json'), 'utf8')) as {
      seats: { id: string; password: string }[];
    };
    const r = run('game', 'create', 'g1', '--kind', 'fandi', '--setup', join(dir, 'examples', 'fandi.json'));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^created game g1/);
    expect(example.seats).toHaveLength(4);
    for (const [i, seat] of example.seats.entries()) {
      expect(r.stdout).toContain(
        `warning: seats.${i}.password (${seat.id}): a password of the sample setup examples/fandi.json (the quick start \`judge init\` writes), which anyone can read`,
      );
      expect(r.stdout).not.toContain(seat.password);
    }
    // The quick start's order mail still gets in with it.
    expect(readFileSync(join(dir, 'examples', 'orders.eml'), 'utf8')).toContain(
      `GAME g1 alfa ${example.seats[0]!.password}`,
    );
  });

  it('a game without passwords that trusts the From line (auth.password: false without auth.dkim or auth.dmarc) is warned about; with DKIM or DMARC it is not', () => {
    const j = testJudge();
    const base = setup('rpg-reminder-too-early.yaml');
    delete base.schedule.reminders;
    const warned = (auth: Record<string, boolean> | undefined, id: string) =>
      createGame(j, { id, kind: 'rpg', setup: { ...base, ...(auth ? { auth } : {}) }, seed: '1', actor: 'test' })
        .warnings;
    expect(warned({ password: false }, 'a1')).toEqual([
      expect.stringMatching(
        /^auth\.password: false without auth\.dkim or auth\.dmarc: a block from a seat's address needs no password, and the judge trusts its From line, which anyone can forge/,
      ),
    ]);
    expect(warned({ password: false, dkim: false, dmarc: false }, 'a2')).toHaveLength(1);
    expect(warned({ password: false, dkim: true }, 'a3')).toEqual([]);
    expect(warned({ password: false, dmarc: true }, 'a4')).toEqual([]);
    expect(warned({ password: true }, 'a5')).toEqual([]);
    expect(warned(undefined, 'a6')).toEqual([]);
    // Kept in the audit log with the game.
    const audit = j.db
      .prepare("SELECT details_json FROM audit WHERE action = 'game.create' AND game_id = 'a1'")
      .get() as {
      details_json: string;
    };
    expect(JSON.parse(audit.details_json).warnings).toEqual([expect.stringMatching(/^auth\.password: false/)]);
  });

  it('`judge game create` prints the warning about a game without passwords', () => {
    const dir = tempDir();
    testJudge(dir).db.close();
    const file = join(dir, 'nopass.json');
    const base = setup('rpg-reminder-too-early.yaml');
    delete base.schedule.reminders;
    writeFileSync(file, JSON.stringify({ ...base, auth: { password: false } }));
    const r = spawnSync(
      process.execPath,
      ['bin/judge.js', '--data', dir, 'game', 'create', 'np', '--kind', 'rpg', '--setup', file],
      { encoding: 'utf8', env: { ...process.env, JUDGE_DATA: '' } },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^created game np/);
    expect(r.stdout).toMatch(
      /\n {2}warning: auth\.password: false without auth\.dkim or auth\.dmarc: .*which anyone can forge/,
    );
  });
});
