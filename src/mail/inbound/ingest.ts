// One mail in: raw bytes stored first, then normalized, loop-checked, its
// order blocks routed, authenticated and parsed, and every human answered.
import type { Judge } from '../../context.js';
import { nowIso } from '../../context.js';
import { getRules } from '../../games/registry.js';
import { render } from '../../render/templates.js';
import type { Lang, LineError, OrderEcho } from '../../engine/types.js';
import { getGame, getPlayer, type GameRow, type PlayerRow } from '../../store/games.js';
import { setInbound, storeRaw, type InboundStatus } from '../../store/inbound.js';
import { enqueue } from '../../store/outbox.js';
import { verifyPassword } from '../../store/passwords.js';
import { currentPhase } from '../../store/phases.js';
import { insertSubmission } from '../../store/submissions.js';
import { findBlocks, type OrderBlock } from './envelope.js';
import { automatedReason } from './loops.js';
import { normalize, type NormalizedMail } from './normalize.js';

export interface BlockOutcome {
  game: string;
  player: string;
  accepted: boolean;
  reason?: string;
  orders?: number;
  errors?: number;
}

export interface IngestResult {
  inboundId: number | null;
  status: InboundStatus | 'already-stored';
  reason: string | null;
  blocks: BlockOutcome[];
  mailsQueued: number;
}

/** A Message-ID read straight from the header bytes, before any parsing (dedup must not depend on the parser). */
export function rawMessageId(raw: Buffer): string | null {
  const head = raw.subarray(0, Math.min(raw.length, 64 * 1024)).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  const unfolded = (end >= 0 ? head.slice(0, end) : head).replace(/\r?\n[ \t]+/g, ' ');
  const m = /^message-id:\s*(<[^>\s]+>)/im.exec(unfolded);
  return m ? m[1]! : null;
}

export async function ingest(j: Judge, raw: Buffer, source: string): Promise<IngestResult> {
  const at = nowIso(j);
  const stored = storeRaw(j.db, raw, rawMessageId(raw), source, at);
  if (!stored.stored) return { inboundId: stored.id, status: 'already-stored', reason: 'identical message already stored', blocks: [], mailsQueued: 0 };
  if (stored.duplicateOf) return { inboundId: stored.id, status: 'duplicate', reason: `same Message-ID as inbound #${stored.duplicateOf}`, blocks: [], mailsQueued: 0 };
  const id = stored.id;
  try {
    return await handle(j, id, raw);
  } catch (e) {
    // Never lose a mail and never crash the run: keep it, with the reason, for the GM.
    const reason = `internal error: ${(e as Error).message}`;
    setInbound(j.db, id, { status: 'error', reason });
    return { inboundId: id, status: 'error', reason, blocks: [], mailsQueued: 0 };
  }
}

async function handle(j: Judge, id: number, raw: Buffer): Promise<IngestResult> {
  const at = nowIso(j);
  if (raw.length > j.config.inbox.maxBytes) {
    const reason = `message too large (${raw.length} bytes; the limit is ${j.config.inbox.maxBytes})`;
    const m = await normalize(raw.subarray(0, Math.min(raw.length, 256 * 1024))).catch(() => null);
    return finish(j, id, m, 'rejected', reason, [], m && !automatedReason(m, ownAddresses(j)) ? [reason] : [], 'en');
  }
  const m = await normalize(raw);
  const robot = automatedReason(m, ownAddresses(j));
  if (robot) return finish(j, id, m, 'ignored', `automated mail: ${robot}`, [], [], 'en');
  const blocks = findBlocks(m.text);
  if (blocks.length === 0) {
    const reason = 'no order block (a line "GAME <game> <player> <password>" … a line "END")';
    return finish(j, id, m, 'rejected', reason, [], [reason], guessLang(m.text));
  }
  // Submissions, acknowledgements and the status land together or not at all.
  return j.db.transaction((): IngestResult => {
    const outcomes: BlockOutcome[] = [];
    const problems: string[] = [];
    let queued = 0;
    blocks.forEach((b, index) => {
      const r = handleBlock(j, id, m, b, index, at);
      outcomes.push(r.outcome);
      queued += r.queued;
      if (!r.outcome.accepted) problems.push(`GAME ${b.game} ${b.player}: ${r.outcome.reason}`);
    });
    const accepted = outcomes.filter((o) => o.accepted).length;
    const status: InboundStatus = accepted === blocks.length ? 'accepted' : accepted ? 'partial' : 'rejected';
    const res = finish(j, id, m, status, problems.length ? problems.join('; ') : null, outcomes, problems, blocks[0]!.lang);
    res.mailsQueued += queued;
    return res;
  })();
}

function ownAddresses(j: Judge): string[] {
  return [j.config.judge.address, j.config.judge.bounceAddress].filter((a): a is string => !!a);
}

function guessLang(text: string): Lang {
  if (/[а-яё]/i.test(text)) return 'ru';
  if (/[ěščřžýáíéůú]/i.test(text)) return 'cs';
  return 'en';
}

function replyAddress(m: NormalizedMail): string | null {
  return m.replyTo ?? m.from;
}

function threadHeaders(m: NormalizedMail): Record<string, string> {
  if (!m.messageId) return {};
  return { 'In-Reply-To': m.messageId, References: [...m.references, m.messageId].join(' ') };
}

function reSubject(s: string): string {
  return /^re:/i.test(s.trim()) ? s.trim() : `Re: ${s.trim() || '(no subject)'}`;
}

/** Set the inbound row's final status and, for a human, queue the error reply. */
function finish(
  j: Judge,
  id: number,
  m: NormalizedMail | null,
  status: InboundStatus,
  reason: string | null,
  blocks: BlockOutcome[],
  problems: string[],
  lang: Lang,
): IngestResult {
  setInbound(j.db, id, { status, reason, from_addr: m?.from ?? null, subject: m?.subject ?? null });
  let queued = 0;
  const to = m ? replyAddress(m) : null;
  if (m && to && problems.length) {
    const mail = render('common', lang, 'error', { problems, subject: m.subject, judge: j.config.judge });
    queued += Number(
      enqueue(
        j.db,
        {
          dedupeKey: `error:${id}`,
          kind: 'error',
          to: [to],
          subject: reSubject(m.subject),
          body: mail.text,
          headers: threadHeaders(m),
        },
        j.domain,
        nowIso(j),
      ).created,
    );
  }
  return { inboundId: id, status, reason, blocks, mailsQueued: queued };
}

function reject(b: OrderBlock, reason: string): { outcome: BlockOutcome; queued: number } {
  return { outcome: { game: b.game, player: b.player, accepted: false, reason }, queued: 0 };
}

function handleBlock(j: Judge, inboundId: number, m: NormalizedMail, b: OrderBlock, index: number, at: string) {
  if (b.headerError) return reject(b, b.headerError);
  const game: GameRow | undefined = getGame(j.db, b.game);
  if (!game) return reject(b, `there is no game "${b.game}" on this judge`);
  if (game.status === 'over') return reject(b, `game "${game.id}" is over`);
  const player: PlayerRow | undefined = getPlayer(j.db, game.id, b.player);
  if (!player) return reject(b, `game "${game.id}" has no player "${b.player}"`);
  if (player.status !== 'active') return reject(b, `player "${player.id}" is no longer active in "${game.id}"`);
  if (!b.password) return reject(b, 'the password is missing: GAME <game> <player> <password>');
  if (!verifyPassword(b.password, player.password_hash)) return reject(b, `wrong password for player "${player.id}"`);
  const phase = currentPhase(j.db, game.id);
  if (!phase || phase.processed_at) return reject(b, `game "${game.id}" has no phase open for orders`);
  const rules = getRules(game.kind);
  const parsed = rules.parseOrders(b.lines.join('\n'), { state: JSON.parse(phase.state_json), player: player.id, lang: player.lang });
  const earlier = j.db
    .prepare('SELECT count(*) AS n FROM submissions WHERE game_id = ? AND phase_number = ? AND player_id = ?')
    .get(game.id, phase.number, player.id) as { n: number };
  insertSubmission(j.db, {
    game_id: game.id,
    phase_number: phase.number,
    player_id: player.id,
    inbound_id: inboundId,
    text: b.lines.join('\n'),
    orders_json: JSON.stringify(parsed.orders),
    errors_json: JSON.stringify(parsed.errors),
    echo_json: JSON.stringify(parsed.echo),
    received_at: at,
  });
  const sender = m.from ?? '';
  const foreign = sender !== player.email;
  const ack = render(game.kind, player.lang, 'ack', {
    game: { id: game.id, title: game.title },
    player: { id: player.id, name: player.name },
    phase: { number: phase.number, label: phase.label, deadline: phase.deadline },
    echo: parsed.echo as OrderEcho[],
    errors: parsed.errors as LineError[],
    replaced: earlier.n > 0,
    unterminated: b.end !== 'end-line',
    foreignSender: foreign ? sender : null,
  });
  const to = [replyAddress(m) ?? player.email];
  const r = enqueue(
    j.db,
    {
      dedupeKey: `ack:${inboundId}:${index}`,
      gameId: game.id,
      phase: phase.number,
      kind: 'ack',
      to,
      cc: foreign && !to.includes(player.email) ? [player.email] : [],
      subject: ack.subject,
      body: ack.text,
      headers: threadHeaders(m),
    },
    j.domain,
    at,
  );
  return {
    outcome: { game: game.id, player: player.id, accepted: true, orders: parsed.orders.length, errors: parsed.errors.length },
    queued: Number(r.created),
  };
}
