// Open positions (issue #31). A position abandoned (nmr.abandonAfter missed
// phases in a row) or ejected is open: LIST shows it with what the kind shows
// everybody of it (Rules.publicSeat). `TAKEOVER <game> <seat> [name]` from any
// address asks for it; the address confirms its code (CONFIRM <game> <code>);
// then the GM approves (APPROVE / DENY), or the setup's takeover.approve: auto
// hands it over at once. The handover is the GM's REPLACE (gm.ts
// replacePlayer): the new player gets a password and the position as it
// stands, the one before is told without the new address. The open phase's
// deadline moves so that the new player has takeover.extend to order (within
// the phase's cap).
import type { Judge } from '../context.js';
import { nowIso } from '../context.js';
import { nameProblem } from '../render/bidi.js';
import { audit } from '../store/audit.js';
import { getGame, getPlayer, listPlayers, type GameRow, type PlayerRow } from '../store/games.js';
import { currentPhase } from '../store/phases.js';
import { insertRequest, requestsOf, setRequest, type SeatRequest } from '../store/seat-requests.js';
import { moveForRequest } from './absence.js';
import { replacePlayer } from './gm.js';
import { getRules, reportLang } from './kinds.js';
import { newCode, requester, SeatError, seatNotice } from './seat-codes.js';
import { takeoverOf } from './seat-setup.js';
import { sharedState } from './shared-json.js';
import { askGm } from './signup.js';
import type { Lang } from './types.js';

/** A position anybody may ask for: abandoned or ejected, in a game that runs. */
export function isOpen(game: GameRow, p: PlayerRow): boolean {
  return (game.status === 'active' || game.status === 'paused') && (p.status === 'abandoned' || p.status === 'ejected');
}

export interface OpenPosition {
  game: GameRow;
  player: PlayerRow;
  /** What everybody may know of it (Rules.publicSeat), in the reader's language; '' when the kind says nothing. */
  shown: string;
}

/** A game's open positions, with what the kind shows publicly of each. */
export function openPositions(j: Pick<Judge, 'db'>, game: GameRow, lang: Lang): OpenPosition[] {
  const open = listPlayers(j.db, game.id).filter((p) => isOpen(game, p));
  if (!open.length) return [];
  const rules = getRules(game.kind);
  const phase = currentPhase(j.db, game.id);
  const state = phase ? sharedState(phase) : null;
  const shownIn = reportLang(rules, lang);
  return open.map((player) => ({
    game,
    player,
    shown: state && rules.publicSeat ? rules.publicSeat(state, player.id, shownIn) : '',
  }));
}

/**
 * TAKEOVER: a request for an open position from this address, with the code
 * it must send back. Refused (SeatError) when there is no such game or open
 * position, or the address is the GM's, another player's of the game, or
 * asks for it already. Inside the caller's transaction.
 */
export function requestTakeover(
  j: Judge,
  input: { gameId: string; email: string; seat: string; name: string; lang: Lang; actor: string },
): { request: SeatRequest; code: string } {
  const game = getGame(j.db, input.gameId);
  if (!game) throw new SeatError('no-game', { game: input.gameId });
  const g = { game: game.id, seat: input.seat };
  const p = getPlayer(j.db, game.id, input.seat);
  if (!p || !isOpen(game, p)) throw new SeatError('not-open', g);
  const email = input.email.toLowerCase();
  if (game.gm_email && email === game.gm_email.toLowerCase()) throw new SeatError('gm-address', g);
  if (listPlayers(j.db, game.id).some((x) => x.id !== p.id && x.status !== 'ejected' && x.email === email))
    throw new SeatError('other-seat', g);
  if (requestsOf(j.db, game.id, 'takeover', ['pending', 'approval']).some((r) => r.email === email))
    throw new SeatError('already', g);
  const name = input.name || p.name;
  if (name.length > 64 || nameProblem(name)) throw new SeatError('bad-name', g);
  const at = nowIso(j);
  const { code, hash } = newCode();
  const request = insertRequest(j.db, {
    game_id: game.id,
    kind: 'takeover',
    email,
    name,
    lang: input.lang,
    seat: p.id,
    status: 'pending',
    code_hash: hash,
    expires_at: new Date(Date.parse(at) + takeoverOf(game).confirm).toISOString(),
    created_at: at,
  });
  audit(j.db, at, input.actor, game.id, 'takeover.ask', { request: request.id, seat: p.id, email });
  return { request, code };
}

/** The address sent the takeover's code back: to the GM, or handed over at once (takeover.approve: auto). */
export function confirmTakeover(j: Judge, game: GameRow, r: SeatRequest, actor: string): SeatRequest {
  const at = nowIso(j);
  setRequest(j.db, r.id, { confirmed_at: at });
  audit(j.db, at, actor, game.id, 'takeover.confirm', { request: r.id });
  const now = { ...r, confirmed_at: at };
  if (takeoverOf(game).approve === 'gm') {
    setRequest(j.db, r.id, { status: 'approval' });
    askGm(j, game, { ...now, status: 'approval' });
  } else handOver(j, game, now, actor);
  return { ...now, status: takeoverOf(game).approve === 'gm' ? 'approval' : 'done' };
}

/**
 * The takeover is done: the position handed over (the GM's REPLACE), the
 * deadline moved for the new player, other requests for it closed. A position
 * no longer open (its player came back, someone else took it) refuses it.
 */
export function handOver(j: Judge, game: GameRow, r: SeatRequest, actor: string): void {
  const at = nowIso(j);
  const p = getPlayer(j.db, game.id, r.seat ?? '');
  const fresh = getGame(j.db, game.id)!;
  if (!p || !isOpen(fresh, p)) {
    setRequest(j.db, r.id, { status: 'refused', decided_at: at, decided_by: actor });
    seatNotice(j, game, 'takeover-gone', `${r.id}`, [requester(r)], { seat: r.seat });
    return;
  }
  replacePlayer(j, game.id, p.id, { email: r.email, name: r.name ?? p.name, lang: r.lang }, actor);
  setRequest(j.db, r.id, { status: 'done', decided_at: at, decided_by: actor });
  audit(j.db, at, actor, game.id, 'takeover.done', { request: r.id, seat: p.id });
  for (const other of requestsOf(j.db, game.id, 'takeover', ['pending', 'approval']).filter((x) => x.seat === p.id)) {
    setRequest(j.db, other.id, { status: 'closed', decided_at: at, decided_by: actor });
    seatNotice(j, game, 'takeover-gone', `${other.id}`, [requester(other)], { seat: p.id });
  }
  const phase = currentPhase(j.db, game.id);
  if (phase && fresh.status === 'active')
    moveForRequest(j, fresh, phase, r, Date.parse(at) + takeoverOf(game).extend, 'takeover-moved');
}

/** Takeovers whose code was not sent back in time lapse. */
export function lapseTakeovers(j: Judge, game: GameRow, actor: string): number {
  const at = nowIso(j);
  const lapsed = requestsOf(j.db, game.id, 'takeover', ['pending']).filter((r) => r.expires_at && r.expires_at <= at);
  for (const r of lapsed) {
    setRequest(j.db, r.id, { status: 'lapsed', decided_at: at, decided_by: actor });
    seatNotice(j, game, 'lapsed', `${r.id}`, [requester(r)], {});
  }
  return lapsed.length;
}
