// What the seats by mail share (issue #31): the one-time codes an address
// confirms that it reads its mail with (only their sha256 is kept), the
// refusals (a code and its parameters: the mail layer says them in the
// reader's language, templates/common/<lang>/seats.ftl, seat-err-<code>), and
// the notices about seats (one template, notice-seats.hbs: the event names the
// messages seat-<event>-subject and seat-<event>).
import { createHash, randomInt } from 'node:crypto';
import type { Judge } from '../context.js';
import type { GameRow } from '../store/games.js';
import type { SeatRequest } from '../store/seat-requests.js';
import { queueNotice, type Reader } from './notices.js';
import { gameSettings } from './settings.js';

/** Wrong codes a request takes before it takes none. */
export const CODE_TRIES = 5;

export function codeHash(code: string): string {
  return createHash('sha256').update(code.trim()).digest('hex');
}

export function newCode(): { code: string; hash: string } {
  const code = String(randomInt(100000, 1000000));
  return { code, hash: codeHash(code) };
}

/** A seat command that cannot be done: its reason as a code (seat-err-<code>) with parameters. */
export class SeatError extends Error {
  constructor(
    readonly code: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${code}${Object.keys(params).length ? ` ${JSON.stringify(params)}` : ''}`);
  }
}

/** The reader a request's answers go to: its address, in the language it asked in. */
export function requester(r: SeatRequest): Reader {
  return { email: r.email, lang: r.lang };
}

/**
 * A notice about seats (templates/common/<lang>/notice-seats.hbs) to each
 * reader, once per key. data.event names its messages.
 */
export function seatNotice(
  j: Judge,
  game: GameRow,
  event: string,
  key: string,
  readers: (Reader | string | null)[],
  data: Record<string, unknown> = {},
): number {
  return queueNotice(
    j,
    game,
    'seats',
    `${event}:${key}`,
    readers,
    { ...data, subject: `seat-${event}-subject`, text: `seat-${event}` },
    gameSettings(game).timezone,
  );
}

/** hours of a duration, for the texts ("within 48 hours"). */
export function hoursOf(ms: number): number {
  return Math.round(ms / 3_600_000);
}
