// What time asks of the judge on each cron run: which phases are due, and
// which reminders and late notices to send. Pure reads of the store plus
// idempotent queueing (every notice has a dedupe key), so running it every
// five minutes, or twice, does each thing once.
import type { Judge } from '../context.js';
import { listGames, listPlayers, type GameRow } from '../store/games.js';
import { currentPhase, type PhaseRow } from '../store/phases.js';
import { liveSubmissions } from '../store/submissions.js';
import { queueNotice } from './notices.js';
import { gameSettings, ordersCloseAt } from './settings.js';
import { expectedPlayers } from './recorded-orders.js';
import { getRules } from './kinds.js';

export interface Due {
  game: GameRow;
  phase: PhaseRow;
  reason: 'deadline' | 'early';
  /** When it became due: its deadline plus grace, or the early moment. */
  at: Date;
}

/** When a phase will be processed: its deadline plus grace, or earlier when every player sent FINAL orders. */
export function dueAt(j: Judge, game: GameRow, phase: PhaseRow): Pick<Due, 'at' | 'reason'> | null {
  if (game.status !== 'active' || phase.processed_at) return null;
  const s = gameSettings(game).schedule;
  const closes = ordersCloseAt(game, phase.deadline);
  let due: Pick<Due, 'at' | 'reason'> | null = closes === null ? null : { at: new Date(closes), reason: 'deadline' };
  if (s?.early) {
    const playing = expectedPlayers(getRules(game.kind), JSON.parse(phase.state_json), listPlayers(j.db, game.id));
    const subs = liveSubmissions(j.db, game.id, phase.number);
    const finals = subs.filter((x) => x.final);
    if (playing.length && playing.every((p) => finals.some((f) => f.player_id === p.id))) {
      const last = Math.max(...finals.map((f) => Date.parse(f.received_at)));
      const early = new Date(last + s.early.delay);
      if (!due || early < due.at) due = { at: early, reason: 'early' };
    }
  }
  return due;
}

export function duePhases(j: Judge): Due[] {
  const now = j.clock().getTime();
  const out: Due[] = [];
  for (const game of listGames(j.db)) {
    const phase = currentPhase(j.db, game.id);
    if (!phase) continue;
    const d = dueAt(j, game, phase);
    if (d && d.at.getTime() <= now) out.push({ game, phase, ...d });
  }
  return out;
}

export interface Chase {
  game: string;
  kind: 'reminder' | 'late';
  player: string;
}

/**
 * Reminders N before the deadline to playing players without orders (only
 * for reminder times after the phase opened), and one late notice after the
 * deadline, during the grace period (never after it: a phase left waiting
 * past its grace is adjudicated as soon as the judge can read its mail). Returns what was (or, with dryRun, would be) queued.
 */
export function chaseLatePlayers(j: Judge, dryRun = false): Chase[] {
  const now = j.clock().getTime();
  const out: Chase[] = [];
  for (const game of listGames(j.db)) {
    if (game.status !== 'active') continue;
    const phase = currentPhase(j.db, game.id);
    if (!phase?.deadline || phase.processed_at) continue;
    const settings = gameSettings(game);
    const deadline = Date.parse(phase.deadline);
    const sent = new Set(liveSubmissions(j.db, game.id, phase.number).map((s) => s.player_id));
    const missing = expectedPlayers(
      getRules(game.kind),
      JSON.parse(phase.state_json),
      listPlayers(j.db, game.id),
    ).filter((p) => !sent.has(p.id));
    const opened = Date.parse(phase.created_at);
    const data = { phase: { number: phase.number, label: phase.label }, deadline: phase.deadline };
    for (const before of settings.schedule?.reminders ?? []) {
      const at = deadline - before;
      if (now < at || now >= deadline || at < opened) continue;
      for (const p of missing) {
        const key = `${phase.id}:${before}:${p.id}`;
        if (dryRun || queueNotice(j, game, 'reminder', key, [p], data, settings.timezone))
          out.push({ game: game.id, kind: 'reminder', player: p.id });
      }
    }
    // Only during the grace: after it (a phase left waiting while intake failed) no order can count any more.
    const closes = deadline + (settings.schedule?.grace ?? 0);
    if (closes > deadline && now >= deadline && now < closes) {
      const graceEnd = new Date(closes).toISOString();
      for (const p of missing) {
        if (
          dryRun ||
          queueNotice(j, game, 'late', `${phase.id}:${p.id}`, [p], { ...data, graceEnd }, settings.timezone)
        )
          out.push({ game: game.id, kind: 'late', player: p.id });
      }
    }
  }
  return out;
}
