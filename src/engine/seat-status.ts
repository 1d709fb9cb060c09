// What the GM sees of the seats (issue #31), in one place for the GM's STATUS
// by mail, `judge status` and the GM's web page: the sign-up (seats taken,
// held while the GM decides, the waiting list, apart from them the sign-ups
// not confirmed yet, which hold nothing, and the JOINs refused because too
// many waited for their code at once; when it starts), what waits for
// his approval (with the APPROVE / DENY to send), the open positions, and the
// absences now and ahead. In the reader's language (seats.ftl, seat-status-*).
import type { Judge } from '../context.js';
import { message } from '../render/templates.js';
import { formatDeadline } from '../render/time.js';
import type { GameRow } from '../store/games.js';
import { auditCount } from '../store/audit.js';
import { requestsOf } from '../store/seat-requests.js';
import { waitingLines } from './approvals.js';
import { gameSettings } from './settings.js';
import { dayText, signupView } from './signup.js';
import { openPositions } from './takeover.js';
import type { Lang } from './types.js';

export interface SeatStatus {
  signup: {
    seats: number;
    min: number;
    seated: string[];
    /** Confirmed, holding a seat while the GM decides. */
    withGm: number;
    /** Confirmed, on the waiting list. */
    waiting: number;
    /** Waiting for their CONFIRM: they hold no seat. */
    unconfirmed: number;
    /** The most that may wait for their CONFIRM at once (signup.unconfirmed). */
    unconfirmedMax: number;
    /** JOINs refused because that many waited. */
    refused: number;
    closes: string | null;
  } | null;
  /** What waits for the GM, one line each (with the APPROVE / DENY to send). */
  approvals: string[];
  open: { seat: string; status: string; shown: string }[];
  absences: { player: string; from: string; to: string }[];
}

/** The seats of a game as the GM sees them (read only). */
export function seatStatus(j: Pick<Judge, 'db'>, game: GameRow, lang: Lang, at: Date): SeatStatus {
  const tz = gameSettings(game).timezone;
  const view = signupView(j, game);
  const now = at.toISOString();
  const day = (iso: string) => dayText(game, iso, lang);
  return {
    signup: view
      ? {
          seats: view.signup.count,
          min: view.signup.min,
          seated: view.held.filter((r) => r.status === 'seated').map((r) => r.seat ?? ''),
          withGm: view.held.filter((r) => r.status === 'approval').length,
          waiting: view.waiting.length,
          unconfirmed: view.unconfirmed.length,
          unconfirmedMax: view.signup.unconfirmedMax,
          refused: auditCount(j.db, game.id, 'signup.busy'),
          closes: view.signup.closesAt ? formatDeadline(view.signup.closesAt.toISOString(), tz, lang) : null,
        }
      : null,
    approvals: waitingLines(j, game, lang),
    open: openPositions(j, game, lang).map((o) => ({ seat: o.player.id, status: o.player.status, shown: o.shown })),
    absences: requestsOf(j.db, game.id, 'absence', ['granted'])
      .filter((r) => r.ends_at! > now)
      .map((r) => ({
        player: r.seat ?? '',
        from: day(r.starts_at!),
        to: day(new Date(Date.parse(r.ends_at!) - 86_400_000).toISOString()),
      })),
  };
}

/** The seat status as lines of text (empty when there is nothing to say). */
export function seatStatusLines(j: Pick<Judge, 'db'>, game: GameRow, lang: Lang, at: Date): string[] {
  const s = seatStatus(j, game, lang, at);
  const t = (id: string, args: Record<string, string | number> = {}) => message('common', lang, id, args);
  const out: string[] = [];
  if (s.signup)
    out.push(
      t('seat-status-signup', {
        count: s.signup.seated.length,
        seats: s.signup.seats,
        min: s.signup.min,
        gm: s.signup.withGm,
        waiting: s.signup.waiting,
        unconfirmed: s.signup.unconfirmed,
        refused: s.signup.refused,
        max: s.signup.unconfirmedMax,
        players: s.signup.seated.join(', ') || '-',
        closes: s.signup.closes ?? 'none',
      }),
    );
  for (const a of s.approvals) out.push(t('seat-status-approval', { line: a }));
  if (s.open.length)
    out.push(
      t('seat-status-open', { list: s.open.map((o) => `${o.seat}${o.shown ? ` (${o.shown})` : ''}`).join('; ') }),
    );
  if (s.absences.length)
    out.push(t('seat-status-absent', { list: s.absences.map((a) => `${a.player} ${a.from} – ${a.to}`).join('; ') }));
  return out;
}
