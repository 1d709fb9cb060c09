// Relaying players' messages (games where the judge is the forum): each is
// checked by the game's rules (limits, blocks), recorded as an input of the
// phase, and private and public ones go out at once; anonymous ones are
// published by the adjudication at the end of the period.
import type { Judge } from '../../context.js';
import { getRules } from '../../games/registry.js';
import { render, templateMentions, mailContent, type RenderedMail } from '../../render/templates.js';
import type { OutgoingMessage, RelayedMessage } from '../../engine/types.js';
import { getPlayer, isPlaying, listPlayers, type GameRow, type PlayerRow } from '../../store/games.js';
import { countPlayerMessages, playerMessages, recordMessage } from '../../store/messages.js';
import { RunFolds } from './run-folds.js';
import { enqueue } from '../../store/outbox.js';
import { gameSettings } from '../../engine/settings.js';

export interface MessageResult {
  line: number;
  kind: OutgoingMessage['kind'];
  to: string;
  ok: boolean;
  reason: string | null;
}

const REFUSED = {
  en: { none: 'this game does not relay messages', who: 'no such player', self: 'not to yourself' },
  cs: { none: 'tato hra zprávy nepřeposílá', who: 'takový hráč není', self: 'ne sám sobě' },
  ru: { none: 'в этой игре сообщения не пересылаются', who: 'нет такого игрока', self: 'не себе' },
} as const;

export function relayMessages(
  j: Judge,
  game: GameRow,
  player: PlayerRow,
  phase: number,
  state: unknown,
  msgs: OutgoingMessage[],
  inboundId: number,
  at: string,
): MessageResult[] {
  const rules = getRules(game.kind);
  const text = REFUSED[player.lang];
  const out: MessageResult[] = [];
  // The messages this player sent in the phase, those recorded here included: the run's fold of the table (RunFolds).
  const sent = () =>
    sentFolds.fold(j.db, `${game.id}\u0000${phase}\u0000${player.id}`, null, {
      since: (after) => playerMessages(j.db, game.id, phase, player.id, after),
      count: () => countPlayerMessages(j.db, game.id, phase, player.id),
      add: (rows, from) => (from ? (from.push(...rows), from) : rows),
    });
  let players: PlayerRow[] | null = null;
  for (const msg of msgs) {
    const recipients = msg.to.map((id) => getPlayer(j.db, game.id, id));
    const toText = msg.kind === 'private' ? msg.to.join(', ') : '*';
    const refuse = (reason: string) => out.push({ line: msg.line, kind: msg.kind, to: toText, ok: false, reason });
    if (!rules.checkMessage) {
      refuse(text.none);
      continue;
    }
    if (recipients.some((r) => !r || !isPlaying(r))) {
      refuse(text.who);
      continue;
    }
    if (recipients.some((r) => r!.id === player.id)) {
      refuse(text.self);
      continue;
    }
    const reason = rules.checkMessage(state, player.id, msg, sent().slice(), player.lang);
    if (reason) {
      refuse(reason);
      continue;
    }
    const recorded = recordMessage(
      j.db,
      game.id,
      phase,
      player.id,
      { ...msg, to: recipients.map((r) => r!.id) },
      at,
      inboundId,
    );
    const readers: PlayerRow[] =
      msg.kind === 'private'
        ? (recipients as PlayerRow[])
        : msg.kind === 'public'
          ? (players ??= listPlayers(j.db, game.id)).filter((p) => isPlaying(p) && p.id !== player.id)
          : [];
    // The hosts read the correspondence ("Переписка контролируется ведущими"): the GM is in copy of one
    // reader's mail per message (one of the GM's language where there is one), not of every reader's.
    const gmLang = game.gm_email ? gameSettings(game).gmLang : null;
    const gmCopy = gmLang ? (readers.find((r) => r.lang === gmLang) ?? readers[0]) : undefined;
    // A public message is the same mail for every reader of a language, unless the template greets the reader (templateMentions).
    const same = new Map<string, RenderedMail>();
    const template = `message-${msg.kind}`;
    for (const r of readers) {
      const shared = !templateMentions(game.kind, r.lang, template, 'to');
      const mail =
        (shared && same.get(r.lang)) ||
        render(game.kind, r.lang, template, {
          game: { id: game.id, title: game.title },
          from: { id: player.id, name: player.name },
          to: { id: r.id, name: r.name },
          text: msg.text,
        });
      if (shared) same.set(r.lang, mail);
      enqueue(
        j.db,
        {
          dedupeKey: `msg:${recorded.id}:${r.id}`,
          gameId: game.id,
          phase,
          kind: 'notice',
          to: [r.email],
          cc: r === gmCopy ? [game.gm_email!] : [],
          ...mailContent(mail),
        },
        j.domain,
        at,
      );
    }
    out.push({ line: msg.line, kind: msg.kind, to: toText, ok: true, reason: null });
  }
  return out;
}

/** The messages each player sent in a phase, folded over the run. */
const sentFolds = new RunFolds<RelayedMessage[]>();

/** Writes were rolled back: the messages they recorded are gone. */
export function forgetSent(j: Judge): void {
  sentFolds.forget(j.db);
}
