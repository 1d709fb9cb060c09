// One mail in: raw bytes stored first, then normalized, loop-checked, its
// order blocks routed, authenticated and parsed, and every human answered.
import type { Judge } from '../../context.js';
import { nowIso } from '../../context.js';
import { getRules } from '../../games/registry.js';
import { render } from '../../render/templates.js';
import type { Lang, LineError, OrderEcho } from '../../engine/types.js';
import { getGame, getPlayer, isPlaying, type GameRow, type PlayerRow } from '../../store/games.js';
import { getInbound, setInbound, storeRaw, unhandledInbound, type InboundStatus, type StoreOptions } from '../../store/inbound.js';
import { enqueue } from '../../store/outbox.js';
import { verifyPassword } from '../../store/passwords.js';
import { currentPhase } from '../../store/phases.js';
import { insertSubmission, liveSubmissions, playerSubmissions } from '../../store/submissions.js';
import { currentOrders } from '../../engine/orders.js';
import { gameSettings } from '../../engine/settings.js';
import { waitsForGm } from '../../engine/gm-loop.js';
import { formatDeadline } from '../../render/time.js';
import { gameList, gmCommands, mailCommand, playerCommands } from './commands.js';
import { relayMessages } from './relay.js';
import { reasonText, type ReasonKind, type ReasonParams } from './reasons.js';
import { authProblem, factsFromAuthResults, gameAuth, verifyMessage, type AuthFacts } from './auth.js';
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

/** Of an oversize message only its head is kept: enough for the headers and an answer. */
export const OVERSIZE_HEAD_BYTES = 256 * 1024;

/** Store one message and handle it. */
export async function ingest(j: Judge, raw: Buffer, source: string, o: StoreOptions = {}): Promise<IngestResult> {
  const at = nowIso(j);
  const size = o.size ?? raw.length;
  const kept = size > j.config.inbox.maxBytes ? raw.subarray(0, Math.min(raw.length, OVERSIZE_HEAD_BYTES)) : raw;
  const stored = storeRaw(j.db, kept, rawMessageId(raw), source, at, { ...o, size });
  if (!stored.stored) return { inboundId: stored.id, status: 'already-stored', reason: 'identical message already stored', blocks: [], mailsQueued: 0 };
  if (stored.duplicateOf) return { inboundId: stored.id, status: 'duplicate', reason: `same Message-ID as inbound #${stored.duplicateOf}`, blocks: [], mailsQueued: 0 };
  return handleStored(j, stored.id);
}

/**
 * Handle one stored message (status 'received'): everything after the raw
 * bytes are safe. Never throws: an internal error is kept with the message.
 */
export async function handleStored(j: Judge, id: number): Promise<IngestResult> {
  const row = getInbound(j.db, id);
  if (!row) throw new Error(`no inbound #${id}`);
  if (row.status !== 'received') return { inboundId: id, status: row.status, reason: row.reason, blocks: [], mailsQueued: 0 };
  try {
    return await handle(j, id, row.raw, row.size ?? row.raw.length);
  } catch (e) {
    // Never lose a mail and never crash the run: keep it, with the reason, for the GM.
    const reason = `internal error: ${(e as Error).message}`;
    setInbound(j.db, id, { status: 'error', reason });
    return { inboundId: id, status: 'error', reason, blocks: [], mailsQueued: 0 };
  }
}

/** Messages stored by an earlier run that was stopped before handling them. */
export async function handleUnhandled(j: Judge): Promise<IngestResult[]> {
  const out: IngestResult[] = [];
  for (const id of unhandledInbound(j.db)) out.push(await handleStored(j, id));
  return out;
}

/** A problem with a mail, and its kind: at most one error reply per address, kind and day. */
interface Problem {
  kind: ReasonKind;
  params: ReasonParams;
  /** "GAME tavern alice": which block it was about. */
  prefix?: string;
}

function problemText(p: Problem, lang: Lang): string {
  const text = reasonText(p.kind, p.params, lang);
  return p.prefix ? `${p.prefix}: ${text}` : text;
}

async function handle(j: Judge, id: number, raw: Buffer, size: number): Promise<IngestResult> {
  const at = nowIso(j);
  if (size > j.config.inbox.maxBytes) {
    const problem: Problem = { kind: 'too-large', params: { size, limit: j.config.inbox.maxBytes } };
    const m = await normalize(raw.subarray(0, Math.min(raw.length, OVERSIZE_HEAD_BYTES))).catch(() => null);
    const robot = m ? automatedReason(m, ownAddresses(j)) : 'unreadable';
    return finish(j, id, m, 'rejected', problemText(problem, 'en'), [], robot ? [] : [problem], m ? guessLang(m.text) : 'en');
  }
  const m = await normalize(raw);
  const robot = automatedReason(m, ownAddresses(j));
  if (robot) return finish(j, id, m, 'ignored', `automated mail: ${robot}`, [], [], 'en');
  const blocks = findBlocks(m.text);
  const first = m.text.split('\n').find((l) => l.trim()) ?? '';
  const command = blocks.length === 0 ? mailCommand(first) : null;
  if (command) return answerMailCommand(j, id, m, command);
  if (blocks.length === 0) {
    const problem: Problem = { kind: 'no-block', params: {} };
    return finish(j, id, m, 'rejected', problemText(problem, 'en'), [], [problem], guessLang(m.text));
  }
  const facts = await authFacts(j, raw, m, blocks);
  // Submissions, acknowledgements and the status land together or not at all.
  return j.db.transaction((): IngestResult => {
    const outcomes: BlockOutcome[] = [];
    const problems: Problem[] = [];
    let queued = 0;
    blocks.forEach((b, index) => {
      const r = handleBlock(j, id, m, b, index, at, facts);
      outcomes.push(r.outcome);
      queued += r.queued;
      if (r.problem) problems.push(r.problem);
    });
    const accepted = outcomes.filter((o) => o.accepted).length;
    const status: InboundStatus = accepted === blocks.length ? 'accepted' : accepted ? 'partial' : 'rejected';
    const res = finish(j, id, m, status, problems.length ? problems.map((p) => problemText(p, 'en')).join('; ') : null, outcomes, problems, blocks[0]!.lang);
    res.mailsQueued += queued;
    return res;
  }).immediate();
}

/**
 * DKIM/DMARC facts, computed only when a game named in the mail requires them
 * (it may need DNS, so it happens before the transaction).
 */
async function authFacts(j: Judge, raw: Buffer, m: NormalizedMail, blocks: OrderBlock[]): Promise<AuthFacts | null> {
  const needed = blocks.some((b) => {
    const g = b.game ? getGame(j.db, b.game) : undefined;
    if (!g) return false;
    const a = gameAuth(g.config_json);
    return a.dkim || a.dmarc;
  });
  if (!needed) return null;
  const domain = m.from?.split('@')[1] ?? '';
  const trusted = j.config.judge.trustedAuthservId;
  if (trusted)
    return (
      factsFromAuthResults(m.headers.get('authentication-results') ?? [], trusted, domain) ?? {
        dkimAligned: false,
        dmarcPass: false,
        evidence: `no Authentication-Results of ${trusted}`,
      }
    );
  try {
    return await verifyMessage(raw, domain);
  } catch (e) {
    return { dkimAligned: false, dmarcPass: false, evidence: `DKIM/DMARC check failed: ${(e as Error).message}` };
  }
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

/** Set the inbound row's final status and, for a human, queue the error reply (at most one per address, kind and day). */
function finish(
  j: Judge,
  id: number,
  m: NormalizedMail | null,
  status: InboundStatus,
  reason: string | null,
  blocks: BlockOutcome[],
  problems: Problem[],
  lang: Lang,
): IngestResult {
  return j.db.transaction((): IngestResult => {
    let queued = 0;
    let note = '';
    const to = m ? replyAddress(m) : null;
    if (m && to && problems.length) {
      const kinds = [...new Set(problems.map((p) => p.kind))].sort().join('+');
      const day = nowIso(j).slice(0, 10);
      const mail = render('common', lang, 'error', { problems: problems.map((p) => problemText(p, lang)), subject: m.subject, judge: j.config.judge });
      const r = enqueue(
        j.db,
        {
          dedupeKey: `error:${to}:${kinds}:${day}`,
          kind: 'error',
          to: [to],
          subject: reSubject(m.subject),
          body: mail.text,
          headers: threadHeaders(m),
        },
        j.domain,
        nowIso(j),
      );
      queued += Number(r.created);
      if (!r.created) note = ` (no reply: ${to} already got an error reply of this kind today)`;
    }
    const full = [reason === null ? null : reason + note, m?.charsetNote].filter((x) => !!x).join('; ') || null;
    setInbound(j.db, id, { status, reason: full, from_addr: m?.from ?? null, subject: m?.subject ?? null });
    return { inboundId: id, status, reason: full, blocks, mailsQueued: queued };
  })();
}

function reject(b: OrderBlock, kind: ReasonKind, params: ReasonParams = {}): { outcome: BlockOutcome; queued: number; problem: Problem } {
  return {
    outcome: { game: b.game, player: b.player, accepted: false, reason: reasonText(kind, params, 'en') },
    queued: 0,
    problem: { kind, params, prefix: `${b.kind === 'gm' ? 'GM' : 'GAME'} ${b.game} ${b.player === 'gm' ? '' : b.player}`.trim() },
  };
}

function handleBlock(
  j: Judge,
  inboundId: number,
  m: NormalizedMail,
  b: OrderBlock,
  index: number,
  at: string,
  facts: AuthFacts | null,
): { outcome: BlockOutcome; queued: number; problem?: Problem } {
  if (b.headerError) return reject(b, 'game-line', { detail: b.headerError });
  const game: GameRow | undefined = getGame(j.db, b.game);
  if (!game) return reject(b, 'unknown-game', { game: b.game });
  if (b.kind === 'gm') return handleGmBlock(j, inboundId, m, b, index, at, game);
  if (game.status === 'over') return reject(b, 'game-over', { game: game.id });
  const player: PlayerRow | undefined = getPlayer(j.db, game.id, b.player);
  if (!player) return reject(b, 'unknown-player', { game: game.id, player: b.player });
  if (!isPlaying(player)) return reject(b, 'inactive-player', { game: game.id, player: player.id });
  const auth = gameAuth(game.config_json);
  const fromRecord = (m.from ?? '') === player.email.toLowerCase();
  if (!b.password) {
    if (auth.password || !fromRecord) return reject(b, 'no-password');
  } else if (!verifyPassword(b.password, player.password_hash)) return reject(b, 'wrong-password', { player: player.id });
  if (auth.dkim || auth.dmarc) {
    const problem = facts ? authProblem(auth, facts) : 'sender authentication could not be checked';
    if (problem) return reject(b, 'sender-auth', { detail: problem });
  }
  const phase = currentPhase(j.db, game.id);
  if (!phase || phase.processed_at) return reject(b, 'no-phase', { game: game.id });
  if (waitsForGm(phase) && b.lines.some((l) => l.trim())) return reject(b, 'gm-deciding', { game: game.id });
  const rules = getRules(game.kind);
  const state = JSON.parse(phase.state_json);
  const replyTo = replyAddress(m) ?? player.email;
  // Orders: a block with order lines replaces the player's orders; a block of
  // judge commands only (RESEND, PASSWORD…) leaves them as they are.
  const hasOrders = b.lines.some((l) => l.trim());
  const parsed = hasOrders
    ? rules.parseOrders(b.lines.join('\n'), { state, player: player.id, lang: player.lang })
    : { orders: [], errors: [], echo: [], messages: [] };
  const earlier = j.db
    .prepare('SELECT count(*) AS n FROM submissions WHERE game_id = ? AND phase_number = ? AND player_id = ?')
    .get(game.id, phase.number, player.id) as { n: number };
  const live = liveSubmissions(j.db, game.id, phase.number).find((s) => s.player_id === player.id);
  const ordersGiven = parsed.orders.length > 0 || parsed.errors.length > 0;
  if (ordersGiven || (b.final && !live)) {
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
      final: b.final,
    });
  } else if (b.final && live) j.db.prepare('UPDATE submissions SET final = 1 WHERE id = ?').run(live.id);
  // Games whose mails amend the orders: show what stands now, earlier mails included.
  const amended = ordersGiven && earlier.n > 0 && !!rules.mergeOrders;
  const current = amended ? currentOrders(rules, state, playerSubmissions(j.db, game.id, phase.number, player.id)).echo : [];
  const messages = relayMessages(j, game, player, phase.number, state, parsed.messages ?? [], inboundId, at);
  const commands = playerCommands(j, game, player, b.commands, fromRecord, replyTo);
  const sender = m.from ?? '';
  const foreign = sender !== player.email.toLowerCase();
  const ack = render(game.kind, player.lang, 'ack', {
    game: { id: game.id, title: game.title },
    player: { id: player.id, name: player.name },
    phase: {
      number: phase.number,
      label: rules.phase(state, player.lang).label,
      deadline: phase.deadline,
      deadlineText: formatDeadline(phase.deadline, gameSettings(game).timezone, player.lang),
    },
    ordersGiven,
    echo: parsed.echo as OrderEcho[],
    errors: parsed.errors as LineError[],
    messages,
    commands,
    final: b.final,
    replaced: ordersGiven && earlier.n > 0 && !rules.mergeOrders,
    amended,
    current,
    unterminated: b.end !== 'end-line',
    foreignSender: foreign ? sender : null,
  });
  const to = [replyTo];
  const r = enqueue(
    j.db,
    {
      dedupeKey: `ack:${inboundId}:${index}`,
      gameId: game.id,
      phase: phase.number,
      kind: 'ack',
      to,
      // A copy to the address of record when someone else sent these orders, so a hijack is noticed.
      cc: foreign && !to.map((a) => a.toLowerCase()).includes(player.email.toLowerCase()) ? [player.email] : [],
      subject: ack.subject,
      body: ack.text,
      headers: threadHeaders(m),
    },
    j.domain,
    at,
  );
  return {
    outcome: { game: game.id, player: player.id, accepted: true, orders: parsed.echo.length, errors: parsed.errors.length },
    queued: Number(r.created),
  };
}

/** GM <game> <password> … END from the GM's address: each line a GM command, answered in one mail. */
function handleGmBlock(j: Judge, inboundId: number, m: NormalizedMail, b: OrderBlock, index: number, at: string, game: GameRow) {
  if (!game.gm_email || !game.gm_password_hash) return reject(b, 'gm-none', { game: game.id });
  if ((m.from ?? '') !== game.gm_email) return reject(b, 'gm-sender', { game: game.id });
  if (!b.password || !verifyPassword(b.password, game.gm_password_hash)) return reject(b, 'gm-password', { game: game.id });
  const results = gmCommands(j, game, b.lines, `mail:${m.from}`, inboundId);
  const mail = render(game.kind, gameSettings(game).gmLang, 'gm-ack', { game: { id: game.id, title: game.title }, results });
  const r = enqueue(
    j.db,
    { dedupeKey: `ack:${inboundId}:${index}`, gameId: game.id, kind: 'ack', to: [game.gm_email], subject: mail.subject, body: mail.text, headers: threadHeaders(m) },
    j.domain,
    at,
  );
  return { outcome: { game: game.id, player: 'gm', accepted: true, orders: results.length, errors: results.filter((x) => !x.ok).length }, queued: Number(r.created) };
}

/** HELP or LIST as the first line of a mail without an order block: answered, nothing else. */
function answerMailCommand(j: Judge, id: number, m: NormalizedMail, cmd: { name: 'help' | 'list'; lang: Lang }): IngestResult {
  const to = replyAddress(m);
  return j.db.transaction((): IngestResult => {
    let queued = 0;
    if (to) {
      const mail = render('common', cmd.lang, cmd.name, { games: gameList(j), judge: j.config.judge });
      queued = Number(
        enqueue(j.db, { dedupeKey: `${cmd.name}:${id}`, kind: 'ack', to: [to], subject: mail.subject, body: mail.text, headers: threadHeaders(m) }, j.domain, nowIso(j)).created,
      );
    }
    setInbound(j.db, id, { status: 'accepted', reason: `${cmd.name.toUpperCase()} answered`, from_addr: m.from, subject: m.subject });
    return { inboundId: id, status: 'accepted', reason: `${cmd.name.toUpperCase()} answered`, blocks: [], mailsQueued: queued };
  })();
}
