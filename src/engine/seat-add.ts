// A player who joins after the start (kinds with rules.addPlayer, e.g. rpg):
// the seat is added to the open phase's state and the store in one
// transaction, with an audit entry, and the new player gets his start mail
// (his password when the judge made it, and the position) — the CLI's
// `judge player add` and any later mail command share this.
import type { Judge } from '../context.js';
import { nowIso } from '../context.js';
import { emailSchema } from '../email.js';
import { nameProblem } from '../render/bidi.js';
import { audit } from '../store/audit.js';
import { getPlayer, insertPlayer, requireGame, type PlayerRow } from '../store/games.js';
import { hashPassword } from '../store/passwords.js';
import { currentPhase } from '../store/phases.js';
import { GmError } from '../errors.js';
import { canonicalJson, stateHash } from './hash.js';
import { playerIdProblem } from './ids.js';
import { getRules } from './kinds.js';
import { generatePassword } from './passwords.js';
import { queueStartMails } from './start.js';
import type { Lang } from './types.js';

export interface NewSeat {
  id: string;
  email: string;
  /** Absent: the judge makes one and mails it to the player alone. */
  password?: string;
  name?: string;
  lang?: Lang;
}

export function addSeat(
  j: Judge,
  gameId: string,
  s: NewSeat,
  actor: string,
  o: { mail?: boolean } = {},
): PlayerRow & { generatedPassword?: string } {
  const g = requireGame(j.db, gameId);
  const problems = [
    playerIdProblem(s.id),
    emailSchema.safeParse(s.email).success ? null : `--email "${s.email}" is not an e-mail address`,
    s.password === undefined || s.password.length >= 4 ? null : 'a password has at least 4 characters',
    s.name !== undefined && nameProblem(s.name) ? `--name ${nameProblem(s.name)}` : null,
  ].filter(Boolean);
  if (problems.length) throw new GmError(problems.join('; '));
  if (getPlayer(j.db, g.id, s.id)) throw new GmError(`game ${g.id} already has a player ${s.id}`);
  const rules = getRules(g.kind);
  if (!rules.addPlayer)
    throw new GmError(`a ${g.kind} game fixes its players in the setup file; they cannot join later`);
  const seat = { id: s.id, name: s.name ?? s.id, email: s.email.toLowerCase(), lang: s.lang ?? g.lang };
  const generated = s.password === undefined ? generatePassword() : undefined;
  // Hashing is slow on purpose: never inside the write transaction mail intake waits on.
  const passwordHash = hashPassword(s.password ?? generated!);
  const row = j.db.transaction(() => {
    const phase = currentPhase(j.db, g.id);
    if (!phase || phase.processed_at) throw new GmError(`game ${g.id} has no open phase`);
    const state = rules.addPlayer!(JSON.parse(phase.state_json), seat);
    j.db
      .prepare('UPDATE phases SET state_json = ?, state_hash = ? WHERE id = ?')
      .run(canonicalJson(state), stateHash(state), phase.id);
    insertPlayer(j.db, { game_id: g.id, ...seat, password_hash: passwordHash, created_at: nowIso(j) });
    audit(j.db, nowIso(j), actor, g.id, 'player.add', { player: s.id, email: seat.email });
    const p = getPlayer(j.db, g.id, s.id)!;
    if (o.mail !== false) queueStartMails(j, g, [p], generated ? { [p.id]: generated } : {}, 'seat');
    return p;
  })();
  return generated ? { ...row, generatedPassword: generated } : row;
}
