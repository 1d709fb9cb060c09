// The verification log of a game from the store (`judge dice log`): per
// processed phase its key line, every roll the phase's events recorded with a
// stream, and, when asked (the GM's or operator's reveal), the game's seed.
import type { Judge } from '../context.js';
import { requireGame } from '../store/games.js';
import { livePhases } from '../store/phases.js';
import { canonicalJson } from './hash.js';
import { commitment } from './dice-trust.js';

interface StreamEvent {
  type: string;
  phase?: number;
  stream?: string;
  draws?: unknown;
  mechanic?: unknown;
  result?: number;
  outcome?: unknown;
  player?: string;
  kind?: string;
  spec?: string;
  hidden?: boolean;
}

/** The #dice lines of a game; hidden rolls only with `hidden`, the seed only with `reveal`. */
export function diceLog(j: Judge, gameId: string, o: { reveal?: boolean; hidden?: boolean } = {}): string[] {
  const game = requireGame(j.db, gameId);
  const phases = livePhases(j.db, gameId);
  const lines: string[] = [];
  if (o.reveal) lines.push(`#dice-master ${canonicalJson({ seed: game.seed, commitment: commitment(game.seed) })}`);
  for (const p of phases) {
    if (!p.processed_at) continue;
    const next = phases.find((x) => x.number === p.number + 1);
    lines.push(
      `#dice-key ${canonicalJson({ phase: p.number, key: p.seed, commitment: commitment(p.seed), next: next ? commitment(next.seed) : null, master: commitment(game.seed) })}`,
    );
    for (const e of JSON.parse(p.events_json ?? '[]') as StreamEvent[]) {
      if (!e.stream || !e.draws || !e.mechanic || (e.hidden && !o.hidden)) continue;
      lines.push(
        `#dice ${canonicalJson({ v: 1, phase: p.number, stream: e.stream, by: e.player, kind: e.kind, spec: e.spec, mechanic: e.mechanic, draws: e.draws, result: e.result, outcome: e.outcome })}`,
      );
    }
  }
  return lines;
}
