// Dice players can trust (issue 11): every roll of a kind with
// rules.verifiableDice comes from a named stream of a secret the judge
// committed to before rolling, so anyone can recompute it once the secret is
// revealed. The secrets and their commitments:
//
//   the game's seed S (secret; random, 128 bits, unless given by hand)
//   the key of phase n: K_n = the phase row's seed = phaseSeed(S, n, salt)
//     (salt 0; a `judge rerun --reseed` uses 1, 2 …, which a verifier sees)
//   commitment of a secret X: sha256(X) in hex (`printf %s X | sha256sum`)
//
// Streams: "phase:<label>" = sfc32 seeded with "<K_n>/<label>" (rpg: deadline
// rolls "deadline:<player>:<i>", rolls answered at once "instant:<seq>");
// "master:<salt>" = sfc32 seeded with phaseSeed(S, n, salt) (the GM's hidden
// rolls: salt 1000000+seq; a player's hidden roll answered at once:
// 2000000+seq). The k-th further roll of a series (MADNESS series) has the
// stream "<stream>/#k", seeded with "<the first's seed text>/#k". A die of N sides is the next 32-bit output x, redrawn while
// x >= 2^32 - (2^32 mod N), then x mod N + 1 (src/engine/rng.ts).
import type { GameRow } from '../store/games.js';
import type { PhaseRow } from '../store/phases.js';
import { phaseSeed, SeededRng, sha256, type Rng } from './rng.js';
import type { GameEvent } from './types.js';

/** Commitments made so far (a few secrets, each asked for again by every roll answered at once). */
const commitments = new Map<string, string>();

export function commitment(secret: string): string {
  let c = commitments.get(secret);
  if (c === undefined) {
    if (commitments.size >= 256) commitments.clear();
    commitments.set(secret, (c = sha256(secret).toString('hex')));
  }
  return c;
}

/** The salt of a hidden GM roll's stream (as gm-loop.ts rolls it) and of a hidden roll answered at once. */
export const GM_ROLL_SALT = 1_000_000;
export const HIDDEN_INSTANT_SALT = 2_000_000;

/** A stream by name: "phase:<label>" of a phase key, or "master:<salt>" of the game seed. */
export function streamRng(stream: string, phaseKey: string | null, master: string | null, phase: number): Rng {
  const m = /^(phase|master):([^/]+)(\/.*)?$/.exec(stream);
  if (!m) throw new Error(`unknown stream "${stream}"`);
  const tail = m[3] ?? ''; // "/#1": the second roll of a series, forked from the first's stream
  if (m[1] === 'phase') {
    if (phaseKey === null) throw new Error(`stream ${stream}: the key of phase ${phase} is not revealed`);
    return new SeededRng(`${phaseKey}/${m[2]}${tail}`);
  }
  if (master === null) throw new Error(`stream ${stream}: the game's seed is not revealed`);
  if (!/^\d+$/.test(m[2]!)) throw new Error(`stream ${stream}: a master stream is numbered`);
  const base = phaseSeed(master, phase, Number(m[2]));
  return new SeededRng(tail ? `${base}${tail}` : base);
}

/** The stream of a roll answered at once (src/mail/inbound/instant.ts). */
export function instantStream(seq: number, kind: 'phase' | 'master'): string {
  return kind === 'phase' ? `phase:instant:${seq}` : `master:${HIDDEN_INSTANT_SALT + seq}`;
}

export interface DiceModel {
  /** sha256 of the game seed: published before the first roll. */
  masterCommitment: string;
  /** This phase's key (revealed after the phase) and the commitment published before it. */
  key: string;
  commitment: string;
  /** The commitment of the next phase's key (published now, before its rolls). */
  nextCommitment: string | null;
  /** The game seed, once the kind's events include a 'dice-reveal' event. */
  master: string | null;
}

/** What a report of a verifiable kind carries about its dice. */
export function diceModel(
  game: GameRow,
  phase: PhaseRow,
  next: Pick<PhaseRow, 'seed'> | null,
  events: GameEvent[],
): DiceModel {
  const revealed = events.some((e) => e.type === 'dice-reveal');
  return {
    masterCommitment: commitment(game.seed),
    key: phase.seed,
    commitment: commitment(phase.seed),
    nextCommitment: next ? commitment(next.seed) : null,
    master: revealed ? game.seed : null,
  };
}

/** What the commitments of a game are now, for the GM to publish (`judge dice commitment`). */
export function openCommitments(
  game: GameRow,
  phase: PhaseRow,
): { masterCommitment: string; phase: number; commitment: string } {
  return { masterCommitment: commitment(game.seed), phase: phase.number, commitment: commitment(phase.seed) };
}
