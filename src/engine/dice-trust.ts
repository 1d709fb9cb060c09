// Dice players can trust (issues 11, 29, 35): every roll of a kind with
// rules.verifiableDice comes from a named stream of a secret the judge
// committed to before rolling, and from the request it answers, so anyone can
// recompute it once the secret is revealed. The secrets and their commitments:
//
//   the game's seed S (secret; 128 random bits, a hand-given seed combined with them)
//   the key of phase n: K_n = the phase row's seed = phaseSeed(S, n, salt)
//     (salt 0; a `judge rerun --reseed` uses 1, 2 …, which a verifier sees)
//   commitment of a secret X: sha256(X) in hex (`printf %s X | sha256sum`)
//
// Streams: "phase:<label>" = the text "<K_n>/<label>" (rpg: deadline rolls
// "deadline:<player>:<i>", rolls answered at once "instant:<seq>");
// "master:<salt>" = the text phaseSeed(S, n, salt) (the GM's hidden rolls: salt
// 1000000+seq; a player's hidden roll answered at once: 2000000+seq). The k-th
// further roll of a series (MADNESS series) has the stream "<stream>/#k", the
// text "<the first's text>/#k". A roll's dice are drawn from sfc32 seeded with
// "<the stream's text>/<its request>": the request (who, what kind, the spec, the
// mechanic with every modifier and difficulty) as the canonical JSON the #dice
// line shows, so a request changed after the roll no longer matches its dice. A
// die of N sides is the next 32-bit output x, redrawn while x >= 2^32 - (2^32
// mod N), then x mod N + 1 (src/engine/rng.ts).
//
// Each round's key line carries "rolls", a digest of every roll of the round
// (hidden ones included) salted with S: once S is revealed, a log with a roll
// removed, added or changed, or a round left out, no longer matches what each
// round's report published. games/rpg/RULES.md, "Verifying the dice", is the
// recipe in words; tests/dice/recipe.test.ts follows it without this code.
import type { GameRow } from '../store/games.js';
import type { PhaseRow } from '../store/phases.js';
import { canonicalJson } from './hash.js';
import { phaseSeed, SeededRng, SFC32_DISCARD, sha256, type Rng } from './rng.js';
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

/** The version of the #dice lines: 2 commits the request with its dice and each round's rolls in its key line. */
export const DICE_LINE_VERSION = 2;

/** What a roll answered: who asked, the kind of roll, the spec as echoed, the mechanic with every number it used. */
export interface RollRequest {
  by: string;
  kind: string;
  spec: string;
  mechanic: unknown;
}

/** The request's text in a stream's seed: canonical JSON, as the #dice line shows it. */
export function requestText(r: RollRequest): string {
  return canonicalJson({ by: r.by, kind: r.kind, mechanic: r.mechanic, spec: r.spec });
}

/** The stream a request's dice come from: `<the stream's text>/<the request>` (forced dice pass straight through). */
export function requestRng(stream: Rng, r: RollRequest): Rng {
  return stream.fork ? stream.fork(requestText(r)) : stream;
}

/** A roll as a kind's event records it: the fields of its #dice line. */
export interface RollEvent {
  phase?: number;
  stream?: string;
  player?: string;
  kind?: string;
  spec?: string;
  mechanic?: unknown;
  draws?: unknown;
  result?: number;
  outcome?: unknown;
  hidden?: boolean;
}

/** An event that is a roll from a named stream (it has a #dice line). */
export function isRollEvent(e: unknown): e is RollEvent & { stream: string } {
  const r = e as RollEvent;
  return !!r && typeof r.stream === 'string' && !!r.draws && r.mechanic !== undefined;
}

/** One roll as the line `judge dice verify` reads: the request, the stream, every die drawn, what came of it. */
export function rollLine(e: RollEvent, phase: number): string {
  return `#dice ${canonicalJson({
    v: DICE_LINE_VERSION,
    phase: e.phase ?? phase,
    stream: e.stream,
    request: { by: e.player ?? '', kind: e.kind ?? '', mechanic: e.mechanic, spec: e.spec ?? '' },
    draws: e.draws,
    result: e.result,
    outcome: e.outcome ?? null,
  })}`;
}

/**
 * The digest of a round's rolls: sha256 of "pbem-judge:<S>:<n>:rolls\n" followed by every #dice
 * line of the round (hidden rolls included), sorted by their UTF-8 bytes, each ended by "\n".
 * Salted with the game's seed, it gives nothing away before the reveal.
 */
export function roundDigest(seed: string, phase: number, lines: readonly string[]): string {
  const sorted = [...lines].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return sha256(`pbem-judge:${seed}:${phase}:rolls\n${sorted.map((l) => `${l}\n`).join('')}`).toString('hex');
}

/** The #dice lines of a round's roll events (every one, hidden ones too). */
export function roundLines(events: readonly unknown[], phase: number): string[] {
  return events.filter(isRollEvent).map((e) => rollLine(e, phase));
}

export interface KeyLineInput {
  phase: number;
  /** The key, or null while it is kept. */
  key: string | null;
  commitment: string;
  next: string | null;
  master: string;
  rolls: string;
}

export function keyLine(k: KeyLineInput): string {
  return `#dice-key ${canonicalJson({ phase: k.phase, key: k.key, commitment: k.commitment, next: k.next, master: k.master, rolls: k.rolls })}`;
}

/** The reveal: the game's seed, and the last phase the log covers (every phase 1..phases has its key line). */
export function masterLine(seed: string, phases: number): string {
  return `#dice-master ${canonicalJson({ seed, commitment: commitment(seed), phases })}`;
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
  /** The round's key line with the key, and without it (while it is kept); both commit to the round's rolls. */
  keyLine: string;
  sealedKeyLine: string;
  /** With the reveal: the #dice-master line and the key lines of the rounds before this one. */
  masterLine: string | null;
  history: string[];
  /** The outputs the generator throws away after seeding, for the recipe in the report. */
  discard: number;
}

/** What a report of a verifiable kind carries about its dice; `history`: the key lines of the earlier rounds (for the reveal). */
export function diceModel(
  game: GameRow,
  phase: PhaseRow,
  next: Pick<PhaseRow, 'seed'> | null,
  events: GameEvent[],
  history: () => string[] = () => [],
): DiceModel {
  const revealed = events.some((e) => e.type === 'dice-reveal');
  const k: KeyLineInput = {
    phase: phase.number,
    key: phase.seed,
    commitment: commitment(phase.seed),
    next: next ? commitment(next.seed) : null,
    master: commitment(game.seed),
    rolls: roundDigest(game.seed, phase.number, roundLines(events, phase.number)),
  };
  return {
    masterCommitment: k.master,
    key: phase.seed,
    commitment: k.commitment,
    nextCommitment: k.next,
    master: revealed ? game.seed : null,
    keyLine: keyLine(k),
    sealedKeyLine: keyLine({ ...k, key: null }),
    masterLine: revealed ? masterLine(game.seed, phase.number) : null,
    history: revealed ? history() : [],
    discard: SFC32_DISCARD,
  };
}

/** What the commitments of a game are now, for the GM to publish (`judge dice commitment`). */
export function openCommitments(
  game: GameRow,
  phase: PhaseRow,
): { masterCommitment: string; phase: number; commitment: string } {
  return { masterCommitment: commitment(game.seed), phase: phase.number, commitment: commitment(phase.seed) };
}
