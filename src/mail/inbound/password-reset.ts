// Password reset by mail (issue 30). A mail whose first line is
//   RESET <game> <player>          (OBNOVIT …, СБРОС …)
// from anywhere mails a one-time code to the seat's address of record only (the
// sender is told just that a code went there, if the seat exists: a reply never
// says which seats exist). A block from any address
//   GAME <game> <player>
//   RESET <code>
//   PASSWORD <new password>
//   END
// then sets the password once; the GM is told. A wrong code counts like a wrong
// password (the caller's auth-failure path), and a locked seat or sender is not
// checked at all. At most CODES_PER_DAY codes go to a seat in a day. Wrong codes
// also count per seat, from any sender (the sender counts alone are no bound for
// whoever forges many From addresses): after RESET_TRIES of them while the seat
// has live codes, those codes are voided and the address of record is told (the
// password still works; a new code may be asked for within the day's codes).
// The sender's answer stays the wrong password's: it never says whether the seat
// exists or has codes.
import { createHash, randomInt } from 'node:crypto';
import type { Judge } from '../../context.js';
import { nowIso } from '../../context.js';
import { queueNotice } from '../../engine/notices.js';
import { audit } from '../../store/audit.js';
import { guessLimit } from '../../store/auth-failures.js';
import { getGame, getPlayer, isPlaying, type GameRow, type PlayerRow } from '../../store/games.js';
import { hashPassword } from '../../store/passwords.js';
import type { OrderBlock } from './envelope.js';

/** Codes a seat gets in a day, whoever asks: a stranger cannot flood a player with them. */
export const CODES_PER_DAY = 3;
/** How long a code works. */
export const CODE_HOURS = 24;
/** Wrong codes for a seat, from any sender, while it has live codes, that void them all (as CONFIRM's CODE_TRIES). */
export const RESET_TRIES = 5;
/** Digits of a code: 10^8 codes, so that RESET_TRIES guesses against CODES_PER_DAY live codes a day stay hopeless. */
export const CODE_DIGITS = 8;

function digest(code: string): string {
  return createHash('sha256').update(code.trim()).digest('hex');
}

function hoursBefore(at: string, h: number): string {
  return new Date(Date.parse(at) - h * 3_600_000).toISOString();
}

/**
 * RESET <game> <player> as a mail's first line: a code to the seat's address of
 * record (inside the mail's transaction). Returns how many mails it queued; an
 * unknown game or seat, a seat out of the game or over its daily codes queue none.
 */
export function requestReset(j: Judge, inboundId: number, gameId: string, playerId: string): number {
  const game = getGame(j.db, gameId);
  const player = game ? getPlayer(j.db, game.id, playerId) : undefined;
  if (!game || !player || !isPlaying(player) || game.status === 'over') return 0;
  const at = nowIso(j);
  const sent = (
    j.db
      .prepare('SELECT count(*) AS n FROM password_resets WHERE game_id = ? AND player_id = ? AND created_at > ?')
      .get(game.id, player.id, hoursBefore(at, 24)) as { n: number }
  ).n;
  if (sent >= CODES_PER_DAY) return 0;
  const code = String(randomInt(10 ** (CODE_DIGITS - 1), 10 ** CODE_DIGITS));
  j.db
    .prepare('INSERT INTO password_resets (game_id, player_id, code_hash, created_at) VALUES (?, ?, ?, ?)')
    .run(game.id, player.id, digest(code), at);
  audit(j.db, at, 'mail', game.id, 'player.reset-code', { player: player.id, inbound: inboundId });
  return queueNotice(j, game, 'reset-code', `${player.id}:${inboundId}`, [player], {
    code,
    hours: CODE_HOURS,
    player: { id: player.id, name: player.name },
  });
}

/** The code of a block's RESET line, or null when the block has none. */
export function resetCodeOf(b: OrderBlock): string | null {
  return b.commands.find((c) => c.name === 'reset')?.arg ?? null;
}

/** Whether this sender's blocks for the seat go unchecked now (others' wrong passwords and codes for it, or its own for every seat): such a block is not checked. */
export function resetLocked(j: Judge, game: GameRow, b: OrderBlock, sender: string): boolean {
  return !!guessLimit(j.db, game.id, b.player, sender, nowIso(j), j.config.inbox.authFailures);
}

/** A seat's live codes: unspent, not voided, younger than CODE_HOURS (SQL over password_resets, then game and player). */
const LIVE = 'game_id = ? AND player_id = ? AND used_at IS NULL AND voided_at IS NULL AND created_at > ?';

/**
 * A wrong code for a seat (from any sender): each of its live codes counts it;
 * when the oldest has RESET_TRIES, every live code of the seat is voided and the
 * address of record is told, in its language (the number of notices queued). A
 * seat without live codes counts nothing. The sender's answer is not changed.
 */
function missReset(j: Judge, game: GameRow, player: PlayerRow, at: string, sender: string): number {
  const live = [game.id, player.id, hoursBefore(at, CODE_HOURS)];
  const counted = j.db.prepare(`UPDATE password_resets SET misses = misses + 1 WHERE ${LIVE}`).run(...live).changes;
  if (!counted) return 0;
  const r = j.db
    .prepare(`SELECT max(misses) AS misses, max(id) AS last FROM password_resets WHERE ${LIVE}`)
    .get(...live) as { misses: number; last: number };
  if (r.misses < RESET_TRIES) return 0;
  const voided = j.db.prepare(`UPDATE password_resets SET voided_at = ? WHERE ${LIVE}`).run(at, ...live).changes;
  audit(j.db, at, `mail:${sender}`, game.id, 'player.reset-voided', { player: player.id, codes: voided });
  return queueNotice(j, game, 'reset-voided', `${player.id}:${r.last}`, [player], {
    player: { id: player.id, name: player.name },
    tries: RESET_TRIES,
  });
}

/**
 * A block with RESET <code> and PASSWORD <new>: the new password is set when
 * the code is a live one of this seat (the number of notices queued). 'wrong': the caller counts it as a wrong
 * password (and the seat counts it: missReset); 'no-password': the block says no new password (or a short one).
 */
export function applyReset(
  j: Judge,
  game: GameRow,
  player: PlayerRow | undefined,
  b: OrderBlock,
  newHashes: Map<number, string>,
  sender: string,
): number | 'wrong' | 'no-password' {
  const code = resetCodeOf(b);
  if (!player || !code) return 'wrong';
  const at = nowIso(j);
  const row = j.db
    .prepare(`SELECT id FROM password_resets WHERE ${LIVE} AND code_hash = ? ORDER BY id DESC LIMIT 1`)
    .get(game.id, player.id, hoursBefore(at, CODE_HOURS), digest(code)) as { id: number } | undefined;
  if (!row) {
    missReset(j, game, player, at, sender);
    return 'wrong';
  }
  const pw = b.commands.find((c) => c.name === 'password');
  if (!pw?.arg || pw.arg.length < 4) return 'no-password';
  const hash = newHashes.get(pw.line) ?? hashPassword(pw.arg);
  j.db.prepare('UPDATE players SET password_hash = ? WHERE game_id = ? AND id = ?').run(hash, game.id, player.id);
  // The code is spent, and so is every other code of the seat.
  j.db
    .prepare(
      'UPDATE password_resets SET used_at = ? WHERE game_id = ? AND player_id = ? AND used_at IS NULL AND voided_at IS NULL',
    )
    .run(at, game.id, player.id);
  audit(j.db, at, `mail:${sender}`, game.id, 'player.password-reset', { player: player.id });
  // The GM is told; so is the address of record (whoever sent the block).
  return queueNotice(j, game, 'password-reset', `${player.id}:${row.id}`, ['gm', player], {
    player: { id: player.id, name: player.name },
  });
}

/**
 * A block with RESET <code> (ingest.ts): refused as locked or for want of a new
 * password (`refuse`), counted as a wrong password (`refused`), or done; null
 * when the block has no RESET line.
 */
export function resetBlock<R>(
  c: {
    j: Judge;
    game: GameRow;
    player: PlayerRow | undefined;
    b: OrderBlock;
    checked: { newHashes: Map<number, string> };
  },
  sender: string,
  refused: () => R,
  refuse: (kind: 'locked' | 'reset-password') => R,
): R | { outcome: { game: string; player: string; accepted: true; orders: 0; errors: 0 }; queued: number } | null {
  if (resetCodeOf(c.b) === null) return null;
  if (resetLocked(c.j, c.game, c.b, sender)) return refuse('locked');
  const r = applyReset(c.j, c.game, c.player, c.b, c.checked.newHashes, sender);
  if (r === 'wrong') return refused();
  if (r === 'no-password') return refuse('reset-password');
  return { outcome: { game: c.game.id, player: c.player!.id, accepted: true, orders: 0, errors: 0 }, queued: r };
}
