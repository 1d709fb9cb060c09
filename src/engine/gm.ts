// The GM's levers, shared by the CLI and GM commands by mail: pause and
// resume, move a deadline, hand a position over, eject, end a game, resend a
// report. Each is one transaction with an audit entry and tells the players.
import { InputError } from '../errors.js';
import type { Judge } from '../context.js';
import { nowIso } from '../context.js';
import { getRules } from './kinds.js';
import { revokeWebLinks } from '../store/web-links.js';
import { audit } from '../store/audit.js';
import {
  getPlayer,
  isPlaying,
  listPlayers,
  requireGame,
  seatOf,
  setGameStatus,
  type GameRow,
  type PlayerRow,
} from '../store/games.js';
import { enqueue } from '../store/outbox.js';
import { hashPassword } from '../store/passwords.js';
import { currentPhase, livePhase, livePhases, setDeadline } from '../store/phases.js';
import { canonicalJson, stateHash } from './hash.js';
import { queueNotice } from './notices.js';
import { gameSettings } from './settings.js';
import { genderedSeat, playerGender, setupWithSeat, type Gender } from './seats.js';
import { reportMail } from './reports.js';
import { nameProblem } from '../render/bidi.js';

/** A GM command that cannot be done as asked (no such player, not paused, …). */
export class GmError extends InputError {}

function playing(j: Judge, game: GameRow): PlayerRow[] {
  return listPlayers(j.db, game.id).filter(isPlaying);
}

function openPhase(j: Judge, game: GameRow) {
  const p = currentPhase(j.db, game.id);
  if (!p || p.processed_at) throw new GmError(`game ${game.id} has no open phase`);
  return p;
}

export function pauseGame(j: Judge, gameId: string, actor: string): void {
  const game = requireGame(j.db, gameId);
  if (game.status !== 'active') throw new GmError(`game ${gameId} is ${game.status}, not active`);
  const at = nowIso(j);
  j.db.transaction(() => {
    j.db.prepare("UPDATE games SET status = 'paused', paused_at = ? WHERE id = ?").run(at, gameId);
    audit(j.db, at, actor, gameId, 'game.pause');
    queueNotice(j, game, 'paused', at, ['gm', ...playing(j, game)], {}, gameSettings(game).timezone);
  })();
}

/** Resume: the open phase's deadline moves by as long as the game was paused. */
export function resumeGame(j: Judge, gameId: string, actor: string): string | null {
  const game = requireGame(j.db, gameId);
  if (game.status !== 'paused' || !game.paused_at) throw new GmError(`game ${gameId} is not paused`);
  const at = nowIso(j);
  const pausedFor = Date.parse(at) - Date.parse(game.paused_at);
  return j.db.transaction(() => {
    const p = currentPhase(j.db, gameId);
    let deadline: string | null = null;
    if (p && !p.processed_at && p.deadline) {
      deadline = new Date(Date.parse(p.deadline) + pausedFor).toISOString();
      setDeadline(j.db, p.id, deadline);
    }
    j.db.prepare("UPDATE games SET status = 'active', paused_at = NULL WHERE id = ?").run(gameId);
    audit(j.db, at, actor, gameId, 'game.resume', { pausedMs: pausedFor, deadline });
    queueNotice(j, game, 'resumed', at, ['gm', ...playing(j, game)], { deadline }, gameSettings(game).timezone);
    return deadline;
  })();
}

/** A new deadline for the open phase: by a duration, or to a time. */
export function moveDeadline(j: Judge, gameId: string, to: Date, actor: string): string {
  const game = requireGame(j.db, gameId);
  const at = nowIso(j);
  return j.db.transaction(() => {
    const p = openPhase(j, game);
    const deadline = to.toISOString();
    setDeadline(j.db, p.id, deadline);
    audit(j.db, at, actor, gameId, 'phase.deadline', { phase: p.number, from: p.deadline, to: deadline });
    queueNotice(
      j,
      game,
      'deadline',
      `${p.id}:${deadline}`,
      ['gm', ...playing(j, game)],
      { deadline, phase: { number: p.number, label: p.label } },
      gameSettings(game).timezone,
    );
    return deadline;
  })();
}

export function currentDeadline(j: Judge, gameId: string): string | null {
  const game = requireGame(j.db, gameId);
  return openPhase(j, game).deadline;
}

/** Hand a position to someone else ("Hru je mozno kdykoli predat nekomu jinemu"): the position goes on. */
export function replacePlayer(
  j: Judge,
  gameId: string,
  playerId: string,
  seat: { email: string; password: string; name?: string; lang?: PlayerRow['lang']; gender?: Gender },
  actor: string,
): PlayerRow {
  const game = requireGame(j.db, gameId);
  const old = getPlayer(j.db, gameId, playerId);
  if (!old) throw new GmError(`game ${gameId} has no player ${playerId}`);
  const badName = nameProblem(seat.name);
  if (badName) throw new GmError(`--name ${badName}`);
  const at = nowIso(j);
  // Hashing is slow on purpose: done before the write transaction that mail intake waits on.
  const passwordHash = hashPassword(seat.password);
  return j.db.transaction(() => {
    const next = { ...old, email: seat.email.toLowerCase(), name: seat.name ?? old.name, lang: seat.lang ?? old.lang };
    j.db
      .prepare(
        "UPDATE players SET email = ?, name = ?, lang = ?, password_hash = ?, status = 'active', nmr_streak = 0 WHERE game_id = ? AND id = ?",
      )
      .run(next.email, next.name, next.lang, passwordHash, gameId, old.id);
    // The seat's gender: the one given, else the new name's (the stored setup keeps the seat's name and gender).
    const setupJson = setupWithSeat(game.setup_json, old.id, next.name, seat.gender);
    j.db.prepare('UPDATE games SET setup_json = ? WHERE id = ?').run(setupJson, gameId);
    const gender = playerGender({ setup_json: setupJson }, next);
    const rules = getRules(game.kind);
    const p = currentPhase(j.db, gameId);
    if (rules.replacePlayer && p && !p.processed_at) {
      const state = rules.replacePlayer(JSON.parse(p.state_json), genderedSeat(seatOf(next), seat.gender));
      j.db
        .prepare('UPDATE phases SET state_json = ?, state_hash = ? WHERE id = ?')
        .run(canonicalJson(state), stateHash(state), p.id);
    }
    // The old player's secret web link must not show the new player's reports.
    revokeWebLinks(j.db, gameId, old.id, at);
    audit(j.db, at, actor, gameId, 'player.replace', {
      player: old.id,
      from: old.email,
      to: next.email,
      ...(next.name !== old.name ? { name: next.name } : {}),
      ...(seat.gender ? { gender: seat.gender } : {}),
    });
    queueNotice(j, { ...game, setup_json: setupJson }, 'replaced', `${old.id}:${at}`, ['gm', old.email, next], {
      player: { id: old.id, name: next.name, gender },
      from: old.email,
      to: next.email,
      handover: true,
    });
    return getPlayer(j.db, gameId, old.id)!;
  })();
}

export function ejectPlayer(j: Judge, gameId: string, playerId: string, actor: string): void {
  const game = requireGame(j.db, gameId);
  const p = getPlayer(j.db, gameId, playerId);
  if (!p) throw new GmError(`game ${gameId} has no player ${playerId}`);
  const at = nowIso(j);
  j.db.transaction(() => {
    j.db.prepare("UPDATE players SET status = 'ejected' WHERE game_id = ? AND id = ?").run(gameId, p.id);
    revokeWebLinks(j.db, gameId, p.id, at);
    audit(j.db, at, actor, gameId, 'player.eject', { player: p.id });
    queueNotice(j, game, 'ejected', `${p.id}:${at}`, ['gm', p], { player: { id: p.id, name: p.name } });
  })();
}

export function endGame(j: Judge, gameId: string, actor: string): void {
  const game = requireGame(j.db, gameId);
  if (game.status === 'over') throw new GmError(`game ${gameId} is over already`);
  const at = nowIso(j);
  j.db.transaction(() => {
    setGameStatus(j.db, gameId, 'over');
    audit(j.db, at, actor, gameId, 'game.end');
    queueNotice(j, game, 'ended', at, ['gm', ...listPlayers(j.db, gameId).filter((p) => p.status !== 'ejected')]);
  })();
}

/** Queue a player's (or the GM's) report of a processed phase again. */
export function resendReport(
  j: Judge,
  gameId: string,
  reader: string,
  phaseNumber: number | undefined,
  actor: string,
): number {
  const game = requireGame(j.db, gameId);
  const processed = livePhases(j.db, gameId).filter((p) => p.processed_at);
  const phase = phaseNumber === undefined ? processed.at(-1) : processed.find((p) => p.number === phaseNumber);
  if (!phase)
    throw new GmError(
      phaseNumber === undefined
        ? `no phase of ${gameId} is processed yet`
        : `phase ${phaseNumber} of ${gameId} is not processed`,
    );
  const who = reader === 'gm' ? 'gm' : getPlayer(j.db, gameId, reader);
  if (!who) throw new GmError(`game ${gameId} has no player ${reader}`);
  const to = who === 'gm' ? game.gm_email : who.email;
  if (!to) throw new GmError(`game ${gameId} has no GM address`);
  const next = livePhase(j.db, gameId, phase.number + 1)!;
  const mail = reportMail({
    rules: getRules(game.kind),
    game,
    phase,
    next,
    events: JSON.parse(phase.events_json ?? '[]'),
    reader: who,
    correction: false,
    db: j.db,
  });
  const at = nowIso(j);
  return j.db.transaction(() => {
    const n = (
      j.db.prepare("SELECT count(*) AS n FROM audit WHERE game_id = ? AND action = 'report.resend'").get(gameId) as {
        n: number;
      }
    ).n;
    const r = enqueue(
      j.db,
      {
        dedupeKey: `resend:${gameId}:${phase.id}:${reader}:${n}`,
        gameId,
        phase: phase.number,
        kind: 'report',
        to: [to],
        subject: mail.subject,
        body: mail.text,
        html: mail.html,
        pictures: mail.pictures,
      },
      j.domain,
      at,
    );
    audit(j.db, at, actor, gameId, 'report.resend', { reader, phase: phase.number });
    return r.id;
  })();
}
