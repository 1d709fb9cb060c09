// RERUN <phase> <player> by mail with the player's corrected orders in a text
// attachment (issue #30): the GM forwards the orders as a file instead of
// pasting them between the RERUN line and a line `---`. The attachment named
// after the player (alfa.txt, alfa-turn3.txt) is his; a mail with one text
// attachment needs no name. An attachment that holds the player's own block
// (GAME <game> <player> <password> … END, as he mailed it) gives the lines
// inside the block; anything else is taken line by line as his orders.
import { findBlocks, fold } from './envelope.js';

export interface GmAttachment {
  name: string | null;
  text: string;
}

/** The player's corrected orders from the mail's text attachments, or null when none or several could be his. */
export function rerunOrdersFrom(attachments: GmAttachment[], gameId: string, playerId: string): string | null {
  const own = attachments.filter((a) => a.name && fold(a.name.replace(/\.[^.]*$/, '')).startsWith(fold(playerId)));
  const pick = own.length === 1 ? own[0] : attachments.length === 1 ? attachments[0] : undefined;
  if (!pick) return null;
  // The GM named the game and the player: a start line naming them is one, whatever its writing.
  const ids = { game: (id: string) => fold(id) === fold(gameId), seat: (id: string) => fold(id) === fold(playerId) };
  const block = findBlocks(pick.text, ids).find(
    (b) => b.kind === 'player' && fold(b.game) === fold(gameId) && fold(b.player) === fold(playerId),
  );
  return block ? block.lines.join('\n') : pick.text;
}
