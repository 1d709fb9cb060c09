// One mail in: raw bytes stored first, then normalized, loop-checked, its
// order blocks routed, authenticated and parsed, and every human answered.
import type { Judge } from '../../context.js';
import type { Db } from '../../store/db.js';
import { nowIso } from '../../context.js';
import { getRules } from '../../games/registry.js';
import { render } from '../../render/templates.js';
import type { AnyRules, Lang, LineError, OrderEcho } from '../../engine/types.js';
import { gameConfigJson, getGame, getPlayer, isPlaying, type GameRow, type PlayerRow } from '../../store/games.js';
import {
  getInbound,
  inboundStatus,
  setInbound,
  sha256,
  storeRaw,
  unhandledRows,
  type InboundRow,
  type InboundStatus,
  type StoreOptions,
  type StoreResult,
} from '../../store/inbound.js';
import { transact, transactImmediate, withSync } from '../../store/db.js';
import type { WriteTurns } from '../../store/write-turns.js';
import { enqueue } from '../../store/outbox.js';
import { currentPhase } from '../../store/phases.js';
import { copiedAll, genCached, readGen } from '../../store/read-gen.js';
import {
  countSubmissions,
  hasSubmissions,
  insertSubmission,
  liveSubmissionId,
  playerSubmissions,
} from '../../store/submissions.js';
import { foldedOrders, foldOrders, type CurrentOrders, type OrdersFold } from '../../engine/orders.js';
import { gameSettings } from '../../engine/settings.js';
import { playerGender } from '../../engine/seats.js';
import { waitsForGm } from '../../engine/gm-phase.js';
import { formatDeadline } from '../../render/time.js';
import {
  dropDeferred,
  gameList,
  gmCommands,
  hasDeferred,
  mailCommand,
  type MailCommand,
  playerCommands,
  runDeferred,
} from './commands.js';
import { forgetSent, relayMessages } from './relay.js';
import { RunFolds } from './run-folds.js';
import { answerInstant, forgetInstantInputs, queueInstant } from './instant.js';
import { ackForecast } from './forecast.js';
import { gamesHint, MAIL_LEVEL, reasonText, shortReason, type ReasonKind, type ReasonParams } from './reasons.js';
import { factsFromAuthResults, senderProblem, verifyMessage, type AuthFacts } from './auth.js';
import { gameAuth } from '../../engine/game-auth.js';
import { findBlocks, findBlocksIn, freshText, type OrderBlock } from './envelope.js';
import { isMangled } from './charset.js';
import { guessLang } from './lang-guess.js';
import { automatedReason } from './loops.js';
import { headerFallback, normalize, type NormalizedMail, type NormalizeOptions } from './normalize.js';
import { checkBlocks, EarlyChecks, prefetchChecks, type BlockAuth } from './guard.js';
import { arrivalNote, holdForNextPhase } from './arrival.js';
import { queueNotice } from '../../engine/notices.js';
import { mailCommandAnswer } from './help-answers.js';
import { requestReset, resetBlock } from './password-reset.js';
import { fault } from '../../engine/faults.js';
import { sharedState } from '../../engine/shared-json.js';
import { quotedSubject, threadHeaders } from './thread.js';
import { judgeAddresses } from './address-target.js';
import { lockedAnswer, rightPassword, wrongPassword } from './guesses.js';

export interface BlockOutcome {
  game: string;
  player: string;
  accepted: boolean;
  reason?: string;
  orders?: number;
  errors?: number;
  /** Lines of the block still holding characters no charset could decode: the mail is then not fully accepted. */
  mangled?: number;
}

export interface IngestResult {
  inboundId: number | null;
  status: InboundStatus | 'already-stored';
  reason: string | null;
  blocks: BlockOutcome[];
  mailsQueued: number;
  /**
   * What the outcome was about, for tests and the GM: the problems' kinds
   * (no-block, wrong-password, unreadable …), 'automated', 'charset' (a
   * charset was corrected), 'mangled' (lines no charset could decode),
   * 'order-errors' (lines the game refused), 'help', 'list', 'no-reply'
   * (the daily reply limit was reached), 'waiting' (held for the next phase).
   */
  kinds?: string[];
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
  return handleStored(j, stored.id);
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
    games = [...new Set(findBlocks(body).map((b) => b.game))].slice(0, 5);
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

/** How many mails are read (parsed, their passwords verified on the thread pool) ahead of the one being written. */
export const READ_AHEAD = 24;

/** At most this many mails' writes share one commit … */
export const GROUP_MAILS = 24;
/** … and a shared commit is held open at most this long (ms) while mails are written. */
const GROUP_MS = 25;

/**
 * On intake's worker thread (handler.ts) the mails come parsed by the poll's
 * thread, and the poll's thread ends the open write group whenever it stores a
 * batch (WriteTurns): the stretches read ahead are longer and a group may hold
 * more mails for longer. Every commit writes the pages at the end of each table
 * and index again (a handled mail touches some fifteen of them), and with a
 * read-ahead stretch of 12 mails, each counted in a commit of its own, a group
 * held 12 mails on average: twice the commits, and some 40 % more WAL frames
 * per mail than with these (tests/core/intake-speed.test.ts counts them).
 */
export const WORKER_READ_AHEAD = 128;
export const WORKER_GROUP_MAILS = 64;
const WORKER_GROUP_MS = 50;

/** The write group of a run over the stored mails (handleUnhandled): whether its transaction is open, since when, for how many mails. */
interface WriteGroup {
  open: boolean;
  count: number;
  since: number;
  /** The results of the mails written in the open transaction (told otherwise if it cannot be committed). */
  members: IngestResult[];
  /** On intake's worker thread: the poll's thread, which writes too, gets its turns. */
  turns?: WriteTurns;
  /** The group is committed after this many mails … */
  maxMails: number;
  /** … or once it has been open this long (ms). */
  maxMs: number;
}
const groups = new WeakMap<Db, WriteGroup>();

/**
 * Run one mail's writes (a transaction of their own, or a savepoint of the
 * group's). In handleUnhandled the mails' writes share commits: one
 * transaction is opened at the first mail's writes and committed after
 * GROUP_MAILS mails, after GROUP_MS, and whenever the run waits for anything
 * (a setImmediate callback runs only when nothing is left but to wait: a
 * parse not finished yet, a password check on the thread pool, DNS), so the
 * write lock other processes' intake waits on is never held while this one
 * waits. On intake's worker thread the group also ends when the poll's thread
 * wants to store a batch, and the next waits until it has; the poll waits for
 * the open group to end (WriteTurns). A mail's own writes are still all or
 * nothing (its savepoint).
 */
function inGroup(j: Judge, write: () => IngestResult): IngestResult {
  const g = groups.get(j.db);
  if (!g) return write();
  if (!g.open) {
    g.turns?.enter();
    try {
      j.db.exec('BEGIN IMMEDIATE');
    } catch (e) {
      g.turns?.leave();
      throw e;
    }
    g.open = true;
    g.count = 0;
    g.since = performance.now();
    g.members = [];
    setImmediate(() => commitGroup(j));
  }
  try {
    const r = write();
    g.members.push(r);
    return r;
  } finally {
    g.count++;
    if (g.count >= g.maxMails || performance.now() - g.since > g.maxMs || g.turns?.wanted()) commitGroup(j);
  }
}

/**
 * Commit the group's open transaction. Should that fail (the disk full, an I/O
 * error; SQLite may even have rolled it back by itself), none of its mails'
 * writes stand: each stays stored, unhandled, for the next run, its result
 * says so, and what was read for the rolls answered at once is read anew.
 * Never throws: it also runs from a setImmediate callback. False when the
 * commit failed.
 */
function commitGroup(j: Judge): boolean {
  const db = j.db;
  const g = groups.get(db);
  if (!g?.open) return true;
  g.open = false;
  let error: unknown = null;
  if (!db.inTransaction) error = new Error('the transaction was rolled back by SQLite');
  else
    try {
      db.exec('COMMIT');
    } catch (e) {
      error = e;
      try {
        if (db.inTransaction) db.exec('ROLLBACK');
      } catch {
        /* nothing more to undo */
      }
    }
  g.turns?.leave();
  if (!error) return true;
  rolledBack(j);
  const reason = `the store could not commit its handling (${(error as Error).message}); the next run handles it`;
  for (const r of g.members)
    Object.assign(r, { status: 'received', reason, blocks: [], mailsQueued: 0 } satisfies Partial<IngestResult>);
  return false;
}

/** A mail read ahead of its turn: its row (attempt already counted) and its parse. */
export interface ReadAhead {
  row: InboundRow;
  read: Promise<PreRead>;
}

/** A mail parsed before its turn, and the seat languages the parse asked for (it is used only if they still hold). */
interface PreRead {
  m: NormalizedMail | null;
  error: unknown;
  langs: Map<string, Lang[]>;
}

/** How intake's worker thread runs handleUnhandled (handler.ts). */
export interface HandleOptions {
  /** Parses the poll's thread made. */
  given?: GivenParses;
  /** Only the mails stored up to this id (those the worker was told of). */
  upTo?: number;
  /** The poll's thread's turns at writing. */
  turns?: WriteTurns;
}

/**
 * Every stored message not yet handled — this run's and those of an earlier
 * run that was stopped before handling them — in the order they came (with
 * upTo, only those up to it).
 *
 * Up to READ_AHEAD mails (WORKER_READ_AHEAD on intake's worker) are read ahead of the one being written: parsed,
 * and their passwords verified on the thread pool (other cores) meanwhile.
 * Each is counted as an attempt when its reading starts (so a mail whose
 * parse kills the process counts; the others read with it count one try
 * too, and a mail tried before is handled alone, never read ahead, so a
 * killer is quarantined and nothing else is). The writes commit without
 * waiting for the disk (synchronous = NORMAL, WAL): a killed process loses
 * none of them; a power cut may lose the last few, and then those mails are
 * simply handled again — nothing they queued can have gone out, since
 * sending syncs (FULL) before any data leaves, and that syncs all before it.
 */
export async function handleUnhandled(j: Judge, o: HandleOptions = {}): Promise<IngestResult[]> {
  const { given, upTo, turns } = o;
  return withSync(j.db, 'NORMAL', async () => {
    const out: IngestResult[] = [];
    const rows = unhandledRows(j.db, upTo);
    const ahead = new Map<number, ReadAhead>();
    let next = 0;
    // On intake's worker (turns given): longer stretches and groups (WORKER_READ_AHEAD).
    const span = turns ? WORKER_READ_AHEAD : READ_AHEAD;
    const limits = turns
      ? { maxMails: WORKER_GROUP_MAILS, maxMs: WORKER_GROUP_MS }
      : { maxMails: GROUP_MAILS, maxMs: GROUP_MS };
    groups.set(j.db, { open: false, count: 0, since: 0, members: [], turns, ...limits });
    try {
      for (let i = 0; i < rows.length; i++) {
        // Refilled by halves: the tries of a whole stretch counted in one commit.
        if (next <= i + span / 2) {
          const stretch = rows.slice(next, i + span + 1).filter((r) => r.attempts === 0);
          next = Math.max(next, i + span + 1);
          for (const a of readAhead(
            j,
            stretch.map((r) => r.id),
            given,
          ))
            ahead.set(a.row.id, a);
        }
        const id = rows[i]!.id;
        const a = ahead.get(id);
        ahead.delete(id);
        out.push(await handleStored(j, id, a));
      }
    } finally {
      commitGroup(j);
      groups.delete(j.db);
    }
    return out;
  });
}

/**
 * Count the tries (committed before any of these mails is read: in the open
 * write group, which is committed with them, else in a commit of their own)
 * and start parsing; none when the store refuses the count now (those mails
 * are then handled alone).
 */
function readAhead(j: Judge, ids: number[], given?: GivenParses): ReadAhead[] {
  if (!ids.length) return [];
  const g = groups.get(j.db);
  const count = () => {
    for (const id of ids) j.db.prepare('UPDATE inbound SET attempts = attempts + 1 WHERE id = ?').run(id);
    return ids.map((id) => getInbound(j.db, id));
  };
  let rows: (InboundRow | undefined)[];
  try {
    if (g?.open) {
      // A savepoint of the group's transaction: refused, the group's mails stand and these are handled alone.
      rows = transact(j.db, count);
      if (!commitGroup(j)) return [];
    } else {
      g?.turns?.enter();
      try {
        rows = transactImmediate(j.db, count);
      } finally {
        g?.turns?.leave();
      }
    }
  } catch {
    return [];
  }
  return rows
    .filter((r): r is InboundRow => !!r && r.status === 'received')
    .map((row) => ({ row, read: preRead(j, row, given?.take(row.id)) }));
}

/** A mail parsed on another thread (the poll's, for a handler thread: handler.ts), as structured clone carries it. */
export interface GivenParse {
  m: NormalizedMail;
  /** The seat languages the parse asked for, by address. */
  langs: [string, Lang[]][];
}

/** Parses handed over by another thread, each used at most once, by the mail's id. */
export class GivenParses {
  private readonly parses = new Map<number, GivenParse>();
  private readonly taken = new Set<number>();
  /** Password checks started as the parses come (checkEarly). */
  private early: EarlyChecks | null = null;
  /** How many were used. */
  used = 0;
  add(id: number, p: GivenParse): void {
    // One that comes after its mail was read (the parse came late): that mail was parsed here.
    if (this.taken.has(id)) return;
    this.parses.set(id, p);
    this.startEarly(id, p);
  }
  take(id: number): GivenParse | undefined {
    this.taken.add(id);
    const p = this.parses.get(id);
    this.parses.delete(id);
    this.early?.done(id);
    if (p) this.used++;
    return p;
  }
  /** From now on, start each parsed mail's password checks as it comes (guard.ts EarlyChecks), and those of the parses here already. */
  checkEarly(j: Judge): void {
    this.early = new EarlyChecks(j);
    for (const [id, p] of this.parses) this.startEarly(id, p);
  }
  private startEarly(id: number, p: GivenParse): void {
    const m = p.m;
    if (this.early) this.early.start(id, checkedAhead(this.early.judge, m), m.from);
  }
}

/**
 * Parse a mail as a read-ahead does (the sender's seat languages guide the
 * charset guess), for handing it to the thread that handles it: the poll's
 * thread parses what it just stored while the handler thread handles what came
 * before. Used there only if the seat languages are still the same at the
 * mail's turn; null for an oversize mail or one the parser gives up on (the
 * handler reads those itself).
 */
export async function parseForHandler(
  j: Judge,
  raw: Buffer,
  size: number,
  langsOf?: (address: string) => Lang[],
): Promise<GivenParse | null> {
  if (size > j.config.inbox.maxBytes) return null;
  const langs = new Map<string, Lang[]>();
  try {
    const m = await parseNoting(j, raw, langs, langsOf);
    return { m, langs: [...langs] };
  } catch {
    return null;
  }
}

/**
 * The seat languages the poll's thread guides its parses for intake's worker
 * with (parseForHandler), for one batch: the store's read generation is read
 * once (store/read-gen.ts), not for every mail as seatsOf does. A parse made
 * with languages that changed meanwhile is not used: the worker compares them
 * with the seat's languages at the mail's turn (normalized), and parses such a
 * mail itself.
 */
export function batchLangs(j: Judge): (address: string) => Lang[] {
  let gen: number | undefined;
  try {
    gen = readGen(j.db);
  } catch {
    gen = undefined; // unreadable now: every lookup reads it (seatsOf)
  }
  return normalizeOptions(j, gen).langsOf!;
}

async function preRead(j: Judge, row: InboundRow, given?: GivenParse): Promise<PreRead> {
  fault('ingest:read'); // a mail's reading starts: its try is counted (committed) by now
  const langs = new Map<string, Lang[]>(given?.langs);
  // An oversize mail is read differently (its head only) at its turn.
  if ((row.size ?? row.raw.length) > j.config.inbox.maxBytes) return { m: null, error: null, langs };
  try {
    const m = given?.m ?? (await parseNoting(j, row.raw, langs));
    prefetchChecks(j, checkedAhead(j, m), m.from);
    return { m, error: null, langs };
  } catch (e) {
    return { m: null, error: e, langs };
  }
}

/** A parsed mail's blocks and its automated-mail verdict, found once (a mail read ahead needs them early and at its turn). */
const blocksFound = new WeakMap<NormalizedMail, OrderBlock[]>();
const robots = new WeakMap<NormalizedMail, string | null>();
function blocksOf(m: NormalizedMail): OrderBlock[] {
  let b = blocksFound.get(m);
  if (!b) blocksFound.set(m, (b = findBlocksIn(m.sections)));
  return b;
}
/** The blocks whose passwords are worth checking before a mail's turn: none of an unreadable or automated mail, at most maxBlocks. */
function checkedAhead(j: Judge, m: NormalizedMail): OrderBlock[] {
  return m.unreadable || robotReason(j, m) ? [] : blocksOf(m).slice(0, j.config.inbox.maxBlocks);
}
function robotReason(j: Judge, m: NormalizedMail): string | null {
  let r = robots.get(m);
  if (r === undefined) robots.set(m, (r = automatedReason(m, judgeAddresses(j)) || null));
  return r;
}

/** The mail parsed as at its turn, noting in `langs` the seat languages the charset guess asked for (the parse holds only while they do). */
function parseNoting(
  j: Judge,
  raw: Buffer,
  langs: Map<string, Lang[]>,
  langsOf?: (address: string) => Lang[],
): Promise<NormalizedMail> {
  const base = langsOf ?? normalizeOptions(j).langsOf!;
  return normalize(raw, {
    langsOf: (a) => {
      const l = base(a);
      langs.set(a, l);
      return l;
    },
  });
}

/** The mail parsed: the parse read ahead when the seat languages it used still hold, else parsed now. */
async function normalized(j: Judge, raw: Buffer, pre: Promise<PreRead> | undefined): Promise<NormalizedMail> {
  const p = pre ? await pre : null;
  const langsOf = normalizeOptions(j).langsOf!;
  if (p && (p.m || p.error) && [...p.langs].every(([a, l]) => sameLangs(langsOf(a), l))) {
    if (p.error) throw p.error;
    return p.m!;
  }
  return normalize(raw, normalizeOptions(j));
}

function sameLangs(a: Lang[], b: Lang[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** A problem with a mail, and its kind. */
interface Problem {
  kind: ReasonKind;
  params: ReasonParams;
  /** "HRA hospoda cyril": which block it was about, with the keyword as the player wrote it. */
  prefix?: string;
  /** The game the block named, when it exists (the reply's subject tag). */
  game?: string;
  /** unknown-game: the games the sender's address plays, and the keyword to show them with. */
  games?: { game: string; player: string }[];
  keyword?: string;
}

function problemText(p: Problem, lang: Lang): string {
  const params =
    p.kind === 'unknown-game' && p.games
      ? { ...p.params, hint: gamesHint(p.games, p.keyword ?? 'GAME', lang) }
      : p.params;
  const text = reasonText(p.kind, params, lang);
  return p.prefix ? `${p.prefix}: ${text}` : text;
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
  const found = blocksOf(m);
  // Bounded work per mail: one mail cannot carry hundreds of password guesses.
  const maxBlocks = j.config.inbox.maxBlocks;
  const blocks = found.slice(0, maxBlocks);
  const first = m.text.split('\n').find((l) => l.trim()) ?? '';
  const command = blocks.length === 0 ? mailCommand(first) : null;
  if (command) return answerMailCommand(j, id, m, command);
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
async function authFacts(j: Judge, raw: Buffer, m: NormalizedMail, blocks: OrderBlock[]): Promise<AuthFacts | null> {
  const needed = blocks.some((b) => {
    // The game's config only (its setup and the rest are not needed here, for every mail).
    const config = b.game ? gameConfigJson(j.db, b.game) : undefined;
    if (config === undefined) return false;
    const a = gameAuth(config);
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

/** A seat's orders for the phase as its mails so far amend them (kinds with mergeOrders), folded over the run (RunFolds). */
function seatOrders(
  j: Judge,
  rules: AnyRules,
  state: unknown,
  gameId: string,
  phase: number,
  player: string,
): CurrentOrders {
  return foldedOrders(
    orderFolds.fold(j.db, `${gameId}\u0000${phase}\u0000${player}`, state, {
      since: (after) => playerSubmissions(j.db, gameId, phase, player, after),
      count: () => countSubmissions(j.db, gameId, phase, player),
      add: (rows, from) => foldOrders(rules, state, rows, from),
    }),
  );
}
const orderFolds = new RunFolds<OrdersFold>();

/** A mail's writes, or a write group's, were rolled back: what this run kept of them goes too. */
function rolledBack(j: Judge): void {
  dropDeferred(j);
  forgetInstantInputs(j); // the rolls recorded are rolled back with it
  orderFolds.forget(j.db);
  forgetSent(j);
}

/** A known player's seat languages narrow the charsets a lying mail is tried in. */
function normalizeOptions(j: Judge, gen?: number): NormalizeOptions {
  return { langsOf: (address) => [...new Set(seatsOf(j, address, gen).map((p) => p.lang))] };
}

/** The seats this address holds, in games that are not over (most recent first). */
function seatsOf(j: Judge, address: string | null, gen?: number): PlayerRow[] {
  if (!address) return [];
  const a = address.toLowerCase();
  // Asked two or three times for every mail: kept while games and players are unwritten (store/read-gen.ts).
  return copiedAll(
    genCached(
      j.db,
      `seats\u0000${a}`,
      () =>
        j.db
          .prepare(
            `SELECT p.* FROM players p JOIN games g ON g.id = p.game_id
           WHERE lower(p.email) = ? AND p.status IN ('active', 'abandoned') AND g.status != 'over' ORDER BY g.created_at DESC, g.id`,
          )
          .all(a) as PlayerRow[],
      gen,
    ),
  );
}

/**
 * The language to answer in: a known player's seat language (of the game the
 * mail is about, when the sender plays it), else the language of the mail —
 * its subject and fresh text, or the keywords of its first block.
 */
function replyLang(
  j: Judge,
  m: NormalizedMail | null,
  blocks: OrderBlock[],
  problems: Problem[],
  fallback?: Lang,
): Lang {
  if (!m) return fallback ?? 'en';
  const seats = [...seatsOf(j, m.from), ...(m.replyTo && m.replyTo !== m.from ? seatsOf(j, m.replyTo) : [])];
  const games = [...problems.map((p) => p.game), ...blocks.map((b) => b.game)].filter((g): g is string => !!g);
  const seat = seats.find((s) => games.includes(s.game_id)) ?? seats[0];
  if (seat) return seat.lang;
  const fresh = m.sections.map((s) => freshText(s.text).lines.join('\n')).join('\n');
  const guessed = guessLang(`${m.subject}\n${fresh}`);
  if (guessed !== 'en') return guessed;
  return blocks[0]?.lang ?? fallback ?? 'en';
}

function replyAddress(m: NormalizedMail): string | null {
  return m.replyTo ?? m.from;
}

/** Replies (to mail that could not be accepted, and HELP/LIST) sent to this address today. */
function repliesToday(j: Judge, to: string): number {
  // The day (UTC) as a range of created_at (ISO text sorts as time does), and the reply kinds as the index
  // outbox_replies has them (the same text: SQLite uses a partial index only for a query that repeats its WHERE).
  const day = nowIso(j).slice(0, 10);
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return (
    j.db
      .prepare(
        `SELECT count(*) AS n FROM outbox_head WHERE to_addrs = ? AND created_at >= ? AND created_at < ?
         AND (kind = 'error' OR dedupe_key LIKE 'help:%' OR dedupe_key LIKE 'list:%')`,
      )
      .get(JSON.stringify([to]), day, next) as { n: number }
  ).n;
}

/**
 * May this address get a reply today, and is it the last one? People are
 * answered every time, up to `inbox.repliesPerDay` (a loop with a robot that
 * slipped past the automated-mail checks stops there).
 */
function replyBudget(j: Judge, to: string): { allowed: boolean; last: boolean; limit: number } {
  const limit = j.config.inbox.repliesPerDay;
  const sent = repliesToday(j, to);
  return { allowed: sent < limit, last: sent === limit - 1, limit };
}

/** Set the inbound row's final status and, for a human, queue the reply that says what was wrong. */
function finish(
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
    const to = m ? (orderBlocks.length ? m.from : replyAddress(m)) : null;
    if (m && to && problems.length) {
      const budget = replyBudget(j, to);
      if (budget.allowed) {
        const lang = replyLang(j, m, orderBlocks, problems);
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
            subject: mail.subject,
            body: mail.text,
            html: mail.html,
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

function reject(
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

function handleBlock(
  j: Judge,
  inboundId: number,
  m: NormalizedMail,
  b: OrderBlock,
  index: number,
  at: string,
  arrived: string,
  facts: AuthFacts | null,
  checked: BlockAuth,
): { outcome: BlockOutcome; queued: number; problem?: Problem } {
  if (b.headerError) return reject(b, 'game-line', { detail: b.headerError });
  const game: GameRow | undefined = getGame(j.db, b.game);
  if (!game) {
    const games = [
      ...new Map(
        [...seatsOf(j, m.from), ...seatsOf(j, m.replyTo)].map((p) => [
          `${p.game_id}/${p.id}`,
          { game: p.game_id, player: p.id },
        ]),
      ).values(),
    ];
    return reject(b, 'unknown-game', { game: b.game }, { games });
  }
  const g = { game: game.id };
  if (b.kind === 'gm') return handleGmBlock(j, inboundId, m, b, index, at, game, checked, facts);
  if (game.status === 'over') return reject(b, 'game-over', { game: game.id }, g);
  const player: PlayerRow | undefined = getPlayer(j.db, game.id, b.player);
  const auth = gameAuth(game.config_json);
  const fromRecord = !!player && (m.from ?? '') === player.email.toLowerCase();
  if (checked.locked) return reject(b, 'locked', lockedAnswer(game, checked.locked), g);
  // "No such player" and "wrong password" are one answer; both count against the seat named (guesses.ts).
  const refused = (): ReturnType<typeof reject> => {
    // An id that is no seat may be a password written in its place: only a digest of it is kept.
    const seat = player ? player.id : `unknown:${sha256(Buffer.from(b.player.toLowerCase())).slice(0, 12)}`;
    const r = wrongPassword(j, game, seat, m.from ?? '', at, inboundId, checked);
    return reject(b, r.kind, r.params, g);
  };
  const reset = resetBlock({ j, game, player, b, checked }, m.from ?? '', refused, (k) => reject(b, k, g, g));
  if (reset) return reset; // RESET <code> with PASSWORD <new> (password-reset.ts): a wrong code is a wrong password
  // Sender authentication first: its answer must not tell whether the password was right.
  const unauthenticated = senderProblem(auth, facts);
  if (unauthenticated) return reject(b, 'sender-auth', { detail: unauthenticated }, g);
  if (!b.password) {
    if (auth.password || !fromRecord) return reject(b, 'no-password', {}, g);
  } else if (!player || !checked.ok || checked.hash !== player.password_hash) return refused();
  if (!player) return refused();
  rightPassword(j, game, player.id, at, checked);
  if (!isPlaying(player)) return reject(b, 'inactive-player', { game: game.id, player: player.id }, g);
  const phase = currentPhase(j.db, game.id);
  if (!phase || phase.processed_at) return reject(b, 'no-phase', { game: game.id }, g);
  if (waitsForGm(phase) && b.lines.some((l) => l.trim())) return reject(b, 'gm-deciding', { game: game.id }, g);
  const rules = getRules(game.kind);
  // Parsed once per phase for the run, shared by every mail (frozen: nothing here may change it).
  const state = sharedState(phase);
  const replyTo = replyAddress(m) ?? player.email;
  // Orders: a block with order lines replaces the player's orders; one of judge commands only (RESEND…) leaves them.
  const hasOrders = b.lines.some((l) => l.trim());
  const parsed = hasOrders
    ? rules.parseOrders(b.lines.join('\n'), { state, player: player.id, lang: player.lang })
    : { orders: [], errors: [], echo: [], messages: [] };
  const earlier = hasSubmissions(j.db, game.id, phase.number, player.id);
  // Only FINAL asks whether orders stand already.
  const live = b.final ? liveSubmissionId(j.db, game.id, phase.number, player.id) : undefined;
  const ordersGiven = parsed.orders.length > 0 || parsed.errors.length > 0;
  if (ordersGiven || (b.final && live === undefined)) {
    insertSubmission(j.db, {
      game_id: game.id,
      phase_number: phase.number,
      player_id: player.id,
      inbound_id: inboundId,
      text: b.lines.join('\n'),
      orders_json: JSON.stringify(parsed.orders),
      errors_json: JSON.stringify(parsed.errors),
      echo_json: JSON.stringify(parsed.echo),
      received_at: arrived,
      final: b.final,
    });
  } else if (b.final && live !== undefined) j.db.prepare('UPDATE submissions SET final = 1 WHERE id = ?').run(live);
  const amended = ordersGiven && earlier && !!rules.mergeOrders;
  const standing = amended ? seatOrders(j, rules, state, game.id, phase.number, player.id) : null; // games whose mails amend the orders: what stands now, earlier mails included
  const messages = relayMessages(j, game, player, phase.number, state, parsed.messages ?? [], inboundId, at);
  const instant = answerInstant(j, game, player, phase, state, parsed.orders, inboundId, at); // rolls answered at once (rules.instant), queued after the acknowledgement
  const commands = playerCommands(
    j,
    game,
    player,
    b.commands,
    {
      fromRecord,
      passwordChecked: !!b.password && checked.ok,
      verifiedRecord: fromRecord && auth.dkim && !!facts?.dkimAligned,
      newHashes: checked.newHashes,
      inboundId,
    },
    replyTo,
  );
  const sender = m.from ?? '';
  const foreign = sender !== player.email.toLowerCase();
  const mangled = b.lines.map((text, i) => ({ line: i + 1, text })).filter((l) => isMangled(l.text));
  const ack = render(game.kind, player.lang, 'ack', {
    game: { id: game.id, title: game.title },
    player: { id: player.id, name: player.name, gender: playerGender(game, player) },
    phase: {
      number: phase.number,
      label: rules.phase(state, player.lang).label,
      deadline: phase.deadline,
      deadlineText: formatDeadline(phase.deadline, gameSettings(game).timezone, player.lang),
    },
    // Games where a later mail amends the orders (Godfather) say so in the acknowledgement.
    amends: !!rules.mergeOrders,
    // Rolls answered at once stand: a later mail does not take them back.
    instantAnswered: instant.rolls,
    ordersGiven,
    echo: parsed.echo as OrderEcho[],
    errors: parsed.errors as LineError[],
    messages,
    commands,
    final: b.final,
    replaced: ordersGiven && earlier && !rules.mergeOrders,
    amended,
    current: standing?.echo ?? [],
    forecast: ackForecast(game, player, state, b.commands, ordersGiven ? (standing?.orders ?? parsed.orders) : null),
    unterminated: b.end !== 'end-line',
    foreignSender: foreign ? sender : null,
    mangled,
    charset: m.charsetFixes[0] ?? null,
    // When it arrived, if that matters: too late for the phase before, or in time for one whose deadline has passed.
    arrival: arrivalNote(game, phase, arrived, j.clock(), player.lang),
  });
  // Answers about a seat go to its address of record only: never to a Reply-To (a
  // forged From with a Reply-To of the guesser's would learn a guessed password was right).
  const to = [player.email];
  const r = enqueue(
    j.db,
    {
      dedupeKey: `ack:${inboundId}:${index}`,
      gameId: game.id,
      phase: phase.number,
      kind: 'ack',
      to,
      subject: ack.subject,
      body: ack.text,
      html: ack.html,
      headers: threadHeaders(m),
    },
    j.domain,
    at,
  );
  const answers = queueInstant(j, instant, at); // after the acknowledgement, which says they come
  return {
    outcome: {
      game: game.id,
      player: player.id,
      accepted: true,
      orders: parsed.echo.length,
      errors: parsed.errors.length,
      ...(mangled.length ? { mangled: mangled.length } : {}),
    },
    queued: Number(r.created) + answers,
  };
}

/** GM <game> <password> … END from the GM's address: each line a GM command, answered in one mail. */
function handleGmBlock(
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
  if (unauthenticated) return reject(b, 'sender-auth', { detail: unauthenticated }, g);
  if (!b.password || !checked.ok || checked.hash !== game.gm_password_hash) {
    const r = wrongPassword(j, game, 'gm', m.from ?? '', at, inboundId, checked, 'gm-password');
    return reject(b, r.kind, r.params, g);
  }
  rightPassword(j, game, 'gm', at, checked);
  const results = gmCommands(j, game, b.lines, `mail:${m.from}`, inboundId);
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
      subject: mail.subject,
      body: mail.text,
      html: mail.html,
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

/** HELP [game], LIST or RESET <game> <player> as the first line of a mail without an order block: answered (within the daily reply limit). */
function answerMailCommand(j: Judge, id: number, m: NormalizedMail, cmd: MailCommand): IngestResult {
  const to = replyAddress(m);
  return transactImmediate(j.db, (): IngestResult => {
    let queued = 0;
    let reason = `${cmd.name.toUpperCase()} answered`;
    const kinds: string[] = [cmd.name];
    if (cmd.name === 'reset') queued += requestReset(j, id, cmd.game, cmd.player); // to the address of record only
    if (to) {
      const budget = replyBudget(j, to);
      if (budget.allowed) {
        const lang = replyLang(j, m, [], [], cmd.lang);
        const mail = mailCommandAnswer(j, cmd, lang, m.from, budget, () => gameList(j, lang));
        queued += Number(
          enqueue(
            j.db,
            {
              dedupeKey: `${cmd.name === 'list' ? 'list' : 'help'}:${id}`,
              kind: 'ack',
              to: [to],
              subject: mail.subject,
              body: mail.text,
              html: mail.html,
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
