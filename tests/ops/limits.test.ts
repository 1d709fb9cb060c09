// Durations a game can use, at every entry point: a setup's schedule (phases,
// reminders, grace, the GM's), judge.yaml's waits, `judge extend --by/--to`,
// EXTEND by mail. Absurd ones are refused naming the field, exit 2 — never
// "Invalid time value". A deadline already past is refused unless --force, and
// reminders a shortened deadline leaves without their time are told the GM.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { moveDeadline } from '../../src/engine/gm.js';
import { createGame } from '../../src/engine/create-game.js';
import { MAX_DURATION, parseDuration } from '../../src/engine/schedule.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { listOutbox } from '../../src/store/outbox.js';
import { currentPhase } from '../../src/store/phases.js';
import { mail, tavernSetup, tempDir, testJudge, type TestJudge } from '../helpers.js';

const HOUR = 3600_000;

function judge(dir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, ['bin/judge.js', '--data', dir, ...args], {
    encoding: 'utf8',
    env: { ...process.env, JUDGE_DATA: '' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function tavern(
  j: TestJudge,
  schedule: Record<string, unknown> = { every: '72h', reminders: ['48h', '24h', '2h'] },
  gm = {},
) {
  return createGame(j, {
    id: 'tavern',
    kind: 'rpg',
    setup: {
      ...structuredClone(tavernSetup),
      gm: { email: 'gm@example.org', password: 'gm-secret', ...gm },
      timezone: 'Europe/Prague',
      schedule,
    },
    seed: '5',
    actor: 'test',
  });
}

/** A store whose clock is the real one (the CLI's), with the tavern game: its deadline 72 h from now. */
function realTimeStore(): string {
  const dir = tempDir();
  const j = testJudge(dir);
  j.advance(Date.now() - j.clock().getTime());
  tavern(j);
  j.db.close();
  return dir;
}

const deadline = (dir: string) => currentPhase(testJudge(dir).db, 'tavern')!.deadline;

describe('durations are bounded to what a game can use', { timeout: 120_000 }, () => {
  it('parseDuration: up to 365 days; beyond, or too large for a number, refused with the limit', () => {
    expect(parseDuration('365d')).toBe(MAX_DURATION);
    expect(parseDuration('52w')).toBe(52 * 7 * 24 * HOUR);
    for (const text of ['366d', '8761h', '53w', '100000000000000000h', '99999999999h', `${'9'.repeat(400)}h`])
      expect(() => parseDuration(text), text).toThrow(`"${text}" is longer than 365 days, the most a game takes`);
  });

  it('a setup file: every absurd duration named by its field, all at once, exit 2', () => {
    const dir = realTimeStore();
    const file = join(dir, 'setup.yaml');
    writeFileSync(
      file,
      stringify({
        ...tavernSetup,
        gm: { email: 'gm@example.org' },
        schedule: {
          every: '100000000000000000h',
          reminders: ['24h', '99999999999h'],
          grace: '400d',
          early: { delay: '2000000000h' },
          kinds: { night: { every: '2000000000h' } },
          gm: { every: '1000d', reminders: ['9999d'] },
        },
      }),
    );
    const r = judge(dir, 'game', 'create', 'g2', '--kind', 'rpg', '--setup', file);
    expect(r.code).toBe(2);
    for (const line of [
      'schedule.every: "100000000000000000h" is longer than 365 days',
      'schedule.reminders.1: "99999999999h" is longer than 365 days',
      'schedule.grace: "400d" is longer than 365 days',
      'schedule.early.delay: "2000000000h" is longer than 365 days',
      'schedule.kinds.night.every: "2000000000h" is longer than 365 days',
      'schedule.gm.every: "1000d" is longer than 365 days',
      'schedule.gm.reminders.0: "9999d" is longer than 365 days',
    ])
      expect(r.err).toContain(line);
    expect(r.err).not.toMatch(/Invalid time value/);
    // Within the limit but the grace as long as a phase: it would run into the next deadline.
    writeFileSync(file, stringify({ ...tavernSetup, schedule: { every: '24h', grace: '24h' } }));
    const g = judge(dir, 'game', 'create', 'g3', '--kind', 'rpg', '--setup', file);
    expect(g.code).toBe(2);
    expect(g.err).toContain('schedule.grace: 24h is not shorter than a phase (every: 24h)');
    // The longest allowed works, and its deadline is a year away, not in the year 230185.
    writeFileSync(file, stringify({ ...tavernSetup, schedule: { every: '365d' } }));
    expect(judge(dir, 'game', 'create', 'g4', '--kind', 'rpg', '--setup', file).code).toBe(0);
    const d = Date.parse(currentPhase(testJudge(dir).db, 'g4')!.deadline!);
    expect(Math.abs(d - (Date.now() + MAX_DURATION))).toBeLessThan(HOUR);
  });

  it('judge.yaml: waits over an hour, a backoff or lockout window over a year, refused naming the key', () => {
    const dir = realTimeStore();
    writeFileSync(
      join(dir, 'judge.yaml'),
      stringify({
        transport: {
          type: 'smtp',
          host: 'localhost',
          timeoutSeconds: 1e12,
          retry: { firstMinutes: 5, maxMinutes: 1e15 },
        },
        inbox: { handleSeconds: 99999999, pipeWaitSeconds: 4000, authFailures: { windowHours: 1e9 } },
      }),
    );
    const r = judge(dir, 'status');
    expect(r.code).toBe(2);
    for (const line of [
      'transport.timeoutSeconds: at most 3600 seconds (an hour)',
      'transport.retry.maxMinutes: at most 365 days (525600 minutes)',
      'inbox.handleSeconds: at most 3600 seconds (an hour)',
      'inbox.pipeWaitSeconds: at most 3600 seconds (an hour)',
      'inbox.authFailures.windowHours: at most 365 days (8760 hours)',
    ])
      expect(r.err).toContain(line);
  });

  it('judge extend: --by too long, --to too far ahead, --to in the past (unless --force): refused with a clear line, nothing moved', () => {
    const dir = realTimeStore();
    const before = deadline(dir);
    const by = judge(dir, 'extend', 'tavern', '--by', '99999999999h');
    expect(by.code).toBe(2);
    expect(by.err).toContain('"99999999999h" is longer than 365 days, the most a game takes');
    const far = judge(dir, 'extend', 'tavern', '--by', '364d'); // 72 h + 364 days ahead
    expect(far.code).toBe(2);
    expect(far.err).toMatch(
      /^judge: tavern: the new deadline .* \(now .*\) is more than 365 days ahead, further than a game can use\n$/,
    );
    expect(judge(dir, 'extend', 'tavern', '--to', '+230185-01-01T00:00').err).toMatch(/more than 365 days ahead/);
    const past = judge(dir, 'extend', 'tavern', '--to', '2020-01-01T09:00');
    expect(past.code).toBe(2);
    expect(past.err).toMatch(
      /^judge: tavern: the new deadline Wed, 1 Jan 2020, 09:00 CET \(Europe\/Prague\) \(now .*\) has already passed; give a later time, or add --force to let the phase fall due at the next run\n$/,
    );
    expect(deadline(dir)).toBe(before);
    // Both or neither: each said as it is.
    expect(judge(dir, 'extend', 'tavern', '--by', '24h', '--to', '2030-01-01T09:00').err).toBe(
      'judge: give --by <duration> or --to <time>, not both\n',
    );
    expect(judge(dir, 'extend', 'tavern').err).toBe('judge: give --by <duration> or --to <time>\n');
    expect(deadline(dir)).toBe(before);
    const forced = judge(dir, 'extend', 'tavern', '--to', '2020-01-01T09:00', '--force');
    expect(forced.code, forced.err).toBe(0);
    expect(deadline(dir)).toBe('2020-01-01T08:00:00.000Z');
    // The help says so.
    expect(judge(dir, 'extend', '--help').out).toMatch(/--force[\s\S]*already passed/);
  });

  it('a shortened deadline: the reminders left without their time are printed, and told the GM (only the GM)', () => {
    const dir = realTimeStore();
    // 72 h phase with reminders 48 h, 24 h and 2 h before: at 30 h the 48 h one is before the phase
    // opened (never sent), the 24 h one's time (6 h after opening) is still ahead, the 2 h one too.
    const now = Date.now();
    const to = new Date(now + 30 * HOUR + 60_000).toISOString();
    const r = judge(dir, 'extend', 'tavern', '--to', to);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(
      /\n {2}reminder 48h before the deadline \(.*\): that is before the phase opened, so it is not sent\n$/,
    );
    expect(r.out).not.toMatch(/reminder 24h|reminder 2h/);
    // The GM's notice says it; the players' do not.
    const mails = listOutbox(testJudge(dir).db).filter((m) => m.dedupe_key.startsWith('notice:deadline:'));
    const gm = mails.find((m) => JSON.parse(m.to_addrs)[0] === 'gm@example.org')!;
    expect(gm.body).toMatch(
      /leaves without their time:\n {2}48 hours before the deadline: that is before the phase opened, so it is not sent/,
    );
    for (const m of mails.filter((x) => x !== gm)) expect(m.body).not.toMatch(/reminder|připomín|напомин/i);
  });

  it('the engine: reminders whose time has passed go out late; in Czech and Russian to the GM', () => {
    const j = testJudge();
    tavern(j, { every: '72h', reminders: ['48h', '24h'] }, { lang: 'cs' });
    j.advance(20 * HOUR); // 52 h before the deadline: neither reminder has gone out yet
    const opened = j.clock().getTime() - 20 * HOUR;
    const m = moveDeadline(j, 'tavern', new Date(opened + 40 * HOUR), 'test'); // 20 h from now
    expect(m.lost.map((l) => [l.before / HOUR, l.why])).toEqual([
      [48, 'before-open'],
      [24, 'passed'],
    ]);
    const gm = listOutbox(j.db).find((x) => x.dedupe_key.startsWith('notice:deadline:') && x.to_addrs.includes('gm@'))!;
    expect(gm.body).toMatch(/48 hodin před uzávěrkou: to je před začátkem kola, takže se neodešle/);
    expect(gm.body).toMatch(/24 hodin před uzávěrkou: ten čas už uplynul, takže odejde pozdě, při příštím běhu/);
    const k = testJudge();
    tavern(k, { every: '72h', reminders: ['24h'] }, { lang: 'ru' });
    k.advance(10 * HOUR);
    moveDeadline(k, 'tavern', new Date(k.clock().getTime() + 20 * HOUR), 'test'); // its 24 h reminder: 4 h ago
    const ru = listOutbox(k.db).find((x) => x.dedupe_key.startsWith('notice:deadline:') && x.to_addrs.includes('gm@'))!;
    expect(ru.body).toMatch(/за 24 часа до срока: это время уже прошло, поэтому оно уйдёт с опозданием/);
  });

  it('EXTEND by mail: a duration too long, a deadline still past or too far ahead, refused in the GM’s language; nothing moved', async () => {
    const j = testJudge();
    tavern(j, { every: '72h', grace: '2d' }, { lang: 'cs' });
    const gmSays = async (line: string) => {
      await ingest(j, await mail('gm@example.org', `GM tavern gm-secret\n${line}\nEND`), 't');
      return listOutbox(j.db).at(-1)!.body;
    };
    const before = currentPhase(j.db, 'tavern')!.deadline;
    expect(await gmSays('EXTEND 99999999999h')).toMatch(
      /EXTEND 99999999999h\n\s+! „99999999999h“ je delší než 365 dní, víc hra nepoužije/,
    );
    expect(await gmSays('EXTEND 364d')).toMatch(
      /EXTEND 364d\n\s+! uzávěrka nezměněna: nová uzávěrka .* je víc než 365 dní dopředu/,
    );
    expect(await gmSays('EXTEND')).toMatch(/EXTEND\n\s+! použití: EXTEND <doba>, např\. EXTEND 24h/);
    expect(await gmSays('EXTEND soon')).toMatch(/! „soon“ není doba/);
    // The deadline passed (the grace still runs): 1 h more is still past.
    j.advance(80 * HOUR);
    expect(await gmSays('EXTEND 1h')).toMatch(
      /EXTEND 1h\n\s+! uzávěrka nezměněna: nová uzávěrka .* už uplynula \(teď je .*\); prodlužte o víc/,
    );
    expect(currentPhase(j.db, 'tavern')!.deadline).toBe(before);
    expect(await gmSays('EXTEND 24h')).toMatch(/EXTEND 24h\n\s+= nová uzávěrka /);
    expect(Date.parse(currentPhase(j.db, 'tavern')!.deadline!)).toBe(Date.parse(before!) + 24 * HOUR);
  });
});
