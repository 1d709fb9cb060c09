// The GM's levers, shared by the CLI and GM commands by mail: pause and
// resume, move a deadline, hand a position over, eject, end a game, resend a
// report. Each is one transaction with an audit entry and tells the players.
import { GmError } from '../errors.js';
import type { Judge } from '../context.js';
import { nowIso } from '../context.js';
import { getRules } from './kinds.js';
import { revokeWebLinks } from '../store/web-links.js';
import { audit } from '../store/audit.js';
import { clearSeat, clearSender } from '../store/auth-failures.js';
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
import { mailContent } from '../render/templates.js';
import { nameProblem } from '../render/bidi.js';
import { queueFinalMails, renderFinalMails, storedFinal } from './final.js';
import { generatePassword } from './passwords.js';
import { positionMail, positionPhase, queueStartMails } from './start.js';
import { checkNewDeadline, lostReminders, type LostReminder } from './deadline.js';
import { leaveSignup } from './signup.js';

function playing(j: Judge, game: GameRow): PlayerRow[] {
  return listPlayers(j.db, game.id).filter(isPlaying);
}

function openPhase(j: Judge, game: GameRow) {
  const p = currentPhase(j.db, game.id);
  if (!p || p.processed_at) throw new GmError(`game ${game.id} has no open phase`, 'no-phase');
  return p;
}

export function pauseGame(j: Judge, gameId: string, actor: string): void {
  const game = requireGame(j.db, gameId);
  if (game.status !== 'active')
    throw new GmError(`game ${gameId} is ${game.status}, not active`, `not-active-${game.status}`);
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
  if (game.status !== 'paused' || !game.paused_at) throw new GmError(`game ${gameId} is not paused`, 'not-paused');
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

/** A new deadline for the open phase, and the reminders it leaves without their time. */
export interface MovedDeadline {
  deadline: string;
  lost: LostReminder[];
}

/**
 * A new deadline for the open phase: refused when already past (unless force)
 * or more than a game's longest duration ahead (DeadlineError). Players and
 * the GM are told the new time; the GM also of reminders that can no longer go
 * out on time.
 */
export function moveDeadline(j: Judge, gameId: string, to: Date, actor: string, force = false): MovedDeadline {
  const game = requireGame(j.db, gameId);
  const now = j.clock();
  const at = now.toISOString();
  const settings = gameSettings(game);
  return j.db.transaction(() => {
    const p = openPhase(j, game);
    checkNewDeadline(to, now, force);
    const deadline = to.toISOString();
    const lost = lostReminders(settings.schedule, p.created_at, p.deadline, deadline, now);
    setDeadline(j.db, p.id, deadline);
    audit(j.db, at, actor, gameId, 'phase.deadline', {
      phase: p.number,
      from: p.deadline,
      to: deadline,
      ...(force ? { force } : {}),
      ...(lost.length ? { lostReminders: lost } : {}),
    });
    queueNotice(
      j,
      game,
      'deadline',
      `${p.id}:${deadline}`,
      ['gm', ...playing(j, game)],
      {
        deadline,
        phase: { number: p.number, label: p.label },
        // Only the GM's notice shows them (notice-deadline.hbs).
        lostReminders: lost.map((r) => ({ hours: r.before / 3_600_000, beforeOpen: r.why === 'before-open' })),
      },
      settings.timezone,
    );
    return { deadline, lost };
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
  seat: { email: string; password?: string; name?: string; lang?: PlayerRow['lang']; gender?: Gender },
  actor: string,
): PlayerRow & { generatedPassword?: string } {
  const game = requireGame(j.db, gameId);
  const old = getPlayer(j.db, gameId, playerId);
  if (!old) throw new GmError(`game ${gameId} has no player ${playerId}`, 'no-player', { player: playerId });
  const badName = nameProblem(seat.name);
  if (badName) throw new GmError(`--name ${badName}`, 'bad-name');
  const at = nowIso(j);
  // Without a password the judge makes one and mails it to the new player alone (start.ts).
  const generated = seat.password ? undefined : generatePassword();
  // Hashing is slow on purpose: done before the write transaction that mail intake waits on.
  const passwordHash = hashPassword(seat.password ?? generated!);
  const row = j.db.transaction(() => {
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
      ...(generated ? { password: 'generated' } : {}),
    });
    const after = { ...game, setup_json: setupJson };
    const about = { id: old.id, name: next.name, gender };
    // The GM hears who plays it now; the outgoing player, in his own language, only that it is handed over (no address).
    queueNotice(j, after, 'replaced', `${old.id}:${at}`, ['gm'], {
      player: about,
      from: old.email,
      to: next.email,
      handover: true,
    });
    if (old.email !== next.email)
      queueNotice(j, after, 'replaced', `${old.id}:${at}`, [{ email: old.email, lang: old.lang }], {
        player: about,
        handover: true,
        outgoing: true,
      });
    // The new player: his password (when the judge made it) and the position as it stands now.
    const now = getPlayer(j.db, gameId, old.id)!;
    queueStartMails(j, after, [now], generated ? { [now.id]: generated } : {}, 'handover');
    return now;
  })();
  return generated ? { ...row, generatedPassword: generated } : row;
}

/** Lift a lockout after wrong passwords: of a seat (also a name that is no seat), of a sender address, or both. */
export function unlock(
  j: Judge,
  gameId: string,
  target: { player?: string; sender?: string },
  actor: string,
): { player?: number; sender?: number } {
  const game = requireGame(j.db, gameId);
  const at = nowIso(j);
  return j.db.transaction(() => {
    const out: { player?: number; sender?: number } = {};
    if (target.player) {
      out.player = clearSeat(j.db, game.id, target.player, at);
      audit(j.db, at, actor, game.id, 'player.unlock', { player: target.player, cleared: out.player });
    }
    if (target.sender) {
      out.sender = clearSender(j.db, target.sender, at);
      audit(j.db, at, actor, game.id, 'sender.unlock', { sender: target.sender.toLowerCase(), cleared: out.sender });
    }
    return out;
  })();
}

export function ejectPlayer(j: Judge, gameId: string, playerId: string, actor: string): void {
  const game = requireGame(j.db, gameId);
  const p = getPlayer(j.db, gameId, playerId);
  if (!p) throw new GmError(`game ${gameId} has no player ${playerId}`, 'no-player', { player: playerId });
  const at = nowIso(j);
  j.db.transaction(() => {
    j.db.prepare("UPDATE players SET status = 'ejected' WHERE game_id = ? AND id = ?").run(gameId, p.id);
    revokeWebLinks(j.db, gameId, p.id, at);
    audit(j.db, at, actor, gameId, 'player.eject', { player: p.id });
    queueNotice(j, game, 'ejected', `${p.id}:${at}`, ['gm', p], { player: { id: p.id, name: p.name } });
    // Before a sign-up game starts, the seat goes to the waiting list (issue #31).
    if (game.status === 'signup') leaveSignup(j, game, p, actor);
  })();
}

/** End a game: every player and the GM get the final mail with the result (final.ts). */
export function endGame(j: Judge, gameId: string, actor: string): number {
  const game = requireGame(j.db, gameId);
  if (game.status === 'over') throw new GmError(`game ${gameId} is over already`, 'over');
  const at = nowIso(j);
  const f = storedFinal(j.db, gameId);
  const mails = f ? renderFinalMails(j, game, f, true) : [];
  return j.db.transaction(() => {
    setGameStatus(j.db, gameId, 'over');
    audit(j.db, at, actor, gameId, 'game.end');
    return queueFinalMails(j, game, mails);
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
  const who = reader === 'gm' ? 'gm' : getPlayer(j.db, gameId, reader);
  if (!who) throw new GmError(`game ${gameId} has no player ${reader}`, 'no-player', { player: reader });
  // Before the first phase is processed the last report is the start: the position as it stands (no password).
  const start = !phase && phaseNumber === undefined && processed.length === 0;
  if (!phase && !start)
    throw new GmError(
      phaseNumber === undefined
        ? `no phase of ${gameId} is processed yet`
        : `phase ${phaseNumber} of ${gameId} is not processed`,
      'not-processed',
      { phase: phaseNumber ?? 0 },
    );
  const to = who === 'gm' ? game.gm_email : who.email;
  if (!to) throw new GmError(`game ${gameId} has no GM address`, 'no-gm');
  const mail = phase
    ? reportMail({
        rules: getRules(game.kind),
        game,
        phase,
        next: livePhase(j.db, gameId, phase.number + 1)!,
        events: JSON.parse(phase.events_json ?? '[]'),
        reader: who,
        correction: false,
        db: j.db,
      })
    : positionMail(j, game, who);
  const at = nowIso(j);
  const key = phase ? phase.id : `start:${positionPhase(j, gameId)?.id}`;
  return j.db.transaction(() => {
    const n = (
      j.db.prepare("SELECT count(*) AS n FROM audit WHERE game_id = ? AND action = 'report.resend'").get(gameId) as {
        n: number;
      }
    ).n;
    const r = enqueue(
      j.db,
      {
        dedupeKey: `resend:${gameId}:${key}:${reader}:${n}`,
        gameId,
        phase: phase?.number ?? 0,
        kind: 'report',
        to: [to],
        ...mailContent(mail),
      },
      j.domain,
      at,
    );
    audit(j.db, at, actor, gameId, 'report.resend', { reader, phase: phase?.number ?? 0 });
    return r.id;
  })();
}
