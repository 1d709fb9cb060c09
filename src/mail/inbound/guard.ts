// What a mail's blocks may cost, decided before the write transaction:
// every block's password is checked here (scrypt is slow, and intake must
// never wait on it inside the lock), new passwords are hashed here, and the
// per-seat and per-sender limits of wrong passwords are applied, counting the
// mail's own earlier blocks. The transaction then only writes.
import type { Judge } from '../../context.js';
import { nowIso } from '../../context.js';
import { getGame, getPlayer } from '../../store/games.js';
import { lockReason, type AuthLimits } from '../../store/auth-failures.js';
import { hashPassword, verifyPassword } from '../../store/passwords.js';
import type { OrderBlock } from './envelope.js';

export interface BlockAuth {
  /** The password of the block was checked and is right (against this stored hash). */
  ok: boolean;
  /** The hash it was checked against: the transaction re-checks it is still the one stored. */
  hash: string | null;
  /** Not checked at all: the seat or the sender is locked. */
  locked: string | null;
  /** New passwords of the block's PASSWORD lines, hashed (by command line). */
  newHashes: Map<number, string>;
}

export function authLimits(j: Judge): AuthLimits {
  return j.config.inbox.authFailures;
}

/** Check every block's password once, outside any transaction. */
export function checkBlocks(j: Judge, blocks: OrderBlock[], sender: string | null): BlockAuth[] {
  const at = nowIso(j);
  const limits = authLimits(j);
  const seatFails = new Map<string, number>();
  let senderFails = 0;
  return blocks.map((b): BlockAuth => {
    const none: BlockAuth = { ok: false, hash: null, locked: null, newHashes: new Map() };
    if (b.headerError || !b.password) return none;
    const game = getGame(j.db, b.game);
    if (!game) return none;
    const seatKey = b.kind === 'gm' ? 'gm' : b.player.toLowerCase();
    const locked = lockReason(j.db, game.id, seatKey, sender ?? '', at, limits, { seat: seatFails.get(seatKey) ?? 0, sender: senderFails });
    if (locked) return { ...none, locked };
    const hash = b.kind === 'gm' ? game.gm_password_hash : (getPlayer(j.db, game.id, b.player)?.password_hash ?? null);
    // An unknown seat costs a verification like a known one (no timing difference).
    const ok = verifyPassword(b.password, hash ?? dummyHash()) && !!hash;
    if (!ok) {
      seatFails.set(seatKey, (seatFails.get(seatKey) ?? 0) + 1);
      senderFails++;
      return { ...none, hash };
    }
    const newHashes = new Map<number, string>();
    for (const c of b.commands) if (c.name === 'password' && c.arg && c.arg.length >= 4) newHashes.set(c.line, hashPassword(c.arg));
    return { ok, hash, locked: null, newHashes };
  });
}

/** A valid hash of a random password: verifying against it takes as long as against a real one. */
let dummy: string | null = null;
function dummyHash(): string {
  return (dummy ??= hashPassword(`dummy-${process.pid}-${Date.now()}`));
}
