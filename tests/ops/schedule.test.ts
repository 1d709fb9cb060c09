// Deadlines with an injected clock: DST in Prague, Moscow's fixed offset, the
// Godfather 09/15/21 cycle, and pause/resume.
import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { createGame } from '../../src/engine/create-game.js';
import { processPhase } from '../../src/engine/pipeline.js';
import { nextDeadline, parseDuration, scheduleSchema, type Schedule } from '../../src/engine/schedule.js';
import { pauseGame, resumeGame } from '../../src/engine/gm.js';
import { duePhases } from '../../src/engine/clockwork.js';
import { formatDeadline } from '../../src/render/time.js';
import { currentPhase } from '../../src/store/phases.js';
import { count, tavernSetup, testJudge } from '../helpers.js';

const at = (iso: string) => new Date(iso);
const local = (d: Date | null, tz: string) => DateTime.fromJSDate(d!, { zone: tz }).toFormat('yyyy-MM-dd HH:mm ZZ');
const sched = (s: unknown): Schedule => scheduleSchema.parse(s);

describe('durations', () => {
  it('parses what a GM writes and refuses the rest', () => {
    expect(parseDuration('72h')).toBe(72 * 3600_000);
    expect(parseDuration('1h30m')).toBe(90 * 60_000);
    expect(parseDuration('2d 6h')).toBe(54 * 3600_000);
    expect(() => parseDuration('soon')).toThrow(/not a duration/);
    expect(() => parseDuration('7x')).toThrow(/not a duration/);
  });
});

describe('deadlines in Europe/Prague across DST', () => {
  const tz = 'Europe/Prague';
  it('a wall-clock deadline stays at 20:00 local through both DST changes', () => {
    const s = sched({ cron: '0 20 * * *' });
    // Spring forward: 2026-03-29 02:00 CET → 03:00 CEST.
    expect(local(nextDeadline(s, tz, 'turn', at('2026-03-28T12:00:00Z'), null), tz)).toBe('2026-03-28 20:00 +01:00');
    expect(local(nextDeadline(s, tz, 'turn', at('2026-03-28T19:00:00Z'), at('2026-03-28T19:00:00Z')), tz)).toBe(
      '2026-03-29 20:00 +02:00',
    );
    // Fall back: 2026-10-25 03:00 CEST → 02:00 CET.
    expect(local(nextDeadline(s, tz, 'turn', at('2026-10-24T18:00:00Z'), at('2026-10-24T18:00:00Z')), tz)).toBe(
      '2026-10-25 20:00 +01:00',
    );
    expect(nextDeadline(s, tz, 'turn', at('2026-10-24T18:00:00Z'), at('2026-10-24T18:00:00Z'))!.toISOString()).toBe(
      '2026-10-25T19:00:00.000Z',
    );
  });

  it('"Mon and Thu 20:00" keeps its weekdays and local time across the change', () => {
    const s = sched({ cron: '0 20 * * 1,4' });
    const seen: string[] = [];
    let prev: Date | null = null;
    let now = at('2026-03-20T12:00:00Z'); // a Friday
    for (let i = 0; i < 4; i++) {
      const d: Date = nextDeadline(s, tz, 'turn', now, prev)!;
      seen.push(local(d, tz));
      prev = d;
      now = new Date(d.getTime() + 5 * 60_000); // cron processes 5 minutes late
    }
    expect(seen).toEqual([
      '2026-03-23 20:00 +01:00',
      '2026-03-26 20:00 +01:00',
      '2026-03-30 20:00 +02:00',
      '2026-04-02 20:00 +02:00',
    ]);
  });

  it('a time that the spring-forward skips moves to the first moment after the gap; a repeated one is taken the first time', () => {
    expect(local(nextDeadline(sched({ cron: '30 2 * * *' }), tz, 'turn', at('2026-03-28T12:00:00Z'), null), tz)).toBe(
      '2026-03-29 03:00 +02:00',
    );
    expect(local(nextDeadline(sched({ cron: '30 2 * * *' }), tz, 'turn', at('2026-10-24T12:00:00Z'), null), tz)).toBe(
      '2026-10-25 02:30 +02:00',
    );
  });

  it('"every 72h" counts real hours from the last deadline, so a late cron run does not shift the rhythm', () => {
    const s = sched({ every: '72h' });
    const first = nextDeadline(s, tz, 'turn', at('2026-03-27T19:00:00Z'), null)!;
    expect(first.toISOString()).toBe('2026-03-30T19:00:00.000Z');
    // Processed 7 minutes after that deadline: the next one is 72 h after the deadline, not after the run.
    expect(nextDeadline(s, tz, 'turn', at('2026-03-30T19:07:00Z'), first)!.toISOString()).toBe(
      '2026-04-02T19:00:00.000Z',
    );
    // Processed early (everyone sent FINAL): 72 h from now.
    expect(nextDeadline(s, tz, 'turn', at('2026-03-29T10:00:00Z'), first)!.toISOString()).toBe(
      '2026-04-01T10:00:00.000Z',
    );
  });

  it('mails show deadlines as absolute local times with the zone', () => {
    expect(formatDeadline('2026-03-30T18:00:00Z', tz, 'cs')).toBe('pondělí 30. 3. 2026 20:00 SELČ (Europe/Prague)');
    expect(formatDeadline('2026-03-27T19:00:00Z', tz, 'en')).toBe('Fri, 27 Mar 2026, 20:00 CET (Europe/Prague)');
    // Just past midnight is 00:05, not 24:05.
    expect(formatDeadline('2026-05-01T22:05:00Z', tz, 'en')).toBe('Sat, 2 May 2026, 00:05 CEST (Europe/Prague)');
    // A stored instant without its zone is the game zone's wall time; what is not a date stays as it is.
    expect(formatDeadline('2026-03-30T20:00', tz, 'cs')).toBe('pondělí 30. 3. 2026 20:00 SELČ (Europe/Prague)');
    expect(formatDeadline('soon', tz, 'en')).toBe('soon');
    // A zone the platform does not know: the stored instant, never an error.
    expect(formatDeadline('2026-03-30T18:00:00Z', 'Mars/Olympus', 'en')).toBe('2026-03-30T18:00:00Z (Mars/Olympus)');
    expect(formatDeadline('2026-03-30T20:00', 'Mars/Olympus', 'ru')).toBe('2026-03-30T20:00');
    expect(formatDeadline(null, tz, 'en')).toBeNull();
  });

  it('writes a date the way its language does: a Russian month in the genitive ("1 мая", never "1 май")', () => {
    expect(formatDeadline('2026-05-01T12:00:00Z', 'Europe/Moscow', 'ru')).toBe('пт, 1 мая 2026 г., 15:00 МСК');
    expect(formatDeadline('2026-03-08T12:00:00Z', 'Europe/Moscow', 'ru')).toBe('вс, 8 мар. 2026 г., 15:00 МСК');
    expect(formatDeadline('2026-05-01T12:00:00Z', tz, 'ru')).toBe('пт, 1 мая 2026 г., 14:00 GMT+2 (Europe/Prague)');
  });
});

describe('Europe/Moscow', () => {
  const tz = 'Europe/Moscow';
  it('has a fixed offset (+03:00): 09/15/21 are 06/12/18 UTC all year, also when Prague changes its clocks', () => {
    const s = sched({ cron: '0 9,15,21 * * *' });
    for (const day of ['2026-01-15', '2026-03-29', '2026-07-01', '2026-10-25']) {
      const hours: number[] = [];
      let prev: Date | null = null;
      let now = at(`${day}T03:00:00Z`);
      for (let i = 0; i < 3; i++) {
        const d: Date = nextDeadline(s, tz, 'day', now, prev)!;
        hours.push(d.getUTCHours());
        prev = d;
        now = d;
      }
      expect(hours, day).toEqual([6, 12, 18]);
    }
    expect(formatDeadline('2026-12-01T12:00:00Z', tz, 'ru')).toBe('вт, 1 дек. 2026 г., 15:00 МСК');
    // Other Russian zones by their distance from Moscow; others as the platform names them.
    expect(formatDeadline('2026-12-01T12:00:00Z', 'Asia/Yekaterinburg', 'ru')).toBe('вт, 1 дек. 2026 г., 17:00 МСК+2');
    expect(formatDeadline('2026-12-01T12:00:00Z', 'Europe/Kaliningrad', 'ru')).toBe('вт, 1 дек. 2026 г., 14:00 МСК−1');
    expect(formatDeadline('2026-12-01T12:00:00Z', tz, 'en')).toMatch(/15:00 (GMT\+3|MSK) \(Europe\/Moscow\)/);
  });

  it('plays the Godfather cycle for 8 days: day 09–15, 15–21, night 21–09, processed on time', () => {
    const j = testJudge();
    j.advance(at('2026-11-30T20:00:00Z').getTime() - j.clock().getTime()); // the evening before, Moscow 23:00
    createGame(j, {
      id: 'cycle',
      kind: 'rpg',
      setup: {
        ...structuredClone(tavernSetup),
        timezone: tz,
        schedule: { cron: '0 9,15,21 * * *', start: '2026-12-01T09:00' },
      },
      seed: '1',
      actor: 'test',
    });
    const deadlines: string[] = [];
    for (let i = 0; i < 24; i++) {
      const p = currentPhase(j.db, 'cycle')!;
      deadlines.push(DateTime.fromISO(p.deadline!, { zone: tz }).toFormat('d HH:mm'));
      j.advance(Date.parse(p.deadline!) - j.clock().getTime() + 2 * 60_000); // cron runs 2 minutes after
      processPhase(j, 'cycle', 'cron');
    }
    const expected: string[] = [];
    for (let day = 1; day <= 8; day++) expected.push(`${day} 15:00`, `${day} 21:00`, `${day + 1} 09:00`);
    expect(deadlines).toEqual(expected);
    expect(count(j, 'phases WHERE game_id = ? AND processed_at IS NOT NULL', 'cycle')).toBe(24);
  });
});

describe('pause and resume', () => {
  it('a pause of 2 days moves the deadline by 2 days, and nothing is processed while paused', () => {
    const j = testJudge();
    createGame(j, {
      id: 'p',
      kind: 'rpg',
      setup: { ...structuredClone(tavernSetup), timezone: 'Europe/Prague', schedule: { every: '24h' } },
      seed: '1',
      actor: 'test',
    });
    const before = Date.parse(currentPhase(j.db, 'p')!.deadline!);
    j.advance(3600_000);
    pauseGame(j, 'p', 'test');
    j.advance(2 * 86_400_000);
    // The old deadline has passed during the pause, yet nothing is due.
    expect(j.clock().getTime()).toBeGreaterThan(before);
    expect(duePhases(j)).toEqual([]);
    const after = resumeGame(j, 'p', 'test')!;
    expect(Date.parse(after) - before).toBe(2 * 86_400_000);
    expect(Date.parse(currentPhase(j.db, 'p')!.deadline!)).toBe(Date.parse(after));
    expect(count(j, "audit WHERE action IN ('game.pause', 'game.resume')")).toBe(2);
    expect(count(j, "outbox WHERE dedupe_key LIKE 'notice:paused:%'")).toBe(3); // GM + 2 players
    expect(
      count(
        j,
        "outbox WHERE dedupe_key LIKE 'notice:resumed:%' AND (body LIKE '%New deadline:%' OR body LIKE '%Новый срок:%')",
      ),
    ).toBe(3);
    expect(duePhases(j)).toEqual([]);
    j.advance(after ? Date.parse(after) - j.clock().getTime() : 0);
    expect(duePhases(j).map((d) => d.game.id)).toEqual(['p']);
  });

  it('rejects a bad schedule in the setup with every error at once', () => {
    const j = testJudge();
    expect(() =>
      createGame(j, {
        id: 'bad',
        kind: 'rpg',
        setup: {
          ...structuredClone(tavernSetup),
          timezone: 'Mars/Olympus',
          schedule: { every: '3 fortnights', cron: 'at noon', reminders: ['1h', 'x'] },
        },
        actor: 'test',
      }),
    ).toThrow(/timezone: not an IANA time zone[\s\S]*schedule.every[\s\S]*schedule.cron[\s\S]*schedule.reminders.1/);
  });
});
