// The GM's say over the seats (issue #31), by mail and on the CLI: APPROVE <id>
// and DENY <id> for what waits for him (a sign-up with signup.approve: gm, a
// takeover, an absence over a player's limits), START for a sign-up game with
// its minimum; CONFIRM <game> <code> of an address; and what the clock does on
// every `judge run`: codes not sent back in time lapse (an unconfirmed
// sign-up held no seat, so nothing moves up), sign-up games start, deadlines
// move for absences, and the GM gets a digest of what waits for him, once a
// day at most.
import type { Judge } from '../context.js';
import { nowIso } from '../context.js';
import { audit } from '../store/audit.js';
import { getGame, listGames, type GameRow } from '../store/games.js';
import { awaitingGm, getRequest, requestsOf, setRequest, type SeatRequest } from '../store/seat-requests.js';
import { applyAbsences, grantAbsence } from './absence.js';
import { CODE_TRIES, codeHash, requester, SeatError, seatNotice } from './seat-codes.js';
import { gameSettings } from './settings.js';
import { confirmJoin, lapseReservations, promoteWaiting, requestData, seatPlayer } from './signup.js';
import { startDueSignups } from './signup-start.js';
import { confirmTakeover, handOver, lapseTakeovers } from './takeover.js';
import { message } from '../render/templates.js';

function waiting(j: Judge, gameId: string, id: number): { game: GameRow; r: SeatRequest } {
  const game = getGame(j.db, gameId);
  if (!game) throw new SeatError('no-game', { game: gameId });
  const r = getRequest(j.db, id);
  if (!r || r.game_id !== game.id || r.status !== 'approval') throw new SeatError('no-request', { id });
  return { game, r };
}

/** The GM approves request `id`: the sign-up takes its seat, the takeover is done, the absence granted. */
export function approveRequest(
  j: Judge,
  gameId: string,
  id: number,
  actor: string,
  made?: { password: string; hash: string },
): SeatRequest {
  const { game, r } = waiting(j, gameId, id);
  audit(j.db, nowIso(j), actor, game.id, 'request.approve', { request: id, kind: r.kind });
  if (r.kind === 'join') seatPlayer(j, game, r, actor, made);
  else if (r.kind === 'takeover') handOver(j, game, r, actor);
  else grantAbsence(j, game, r, actor);
  return getRequest(j.db, id)!;
}

/** The GM denies request `id`: its asker is told; a sign-up's seat goes to the waiting list. */
export function denyRequest(j: Judge, gameId: string, id: number, actor: string): SeatRequest {
  const { game, r } = waiting(j, gameId, id);
  const at = nowIso(j);
  setRequest(j.db, r.id, { status: 'refused', decided_at: at, decided_by: actor });
  audit(j.db, at, actor, game.id, 'request.deny', { request: id, kind: r.kind });
  seatNotice(j, game, `denied-${r.kind}`, `${r.id}`, [requester(r)], requestData(game, r, r.lang));
  if (r.kind === 'join') promoteWaiting(j, game, actor);
  return getRequest(j.db, id)!;
}

/**
 * CONFIRM <game> <code> from the address that asked (a sign-up or a
 * takeover): the request goes on. Refused (SeatError) when the address asked
 * for nothing that waits for a code, or the code is wrong (after CODE_TRIES
 * wrong ones, no code is taken for it).
 */
export function confirmRequest(
  j: Judge,
  gameId: string,
  email: string,
  code: string,
  actor: string,
  made?: { password: string; hash: string },
): SeatRequest {
  const game = getGame(j.db, gameId);
  if (!game) throw new SeatError('no-game', { game: gameId });
  const from = email.toLowerCase();
  const r = [
    ...requestsOf(j.db, game.id, 'join', ['pending', 'waiting']),
    ...requestsOf(j.db, game.id, 'takeover', ['pending']),
  ]
    .filter((x) => x.email === from && !x.confirmed_at)
    .sort((a, b) => b.id - a.id)[0];
  if (!r) throw new SeatError('no-request-here', { game: game.id });
  if (r.tries >= CODE_TRIES) throw new SeatError('code-tries', { game: game.id });
  if (codeHash(code) !== r.code_hash) {
    setRequest(j.db, r.id, { tries: r.tries + 1 });
    throw new SeatError('wrong-code', { game: game.id, left: CODE_TRIES - r.tries - 1 });
  }
  return r.kind === 'join' ? confirmJoin(j, game, r, actor, made) : confirmTakeover(j, game, r, actor);
}

/** One line per request waiting for the GM, in the GM's language. */
export function waitingLines(j: Pick<Judge, 'db'>, game: GameRow, lang = gameSettings(game).gmLang): string[] {
  return awaitingGm(j.db, game.id).map((r) =>
    message('common', lang, `seat-line-${r.kind}`, { ...(requestData(game, r, lang) as Record<string, string>) }),
  );
}

/** The GM's digest of what waits for him: once a (UTC) day at most, only when something waits. */
function digest(j: Judge, game: GameRow): boolean {
  const lines = waitingLines(j, game);
  if (!lines.length || !game.gm_email) return false;
  return seatNotice(j, game, 'digest', nowIso(j).slice(0, 10), ['gm'], { lines, count: lines.length }) > 0;
}

export interface SeatsStep {
  game: string;
  what: string;
}

/**
 * What the clock does for the seats on a run (cron's `judge run`): each
 * game's step in a transaction of its own; a failing game does not stop the
 * others (its error is returned with the rest).
 */
export function seatsClock(j: Judge): SeatsStep[] {
  const out: SeatsStep[] = [];
  for (const game of listGames(j.db)) {
    if (game.status === 'over') continue;
    try {
      j.db.transaction(() => {
        const lapsed = lapseReservations(j, game, 'cron') + lapseTakeovers(j, game, 'cron');
        if (lapsed) out.push({ game: game.id, what: `${lapsed} request(s) lapsed unconfirmed` });
        const moved = applyAbsences(j, game);
        if (moved) out.push({ game: game.id, what: `deadline moved to ${moved} for an absence` });
        if (digest(j, game)) out.push({ game: game.id, what: 'digest of what waits for the GM' });
      })();
    } catch (e) {
      out.push({ game: game.id, what: `FAILED: ${(e as Error).message}` });
    }
  }
  try {
    for (const s of startDueSignups(j)) out.push({ game: s.game, what: `${s.action}: ${s.detail}` });
  } catch (e) {
    out.push({ game: '-', what: `starting sign-up games FAILED: ${(e as Error).message}` });
  }
  return out;
}
