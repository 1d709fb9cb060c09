// Why a mail or a block was not accepted, in the writer's language (Fluent
// messages reason-*, templates/common/<lang>/mail-answers.ftl). The
// stored reason (for the GM) is always English; the reply is in the seat's
// language when the sender is a known player, else in the mail's language.
import type { Lang } from '../../engine/types.js';
import { formatMessage } from '../../render/fluent.js';
import { formatDeadline } from '../../render/time.js';

export type ReasonKind =
  | 'game-line'
  | 'unknown-game'
  | 'game-over'
  | 'unknown-player'
  | 'inactive-player'
  | 'no-password'
  | 'wrong-password'
  | 'sender-auth'
  | 'no-phase'
  | 'gm-deciding'
  | 'gm-none'
  | 'gm-sender'
  | 'gm-password'
  | 'no-block'
  | 'too-large'
  | 'unreadable'
  | 'undecodable'
  | 'locked'
  | 'slowed'
  | 'too-many-blocks'
  | 'unparsable'
  | 'reset-password';

export type ReasonParams = Record<string, string | number>;

/** Problems with the mail as a whole (no block was looked at): the reply says "Mail not accepted", not "Orders". */
export const MAIL_LEVEL: ReadonlySet<ReasonKind> = new Set<ReasonKind>([
  'no-block',
  'too-large',
  'unreadable',
  'undecodable',
  'unparsable',
]);

/** The reason in a few words, for the subject line of the reply (templates/common/<lang>/mail-answers.ftl). */
export function shortReason(kind: ReasonKind, params: ReasonParams, lang: Lang): string {
  return formatMessage('common', lang, `reason-short-${kind}`, withTimes(params, lang));
}

/** An `until` instant with its game's `zone` is said as a deadline is: absolute, in the zone, as the language writes it. */
function withTimes(params: ReasonParams, lang: Lang): ReasonParams {
  if (typeof params.until !== 'string' || typeof params.zone !== 'string') return params;
  return { ...params, until: formatDeadline(params.until, params.zone, lang) ?? params.until };
}

/** The LIST keyword in each language. */
export const LIST_WORD: Record<Lang, string> = { en: 'LIST', cs: 'SEZNAM', ru: 'СПИСОК' };
const PASSWORD_WORD: Record<Lang, string> = { en: 'password', cs: 'heslo', ru: 'пароль' };

/**
 * After "there is no game X": the games this address plays, each as the start
 * line to write (with the keyword the player used), or where to find the list.
 */
export function gamesHint(games: { game: string; player: string }[], keyword: string, lang: Lang): string {
  if (!games.length) return formatMessage('common', lang, 'reason-hint-no-games', { list: LIST_WORD[lang] });
  const lines = games.map((g) => `${keyword} ${g.game} ${g.player} <${PASSWORD_WORD[lang]}>`).join(', ');
  return formatMessage('common', lang, 'reason-hint-games', { games: lines });
}

/** The reason (templates/common/<lang>/mail-answers.ftl); 'unreadable' without a boundary: a multipart that names none. */
export function reasonText(kind: ReasonKind, params: ReasonParams, lang: Lang): string {
  const id = kind === 'unreadable' && !params.boundary ? 'reason-no-boundary' : `reason-${kind}`;
  return formatMessage('common', lang, id, { hint: '', ...withTimes(params, lang) });
}
