// When the judge could not read its mail, or was not run for a while (issue
// #28): a phase is adjudicated only once the judge has read every mail that
// arrived while it took orders. A phase due after the last intake that
// succeeded waits; its GM is told once per outage (the error, what waits) and
// its players once per phase, in their language and without any server
// detail, that the results are delayed. A judge that was not run across a
// deadline tells the GM for how long, once. Every notice has a dedupe key, so
// a run every five minutes through a long outage says each thing once.
import type { Judge } from '../context.js';
import { nowIso } from '../context.js';
import { isPlaying, listPlayers, type GameRow } from '../store/games.js';
import { getMeta, setMeta, clearMeta } from '../store/judge-meta.js';
import type { Due } from './clockwork.js';
import { queueNotice } from './notices.js';
import { gameSettings } from './settings.js';
import { formatDeadline } from '../render/time.js';

/** A run that was not started for longer than this across a phase's due time tells the GM (notice-judge-down). */
export const DOWN_NOTICE_MS = 3_600_000;

/** A run starts: noted in the store ('last-run'); returns when the previous one started (null: none did). */
export function startRun(j: Judge): string | null {
  const previous = getMeta(j.db, 'last-run')?.value ?? null;
  const at = nowIso(j);
  setMeta(j.db, 'last-run', at, at);
  return previous;
}

/** What a run's intake did: read every mail (ok), or failed with this error. */
export type IntakeOutcome = { ok: true; started: string } | { ok: false; error: string };

/**
 * Note the intake's outcome in the store (judge_meta): a good one is the time
 * up to which every mail is read (its start: a mail that came during it may
 * be read only by the next one); a failure keeps its error. Returns the time
 * up to which the mail is read (null: never).
 */
export function noteIntake(j: Judge, o: IntakeOutcome): string | null {
  const at = nowIso(j);
  if (o.ok) {
    setMeta(j.db, 'last-intake-ok', o.started, at);
    clearMeta(j.db, 'intake-failure');
    return o.started;
  }
  setMeta(j.db, 'intake-failure', o.error.replace(/\s+/g, ' ').trim(), at);
  return getMeta(j.db, 'last-intake-ok')?.value ?? null;
}

/**
 * The due phases split: those that became due at or before `readUpTo` (every
 * mail that arrived in time for them is read) may be adjudicated; the others
 * wait for an intake that succeeds. This holds for early processing too: a
 * phase whose players all sent FINAL is processed early only when the judge
 * has read the mail up to that moment (a player may have taken FINAL back).
 */
export function splitDue(dues: Due[], readUpTo: string | null): { ready: Due[]; waiting: Due[] } {
  const upTo = readUpTo === null ? -Infinity : Date.parse(readUpTo);
  const ready: Due[] = [];
  const waiting: Due[] = [];
  for (const d of dues) (d.at.getTime() <= upTo ? ready : waiting).push(d);
  return { ready, waiting };
}

/**
 * Phases that wait because the mail could not be read: each game's GM is told
 * once per outage (an outage is the time since the last good intake) with
 * the error, and each waiting phase's players once that the results are
 * delayed. Returns how many notices were queued.
 */
export function tellWaiting(j: Judge, waiting: Due[], error: string, readUpTo: string | null): number {
  let n = 0;
  for (const d of waiting) {
    const { game, phase } = d;
    const { timezone: tz, gmLang } = gameSettings(game);
    const data = { phase: { number: phase.number, label: phase.label }, deadline: phase.deadline };
    const gm = {
      ...data,
      error,
      sinceText: formatDeadline(readUpTo, tz, gmLang),
      dueText: formatDeadline(d.at.toISOString(), tz, gmLang),
    };
    n += queueNotice(j, game, 'intake-down', `${readUpTo ?? 'never'}`, ['gm'], gm, tz);
    n += queueNotice(j, game, 'delayed', String(phase.id), listPlayers(j.db, game.id).filter(isPlaying), data, tz);
  }
  return n;
}

/** A phase processed late by a judge that was not run: which, and when it was due. */
export interface Overdue {
  game: GameRow;
  phase: number;
  due: Date;
}

/**
 * Phases a run adjudicated that became due after the previous run started and
 * more than DOWN_NOTICE_MS before this one: the judge was not run across their
 * deadline. Each game's GM is told once how long the judge was down and which
 * phases were adjudicated late. Returns how many notices were queued.
 */
export function tellDowntime(j: Judge, lastRun: string | null, processed: Overdue[]): number {
  if (!lastRun) return 0;
  const since = Date.parse(lastRun);
  const now = j.clock().getTime();
  const late = processed.filter((p) => p.due.getTime() > since && now - p.due.getTime() > DOWN_NOTICE_MS);
  let n = 0;
  for (const game of new Map(late.map((p) => [p.game.id, p.game])).values()) {
    const { timezone: tz, gmLang } = gameSettings(game);
    const phases = late
      .filter((p) => p.game.id === game.id)
      .map((p) => ({ number: p.phase, dueText: formatDeadline(p.due.toISOString(), tz, gmLang) }));
    const data = {
      sinceText: formatDeadline(lastRun, tz, gmLang),
      untilText: formatDeadline(nowIso(j), tz, gmLang),
      hours: Math.max(1, Math.round((now - since) / 3_600_000)),
      phases,
    };
    n += queueNotice(j, game, 'judge-down', lastRun, ['gm'], data, tz);
  }
  return n;
}
