// `judge player format`: a player's own choice of mail format (HTML with
// pictures, or text only), over the game's setup `mail: { html }`. Players
// choose for themselves by mail with FORMAT TEXT / FORMAT HTML in an order block.
import { Argument, type Command } from 'commander';
import { nowIso } from '../context.js';
import type { MailFormat } from '../mail/outbound/html-parts.js';
import { audit } from '../store/audit.js';
import { getPlayer, requireGame } from '../store/games.js';
import { gameSettings } from '../engine/settings.js';
import { CliError } from './errors.js';
import { examples, judgeFor } from './shared.js';

export function playerFormatCommand(player: Command): void {
  player
    .command('format')
    .description(
      "how a player's mails are sent: text (text only), html (text and HTML with pictures), or game (as the game's setup says, mail.html; the default)",
    )
    .argument('<game>')
    .argument('<id>')
    .addArgument(new Argument('<format>').choices(['text', 'html', 'game']))
    .addHelpText('after', examples('judge player format fandi1 brana text', 'judge player format fandi1 brana game'))
    .action(async function (this: Command, gameId: string, id: string, format: MailFormat | 'game') {
      // html-parts brings the HTML renderer: loaded when this command runs, not with the command list.
      const { setPlayerMailFormat } = await import('../mail/outbound/html-parts.js');
      const j = judgeFor(this);
      const g = requireGame(j.db, gameId);
      if (!getPlayer(j.db, g.id, id)) throw new CliError(`game ${g.id} has no player ${id}`);
      const value = format === 'game' ? null : format;
      j.db.transaction(() => {
        setPlayerMailFormat(j, g.id, id, value);
        audit(j.db, nowIso(j), 'cli', g.id, 'player.format', { player: id, format: value });
      })();
      const effective = value ?? (gameSettings(g).html ? 'html' : 'text');
      console.log(
        `${g.id}/${id}: mails go out as ${effective === 'html' ? 'text and HTML with pictures' : 'text only'}${value ? '' : " (the game's setting)"}`,
      );
    });
}
