// The seats on the command line (issue #31): the same engine functions as the
// GM's APPROVE, DENY and START by mail, and the sign-up line `judge game create`
// prints for a game whose players join by mail.
import { Command } from 'commander';
import type { Judge } from '../context.js';
import { approveRequest, denyRequest } from '../engine/approvals.js';
import { SeatError } from '../engine/seat-codes.js';
import { seatStatusLines } from '../engine/seat-status.js';
import { startSignup } from '../engine/signup-start.js';
import { clearUnconfirmed } from '../engine/signup.js';
import { isUnconfirmedWord } from '../mail/inbound/gm-seats.js';
import { message } from '../render/templates.js';
import { requireGame, type GameRow } from '../store/games.js';
import { CliError } from './errors.js';
import { examples, intArg, judgeFor } from './shared.js';

/** A sign-up game's seats in one line (English, for the GM's console). */
export function signupLine(j: Judge, game: GameRow): string {
  return seatStatusLines(j, game, 'en', j.clock())[0] ?? '';
}

/** Run a seat command; its refusal as the CLI's error, in English. */
function run<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof SeatError) throw new CliError(message('common', 'en', `seat-err-${e.code}`, e.params));
    throw e;
  }
}

export function approveCommand(): Command {
  return new Command('approve')
    .arguments('<game> <request>')
    .description(
      "approve what waits for you (judge status lists it with its number): a sign-up, a takeover of an open position, an absence over a player's limits",
    )
    .addHelpText('after', examples('judge approve fandi1 12'))
    .action(function (this: Command, gameId: string, id: string) {
      const j = judgeFor(this);
      const r = run(() =>
        j.db.transaction(() => approveRequest(j, requireGame(j.db, gameId).id, intArg('request')(id), 'cli'))(),
      );
      console.log(`request #${r.id} (${r.kind}) approved: ${r.status}`);
    });
}

export function denyCommand(): Command {
  return new Command('deny')
    .arguments('<game> <request>')
    .description(
      "deny what waits for you; the one who asked is told (a sign-up's seat goes to the waiting list). `unconfirmed` instead of a number: every sign-up still waiting for its code lapses now, unmailed (a flood of forged JOINs)",
    )
    .addHelpText('after', examples('judge deny fandi1 12', 'judge deny fandi1 unconfirmed'))
    .action(function (this: Command, gameId: string, id: string) {
      const j = judgeFor(this);
      if (isUnconfirmedWord(id)) {
        const n = j.db.transaction(() => clearUnconfirmed(j, requireGame(j.db, gameId), 'cli'))();
        console.log(message('common', 'en', 'seat-gm-cleared', { count: n }));
        return;
      }
      const r = run(() =>
        j.db.transaction(() => denyRequest(j, requireGame(j.db, gameId).id, intArg('request')(id), 'cli'))(),
      );
      console.log(`request #${r.id} (${r.kind}) denied`);
    });
}

export function startCommand(): Command {
  return new Command('start')
    .argument('<game>')
    .description(
      'start a sign-up game now with the players it has (at least signup.min); it starts by itself from `judge run` when its seats are full, or at signup.closes',
    )
    .addHelpText('after', examples('judge start fandi1'))
    .action(function (this: Command, gameId: string) {
      const j = judgeFor(this);
      const n = run(() => startSignup(j, requireGame(j.db, gameId).id, 'cli'));
      console.log(`started ${gameId}: ${n} start mail(s) queued; \`judge send\` sends them`);
    });
}
