// What a mail's blocks may cost, decided before the write transaction:
// every block's password is checked here (scrypt is slow, and intake must
// never wait on it inside the lock), new passwords are hashed here, and the
// limits of wrong passwords are applied (store/auth-failures.ts), counting the
// mail's own earlier blocks: a sender's blocks for a seat not its own go
// unchecked over the per-(seat, sender) and per-sender limits; a seat's own
// address of record is always checked (its wrong passwords only ask for a
// wait). The transaction then only writes.
//
// A verification runs on libuv's thread pool (every core), and each distinct
// (stored hash, password) is verified once per connection: a run taking a
// thousand mails of one seat checks its password once. Mails read ahead
// (handleUnhandled) start theirs early (prefetchChecks), so the checks of the
// next mails run on the other cores while this one is written; intake's
// worker starts them as soon as it is handed a parsed mail (EarlyChecks).
import { hash, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Judge } from '../../context.js';
import { nowIso } from '../../context.js';
import type { Db } from '../../store/db.js';
import { getGame, getPlayer, type GameRow } from '../../store/games.js';
import { guessLimit, ownFailures, ownWaitUntil, type AuthLimits } from '../../store/auth-failures.js';
import { hashPasswordAsync, verifyPasswordAsync } from '../../store/passwords.js';
import type { OrderBlock } from './envelope.js';

export interface BlockAuth {
  /** The password of the block was checked and is right (against this stored hash). */
  ok: boolean;
  /** The hash it was checked against: the transaction re-checks it is still the one stored. */
  hash: string | null;
  /** Not checked at all: the sender guessed too often for this seat (or for any), and until when. */
  locked: { reason: string; scope: 'seat' | 'sender'; until: string } | null;
  /** New passwords of the block's PASSWORD lines, hashed (by command line). */
  newHashes: Map<number, string>;
  /** The sender is the seat's address of record (the GM's address for a GM block). */
  own?: boolean;
  /** Own, wrong: the wrong passwords in a row from that address with this one (counted) … */
  streak?: number;
  /** … whether this one counts (not while a wait asked for runs) … */
  counted?: boolean;
  /** … and until when the next try should wait (null: no wait). */
  waitUntil?: string | null;
  /** Own, right: earlier own wrong passwords are to be cleared. */
  clearOwn?: boolean;
}

export function authLimits(j: Judge): AuthLimits {
  return j.config.inbox.authFailures;
}

/** Verifications kept per connection; beyond this many the oldest are forgotten (and verified again if needed). */
const KEPT = 20_000;
/**
 * Keys of the kept verifications: a SHA-256 of a secret of this process with
 * the stored hash and the password, never the password itself (a keyed hash
 * made in one call: an HMAC object per look-up cost intake's worker a third
 * of a second for 10,000 mails with passwords).
 */
const MEMO_KEY = randomBytes(32).toString('base64');
const memo = new WeakMap<Db, Map<string, Promise<boolean>>>();

/** The memo's key of a verification. */
function memoKey(password: string, stored: string): string {
  return hash('sha256', `${MEMO_KEY}\0${stored}\0${password}`, 'base64');
}

/** Is this verification kept (done or under way) on this connection? */
function verifying(db: Db, password: string, stored: string): boolean {
  return memo.get(db)?.has(memoKey(password, stored)) ?? false;
}

/** Does password match stored? Verified once per connection, on the thread pool. */
function verifyOnce(db: Db, password: string, stored: string): Promise<boolean> {
  let kept = memo.get(db);
  if (!kept) memo.set(db, (kept = new Map()));
  const key = memoKey(password, stored);
  let p = kept.get(key);
  if (!p) {
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
    p = verifyPasswordAsync(password, stored);
    // A failed verification (it does not fail, short of memory) is not kept: the next block tries again.
    p.catch(() => kept.delete(key));
    kept.set(key, p);
  }
  return p;
}

/** The block's seat: its key for the limits, its stored hash (null: no such seat) and its address of record. */
interface Seat {
  game: GameRow;
  seatKey: string;
  hash: string | null;
  record: string | null;
}

/**
 * The seat a block's password is to be checked for, or null: no password, no
 * such game, a game without a GM password, or a GM block from another address
 * than the GM's (refused as such, its password never looked at).
 */
function seatOf(db: Db, b: OrderBlock, sender: string | null): Seat | null {
  if (b.headerError || !b.password) return null;
  const game = getGame(db, b.game);
  if (!game) return null;
  if (b.kind === 'gm') {
    if (!game.gm_password_hash || !sender || sender !== game.gm_email?.toLowerCase()) return null;
    return { game, seatKey: 'gm', hash: game.gm_password_hash, record: game.gm_email!.toLowerCase() };
  }
  const p = getPlayer(db, game.id, b.player);
  return {
    game,
    seatKey: b.player.toLowerCase(),
    hash: p?.password_hash ?? null,
    record: p?.email.toLowerCase() ?? null,
  };
}

/** Is the sender the seat's own address of record? */
function isOwn(s: Seat, sender: string | null): boolean {
  return !!sender && !!s.record && s.record === sender;
}

/**
 * Blocks whose verification intake's worker started, or queued, as their
 * mail's parse came (EarlyChecks): the read-ahead's prefetch skips them (it
 * looked their seat and its lock up again, for nothing; a queued one starts
 * when the queue gets to it, or at its mail's turn, whichever comes first).
 */
const startedEarly = new WeakSet<OrderBlock>();

/**
 * Start verifying the blocks of a mail that will be handled soon, so that
 * checkBlocks finds them done. A locked seat or sender is skipped (its
 * blocks are never checked): the lock as it stands now; checkBlocks decides
 * with the lock as it stands then.
 */
export function prefetchChecks(j: Judge, blocks: OrderBlock[], sender: string | null): void {
  const at = nowIso(j);
  for (const b of blocks) {
    // Started (or queued) by intake's worker as its parse came: nothing to look up again.
    if (startedEarly.has(b)) continue;
    const s = unlockedSeat(j, b, sender, at);
    if (!s) continue;
    const password = b.password!;
    const stored = s.hash;
    (stored ? verifyOnce(j.db, password, stored) : dummyHash().then((h) => verifyOnce(j.db, password, h))).catch(
      () => {},
    );
  }
}

/**
 * Verifications started far ahead of their mails' turn: intake's worker
 * starts them as the poll's thread hands it each parsed mail (the read-ahead
 * of handleUnhandled is a few mails, and a verification takes longer than
 * handling them), so the thread pool verifies a seat's new password while
 * this thread handles the mails before it. A verification not known yet
 * counts against its seat and its sender until its mail's turn has come
 * (done): at most perSeatSender of them for one seat and perSender for one sender
 * are started that early, as many as the lock lets through, so that a flood
 * of wrong passwords costs no more verifications than before; the others
 * start at their turn, as every verification did. At most one more than
 * there are cores run at a time (the others wait in order), so that the thread pool keeps room for
 * what else runs there (the store's syncs, the verifications of mails whose
 * turn has come).
 */
export class EarlyChecks {
  private readonly open = new Map<string, number>();
  private readonly byMail = new Map<number, string[]>();
  constructor(readonly judge: Judge) {}

  /** Start what mail `id`'s blocks will need. */
  start(id: number, blocks: OrderBlock[], sender: string | null): void {
    const at = nowIso(this.judge);
    const limits = authLimits(this.judge);
    const counted: string[] = [];
    for (const b of blocks) {
      const s = unlockedSeat(this.judge, b, sender, at);
      if (!s?.hash) continue; // unknown seats wait for their turn (a dummy hash)
      if (verifying(this.judge.db, b.password!, s.hash)) {
        startedEarly.add(b);
        continue;
      }
      const seat = `seat\u0000${s.game.id}\u0000${s.seatKey}`;
      const from = `sender\u0000${sender ?? ''}`;
      if (
        (this.open.get(seat) ?? 0) >= limits.perSeatSender ||
        (sender && (this.open.get(from) ?? 0) >= limits.perSender)
      )
        continue;
      for (const k of sender ? [seat, from] : [seat]) {
        this.open.set(k, (this.open.get(k) ?? 0) + 1);
        counted.push(k);
      }
      this.queue.push([b.password!, s.hash]);
      startedEarly.add(b);
    }
    if (counted.length) this.byMail.set(id, counted);
    this.next();
  }

  /** Verifications waiting to start: at most cores + 1 run at a time, so the thread pool keeps room for the store's file work and the turns' own checks. */
  private readonly queue: [password: string, stored: string][] = [];
  private running = 0;
  private readonly most = availableParallelism() + 1;

  private next(): void {
    while (this.running < this.most && this.queue.length) {
      const [password, stored] = this.queue.shift()!;
      // Started meanwhile by its mail's turn: nothing to do.
      if (verifying(this.judge.db, password, stored)) continue;
      this.running++;
      void verifyOnce(this.judge.db, password, stored)
        .catch(() => false)
        .finally(() => {
          this.running--;
          this.next();
        });
    }
  }

  /** Mail `id`'s turn has come: what it started counts no more. */
  done(id: number): void {
    for (const k of this.byMail.get(id) ?? []) {
      const n = (this.open.get(k) ?? 1) - 1;
      if (n > 0) this.open.set(k, n);
      else this.open.delete(k);
    }
    this.byMail.delete(id);
  }

  /** How many early verifications count now (for the tests). */
  get counting(): number {
    return this.byMail.size;
  }
}

/** The block's seat, when it has a password to check now (its own address, or a sender within the limits). */
function unlockedSeat(j: Judge, b: OrderBlock, sender: string | null, at: string): Seat | null {
  const s = seatOf(j.db, b, sender);
  return s && (isOwn(s, sender) || !guessLimit(j.db, s.game.id, s.seatKey, sender ?? '', at, authLimits(j))) ? s : null;
}

/** Check every block's password once, outside any transaction. */
export async function checkBlocks(j: Judge, blocks: OrderBlock[], sender: string | null): Promise<BlockAuth[]> {
  const at = nowIso(j);
  const limits = authLimits(j);
  // The mail's own earlier wrong passwords: per seat from other addresses, in all from this sender, and the seats' own runs.
  const pairFails = new Map<string, number>();
  let senderFails = 0;
  const runs = new Map<string, { count: number; last: string | null }>();
  const out: BlockAuth[] = [];
  for (const b of blocks) {
    const none: BlockAuth = { ok: false, hash: null, locked: null, newHashes: new Map() };
    const s = seatOf(j.db, b, sender);
    if (!s) {
      out.push(none);
      continue;
    }
    const key = `${s.game.id}\u0000${s.seatKey}`;
    const own = isOwn(s, sender);
    if (!own) {
      const locked = guessLimit(j.db, s.game.id, s.seatKey, sender ?? '', at, limits, {
        pair: pairFails.get(key) ?? 0,
        sender: senderFails,
      });
      if (locked) {
        out.push({ ...none, locked });
        continue;
      }
    }
    // An unknown seat costs a verification like a known one (no timing difference).
    const ok = (await verifyOnce(j.db, b.password!, s.hash ?? (await dummyHash()))) && !!s.hash;
    let run = runs.get(key);
    if (own && !run) runs.set(key, (run = ownFailures(j.db, s.game.id, s.seatKey, at, limits)));
    if (!ok) {
      if (own) out.push({ ...none, hash: s.hash, own, ...ownWrong(run!, at, limits) });
      else {
        pairFails.set(key, (pairFails.get(key) ?? 0) + 1);
        senderFails++;
        out.push({ ...none, hash: s.hash, own });
      }
      continue;
    }
    const newHashes = new Map<number, string>();
    for (const c of b.commands)
      if (c.name === 'password' && c.arg && c.arg.length >= 4) newHashes.set(c.line, await hashPasswordAsync(c.arg));
    out.push({ ok, hash: s.hash, locked: null, newHashes, own, clearOwn: own && run!.count > 0 });
    if (own) runs.set(key, { count: 0, last: null });
  }
  return out;
}

/**
 * A wrong password from the seat's own address: counted, unless the wait the
 * last one asked for still runs (then the answer repeats it); after slowAfter
 * in a row each counted one asks for a longer wait. `run` is updated.
 */
function ownWrong(
  run: { count: number; last: string | null },
  at: string,
  l: AuthLimits,
): Pick<BlockAuth, 'streak' | 'counted' | 'waitUntil'> {
  const running = ownWaitUntil(run.count, run.last, l);
  if (running && running > at) return { streak: run.count, counted: false, waitUntil: running };
  run.count++;
  run.last = at;
  return { streak: run.count, counted: true, waitUntil: ownWaitUntil(run.count, at, l) };
}

/** A valid hash of a random password: verifying against it takes as long as against a real one. */
let dummy: Promise<string> | null = null;
function dummyHash(): Promise<string> {
  return (dummy ??= hashPasswordAsync(randomBytes(18).toString('base64')));
}
