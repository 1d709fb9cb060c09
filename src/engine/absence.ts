// Absence (issue #31): a player declares `ABSENCE <from> <to>` (whole days in
// the game's zone) in an order block. The setup's `absence` says what it does:
// extend — a deadline that falls in it moves to its end, for everyone, as
// njudge does; standing — the deadline stays, the player's standing orders or
// the kind's NMR rule apply, and no missed phase is counted. Either way a
// granted absence never counts as a missed phase. A player has `slots`
// absences of at most `longest` without the GM; more goes to the GM (APPROVE
// / DENY); longer than `most`, or in the past, is refused. A phase's deadline
// moves at most `cap` in all for absences and takeovers, so no absence
// freezes a game.
import { DateTime } from 'luxon';
import type { Judge } from '../context.js';
import { nowIso } from '../context.js';
import { formatDeadline } from '../render/time.js';
import { audit } from '../store/audit.js';
import { getPlayer, isPlaying, listPlayers, type GameRow, type PlayerRow } from '../store/games.js';
import { currentPhase, setDeadline, type PhaseRow } from '../store/phases.js';
import {
  insertRequest,
  movedFor,
  movedSoFar,
  recordMove,
  requestsOf,
  setRequest,
  type SeatRequest,
} from '../store/seat-requests.js';
import { SeatError, seatNotice } from './seat-codes.js';
import { absenceOf } from './seat-setup.js';
import { gameSettings } from './settings.js';
import { askGm, requestData } from './signup.js';

const DAY = 86_400_000;

/** A day as players write it: 2026-12-03, 3.12.2026, 3. 12. 2026, 3.12. (this year); null when it is none. */
export function parseDay(text: string, tz: string, now: Date): DateTime | null {
  const t = text.trim().replace(/\s+/g, '');
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})?$/.exec(t) ?? /^(\d{1,2})\.(\d{1,2})$/.exec(t);
  const [y, m, d] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : dotted
      ? [
          dotted[3] ? Number(dotted[3]) : DateTime.fromJSDate(now, { zone: tz }).year,
          Number(dotted[2]),
          Number(dotted[1]),
        ]
      : [0, 0, 0];
  if (!y) return null;
  const day = DateTime.fromObject({ year: y, month: m, day: d }, { zone: tz });
  return day.isValid ? day : null;
}

export interface Declared {
  request: SeatRequest;
  /** The open phase's new deadline, when the absence moved it. */
  moved: string | null;
}

/**
 * ABSENCE <from> <to> of a player (inside the caller's transaction): granted,
 * or sent to the GM when it is over the player's limits; refused (SeatError)
 * when a day is none, in the past, the wrong way round or longer than allowed.
 */
export function declareAbsence(j: Judge, game: GameRow, player: PlayerRow, args: string[], actor: string): Declared {
  if (args.length !== 2) throw new SeatError('absence-usage');
  const tz = gameSettings(game).timezone;
  const now = j.clock();
  const [from, to] = args.map((a) => parseDay(a, tz, now));
  if (!from) throw new SeatError('absence-date', { text: args[0]! });
  if (!to) throw new SeatError('absence-date', { text: args[1]! });
  if (to < from) throw new SeatError('absence-order');
  if (from < DateTime.fromJSDate(now, { zone: tz }).startOf('day')) throw new SeatError('absence-past');
  const limits = absenceOf(game);
  const starts = from.startOf('day');
  const ends = to.startOf('day').plus({ days: 1 });
  const length = ends.toMillis() - starts.toMillis();
  if (length > limits.most) throw new SeatError('absence-long', { days: Math.floor(limits.most / DAY) });
  const used = requestsOf(j.db, game.id, 'absence', ['granted', 'approval']).filter((r) => r.seat === player.id);
  const why = used.length >= limits.slots ? 'slots' : length > limits.longest ? 'longest' : null;
  const at = nowIso(j);
  const request = insertRequest(j.db, {
    game_id: game.id,
    kind: 'absence',
    email: player.email,
    name: player.name,
    lang: player.lang,
    seat: player.id,
    status: why ? 'approval' : 'granted',
    starts_at: starts.toUTC().toISO()!,
    ends_at: ends.toUTC().toISO()!,
    why_gm: why,
    created_at: at,
  });
  audit(j.db, at, actor, game.id, 'absence.declare', {
    request: request.id,
    player: player.id,
    from: request.starts_at,
    to: request.ends_at,
    ...(why ? { gm: why } : {}),
  });
  if (why) {
    askGm(j, game, request);
    return { request, moved: null };
  }
  return { request, moved: grantAbsence(j, game, request, actor) };
}

/** What the notices about an absence show, in the game's zone. */
function absenceData(game: GameRow, r: SeatRequest, lang = game.lang): Record<string, unknown> {
  return { ...requestData(game, r, lang), player: { id: r.seat, name: r.name }, effect: absenceOf(game).effect };
}

/** An absence takes effect: the player and the GM are told; a deadline in it moves (effect extend). */
export function grantAbsence(j: Judge, game: GameRow, r: SeatRequest, actor: string): string | null {
  const at = nowIso(j);
  setRequest(j.db, r.id, { status: 'granted', decided_at: at, decided_by: actor });
  const player = getPlayer(j.db, game.id, r.seat ?? '');
  if (player) seatNotice(j, game, 'absence-granted', `${r.id}`, [player], absenceData(game, r, player.lang));
  seatNotice(j, game, 'absence', `${r.id}`, ['gm'], absenceData(game, r, gameSettings(game).gmLang));
  return applyAbsences(j, game);
}

/** The players away at an instant (granted absences). */
export function absentAt(j: Pick<Judge, 'db'>, gameId: string, iso: string | null): Set<string> {
  if (!iso) return new Set();
  return new Set(
    requestsOf(j.db, gameId, 'absence', ['granted'])
      .filter((r) => r.starts_at! <= iso && iso < r.ends_at!)
      .map((r) => r.seat!.toLowerCase()),
  );
}

/**
 * Move the open phase's deadline later for a request (an absence, a
 * takeover), at most once per request and phase, and never past the
 * phase's cap; everybody playing and the GM are told. The new deadline, or
 * null when it did not move.
 */
export function moveForRequest(
  j: Judge,
  game: GameRow,
  phase: PhaseRow,
  r: SeatRequest,
  target: number,
  event: string,
): string | null {
  if (!phase.deadline || phase.processed_at || movedFor(j.db, phase.id, r.id)) return null;
  const room = absenceOf(game).cap - movedSoFar(j.db, phase.id);
  const ms = Math.min(target - Date.parse(phase.deadline), room);
  if (ms <= 0) return null;
  const deadline = new Date(Date.parse(phase.deadline) + ms).toISOString();
  const at = nowIso(j);
  setDeadline(j.db, phase.id, deadline);
  recordMove(j.db, phase.id, r.id, ms, at);
  audit(j.db, at, `request:${r.id}`, game.id, 'phase.deadline', {
    phase: phase.number,
    from: phase.deadline,
    to: deadline,
    request: r.id,
  });
  const readers = ['gm', ...listPlayers(j.db, game.id).filter(isPlaying)] as const;
  const tz = gameSettings(game).timezone;
  for (const reader of readers) {
    const lang = reader === 'gm' ? gameSettings(game).gmLang : reader.lang;
    seatNotice(j, game, event, `${phase.id}:${r.id}`, [reader], {
      ...(r.kind === 'absence' ? absenceData(game, r, lang) : { seat: r.seat }),
      phase: { number: phase.number, label: phase.label },
      deadline,
      deadlineText: formatDeadline(deadline, tz, lang),
    });
  }
  return deadline;
}

/**
 * effect extend: the open phase's deadline, while it falls in a granted
 * absence of a playing player, moves to that absence's end (within the cap).
 * Called when an absence is granted and on every run (a phase opened since).
 */
export function applyAbsences(j: Judge, game: GameRow): string | null {
  if (game.status !== 'active' || absenceOf(game).effect !== 'extend') return null;
  let moved: string | null = null;
  const playing = new Set(
    listPlayers(j.db, game.id)
      .filter(isPlaying)
      .map((p) => p.id.toLowerCase()),
  );
  for (let guard = 0; guard < 100; guard++) {
    const phase = currentPhase(j.db, game.id);
    if (!phase?.deadline || phase.processed_at) return moved;
    const d = phase.deadline;
    const r = requestsOf(j.db, game.id, 'absence', ['granted']).find(
      (x) =>
        playing.has(x.seat!.toLowerCase()) && x.starts_at! <= d && d < x.ends_at! && !movedFor(j.db, phase.id, x.id),
    );
    if (!r) return moved;
    const to = moveForRequest(j, game, phase, r, Date.parse(r.ends_at!), 'absence-moved');
    if (!to) {
      // The cap is reached: recorded as handled for this phase, so it is not tried again.
      recordMove(j.db, phase.id, r.id, 0, nowIso(j));
      return moved;
    }
    moved = to;
  }
  return moved;
}
