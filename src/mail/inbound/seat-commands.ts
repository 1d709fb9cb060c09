// The seats' lines in a player's block (issue #31), answered in the player's
// language: ABSENCE <from> <to> (NEPŘÍTOMNOST, ОТСУТСТВИЕ) and, before a
// sign-up game starts, WITHDRAW (ODSTOUPIT, ОТКАЗАТЬСЯ): the player gives his
// seat up and the waiting list fills it.
import type { Judge } from '../../context.js';
import { declareAbsence } from '../../engine/absence.js';
import { SeatError } from '../../engine/seat-codes.js';
import { gameSettings } from '../../engine/settings.js';
import { leaveSignup } from '../../engine/signup.js';
import { message } from '../../render/templates.js';
import { formatDeadline } from '../../render/time.js';
import type { GameRow, PlayerRow } from '../../store/games.js';

export interface LineAnswer {
  ok: boolean;
  result: string;
}

function refused(e: unknown, lang: PlayerRow['lang']): LineAnswer {
  if (!(e instanceof SeatError)) throw e;
  return { ok: false, result: message('common', lang, `seat-err-${e.code}`, e.params) };
}

/** ABSENCE <from> <to>: granted (and the deadline it moved), sent to the GM, or refused with the reason. */
export function absenceLine(
  j: Judge,
  game: GameRow,
  player: PlayerRow,
  arg: string | null,
  actor: string,
  lang: PlayerRow['lang'] = player.lang,
): LineAnswer {
  try {
    if (game.status !== 'active' && game.status !== 'paused' && game.status !== 'signup')
      throw new SeatError('over', { game: game.id });
    const d = declareAbsence(j, game, player, (arg ?? '').split(/\s+/).filter(Boolean), actor);
    if (d.request.status === 'approval')
      return { ok: true, result: message('common', lang, 'seat-absence-asked', { id: d.request.id }) };
    const deadline = d.moved ? (formatDeadline(d.moved, gameSettings(game).timezone, lang) ?? 'none') : 'none';
    return { ok: true, result: message('common', lang, 'seat-absence-done', { deadline }) };
  } catch (e) {
    return refused(e, lang);
  }
}

/** WITHDRAW: a seated player leaves a sign-up game before it starts. */
export function withdrawLine(
  j: Judge,
  game: GameRow,
  player: PlayerRow,
  actor: string,
  lang: PlayerRow['lang'] = player.lang,
): LineAnswer {
  if (game.status !== 'signup') return refused(new SeatError('withdraw-started', { game: game.id }), lang);
  leaveSignup(j, game, player, actor);
  return { ok: true, result: message('common', lang, 'seat-withdrawn', { game: game.id }) };
}
