// EXTEND <duration> in a GM block: the open phase's deadline moved later by
// that much, answered in the GM's language (Fluent gm-extend-*,
// templates/common/<lang>/gm.ftl). A duration a game cannot use, or a deadline
// that would still be past (the phase was overdue) or too far ahead, is refused
// with the reason, as `judge extend` refuses it, and nothing changes.
import type { Judge } from '../../context.js';
import { DeadlineError } from '../../engine/deadline.js';
import { currentDeadline, moveDeadline } from '../../engine/gm.js';
import { DurationError, MAX_DURATION_DAYS, parseDuration } from '../../engine/schedule.js';
import { gameSettings } from '../../engine/settings.js';
import { formatMessage } from '../../render/fluent.js';
import { formatDeadline } from '../../render/time.js';
import type { GameRow } from '../../store/games.js';

export function extendByMail(j: Judge, game: GameRow, args: string[], actor: string): { result: string; ok: boolean } {
  const { gmLang: lang, timezone } = gameSettings(game);
  const say = (id: string, vars: Record<string, string | number> = {}) =>
    formatMessage('common', lang, `gm-extend-${id}`, { days: MAX_DURATION_DAYS, ...vars });
  const when = (iso: string) => formatDeadline(iso, timezone, lang) ?? iso;
  if (args.length !== 1) return { result: say('usage'), ok: false };
  let by: number;
  try {
    by = parseDuration(args[0]!);
  } catch (e) {
    if (e instanceof DurationError) return { result: say(e.problem, { text: e.text }), ok: false };
    throw e;
  }
  const current = currentDeadline(j, game.id);
  const base = current ? Date.parse(current) : j.clock().getTime();
  try {
    const moved = moveDeadline(j, game.id, new Date(base + by), actor);
    return { result: say('done', { deadline: when(moved.deadline) }), ok: true };
  } catch (e) {
    if (e instanceof DeadlineError)
      return { result: say(e.reason, { deadline: when(e.deadline), now: when(e.now) }), ok: false };
    throw e;
  }
}
