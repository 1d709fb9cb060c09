// Where a seat's mail may go. ADDRESS (and the CONFIRM that completes it)
// moves a seat's reports to a new address; an address that no person reads
// for this seat would leave it silent and nobody told: the judge's own
// addresses (its mail would loop back as automated and be ignored), a robot's
// or a mailing list's (loops.ts, the same list the loop checks use), or
// another seat's of the same game (that player would read both).
import type { Judge } from '../../context.js';
import { listPlayers, type GameRow, type PlayerRow } from '../../store/games.js';
import { isOwnAddress, robotAddress, untagged } from './loops.js';

export type AddressRefusal = 'judge' | 'robot' | 'list' | 'seat';

/** The judge's own addresses (judge.address, judge.bounceAddress). */
export function judgeAddresses(j: Judge): string[] {
  return [j.config.judge.address, j.config.judge.bounceAddress].filter((a): a is string => !!a);
}

/** Why `email` cannot be this seat's address of record, or null when it can. */
export function addressRefusal(j: Judge, game: GameRow, player: PlayerRow, email: string): AddressRefusal | null {
  if (isOwnAddress(email, judgeAddresses(j))) return 'judge';
  const robot = robotAddress(email);
  if (robot) return robot;
  const a = untagged(email);
  const others = listPlayers(j.db, game.id)
    .filter((p) => p.id !== player.id && p.status !== 'ejected')
    .map((p) => p.email);
  if ([...others, game.gm_email ?? ''].some((o) => o && untagged(o) === a)) return 'seat';
  return null;
}
