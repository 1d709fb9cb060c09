// A player's block in a sign-up game that has not started (issue #31): there
// is no phase to order in yet, but the judge's own lines work — WITHDRAW, HELP,
// PASSWORD, ADDRESS, FORMAT, ABSENCE — and order lines are answered "not
// yet", in the player's language, to his address of record.
import type { Judge } from '../../context.js';
import { nowIso } from '../../context.js';
import { message, render, mailContent } from '../../render/templates.js';
import type { GameRow, PlayerRow } from '../../store/games.js';
import { enqueue } from '../../store/outbox.js';
import { playerCommands, type CommandAuth } from './commands.js';
import type { OrderBlock } from './envelope.js';

export function signupBlock(
  j: Judge,
  game: GameRow,
  player: PlayerRow,
  b: OrderBlock,
  c: { inboundId: number; index: number; auth: CommandAuth; sender: string; headers: Record<string, string> },
): {
  outcome: { game: string; player: string; accepted: true; orders: number; errors: number };
  queued: number;
} {
  const lang = player.lang;
  const results = playerCommands(j, game, player, b.commands, c.auth, c.sender);
  const orders = b.lines.filter((l) => l.trim()).length;
  const mail = render(game.kind, lang, 'seat-block', {
    game: { id: game.id, title: game.title },
    player: { id: player.id, name: player.name },
    notYet: orders ? message('common', lang, 'seat-not-started', { count: orders }) : null,
    commands: results,
  });
  const r = enqueue(
    j.db,
    {
      dedupeKey: `ack:${c.inboundId}:${c.index}`,
      gameId: game.id,
      kind: 'ack',
      to: [player.email],
      ...mailContent(mail),
      headers: c.headers,
    },
    j.domain,
    nowIso(j),
  );
  return {
    outcome: {
      game: game.id,
      player: player.id,
      accepted: true,
      orders: 0,
      errors: results.filter((x) => !x.ok).length + (orders ? 1 : 0),
    },
    queued: Number(r.created),
  };
}
