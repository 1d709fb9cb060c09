// A GM block (GM <game> <password> … END from the GM's address): each line a
// GM command, answered in one mail.
import type { Judge } from '../../context.js';
import { render, mailContent } from '../../render/templates.js';
import type { GameRow } from '../../store/games.js';
import { enqueue } from '../../store/outbox.js';
import { gameSettings } from '../../engine/settings.js';
import { gmCommands } from './commands.js';
import { senderCause, senderProblem, type AuthFacts } from './auth.js';
import { gameAuth } from '../../engine/game-auth.js';
import type { OrderBlock } from './envelope.js';
import type { NormalizedMail } from './normalize.js';
import type { BlockAuth } from './guard.js';
import { threadHeaders } from './thread.js';
import { rightPassword, wrongPassword } from './guesses.js';
import { reject } from './answer.js';

/** GM <game> <password> … END from the GM's address: each line a GM command, answered in one mail. */
export function handleGmBlock(
  j: Judge,
  inboundId: number,
  m: NormalizedMail,
  b: OrderBlock,
  index: number,
  at: string,
  game: GameRow,
  checked: BlockAuth,
  facts: AuthFacts | null,
) {
  const g = { game: game.id };
  if (!game.gm_email || !game.gm_password_hash) return reject(b, 'gm-none', { game: game.id }, g);
  if ((m.from ?? '') !== game.gm_email) return reject(b, 'gm-sender', { game: game.id }, g);
  // The game's DKIM/DMARC requirement holds for the GM as for every player, before the password (its answer must not tell).
  const unauthenticated = senderProblem(gameAuth(game.config_json), facts);
  if (unauthenticated)
    return reject(
      b,
      'sender-auth',
      { detail: unauthenticated, cause: senderCause(gameAuth(game.config_json), facts) },
      g,
    );
  if (!b.password || !checked.ok || checked.hash !== game.gm_password_hash) {
    const r = wrongPassword(j, game, 'gm', m.from ?? '', at, inboundId, checked, 'gm-password');
    return reject(b, r.kind, r.params, g);
  }
  rightPassword(j, game, 'gm', at, checked);
  const attachments = m.sections.filter((s) => s.origin !== 'body').map((s) => ({ name: s.name, text: s.text }));
  const results = gmCommands(j, game, b.lines, `mail:${m.from}`, inboundId, attachments);
  const mail = render(game.kind, gameSettings(game).gmLang, 'gm-ack', {
    game: { id: game.id, title: game.title },
    results,
  });
  const r = enqueue(
    j.db,
    {
      dedupeKey: `ack:${inboundId}:${index}`,
      gameId: game.id,
      kind: 'ack',
      to: [game.gm_email],
      ...mailContent(mail),
      headers: threadHeaders(m),
    },
    j.domain,
    at,
  );
  return {
    outcome: {
      game: game.id,
      player: 'gm',
      accepted: true,
      orders: results.length,
      errors: results.filter((x) => !x.ok).length,
    },
    queued: Number(r.created),
  };
}
