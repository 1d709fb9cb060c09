// Parsing a mail before its turn (on this thread or the poll's), and using
// that parse at its turn only while the seat languages it assumed still hold.
import type { Judge } from '../../context.js';
import type { Lang } from '../../engine/types.js';
import type { InboundRow } from '../../store/inbound.js';
import { readGen } from '../../store/read-gen.js';
import { knownIds } from '../../store/games.js';
import { findBlocksIn, type OrderBlock } from './envelope.js';
import { automatedReason } from './loops.js';
import { normalize, type NormalizedMail } from './normalize.js';
import { EarlyChecks, prefetchChecks } from './guard.js';
import { fault } from '../../engine/faults.js';
import { judgeAddresses } from './address-target.js';
import type { PreRead } from './intake-types.js';
import { judgeAddressTest, normalizeOptions } from './senders.js';
import { keepOrdersAhead, parseOrdersAhead, type OrdersAhead } from './orders-ahead.js';

/** A mail parsed on another thread (the poll's, for a handler thread: handler.ts), as structured clone carries it. */
export interface GivenParse {
  m: NormalizedMail;
  /** The seat languages the parse asked for, by address. */
  langs: [string, Lang[]][];
  /** Its blocks' orders, parsed ahead (orders-ahead.ts). */
  orders?: OrdersAhead[];
  /**
   * What the parsing thread found in the mail already (they depend only on the
   * parse, the configuration, which the two threads share, and for the blocks
   * the games and seats of the store as of `gen`, its read generation then):
   * its blocks, and its automated-mail verdict. Absent: the handler finds them itself.
   */
  found?: { blocks?: OrderBlock[]; gen?: number; robot: string | null };
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
    if (p.found) {
      robots.set(p.m, p.found.robot);
      if (p.found.blocks && p.found.gen !== undefined)
        blocksFound.set(p.m, { blocks: p.found.blocks, gen: p.found.gen });
    }
    keepOrdersAhead(p.m, p.orders);
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
 * mail's turn (and its blocks' orders parsed here only as orders-ahead.ts
 * says); null for an oversize mail or one the parser gives up on (the
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
  let m: NormalizedMail;
  try {
    m = await parseNoting(j, raw, langs, langsOf);
  } catch {
    return null;
  }
  let orders: OrdersAhead[] | undefined;
  try {
    orders = parseOrdersAhead(j, checkedAhead(j, m));
  } catch {
    orders = undefined; // the worker parses the blocks itself, and meets whatever this was at their turn
  }
  return { m, langs: [...langs], orders, found: foundIn(m) };
}

/** What parseForHandler found of the mail already, for the handler not to find it again (GivenParse.found). */
function foundIn(m: NormalizedMail): GivenParse['found'] {
  if (!robots.has(m)) return undefined;
  const b = blocksFound.get(m);
  return { robot: robots.get(m) ?? null, blocks: b?.blocks, gen: b?.gen };
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

export async function preRead(j: Judge, row: InboundRow, given?: GivenParse): Promise<PreRead> {
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

/**
 * A parsed mail's blocks and its automated-mail verdict, found once (a mail read ahead needs them early and at its
 * turn). Its blocks depend on the games and seats of the store (what tells a start line from prose: block-lines.ts),
 * so they are found again once the store's read generation is another.
 */
const blocksFound = new WeakMap<NormalizedMail, { blocks: OrderBlock[]; gen: number }>();
const robots = new WeakMap<NormalizedMail, string | null>();
export function blocksOf(j: Judge, m: NormalizedMail): OrderBlock[] {
  const gen = readGen(j.db);
  let b = blocksFound.get(m);
  if (b?.gen !== gen) blocksFound.set(m, (b = { blocks: findBlocksIn(m.sections, knownIds(j.db, gen)), gen }));
  return b.blocks;
}
/** The blocks whose passwords are worth checking before a mail's turn: none of an unreadable or automated mail, at most maxBlocks. */
function checkedAhead(j: Judge, m: NormalizedMail): OrderBlock[] {
  return m.unreadable || robotReason(j, m) ? [] : blocksOf(j, m).slice(0, j.config.inbox.maxBlocks);
}
export function robotReason(j: Judge, m: NormalizedMail): string | null {
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
    isJudgeAddress: judgeAddressTest(j),
    langsOf: (a) => {
      const l = base(a);
      langs.set(a, l);
      return l;
    },
  });
}

/** The mail parsed: the parse read ahead when the seat languages it used still hold, else parsed now. */
export async function normalized(j: Judge, raw: Buffer, pre: Promise<PreRead> | undefined): Promise<NormalizedMail> {
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
