// The answer to a human: a mail's final status stored with its reason, and
// the reply that says what was wrong (or answers HELP/LIST/RESET), in the
// writer's language, within the daily reply budget.
import type { Judge } from '../../context.js';
import { nowIso } from '../../context.js';
import { render, mailContent } from '../../render/templates.js';
import type { Lang } from '../../engine/types.js';
import { setInbound, type InboundStatus } from '../../store/inbound.js';
import { transactImmediate } from '../../store/db.js';
import { enqueue } from '../../store/outbox.js';
import { gameList, type MailCommand } from './commands.js';
import { gamesHint, MAIL_LEVEL, reasonText, shortReason, type ReasonKind, type ReasonParams } from './reasons.js';
import type { OrderBlock } from './envelope.js';
import type { NormalizedMail } from './normalize.js';
import { mailCommandAnswer } from './help-answers.js';
import { requestReset } from './password-reset.js';
import { quotedSubject, threadHeaders } from './thread.js';
import type { BlockOutcome, IngestResult } from './intake-types.js';
import { replyBudget } from './reply-budget.js';
import { replyAddress, replyLang } from './senders.js';
import type { Problem } from './intake-types.js';

export function problemText(p: Problem, lang: Lang): string {
  const params =
    p.kind === 'unknown-game' && p.games
      ? { ...p.params, hint: gamesHint(p.games, p.keyword ?? 'GAME', lang) }
      : p.params;
  const text = reasonText(p.kind, params, lang);
  return p.prefix ? `${p.prefix}: ${text}` : text;
}

/** Set the inbound row's final status and, for a human, queue the reply that says what was wrong. */
export function finish(
  j: Judge,
  id: number,
  m: NormalizedMail | null,
  status: InboundStatus,
  reason: string | null,
  blocks: BlockOutcome[],
  problems: Problem[],
  orderBlocks: OrderBlock[] = [],
  extraKinds: string[] = [],
): IngestResult {
  return transactImmediate(j.db, (): IngestResult => {
    let queued = 0;
    let note = '';
    const kinds = new Set<string>([...problems.map((p) => p.kind), ...extraKinds]);
    if (m?.charsetNote) kinds.add('charset');
    if (blocks.some((b) => b.mangled)) kinds.add('mangled');
    if (blocks.some((b) => b.errors)) kinds.add('order-errors');
    // About blocks (seats): to the From the blocks are judged by, never a Reply-To (guesses.ts).
    // Whatever the answer tells of an address (its seats' language, its games) is of `to` alone.
    const to = m ? (orderBlocks.length ? m.from : replyAddress(m)) : null;
    if (m && to && problems.length) {
      const budget = replyBudget(j, to);
      if (budget.allowed) {
        const lang = replyLang(j, m, to, orderBlocks, problems);
        const first = problems[0]!;
        const mail = render('common', lang, 'error', {
          problems: problems.map((p) => problemText(p, lang)),
          tag: first.game ?? j.config.judge.name,
          mailLevel: MAIL_LEVEL.has(first.kind),
          short: shortReason(first.kind, first.params, lang),
          more: problems.length - 1,
          subject: quotedSubject(m.subject),
          last: budget.last,
          limit: budget.limit,
          judge: j.config.judge,
        });
        const r = enqueue(
          j.db,
          {
            dedupeKey: `error:${id}`,
            kind: 'error',
            to: [to],
            ...mailContent(mail),
            headers: threadHeaders(m),
          },
          j.domain,
          nowIso(j),
        );
        queued += Number(r.created);
      } else {
        note = ` (no reply: ${to} already got ${budget.limit} replies today, the limit of inbox.repliesPerDay)`;
        kinds.add('no-reply');
      }
    }
    const full = [reason === null ? null : reason + note, m?.charsetNote].filter((x) => !!x).join('; ') || null;
    setInbound(j.db, id, { status, reason: full, from_addr: m?.from ?? null, subject: m?.subject ?? null });
    return { inboundId: id, status, reason: full, blocks, mailsQueued: queued, kinds: [...kinds].sort() };
  });
}

export function reject(
  b: OrderBlock,
  kind: ReasonKind,
  params: ReasonParams = {},
  extra: Pick<Problem, 'game' | 'games'> = {},
): { outcome: BlockOutcome; queued: number; problem: Problem } {
  const all = { keyword: b.keyword, ...params };
  // Nothing after the game on a start line is ever echoed: a password may stand where the player id belongs.
  return {
    outcome: {
      game: b.game,
      player: b.kind === 'gm' ? 'gm' : '?',
      accepted: false,
      reason: reasonText(kind, all, 'en'),
    },
    queued: 0,
    problem: { kind, params: all, prefix: `${b.keyword} ${b.game}`, keyword: b.keyword, ...extra },
  };
}

/** HELP [game], LIST or RESET <game> <player> as the first line of a mail without an order block: answered (within the daily reply limit). */
export function answerMailCommand(j: Judge, id: number, m: NormalizedMail, cmd: MailCommand): IngestResult {
  const to = replyAddress(m);
  return transactImmediate(j.db, (): IngestResult => {
    let queued = 0;
    let reason = `${cmd.name.toUpperCase()} answered`;
    const kinds: string[] = [cmd.name];
    if (cmd.name === 'reset') queued += requestReset(j, id, cmd.game, cmd.player); // to the address of record only
    if (to) {
      const budget = replyBudget(j, to);
      if (budget.allowed) {
        // The answer goes to the Reply-To when there is one: what it tells of a reader (his seats' language) is the Reply-To's, never the From's.
        const lang = replyLang(j, m, to, [], [], cmd.lang);
        const mail = mailCommandAnswer(j, cmd, lang, to, budget, () => gameList(j, lang));
        queued += Number(
          enqueue(
            j.db,
            {
              dedupeKey: `${cmd.name === 'list' ? 'list' : 'help'}:${id}`,
              kind: 'ack',
              to: [to],
              ...mailContent(mail),
              headers: threadHeaders(m),
            },
            j.domain,
            nowIso(j),
          ).created,
        );
      } else {
        reason = `${cmd.name.toUpperCase()} not answered: ${to} already got ${budget.limit} replies today, the limit of inbox.repliesPerDay`;
        kinds.push('no-reply');
      }
    }
    setInbound(j.db, id, { status: 'accepted', reason, from_addr: m.from, subject: m.subject });
    return { inboundId: id, status: 'accepted', reason, blocks: [], mailsQueued: queued, kinds: kinds.sort() };
  });
}
