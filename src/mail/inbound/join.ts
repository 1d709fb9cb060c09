// The seats by mail, as a mail's first line (issue #31), from any address:
//   JOIN <game> <name>               (PŘIHLÁSIT, ВСТУПИТЬ / ЗАПИСАТЬСЯ)  sign up; named seats: JOIN <game> <seat> [name]
//   TAKEOVER <game> <seat> [name]    (PŘEVZÍT, ПРИНЯТЬ)                  ask for an open position
//   CONFIRM <game> <code>            (POTVRDIT, ПОДТВЕРДИТЬ)             the code the answer brought
// The answer goes to the mail's From alone (the address that asked is the one
// the code confirms), in the sender's language, within the daily replies
// (inbox.repliesPerDay); a refusal says why and changes nothing. A JOIN or
// TAKEOVER the judge may not answer today is not taken: its code could not
// reach the address, and a renewed JOIN would void the code it has.
import type { Judge } from '../../context.js';
import { nowIso } from '../../context.js';
import { confirmRequest } from '../../engine/approvals.js';
import { generatePassword } from '../../engine/passwords.js';
import { hoursOf, SeatError } from '../../engine/seat-codes.js';
import { joinSignup, placeInLine } from '../../engine/signup.js';
import { requestTakeover } from '../../engine/takeover.js';
import { takeoverOf } from '../../engine/seat-setup.js';
import type { Lang } from '../../engine/types.js';
import { message, render, mailContent } from '../../render/templates.js';
import { transactImmediate } from '../../store/db.js';
import { getGame } from '../../store/games.js';
import { setInbound } from '../../store/inbound.js';
import { enqueue } from '../../store/outbox.js';
import { hashPasswordAsync } from '../../store/passwords.js';
import { judgeAddresses } from './address-target.js';
import { fold } from './envelope.js';
import { isOwnAddress, robotAddress } from './loops.js';
import type { NormalizedMail } from './normalize.js';
import { threadHeaders } from './thread.js';
import type { IngestResult } from './intake-types.js';
import { replyBudget } from './reply-budget.js';
import { replyLang } from './senders.js';

export type SeatCommand =
  | { name: 'join'; lang: Lang; game: string; words: string[] }
  | { name: 'takeover'; lang: Lang; game: string; seat: string; words: string[] }
  | { name: 'confirm'; lang: Lang; game: string; code: string };

const WORDS: Record<string, { name: SeatCommand['name']; lang: Lang }> = {
  join: { name: 'join', lang: 'en' },
  prihlasit: { name: 'join', lang: 'cs' },
  вступить: { name: 'join', lang: 'ru' },
  записаться: { name: 'join', lang: 'ru' },
  takeover: { name: 'takeover', lang: 'en' },
  prevzit: { name: 'takeover', lang: 'cs' },
  принять: { name: 'takeover', lang: 'ru' },
  confirm: { name: 'confirm', lang: 'en' },
  potvrdit: { name: 'confirm', lang: 'cs' },
  подтвердить: { name: 'confirm', lang: 'ru' },
};

/** JOIN / TAKEOVER / CONFIRM as the first line of a mail without a block; null for anything else. */
export function seatCommand(firstLine: string): SeatCommand | null {
  const words = firstLine.trim().split(/\s+/);
  const w = WORDS[fold(words[0] ?? '').replace(/[.!:]$/, '')];
  if (!w || words.length < 2) return null;
  const game = words[1]!;
  if (w.name === 'confirm') return words.length === 3 ? { name: 'confirm', lang: w.lang, game, code: words[2]! } : null;
  if (w.name === 'takeover')
    return words.length >= 3 ? { name: 'takeover', lang: w.lang, game, seat: words[2]!, words: words.slice(3) } : null;
  return { name: 'join', lang: w.lang, game, words: words.slice(2) };
}

/** The answer: its messages (seat-answer-<id>-subject, seat-answer-<id>) and their arguments. */
interface Answer {
  id: string;
  params: Record<string, string | number>;
  ok: boolean;
  /** For the inbound row: what happened, in English. */
  note: string;
}

function answerTo(
  j: Judge,
  cmd: SeatCommand,
  from: string,
  made: { password: string; hash: string } | undefined,
): Answer {
  const actor = `mail:${from}`;
  const own = isOwnAddress(from, judgeAddresses(j)) || robotAddress(from);
  if (own) throw new SeatError('address', { game: cmd.game });
  if (cmd.name === 'join') {
    const joined = joinSignup(j, { gameId: cmd.game, email: from, words: cmd.words, lang: cmd.lang, actor });
    const r = joined.request;
    const params = {
      game: r.game_id,
      code: joined.code,
      hours: hoursOf(joined.signup.confirm),
      seat: r.seat ?? '',
      free: joined.free,
      seats: joined.signup.count,
    };
    return {
      id: joined.signup.named ? 'join-seat' : 'join',
      params,
      ok: true,
      note: `sign-up #${r.id} waits for its code (no seat held; ${joined.free} free)`,
    };
  }
  if (cmd.name === 'takeover') {
    const game = getGame(j.db, cmd.game);
    const t = requestTakeover(j, {
      gameId: cmd.game,
      email: from,
      seat: cmd.seat,
      name: cmd.words.join(' '),
      lang: cmd.lang,
      actor,
    });
    const hours = game ? hoursOf(takeoverOf(game).confirm) : 0;
    return {
      id: 'takeover-asked',
      params: { game: t.request.game_id, seat: t.request.seat ?? '', code: t.code, hours },
      ok: true,
      note: `takeover of ${t.request.seat} asked (request #${t.request.id})`,
    };
  }
  const r = confirmRequest(j, cmd.game, from, cmd.code, actor, made);
  const id =
    r.kind === 'takeover'
      ? r.status === 'approval'
        ? 'takeover-gm'
        : 'takeover-done'
      : r.status === 'seated'
        ? 'seated'
        : r.status === 'approval'
          ? 'join-gm'
          : r.status === 'waiting'
            ? 'waiting-confirmed'
            : 'join-full';
  const game = getGame(j.db, r.game_id);
  const place = r.status === 'waiting' && game ? placeInLine(j, game, r) : 0;
  return {
    id,
    params: { game: r.game_id, seat: r.seat ?? '', place },
    // Confirmed too late: the seats and the waiting list were full.
    ok: id !== 'join-full',
    note: `request #${r.id} confirmed: ${r.status}${place ? ` (number ${place} waiting)` : ''}`,
  };
}

/**
 * Answer a mail whose first line is JOIN, TAKEOVER or CONFIRM (ingest.ts
 * routes it here): the request recorded (or refused) and the answer queued
 * in one transaction, in the sender's language, within the daily replies.
 */
export async function answerSeatCommand(
  j: Judge,
  id: number,
  m: NormalizedMail,
  cmd: SeatCommand,
): Promise<IngestResult> {
  // A CONFIRM may seat a player: his password is made and hashed before the write transaction.
  const password = cmd.name === 'confirm' ? generatePassword() : null;
  const made = password ? { password, hash: await hashPasswordAsync(password) } : undefined;
  const from = (m.from ?? '').toLowerCase();
  const lang = replyLang(j, m, from, [], [], cmd.lang); // the answer goes to the From: never a Reply-To's seats
  return transactImmediate(j.db, () => {
    const budget = replyBudget(j, from);
    const kinds: string[] = [cmd.name];
    // The game named in quotes: `judge inbound --game` finds the mail by it.
    const said = `${cmd.name.toUpperCase()} "${cmd.game}"`;
    const noReply = `${from} already got ${budget.limit} replies today, the limit of inbox.repliesPerDay`;
    if (!budget.allowed && cmd.name !== 'confirm') {
      const reason = `${said}: not taken, its code could not be mailed: ${noReply}`;
      setInbound(j.db, id, { status: 'rejected', reason, from_addr: m.from, subject: m.subject });
      return {
        inboundId: id,
        status: 'rejected',
        reason,
        blocks: [],
        mailsQueued: 0,
        kinds: [...kinds, 'no-reply'].sort(),
      };
    }
    let answer: Answer;
    try {
      answer = answerTo(j, cmd, from, made);
    } catch (e) {
      if (!(e instanceof SeatError)) throw e;
      answer = {
        id: `refused`,
        params: { ...e.params, reason: message('common', lang, `seat-err-${e.code}`, e.params) },
        ok: false,
        note: `refused: ${e.message}`,
      };
      answer.params.game ??= cmd.game;
    }
    let queued = 0;
    let reason = `${said}: ${answer.note}`;
    if (budget.allowed) {
      const mail = render('common', lang, 'seat-answer', {
        game: answer.params.game,
        subject: message('common', lang, `seat-answer-${answer.id}-subject`, answer.params),
        text: message('common', lang, `seat-answer-${answer.id}`, answer.params),
        judge: j.config.judge,
        last: budget.last,
        limit: budget.limit,
      });
      queued += Number(
        enqueue(
          j.db,
          {
            // Counted with the replies of the day (help:%), as HELP and RESET are.
            dedupeKey: `help:${id}`,
            kind: 'ack',
            to: [from],
            ...mailContent(mail),
            headers: threadHeaders(m),
          },
          j.domain,
          nowIso(j),
        ).created,
      );
    } else {
      reason += ` (no reply: ${noReply})`;
      kinds.push('no-reply');
    }
    const status = answer.ok ? 'accepted' : 'rejected';
    setInbound(j.db, id, { status, reason, from_addr: m.from, subject: m.subject });
    return { inboundId: id, status, reason, blocks: [], mailsQueued: queued, kinds: kinds.sort() };
  });
}
