// A sign-up game starts (issue #31): by itself from `judge run` when its seats
// are full, or at signup.closes with at least signup.min players, or when the
// GM says START (with the minimum). Only seated players count: a sign-up that
// waits for its CONFIRM (or for the GM's APPROVE) is nobody yet. The kind deals what it deals at the start
// from the game's seed — the seats in an order shuffled by the seed (FanDi
// gives the setup's gods in that order), Godfather's roles and characters by
// its own deal — so the start is reproducible; phase 1 opens with its deadline
// counted from now (or schedule.start), and everybody gets the start mail.
import type { Judge } from '../context.js';
import { nowIso } from '../context.js';
import { audit } from '../store/audit.js';
import { getGame, listPlayers, seatOf, setGameStatus, type GameRow, type PlayerRow } from '../store/games.js';
import { insertPhase } from '../store/phases.js';
import { requestsOf, setRequest } from '../store/seat-requests.js';
import { canonicalJson, stateHash } from './hash.js';
import { getRules } from './kinds.js';
import { deadlineFor } from './next-deadline.js';
import { phaseSeed, SeededRng } from './rng.js';
import { requester, SeatError, seatNotice } from './seat-codes.js';
import { genderedSeat } from './seats.js';
import { signupView } from './signup.js';
import { queueStartMails } from './start.js';

/** The seed stream the seats' order comes from (apart from the kind's own deal at phase 0). */
const SEATS_SALT = 31;

/** The players a sign-up game starts with: its seated players, in the order the seed deals them. */
function dealtSeats(game: GameRow, players: PlayerRow[], named: boolean): PlayerRow[] {
  const seated = players.filter((p) => p.status === 'active').sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return named ? seated : new SeededRng(phaseSeed(game.seed, 0, SEATS_SALT)).shuffle(seated);
}

/**
 * Start a sign-up game now with the players it has: refused (SeatError) when it
 * is not open for sign-up or has fewer than its minimum. Returns the number of
 * mails queued.
 */
export function startSignup(j: Judge, gameId: string, actor: string): number {
  const game = getGame(j.db, gameId);
  if (!game) throw new SeatError('no-game', { game: gameId });
  const view = signupView(j, game);
  if (!view) throw new SeatError('started', { game: game.id });
  if (view.seated < view.signup.min)
    throw new SeatError('too-few', { game: game.id, count: view.seated, min: view.signup.min });
  const rules = getRules(game.kind);
  const at = nowIso(j);
  const seats = dealtSeats(game, listPlayers(j.db, game.id), !!view.signup.named);
  const setup = JSON.parse(game.setup_json) as Record<string, unknown> & { game?: unknown };
  const state = rules.setup(
    setup.game ?? {},
    seats.map((p) => genderedSeat(seatOf(p), undefined)),
    new SeededRng(phaseSeed(game.seed, 0)),
  );
  const info = rules.phase(state);
  const setupJson = JSON.stringify({
    ...setup,
    seats: seats.map((p) => ({ id: p.id, name: p.name, email: p.email, lang: p.lang })),
  });
  return j.db.transaction(() => {
    j.db.prepare('UPDATE games SET setup_json = ? WHERE id = ?').run(setupJson, game.id);
    setGameStatus(j.db, game.id, 'active');
    const started = getGame(j.db, game.id)!;
    insertPhase(j.db, {
      game_id: game.id,
      number: 1,
      kind: info.kind,
      label: info.label,
      deadline: deadlineFor(j, started, info.kind, null),
      seed: phaseSeed(game.seed, 1),
      state_json: canonicalJson(state),
      state_hash: stateHash(state),
      created_at: at,
    });
    let n = 0;
    // Whoever still waits for a seat is told the game started without him; a
    // sign-up never confirmed ends unsaid (its address never showed it reads its mail).
    for (const r of requestsOf(j.db, game.id, 'join', ['pending', 'waiting', 'approval'])) {
      setRequest(j.db, r.id, { status: 'closed', decided_at: at, decided_by: actor });
      if (r.confirmed_at) n += seatNotice(j, started, 'closed', `${r.id}`, [requester(r)], {});
    }
    audit(j.db, at, actor, game.id, 'game.start', { seats: seats.map((p) => p.id) });
    n += queueStartMails(
      j,
      started,
      listPlayers(j.db, game.id).filter((p) => p.status === 'active'),
      {},
      'signup',
    );
    return n;
  })();
}

export interface SignupStep {
  game: string;
  action: 'started' | 'short' | 'failed';
  detail: string;
}

/**
 * The sign-up games that start now: full, or past `closes` with their
 * minimum. One past `closes` without it stays open (JOIN still taken) and
 * starts as soon as it has its minimum; the GM is told once.
 */
export function startDueSignups(j: Judge, actor = 'cron'): SignupStep[] {
  const out: SignupStep[] = [];
  const now = j.clock().getTime();
  const ids = (j.db.prepare("SELECT id FROM games WHERE status = 'signup' ORDER BY id").all() as { id: string }[]).map(
    (r) => r.id,
  );
  for (const id of ids) {
    const game = getGame(j.db, id)!;
    const view = signupView(j, game);
    if (!view) continue;
    const closed = !!view.signup.closesAt && view.signup.closesAt.getTime() <= now;
    const full = view.seated >= view.signup.count;
    if (full || (closed && view.seated >= view.signup.min)) {
      try {
        const mails = startSignup(j, id, actor);
        out.push({ game: id, action: 'started', detail: `${view.seated} players, ${mails} mail(s)` });
      } catch (e) {
        out.push({ game: id, action: 'failed', detail: (e as Error).message });
      }
    } else if (closed) {
      const told = seatNotice(j, game, 'short', 'closes', ['gm'], { count: view.seated, min: view.signup.min });
      if (told)
        out.push({ game: id, action: 'short', detail: `${view.seated} of at least ${view.signup.min} players` });
    }
  }
  return out;
}
