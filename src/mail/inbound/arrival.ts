// Which phase a mail counts for: the one that was taking orders when the mail
// reached the mail server (its arrival time: IMAP INTERNALDATE, a Maildir
// file's delivery, a pipe mail's storing), not the one open when the judge
// reads it. A mail that arrived after a phase stopped taking orders (deadline
// plus grace) while that phase is still not adjudicated — intake was down, or
// the judge did not run — waits (status 'waiting') and is handled again once
// the next phase is open; one that arrived in time counts for the phase it
// arrived in, however late it is read.
import type { Judge } from '../../context.js';
import type { Lang } from '../../engine/types.js';
import { waitsForGm } from '../../engine/gm-phase.js';
import { gameSettings, ordersCloseAt } from '../../engine/settings.js';
import { formatDeadline } from '../../render/time.js';
import { getGame, type GameRow } from '../../store/games.js';
import { currentPhase, type PhaseRow } from '../../store/phases.js';
import { setInbound } from '../../store/inbound.js';
import type { OrderBlock } from './envelope.js';

/** A phase that closed before the mail arrived and is still not adjudicated: the mail waits for the next one. */
export interface Closed {
  game: string;
  phase: number;
  /** When the phase stopped taking orders (deadline plus grace), ISO. */
  closed: string;
}

/**
 * The first phase among the games the mail's player blocks name that stopped
 * taking orders before the mail arrived and is not adjudicated yet; null when
 * the mail can be handled now. A phase waiting for the GM is not one (mail for
 * it is answered as during the GM's decision: gm-deciding), nor is a paused
 * game's or one without a deadline. GM blocks never wait.
 */
export function closedBefore(j: Judge, blocks: OrderBlock[], arrived: string): Closed | null {
  const at = Date.parse(arrived);
  for (const b of blocks) {
    if (b.kind === 'gm' || b.headerError || !b.game) continue;
    const game = getGame(j.db, b.game);
    if (game?.status !== 'active') continue;
    const phase = currentPhase(j.db, game.id);
    if (!phase || phase.processed_at || waitsForGm(phase)) continue;
    const closes = ordersCloseAt(game, phase.deadline);
    if (closes !== null && closes < at)
      return { game: game.id, phase: phase.number, closed: new Date(closes).toISOString() };
  }
  return null;
}

/** Why a mail waits, for the GM (`judge inbound`). */
export function waitingReason(c: Closed, arrived: string): string {
  return `arrived ${arrived}, after game "${c.game}" phase ${c.phase} stopped taking orders (${c.closed}) and before it was adjudicated: it counts for the next phase, and is handled when that opens`;
}

/** What the acknowledgement says of the mail's arrival (null: nothing worth saying, it came while the phase was open). */
export interface ArrivalNote {
  /** When it arrived, in the player's zone and language. */
  text: string;
  /** It came too late for this phase, before this one opened: it counts for this one. */
  late: number | null;
  /** It came in time for this phase, whose deadline has passed since (the results follow when the judge adjudicates it). */
  overdue: boolean;
}

export function arrivalNote(
  game: GameRow,
  phase: PhaseRow,
  arrived: string,
  now: Date,
  lang: Lang,
): ArrivalNote | null {
  const at = Date.parse(arrived);
  const late = phase.number > 1 && at < Date.parse(phase.created_at) ? phase.number - 1 : null;
  const closes = ordersCloseAt(game, phase.deadline);
  const overdue = closes !== null && closes <= now.getTime() && at <= closes;
  if (late === null && !overdue) return null;
  return { text: formatDeadline(arrived, gameSettings(game).timezone, lang) ?? arrived, late, overdue };
}

/**
 * When the mail arrived after a phase it names stopped taking orders (closedBefore):
 * set it waiting, with the reason (its tries counted anew when it is handled
 * again), and return the reason; null when it can be handled now. Inside the
 * mail's write transaction.
 */
export function holdForNextPhase(
  j: Judge,
  id: number,
  m: { from: string | null; subject: string | null },
  blocks: OrderBlock[],
  arrived: string,
): string | null {
  const closed = closedBefore(j, blocks, arrived);
  if (!closed) return null;
  const reason = waitingReason(closed, arrived);
  setInbound(j.db, id, { status: 'waiting', reason, from_addr: m.from, subject: m.subject });
  j.db.prepare('UPDATE inbound SET attempts = 0 WHERE id = ?').run(id);
  return reason;
}
