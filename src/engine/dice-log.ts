// The verification log of a game from the store (`judge dice log`): per
// processed phase its key line (with the digest of the round's rolls), every
// roll the phase's events recorded with a stream, and, when asked (the GM's or
// operator's reveal), the game's seed with every roll, hidden ones included.
import type { Judge } from '../context.js';
import type { Db } from '../store/db.js';
import { requireGame, type GameRow } from '../store/games.js';
import { livePhases, type PhaseRow } from '../store/phases.js';
import { commitment, isRollEvent, keyLine, masterLine, type RollEvent, rollLine, roundDigest } from './dice-trust.js';

/** The key line of each processed phase (before phase `before`, when given), from the events it stored. */
function phaseLines(
  game: GameRow,
  phases: PhaseRow[],
  o: { before?: number; rolls?: (rolls: RollEvent[], lines: string[]) => string[] },
): string[] {
  const out: string[] = [];
  for (const p of phases) {
    if (!p.processed_at || (o.before !== undefined && p.number >= o.before)) continue;
    const next = phases.find((x) => x.number === p.number + 1);
    const rolls = (JSON.parse(p.events_json ?? '[]') as unknown[]).filter(isRollEvent);
    const lines = rolls.map((e) => rollLine(e, p.number));
    out.push(
      keyLine({
        phase: p.number,
        key: p.seed,
        commitment: commitment(p.seed),
        next: next ? commitment(next.seed) : null,
        master: commitment(game.seed),
        rolls: roundDigest(game.seed, p.number, lines),
      }),
    );
    if (o.rolls) out.push(...o.rolls(rolls, lines));
  }
  return out;
}

/** The key lines of the processed phases before `before`: what the reveal's report repeats of the earlier rounds. */
export function diceHistory(db: Db, game: GameRow, before: number): string[] {
  return phaseLines(game, livePhases(db, game.id), { before });
}

/** The #dice lines of a game; hidden rolls only with `hidden` or `reveal`, the seed only with `reveal`. */
export function diceLog(j: Judge, gameId: string, o: { reveal?: boolean; hidden?: boolean } = {}): string[] {
  const game = requireGame(j.db, gameId);
  const phases = livePhases(j.db, gameId);
  const all = o.reveal || o.hidden;
  const body = phaseLines(game, phases, {
    rolls: (rolls, lines) => lines.filter((_l, i) => all || !rolls[i]!.hidden),
  });
  const last = Math.max(0, ...phases.filter((p) => p.processed_at).map((p) => p.number));
  return o.reveal ? [masterLine(game.seed, last), ...body] : body;
}
