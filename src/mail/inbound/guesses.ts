// What a block's password outcome writes and answers (the counting rules are
// store/auth-failures.ts, the checks guard.ts): a seat's own wrong passwords
// ask for a growing wait and never lock it; another address's are counted per
// (seat, sender) and per sender, and the seat's player and the GM hear of
// them, with the addresses, once a day.
import type { Judge } from '../../context.js';
import { gameSettings } from '../../engine/settings.js';
import { queueNotice } from '../../engine/notices.js';
import { clearOwn, guessersOf, recordAuthFailure, senderFailureCount } from '../../store/auth-failures.js';
import { getPlayer, type GameRow } from '../../store/games.js';
import type { BlockAuth } from './guard.js';
import type { ReasonKind, ReasonParams } from './reasons.js';

/** The answer to a block whose sender guessed too often: until when its blocks go unchecked. */
export function lockedAnswer(game: GameRow, locked: NonNullable<BlockAuth['locked']>): ReasonParams {
  return { game: game.id, scope: locked.scope, until: locked.until, zone: gameSettings(game).timezone };
}

/** The right password: from the seat's own address, its run of wrong ones ends. */
export function rightPassword(j: Judge, game: GameRow, seat: string, at: string, checked: BlockAuth): void {
  if (checked.clearOwn) clearOwn(j.db, game.id, seat, at);
}

/**
 * A wrong password (or no such seat) for `seat` ('gm', a player's id, or the
 * digest of a name that is no seat): counted as guard.ts decided, and the
 * answer. From the seat's own address: "wrong password", with a wait after
 * slowAfter in a row. From another: counted against that sender, the player
 * and the GM told once a day.
 */
export function wrongPassword(
  j: Judge,
  game: GameRow,
  seat: string,
  sender: string,
  at: string,
  inboundId: number,
  checked: BlockAuth,
  wrong: ReasonKind = 'wrong-password',
): { kind: ReasonKind; params: ReasonParams } {
  const params: ReasonParams = { game: game.id };
  if (checked.own) {
    if (checked.counted) recordAuthFailure(j.db, { game: game.id, player: seat, sender, at, inboundId, own: true });
    if (!checked.waitUntil) return { kind: wrong, params };
    return {
      kind: 'slowed',
      params: { ...params, count: checked.streak ?? 0, until: checked.waitUntil, zone: gameSettings(game).timezone },
    };
  }
  recordAuthFailure(j.db, { game: game.id, player: seat, sender, at, inboundId, own: false });
  tellOfGuessing(j, game, seat, sender, at);
  return { kind: wrong, params };
}

/** The day (UTC) of an instant: the notices of guessing go out once per seat and day. */
function day(at: string): string {
  return at.slice(0, 10);
}

/**
 * Others guess a seat's password: its player and the GM hear of it once a
 * day, with the addresses (an address of another seat of the game is not
 * named to a player: "another player of this game"); a sender over the
 * per-sender limit is told to the GM once a day too.
 */
function tellOfGuessing(j: Judge, game: GameRow, seat: string, sender: string, at: string): void {
  const l = j.config.inbox.authFailures;
  const player = seat === 'gm' || seat.startsWith('unknown:') ? undefined : getPlayer(j.db, game.id, seat);
  if (player || seat === 'gm') {
    const guessers = guessersOf(j.db, game.id, seat, at, l);
    const seats = new Set(
      (j.db.prepare('SELECT lower(email) AS e FROM players WHERE game_id = ?').all(game.id) as { e: string }[]).map(
        (r) => r.e,
      ),
    );
    const data = {
      seat,
      player: player ? { id: player.id, name: player.name } : undefined,
      hours: l.windowHours,
      limit: l.perSeatSender,
    };
    const key = `${seat}:${day(at)}`;
    queueNotice(j, game, 'guessing', key, ['gm'], { ...data, guessers });
    if (player)
      queueNotice(j, game, 'guessing', key, [player], {
        ...data,
        guessers: guessers.map((g) => (seats.has(g.sender) ? { ...g, sender: null } : g)),
      });
  }
  const failures = senderFailureCount(j.db, sender, at, l);
  if (failures >= l.perSender)
    queueNotice(j, game, 'locked', `${sender.toLowerCase()}:${day(at)}`, ['gm'], {
      sender: sender.toLowerCase(),
      failures,
      hours: l.windowHours,
    });
}
