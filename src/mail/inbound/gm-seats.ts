// The GM's lines about the seats (issue #31), in a GM block: APPROVE <id>
// (SCHVÁLIT, ОДОБРИТЬ) and DENY <id> (ZAMÍTNOUT, ОТКЛОНИТЬ) for a request that
// waits for him (STATUS and the digest list them with their ids), DENY
// UNCONFIRMED (NEPOTVRZENÉ, НЕПОДТВЕРЖДЁННЫЕ) for every sign-up still waiting
// for its code (a flood of forged JOINs), START
// (ZAHÁJIT, НАЧАТЬ) for a sign-up game with its minimum of players. Answered
// in the GM's language; the same engine functions as the CLI's.
import type { Judge } from '../../context.js';
import { approveRequest, denyRequest } from '../../engine/approvals.js';
import { SeatError } from '../../engine/seat-codes.js';
import { startSignup } from '../../engine/signup-start.js';
import { clearUnconfirmed } from '../../engine/signup.js';
import { fold } from '../../text-fold.js';
import type { Lang } from '../../engine/types.js';
import { message } from '../../render/templates.js';
import type { GameRow } from '../../store/games.js';

export const GM_SEAT_WORDS: Record<string, 'approve' | 'deny' | 'start'> = {
  approve: 'approve',
  schvalit: 'approve',
  одобрить: 'approve',
  deny: 'deny',
  zamitnout: 'deny',
  отклонить: 'deny',
  start: 'start',
  zahajit: 'start',
  начать: 'start',
};

/** DENY's word for every sign-up still waiting for its code (CLI and mail alike). */
export function isUnconfirmedWord(word: string): boolean {
  return ['unconfirmed', 'nepotvrzene', 'неподтвержденные', 'неподтверждённые'].includes(fold(word));
}

/** One GM line about the seats: what it did, or why not, in the GM's language. */
export function gmSeatLine(
  j: Judge,
  game: GameRow,
  cmd: 'approve' | 'deny' | 'start',
  args: string[],
  actor: string,
  lang: Lang,
): { ok: boolean; result: string } {
  const t = (id: string, p: Record<string, string | number> = {}) => message('common', lang, id, p);
  if (cmd === 'deny' && args.length === 1 && isUnconfirmedWord(args[0]!))
    return { ok: true, result: t('seat-gm-cleared', { count: clearUnconfirmed(j, game, actor) }) };
  if (cmd === 'start' ? args.length : args.length !== 1 || !/^#?\d+$/.test(args[0]!))
    return { ok: false, result: t('gm-cmd-usage', { cmd }) };
  try {
    if (cmd === 'start') {
      startSignup(j, game.id, actor);
      return { ok: true, result: t('seat-gm-started') };
    }
    const id = Number(args[0]!.replace('#', ''));
    const r = cmd === 'approve' ? approveRequest(j, game.id, id, actor) : denyRequest(j, game.id, id, actor);
    return { ok: true, result: t(cmd === 'approve' ? 'seat-gm-approved' : 'seat-gm-denied', { id: r.id }) };
  } catch (e) {
    if (!(e instanceof SeatError)) throw e;
    return { ok: false, result: t(`seat-err-${e.code}`, e.params) };
  }
}
