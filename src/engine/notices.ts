// Notices: the judge's mails about the running of a game (reminders, late
// notices, pauses, new deadlines, replacements, the end) — one template per
// kind in templates/common/<lang>/notice-<kind>.hbs, one outbox row per reader.
// The model's `player` (whom a notice is about) and `reader` carry the player's
// grammatical gender (src/engine/seats.ts) for the Fluent messages that agree with it.
import type { Judge } from '../context.js';
import { nowIso } from '../context.js';
import { render, mailContent } from '../render/templates.js';
import { formatDeadline } from '../render/time.js';
import { listPlayers, type GameRow, type PlayerRow } from '../store/games.js';
import { enqueue, type OutboxKind } from '../store/outbox.js';
import { livePhase } from '../store/phases.js';
import { getRules } from './kinds.js';
import type { Lang } from './types.js';
import { gameSettings } from './settings.js';
import { playerGender } from './seats.js';

export type NoticeKind =
  | 'reminder'
  | 'late'
  | 'abandoned'
  | 'paused'
  | 'resumed'
  | 'deadline'
  | 'replaced'
  | 'ejected'
  | 'confirm-address'
  | 'gm-reminder'
  | 'gm-missing'
  | 'gm-waiting'
  | 'locked'
  | 'guessing'
  | 'quarantined'
  | 'web-link'
  /** Intake failed and a phase waits for it (to the GM, once per outage: engine/outage.ts). */
  | 'intake-down'
  /** A phase waits for the mail to be read: its results are delayed (to its players, once per phase). */
  | 'delayed'
  /** The judge was not run across a deadline (to the GM, once). */
  | 'judge-down'
  | 'reset-code'
  | 'password-reset'
  /** A seat's reset codes voided after wrong codes from any sender (to its address of record: mail/inbound/password-reset.ts). */
  | 'reset-voided'
  /** Sign-up, absences, takeovers and the GM's approvals of them (issue #31: engine/seat-codes.ts seatNotice). */
  | 'seats';

/** A reader: a player row, 'gm', or a bare address (its language then is the game's). */
export type Reader = PlayerRow | 'gm' | { email: string; lang?: Lang };

function addressOf(game: GameRow, r: Reader): { email: string | null; lang: Lang; name: string | null } {
  if (r === 'gm') return { email: game.gm_email, lang: gameSettings(game).gmLang, name: null };
  if ('game_id' in r) return { email: r.email, lang: r.lang, name: r.name };
  return { email: r.email, lang: r.lang ?? game.lang, name: null };
}

/** The notice's `player` (whom it is about) with that player's grammatical gender, unless the caller gave one. */
function playerIn(game: GameRow, data: Record<string, unknown>, players: PlayerRow[]): Record<string, unknown> | null {
  const p = data.player as { id?: unknown; name?: unknown; gender?: unknown } | undefined;
  if (!p || typeof p !== 'object' || typeof p.id !== 'string') return null;
  if (p.gender === 'm' || p.gender === 'f') return p;
  const name = typeof p.name === 'string' ? p.name : (players.find((x) => x.id === p.id)?.name ?? p.id);
  return { ...p, gender: playerGender(game, { id: p.id, name }) };
}

function phaseIn(data: Record<string, unknown>): { number: number; label?: string } | null {
  const p = data.phase as { number?: unknown } | undefined;
  return p && typeof p === 'object' && typeof p.number === 'number' ? (p as { number: number; label?: string }) : null;
}

/** A phase's label in the reader's language (the callers pass the stored one, in the game's language). */
function labelFor(j: Judge, game: GameRow, phase: { number: number; label?: string }, lang: Lang): string | undefined {
  const row = livePhase(j.db, game.id, phase.number);
  if (!row) return phase.label;
  try {
    return getRules(game.kind).phase(JSON.parse(row.state_json), lang).label;
  } catch {
    return phase.label;
  }
}

/**
 * Queue one notice to each reader. `key` makes it unique: the same notice
 * (kind + key + address) is never queued twice, so cron can ask again safely.
 */
export function queueNotice(
  j: Judge,
  game: GameRow,
  kind: NoticeKind,
  key: string,
  /** Players, 'gm', or addresses (a player's address gets that player's language). */
  readers: (Reader | string | null)[],
  data: Record<string, unknown> = {},
  timezone = 'UTC',
): number {
  let n = 0;
  const players = listPlayers(j.db, game.id);
  const about = playerIn(game, data, players);
  for (const raw of readers) {
    if (!raw) continue;
    const reader: Reader =
      raw === 'gm' || raw === game.gm_email
        ? 'gm'
        : typeof raw === 'string'
          ? (players.find((p) => p.email === raw) ?? { email: raw })
          : raw;
    const to = addressOf(game, reader);
    if (!to.email) continue;
    const deadline = typeof data.deadline === 'string' ? data.deadline : null;
    const mail = render(game.kind, to.lang, `notice-${kind}`, {
      ...data,
      ...(phaseIn(data) ? { phase: { ...phaseIn(data), label: labelFor(j, game, phaseIn(data)!, to.lang) } } : {}),
      ...(about ? { player: about } : {}),
      game: { id: game.id, title: game.title },
      // The reader's gender where the text addresses a player («jste to byla vy»); the GM's is unknown, so GM texts are worded without one.
      reader: {
        name: to.name,
        email: to.email,
        gm: reader === 'gm',
        ...(reader !== 'gm' && 'game_id' in reader ? { gender: playerGender(game, reader as PlayerRow) } : {}),
      },
      deadlineText: formatDeadline(deadline, timezone, to.lang),
      graceEndText: formatDeadline(typeof data.graceEnd === 'string' ? data.graceEnd : null, timezone, to.lang),
    });
    const r = enqueue(
      j.db,
      {
        dedupeKey: `notice:${kind}:${game.id}:${key}:${to.email}`,
        gameId: game.id,
        kind: (kind === 'reminder' ? 'reminder' : 'notice') as OutboxKind,
        to: [to.email],
        ...mailContent(mail),
      },
      j.domain,
      nowIso(j),
    );
    if (r.created) n++;
  }
  return n;
}
