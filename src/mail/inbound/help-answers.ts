// What the judge answers a mail whose first line is HELP, HELP <game>, LIST or
// RESET <game> <player> (ingest.ts answerMailCommand queues it), and the order
// help a player asks for with HELP inside a block: the kind's orders in the
// reader's language, from the one source the kind's ORDERS.md is made of
// (render/order-help.ts).
import type { Judge } from '../../context.js';
import { nowIso } from '../../context.js';
import { getRules, reportLang } from '../../engine/kinds.js';
import type { Lang } from '../../engine/types.js';
import { orderHelp } from '../../render/order-help.js';
import { render, mailContent, type RenderedMail } from '../../render/templates.js';
import { getGame, getPlayer, type GameRow, type PlayerRow } from '../../store/games.js';
import { enqueue } from '../../store/outbox.js';
import { openOffers, signupOffers } from '../../engine/seat-list.js';

/** A mail's first line that is a command: HELP [game], LIST, RESET <game> <player>. */
export type MailCommand =
  | { name: 'help'; lang: Lang; game?: string }
  | { name: 'list'; lang: Lang }
  | { name: 'reset'; lang: Lang; game: string; player: string };

/** The language of a game's order help for its reader (the address it goes to): his seat's in that game, else the one asked in, as the kind has it. */
function helpLang(j: Judge, game: GameRow, reader: string | null, lang: Lang): Lang {
  const seat = reader
    ? (j.db.prepare('SELECT lang FROM players WHERE game_id = ? AND lower(email) = lower(?)').get(game.id, reader) as
        | Pick<PlayerRow, 'lang'>
        | undefined)
    : undefined;
  const want = seat?.lang ?? lang;
  const rules = getRules(game.kind);
  return reportLang(rules, want);
}

/** A game's order help as a mail of its own. */
export function orderHelpMail(
  j: Judge,
  game: GameRow,
  lang: Lang,
  o: { player?: string; last?: boolean; limit?: number } = {},
): RenderedMail {
  return render(game.kind, lang, 'help-game', {
    game: { id: game.id, title: game.title, kind: game.kind },
    player: o.player ?? null,
    help: orderHelp(game.kind, lang),
    judge: j.config.judge,
    last: o.last ?? false,
    limit: o.limit ?? 0,
  });
}

/** The answer to a first-line command, in the reader's language; `reader`: the address it goes to (nothing of another address may show in it). */
export function mailCommandAnswer(
  j: Judge,
  cmd: MailCommand,
  lang: Lang,
  reader: string | null,
  budget: { last: boolean; limit: number },
  /** The games on this judge, for HELP and LIST (commands.ts gameList). */
  games: () => unknown[],
): RenderedMail {
  if (cmd.name === 'help' && cmd.game) {
    const game = getGame(j.db, cmd.game);
    if (game) return orderHelpMail(j, game, helpLang(j, game, reader, lang), budget);
  }
  if (cmd.name === 'reset')
    return render('common', lang, 'reset-asked', {
      game: cmd.game,
      player: cmd.player,
      judge: j.config.judge,
      ...budget,
    });
  return render('common', lang, cmd.name, {
    games: games(),
    // LIST: the games open for sign-up and the open positions (issue #31, engine/seat-list.ts).
    ...(cmd.name === 'list' ? { signups: signupOffers(j, lang), open: openOffers(j, lang) } : {}),
    judge: j.config.judge,
    unknownGame: cmd.name === 'help' && cmd.game ? cmd.game : null,
    ...budget,
  });
}

/** HELP inside a player's block: the game's orders in the player's language, to his address of record. */
export function queueOrderHelp(j: Judge, game: GameRow, player: PlayerRow, key: string): boolean {
  const p = getPlayer(j.db, game.id, player.id) ?? player;
  const mail = orderHelpMail(j, game, helpLang(j, game, p.email, p.lang), { player: p.id });
  return enqueue(
    j.db,
    {
      dedupeKey: `orders-help:${game.id}:${key}`,
      gameId: game.id,
      kind: 'notice',
      to: [p.email],
      ...mailContent(mail),
    },
    j.domain,
    nowIso(j),
  ).created;
}
