// `judge dice verify`: recompute every roll of a log from the revealed secrets
// and the recorded requests. A log is lines of text — the ones the rpg reports
// carry, or `judge dice log` writes:
//   #dice-master {"commitment":sha256(S),"phases":N,"seed":S}
//   #dice-key {"commitment":sha256(K),"key":K|null,"master":sha256(S),"next":sha256(K4),"phase":3,"rolls":digest}
//   #dice {"draws":[[20,4],…],"outcome":"success","phase":3,"request":{"by":…,"kind":…,"mechanic":{…},"spec":…},"result":8,"stream":"phase:instant:0","v":2}
// Every key must match its commitment and the previous round's "next"; with
// the seed, every key must be phaseSeed(S, n, 0) (another salt: the phase was
// rolled again by a rerun), every phase up to the reveal must have its key
// line, and each round's rolls must be the ones its key line committed to
// ("rolls"); every roll's dice must be the next dice of the stream of its
// request, and replaying its mechanic on them must give its recorded result
// and outcome.
import { canonicalJson } from '../engine/hash.js';
import {
  commitment,
  DICE_LINE_VERSION,
  requestRng,
  type RollRequest,
  roundDigest,
  streamRng,
} from '../engine/dice-trust.js';
import { ForcedRng, phaseSeed } from '../engine/rng.js';
import { type Mechanic, runMechanic, summarize } from './mechanics.js';

/** What a verification came to: verified, failed, or nothing could be recomputed yet (the keys are kept). */
export type VerifyVerdict = 'verified' | 'failed' | 'pending';

export interface VerifyReport {
  ok: boolean;
  verdict: VerifyVerdict;
  /** Rolls recomputed and found right. */
  checked: number;
  /** Rolls that cannot be checked yet (their key and the seed are not revealed). */
  pending: number;
  problems: string[];
  notes: string[];
}

interface KeyLine {
  phase: number;
  key: string | null;
  commitment: string;
  next: string | null;
  master: string | null;
  rolls?: string;
}
interface MasterLine {
  seed: string;
  commitment: string;
  phases?: number;
}
interface RollLine {
  v?: number;
  phase: number;
  stream: string;
  request: RollRequest & { mechanic: Mechanic };
  draws: [number, number][];
  result: number;
  outcome: string | null;
}

/** The #dice lines of a text (quoted with "> " in a reply, too). */
export function diceLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/^(\s*>)+\s?/, '').trim())
    .filter((l) => /^#dice(-key|-master)? \{/.test(l));
}

/** The salts a rerun with new dice may have used (judge rerun --reseed). */
const SALTS = Array.from({ length: 50 }, (_, i) => i);

interface ParsedLog {
  keys: Map<number, KeyLine>;
  master: MasterLine | null;
  rolls: Map<string, RollLine>;
}

function parseLog(lines: string[], problems: string[]): ParsedLog {
  const keys = new Map<number, KeyLine>();
  let master: MasterLine | null = null;
  const rolls = new Map<string, RollLine>();
  for (const line of lines) {
    const m = /^#dice(-key|-master)? (\{.*\})$/.exec(line);
    if (!m) continue;
    let v: unknown;
    try {
      v = JSON.parse(m[2]!);
    } catch {
      problems.push(`not JSON: ${line.slice(0, 80)}`);
      continue;
    }
    if (m[1] === '-key') {
      const k = v as KeyLine;
      const seen = keys.get(k.phase);
      // The same round's line with its key, and the one without it (while it was kept), agree on the rest.
      if (seen && canonicalJson({ ...seen, key: null }) !== canonicalJson({ ...k, key: null }))
        problems.push(`phase ${k.phase}: two different key lines (the round was rolled again, or a line was changed)`);
      if (!seen?.key) keys.set(k.phase, k);
    } else if (m[1] === '-master') {
      const ms = v as MasterLine;
      if (master && canonicalJson(master) !== canonicalJson(ms)) problems.push('two different #dice-master lines');
      master = ms;
    } else {
      const r = v as RollLine;
      if (r.v !== DICE_LINE_VERSION || !r.request || typeof r.request !== 'object') {
        problems.push(
          `phase ${r.phase}, ${r.stream}: a #dice line of format ${r.v ?? '?'}; this verifier reads format ${DICE_LINE_VERSION}, which commits the request with its dice`,
        );
        continue;
      }
      const id = `${r.phase}/${r.stream}`;
      const seen = rolls.get(id);
      if (seen && canonicalJson(seen) !== canonicalJson(r))
        problems.push(`phase ${r.phase}, ${r.stream}: two different records of one roll`);
      rolls.set(id, r);
    }
  }
  return { keys, master, rolls };
}

/** The keys: each against its commitment and the round before; with the seed, from the seed, every phase present, each round's rolls as committed. */
function checkKeys(log: ParsedLog, problems: string[], notes: string[]): Map<number, string> {
  const { keys, master, rolls } = log;
  if (master) {
    if (commitment(master.seed) !== master.commitment)
      problems.push(`the game's seed does not match its commitment ${master.commitment}`);
    for (const k of keys.values())
      if (k.master && k.master !== master.commitment)
        problems.push(`phase ${k.phase}: the game commitment ${k.master} is not the seed's`);
  }
  const masters = new Set([...keys.values()].map((k) => k.master).filter(Boolean));
  if (masters.size > 1) problems.push(`the reports name ${masters.size} different game commitments`);
  const phaseKey = new Map<number, string>();
  for (const k of [...keys.values()].sort((a, b) => a.phase - b.phase)) {
    const before = keys.get(k.phase - 1);
    if (before?.next && before.next !== k.commitment)
      problems.push(
        `phase ${k.phase}: its commitment ${k.commitment} is not the one published the round before (${before.next})`,
      );
    // A key kept in the round's report comes from the seed once it is revealed.
    const key =
      k.key ??
      (master
        ? (SALTS.map((s) => phaseSeed(master.seed, k.phase, s)).find((x) => commitment(x) === k.commitment) ??
          phaseSeed(master.seed, k.phase, 0))
        : null);
    if (key === null) continue;
    if (commitment(key) !== k.commitment)
      problems.push(`phase ${k.phase}: the key does not match its commitment ${k.commitment}`);
    if (master) {
      const salt = SALTS.find((s) => phaseSeed(master.seed, k.phase, s) === key);
      if (salt === undefined) problems.push(`phase ${k.phase}: the key does not come from the game's seed`);
      else if (salt > 0)
        problems.push(
          `phase ${k.phase}: rolled again by a rerun with a new seed (salt ${salt}): its first rolls were replaced`,
        );
    }
    phaseKey.set(k.phase, key);
  }
  if (!master) return phaseKey;
  // The reveal covers phases 1..N: each has its key line, and its rolls are the ones that line committed to.
  const last = master.phases ?? Math.max(0, ...keys.keys());
  const missing = Array.from({ length: last }, (_, i) => i + 1).filter((n) => !keys.has(n));
  if (missing.length)
    problems.push(
      `phase ${missing.join(', ')}: no key line: the log is incomplete (a round was left out), so its rolls cannot be checked for completeness`,
    );
  for (const k of keys.values()) {
    if (!k.rolls) {
      notes.push(`phase ${k.phase}: its key line commits to no list of rolls (an older report)`);
      continue;
    }
    const lines = [...rolls.values()].filter((r) => r.phase === k.phase).map((r) => `#dice ${canonicalJson(r)}`);
    if (roundDigest(master.seed, k.phase, lines) !== k.rolls)
      problems.push(
        `phase ${k.phase}: its ${lines.length} roll(s) in the log are not the ones the round's report committed to: a roll was left out, added or changed`,
      );
  }
  return phaseKey;
}

/** One roll: its dice the next of its request's stream, its result the replay of its mechanic on them; the problem, or null. */
function checkRoll(r: RollLine, key: string, master: string | null): string | null {
  let rng;
  try {
    rng = requestRng(streamRng(r.stream, key, master, r.phase), r.request);
  } catch (e) {
    return (e as Error).message;
  }
  for (const [i, [sides, face]] of r.draws.entries()) {
    const got = rng.die(sides);
    if (got !== face)
      return `die ${i + 1} (d${sides}) is recorded as ${face}, the stream of this request gives ${got} (the request or the dice were changed)`;
  }
  let replay;
  const forced = new ForcedRng(r.draws.map(([, f]) => f));
  try {
    replay = summarize(runMechanic(r.request.mechanic, forced));
  } catch (e) {
    return `the recorded dice do not make this roll (${(e as Error).message})`;
  }
  if (forced.unusedDice.length) return `${forced.unusedDice.length} recorded dice were not part of the roll`;
  if (replay.result !== r.result || (replay.outcome ?? null) !== (r.outcome ?? null))
    return `recorded ${r.result} ${r.outcome ?? ''}, the dice give ${replay.result} ${replay.outcome ?? ''}`.trim();
  return null;
}

export function verifyDiceLog(lines: string[]): VerifyReport {
  const problems: string[] = [];
  const notes: string[] = [];
  const log = parseLog(lines, problems);
  const { master, rolls } = log;
  const phaseKey = checkKeys(log, problems, notes);
  let checked = 0;
  let pending = 0;
  for (const r of [...rolls.values()].sort((a, b) => a.phase - b.phase || (a.stream < b.stream ? -1 : 1))) {
    const q = r.request;
    const what = `phase ${r.phase}, ${r.stream} (${q.by}: ${q.spec})`;
    const key = phaseKey.get(r.phase) ?? (master ? phaseSeed(master.seed, r.phase, 0) : null);
    if (!(r.stream.startsWith('master:') ? master : key)) {
      pending++;
      continue;
    }
    const problem = checkRoll(r, key ?? '', master?.seed ?? null);
    if (problem) problems.push(`${what}: ${problem}`);
    else checked++;
  }
  if (pending) notes.push(`${pending} roll(s) wait for their round's key or the game's seed`);
  if (!rolls.size) problems.push('no #dice lines found: nothing to verify');
  const verdict: VerifyVerdict = problems.length ? 'failed' : checked === 0 ? 'pending' : 'verified';
  if (verdict === 'pending')
    notes.push('nothing could be recomputed yet: keep these mails until the keys are published');
  return { ok: verdict === 'verified', verdict, checked, pending, problems, notes };
}
