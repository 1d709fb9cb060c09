// `judge dice verify`: recompute every roll of a log from the revealed secrets
// and the recorded requests. A log is lines of text — the ones the rpg reports
// carry, or `judge dice log` writes:
//   #dice-key {"phase":3,"key":K,"commitment":sha256(K),"next":sha256(K4),"master":sha256(S)}
//   #dice-master {"seed":S,"commitment":sha256(S)}
//   #dice {"phase":3,"stream":"phase:instant:0","mechanic":{…},"draws":[[20,4],…],"result":8,"outcome":"success",…}
// Every key must match its commitment and the previous round's "next"; with
// the seed, every key must be phaseSeed(S, n, 0) (another salt: the phase was
// rolled again by a rerun); every roll's dice must be its stream's next dice,
// and replaying its mechanic on them must give its recorded result and outcome.
import { canonicalJson } from '../engine/hash.js';
import { commitment, streamRng } from '../engine/dice-trust.js';
import { ForcedRng, phaseSeed } from '../engine/rng.js';
import { runMechanic, summarize, type Mechanic } from './mechanics.js';

export interface VerifyReport {
  ok: boolean;
  /** Rolls recomputed and found right. */
  checked: number;
  /** Rolls that cannot be checked yet (their key and the seed are not revealed). */
  pending: number;
  problems: string[];
  notes: string[];
}

interface KeyLine {
  phase: number;
  key: string;
  commitment: string;
  next: string | null;
  master: string | null;
}
interface RollLine {
  phase: number;
  stream: string;
  mechanic: Mechanic;
  draws: [number, number][];
  result: number;
  outcome: string | null;
  by?: string;
  spec?: string;
}

/** The #dice lines of a text (quoted with "> " in a reply, too). */
export function diceLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/^(\s*>)+\s?/, '').trim())
    .filter((l) => /^#dice(-key|-master)? \{/.test(l));
}

const MAX_SALT = 50;

export function verifyDiceLog(lines: string[]): VerifyReport {
  const problems: string[] = [];
  const notes: string[] = [];
  const keys = new Map<number, KeyLine>();
  let master: { seed: string; commitment: string } | null = null;
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
      if (seen && canonicalJson(seen) !== canonicalJson(k)) problems.push(`phase ${k.phase}: two different key lines`);
      keys.set(k.phase, k);
    } else if (m[1] === '-master') master = v as { seed: string; commitment: string };
    else {
      const r = v as RollLine;
      const id = `${r.phase}/${r.stream}`;
      const seen = rolls.get(id);
      if (seen && canonicalJson(seen) !== canonicalJson(r))
        problems.push(`phase ${r.phase}, ${r.stream}: two different records of one roll`);
      rolls.set(id, r);
    }
  }
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
    if (commitment(k.key) !== k.commitment)
      problems.push(`phase ${k.phase}: the key does not match its commitment ${k.commitment}`);
    const before = keys.get(k.phase - 1);
    if (before?.next && before.next !== k.commitment)
      problems.push(
        `phase ${k.phase}: its commitment ${k.commitment} is not the one published the round before (${before.next})`,
      );
    if (master) {
      const salt = Array.from({ length: MAX_SALT }, (_, i) => i).find(
        (s) => phaseSeed(master!.seed, k.phase, s) === k.key,
      );
      if (salt === undefined) problems.push(`phase ${k.phase}: the key does not come from the game's seed`);
      else if (salt > 0)
        problems.push(
          `phase ${k.phase}: rolled again by a rerun with a new seed (salt ${salt}): its first rolls were replaced`,
        );
    }
    phaseKey.set(k.phase, k.key);
  }
  let checked = 0;
  let pending = 0;
  for (const r of [...rolls.values()].sort((a, b) => a.phase - b.phase || (a.stream < b.stream ? -1 : 1))) {
    const what = `phase ${r.phase}, ${r.stream}${r.by ? ` (${r.by}${r.spec ? `: ${r.spec}` : ''})` : ''}`;
    const key = phaseKey.get(r.phase) ?? (master ? phaseSeed(master.seed, r.phase, 0) : null);
    const needs = r.stream.startsWith('master:') ? master : key;
    if (!needs) {
      pending++;
      continue;
    }
    let rng;
    try {
      rng = streamRng(r.stream, key, master?.seed ?? null, r.phase);
    } catch (e) {
      problems.push(`${what}: ${(e as Error).message}`);
      continue;
    }
    let bad = false;
    r.draws.forEach(([sides, face], i) => {
      const got = rng.die(sides);
      if (!bad && got !== face) {
        problems.push(`${what}: die ${i + 1} (d${sides}) is recorded as ${face}, the stream gives ${got}`);
        bad = true;
      }
    });
    if (bad) continue;
    let replay;
    const forced = new ForcedRng(r.draws.map(([, f]) => f));
    try {
      replay = summarize(runMechanic(r.mechanic, forced));
    } catch (e) {
      problems.push(`${what}: the recorded dice do not make this roll (${(e as Error).message})`);
      continue;
    }
    if (forced.unusedDice.length) {
      problems.push(`${what}: ${forced.unusedDice.length} recorded dice were not part of the roll`);
      continue;
    }
    if (replay.result !== r.result || (replay.outcome ?? null) !== (r.outcome ?? null)) {
      problems.push(
        `${what}: recorded ${r.result} ${r.outcome ?? ''}, the dice give ${replay.result} ${replay.outcome ?? ''}`.trim(),
      );
      continue;
    }
    checked++;
  }
  if (pending) notes.push(`${pending} roll(s) wait for their key or the game's seed`);
  if (!rolls.size) notes.push('no #dice lines found');
  return { ok: problems.length === 0, checked, pending, problems, notes };
}
