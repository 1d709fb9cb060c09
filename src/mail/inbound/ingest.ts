// One mail in: raw bytes stored first (a short transaction of their own),
// then handled — each try counted, bounded in time, quarantined after
// repeated failure — normalized, loop-checked, and its blocks handed on:
// players' blocks to block.ts, GM blocks to gm-block.ts, the answer to a human
// to answer.ts. The run over many stored mails is batch.ts (read ahead:
// parse-ahead.ts; shared commits: write-group.ts).
import type { Judge } from '../../context.js';
import { nowIso } from '../../context.js';
import { getGame, knownIds } from '../../store/games.js';
import {
  getInbound,
  inboundStatus,
  setInbound,
  storeRaw,
  type InboundStatus,
  type StoreOptions,
  type StoreResult,
} from '../../store/inbound.js';
import { transactImmediate } from '../../store/db.js';
import { hasDeferred, mailCommand, runDeferred } from './commands.js';
import { findBlocks } from './envelope.js';
import { isMangled } from './charset.js';
import { automatedReason } from './loops.js';
import { headerFallback, normalize, type NormalizedMail } from './normalize.js';
import { checkBlocks } from './guard.js';
import { holdForNextPhase } from './arrival.js';
import { queueNotice } from '../../engine/notices.js';
import { fault } from '../../engine/faults.js';
import { judgeAddresses } from './address-target.js';
import { answerMailCommand, finish, problemText } from './answer.js';
import { answerSeatCommand, seatCommand } from './join.js';
import type { Problem } from './intake-types.js';
import { authFacts, handleBlock, rolledBack } from './block.js';
import type { BlockOutcome, IngestResult, PreRead, ReadAhead } from './intake-types.js';
import { blocksOf, normalized, robotReason } from './parse-ahead.js';
import { normalizeOptions } from './senders.js';
import { commitGroup, inGroup } from './write-group.js';
import { releaseForecasts } from './forecast-release.js';

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

/**
 * Store one message and handle it: as a run of its own, or (more: true) as one
 * of a run whose caller releases the forecasts once it ends (forecast-release.ts).
 */
export async function ingest(
  j: Judge,
  raw: Buffer,
  source: string,
  o: StoreOptions = {},
  more = false,
): Promise<IngestResult> {
  const at = nowIso(j);
  const size = o.size ?? raw.length;
  const kept = size > j.config.inbox.maxBytes ? raw.subarray(0, Math.min(raw.length, OVERSIZE_HEAD_BYTES)) : raw;
  const stored = storeIncoming(j, kept, rawMessageId(raw), source, at, { ...o, size });
  if (!stored.stored)
    return {
      inboundId: stored.id,
      status: 'already-stored',
      reason: 'identical message already stored',
      blocks: [],
      mailsQueued: 0,
    };
  if (stored.duplicateOf)
    return {
      inboundId: stored.id,
      status: 'duplicate',
      reason: `same Message-ID as inbound #${stored.duplicateOf}`,
      blocks: [],
      mailsQueued: 0,
    };
  return more ? handleStored(j, stored.id) : handledAlone(j, stored.id);
}

/** One stored mail handled as a run of its own: its answer's forecast made at once (forecast-release.ts). */
export async function handledAlone(j: Judge, id: number): Promise<IngestResult> {
  const r = await handleStored(j, id);
  releaseForecasts(j);
  return r;
}

/**
 * The raw bytes into the store, in a short IMMEDIATE transaction of their
 * own, before anything slow: all a `.forward` pipe needs to exit 0.
 */
export function storeIncoming(
  j: Judge,
  raw: Buffer,
  messageId: string | null,
  source: string,
  at: string,
  o: StoreOptions = {},
): StoreResult {
  return transactImmediate(j.db, () => storeRaw(j.db, raw, messageId, source, at, o));
}

/** A mail whose handling fails or times out this often is quarantined … */
export const MAX_FAILURES = 2;
/** … and one whose handling was started this often without finishing (the process killed while at it). */
export const MAX_ATTEMPTS = 3;

/**
 * Handle one stored message (status 'received'): everything after the raw
 * bytes are safe. Never throws. Each try is counted first (committed), so a
 * mail whose handling kills the process counts too; a mail that failed or
 * timed out twice is quarantined (status, reason, the GM told) instead of
 * being tried on every run.
 */
export async function handleStored(j: Judge, id: number, ahead?: ReadAhead): Promise<IngestResult> {
  const row = ahead?.row ?? getInbound(j.db, id);
  if (!row) throw new Error(`no inbound #${id}`);
  // A mail read ahead may have been handled meanwhile (a pipe intake handles its own): as it stands now.
  const now = ahead ? inboundStatus(j.db, id) : row;
  if (now && now.status !== 'received')
    return { inboundId: id, status: now.status, reason: now.reason, blocks: [], mailsQueued: 0 };
  // A mail read ahead was counted when its reading started.
  if (!ahead) {
    // Counted and committed on its own, before its handling starts (a mail that kills the process counts).
    commitGroup(j);
    if (row.attempts >= MAX_ATTEMPTS)
      return quarantine(
        j,
        id,
        row.raw,
        `started ${row.attempts} times without finishing${row.reason ? ` (${row.reason})` : ' (the run was stopped while handling it each time)'}`,
      );
    j.db.prepare('UPDATE inbound SET attempts = attempts + 1 WHERE id = ?').run(id);
  }
  const attempt = ahead ? row.attempts : row.attempts + 1;
  const seconds = j.config.inbox.handleSeconds;
  const deadline = Date.now() + seconds * 1000;
  let timer: NodeJS.Timeout | undefined;
  try {
    // Its orders count at the time it reached the mail server (rows stored before that was kept: when stored).
    const arrived = row.arrived_at ?? row.received_at;
    const work = handle(j, id, row.raw, row.size ?? row.raw.length, arrived, deadline, ahead?.read);
    work.catch(() => {}); // after a timeout it stops at its next check; its error is not news
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`handling took more than ${seconds} s (inbox.handleSeconds)`)),
        seconds * 1000,
      );
    });
    return await Promise.race([work, timeout]);
  } catch (e) {
    if ((e as { code?: string }).code === 'SQLITE_BUSY') {
      // The store was busy, not the mail broken: this try does not count.
      try {
        j.db.prepare('UPDATE inbound SET attempts = attempts - 1 WHERE id = ? AND attempts > 0').run(id);
      } catch {
        /* still busy: it counts, then */
      }
      return {
        inboundId: id,
        status: 'received',
        reason: 'the store was busy; the next run handles it',
        blocks: [],
        mailsQueued: 0,
      };
    }
    // Never lose a mail and never crash the run: keep it, with the reason; a second failure quarantines it.
    const reason = `internal error: ${(e as Error).message}`;
    const failures = row.failures + 1;
    if (failures >= MAX_FAILURES)
      return quarantine(j, id, row.raw, `failed ${failures} times: ${(e as Error).message}`);
    j.db.prepare('UPDATE inbound SET failures = ? WHERE id = ?').run(failures, id);
    setInbound(j.db, id, { status: 'received', reason: `try ${attempt} failed: ${reason}` });
    return { inboundId: id, status: 'received', reason, blocks: [], mailsQueued: 0 };
  } finally {
    clearTimeout(timer);
  }
}

/** Out of the way for good: stored with the reason, the GM of every game the mail names told. */
function quarantine(j: Judge, id: number, raw: Buffer, why: string): IngestResult {
  const reason = `quarantined: ${why}`;
  let games: string[] = [];
  try {
    // Its body as it stands (it may be what the parser chokes on): the games its start lines name.
    const text = raw.subarray(0, 256 * 1024).toString('utf8');
    const body = text.slice(Math.max(0, text.search(/\r?\n\r?\n/))).replace(/\r\n/g, '\n');
    games = [...new Set(findBlocks(body, knownIds(j.db)).map((b) => b.game))].slice(0, 5);
  } catch {
    games = [];
  }
  let queued = 0;
  transactImmediate(j.db, () => {
    setInbound(j.db, id, { status: 'quarantined', reason });
    for (const g of games) {
      const game = getGame(j.db, g);
      if (game?.gm_email)
        queued += queueNotice(j, game, 'quarantined', String(id), ['gm'], { inbound: id, reason: why });
    }
  });
  return { inboundId: id, status: 'quarantined', reason, blocks: [], mailsQueued: queued, kinds: ['quarantined'] };
}

async function handle(
  j: Judge,
  id: number,
  raw: Buffer,
  size: number,
  arrived: string,
  deadline = Infinity,
  pre?: Promise<PreRead>,
): Promise<IngestResult> {
  fault('ingest:handle');
  const at = nowIso(j);
  if (size > j.config.inbox.maxBytes) {
    const problem: Problem = { kind: 'too-large', params: { size, limit: j.config.inbox.maxBytes } };
    const m = await normalize(raw.subarray(0, Math.min(raw.length, OVERSIZE_HEAD_BYTES)), normalizeOptions(j)).catch(
      () => null,
    );
    const robot = m ? automatedReason(m, judgeAddresses(j)) : 'unreadable';
    return finish(
      j,
      id,
      m,
      'rejected',
      problemText(problem, 'en'),
      [],
      robot ? [] : [problem],
      [],
      robot ? ['too-large', 'automated'] : [],
    );
  }
  let m: NormalizedMail;
  try {
    m = await normalized(j, raw, pre);
  } catch (e) {
    // The parser gave up (too many parts, too much header …): the headers as written still say who to answer.
    const h = headerFallback(raw);
    const detail = `the mail parser gave up: ${(e as Error).message}`;
    const robot = automatedReason(h, judgeAddresses(j));
    if (robot)
      return finish(
        j,
        id,
        h,
        'ignored',
        `automated mail: ${robot}; ${detail}`,
        [],
        [],
        [],
        ['automated', 'unparsable'],
      );
    const problem: Problem = { kind: 'unparsable', params: { detail: 'its structure is more than the judge reads' } };
    return finish(j, id, h, 'rejected', `${problemText(problem, 'en')}; ${detail}`, [], [problem]);
  }
  if (Date.now() > deadline) throw new Error('timed out');
  const robot = robotReason(j, m);
  if (robot) return finish(j, id, m, 'ignored', `automated mail: ${robot}`, [], [], [], ['automated']);
  if (m.unreadable) {
    const problem: Problem = { kind: 'unreadable', params: { ...m.unreadable } };
    return finish(j, id, m, 'rejected', problemText(problem, 'en'), [], [problem]);
  }
  const found = blocksOf(j, m);
  // Bounded work per mail: one mail cannot carry hundreds of password guesses.
  const maxBlocks = j.config.inbox.maxBlocks;
  const blocks = found.slice(0, maxBlocks);
  const first = m.text.split('\n').find((l) => l.trim()) ?? '';
  const command = blocks.length === 0 ? mailCommand(first) : null;
  if (command) return answerMailCommand(j, id, m, command);
  // JOIN, TAKEOVER, CONFIRM <game> <code>: the seats by mail (join.ts).
  const seat = blocks.length === 0 ? seatCommand(first) : null;
  if (seat) return answerSeatCommand(j, id, m, seat);
  if (blocks.length === 0) {
    // Text no charset could decode may hide a block the player can see: say so, not "no order block".
    const garbled = m.text.split('\n').some(isMangled);
    const problem: Problem = { kind: garbled ? 'undecodable' : 'no-block', params: {} };
    return finish(j, id, m, 'rejected', problemText(problem, 'en'), [], [problem]);
  }
  const facts = await authFacts(j, raw, m, blocks);
  // Every password checked, every new one hashed, before the write transaction (scrypt is slow).
  const checked = await checkBlocks(j, blocks, m.from);
  if (Date.now() > deadline) throw new Error('timed out');
  // Submissions, acknowledgements and the status land together or not at all.
  let done: IngestResult;
  try {
    done = writeBlocks();
  } catch (e) {
    rolledBack(j);
    throw e;
  }
  // A GM's PROCESS by mail runs now, after the commit: never inside the write lock intake waits on.
  if (hasDeferred(j)) commitGroup(j);
  done.mailsQueued += runDeferred(j);
  return done;
  function writeBlocks(): IngestResult {
    return inGroup(j, () =>
      transactImmediate(j.db, (): IngestResult => {
        // Handled by another process since this one read it (a pipe intake and a run): nothing twice.
        const now = inboundStatus(j.db, id);
        if (now && now.status !== 'received')
          return { inboundId: id, status: now.status, reason: now.reason, blocks: [], mailsQueued: 0 };
        // Arrived after a phase stopped taking orders that is still not adjudicated: it counts for the next one.
        const held = holdForNextPhase(j, id, m, blocks, arrived);
        if (held)
          return { inboundId: id, status: 'waiting', reason: held, blocks: [], mailsQueued: 0, kinds: ['waiting'] };
        const outcomes: BlockOutcome[] = [];
        const problems: Problem[] = [];
        let queued = 0;
        if (found.length > maxBlocks)
          problems.push({ kind: 'too-many-blocks', params: { count: found.length, limit: maxBlocks } });
        blocks.forEach((b, index) => {
          const r = handleBlock(j, id, m, b, index, at, arrived, facts, checked[index]!);
          outcomes.push(r.outcome);
          queued += r.queued;
          if (r.problem) problems.push(r.problem);
        });
        // A block with lines no charset could decode is taken, but the mail is not reported as fully accepted.
        const whole = outcomes.filter((o) => o.accepted && !o.mangled).length;
        const status: InboundStatus =
          whole === blocks.length && found.length <= maxBlocks
            ? 'accepted'
            : outcomes.some((o) => o.accepted)
              ? 'partial'
              : 'rejected';
        const garbled = outcomes
          .filter((o) => o.accepted && o.mangled)
          .map((o) => `${o.game}/${o.player}: ${o.mangled} line(s) with characters that could not be decoded`);
        const reasons = [...problems.map((p) => problemText(p, 'en')), ...garbled];
        const res = finish(j, id, m, status, reasons.length ? reasons.join('; ') : null, outcomes, problems, blocks);
        res.mailsQueued += queued;
        return res;
      }),
    );
  }
}

/**
 * DKIM/DMARC facts, computed only when a game named in the mail requires them
 * (it may need DNS, so it happens before the transaction).
 */
