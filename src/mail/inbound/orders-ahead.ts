// A block's orders parsed on the poll's thread, ahead of its mail's turn on
// intake's worker (handler.ts), as the mail itself is (parse-ahead.ts): the
// poll's thread mostly waits for the IMAP server, the worker is intake's
// critical path. A kind's parse of orders is a function of the phase's state,
// the seat, its language and the block's text only (rules.parseOrders), so
// the parse made ahead stands for the one at the mail's turn while all four
// are the same: the same phase row with the same state (no phase's state text
// rewritten since: read_gen.s, which a hand edit that keeps the hash changes
// too), seat, language and text.
// Otherwise, or when none was made, the worker parses the block itself.
import type { Judge } from '../../context.js';
import { getRules } from '../../games/registry.js';
import { sharedState } from '../../engine/shared-json.js';
import type { Lang, ParseResult } from '../../engine/types.js';
import { getGame, getPlayer, isPlaying } from '../../store/games.js';
import { currentPhase } from '../../store/phases.js';
import { stateGen } from '../../store/read-gen.js';
import type { OrderBlock } from './envelope.js';
import type { NormalizedMail } from './normalize.js';

/** One block's orders, parsed ahead, with what the parse assumed. */
export interface OrdersAhead {
  /** The block's index in its mail. */
  block: number;
  /** The phase row's id, and the store's state generation read before it (store/read-gen.ts stateGen). */
  phase: number;
  stateGen: number;
  player: string;
  lang: Lang;
  text: string;
  parsed: ParseResult<unknown>;
}

/** What the parse at a block's turn is made of. */
export interface OrdersKey {
  phase: { id: number };
  /** The store's state generation at the block's turn. */
  stateGen: number;
  player: { id: string; lang: Lang };
  text: string;
}

/**
 * The poll's thread: the orders of a mail's blocks that will likely be
 * parsed at its turn (a player's block for a running game's open phase, with
 * order lines, of a seat that plays, in a game under way), parsed now. Nothing is checked here
 * that a parse would not need: the worker checks the block at its turn as
 * ever, and a parse it does not need is dropped.
 */
export function parseOrdersAhead(j: Judge, blocks: readonly OrderBlock[]): OrdersAhead[] {
  const out: OrdersAhead[] = [];
  // Before the phases are read: a state rewritten after this reading makes the worker's differ.
  const gen = blocks.length ? stateGen(j.db) : 0;
  blocks.forEach((b, block) => {
    if (b.kind !== 'player' || b.headerError || !b.lines.some((l) => l.trim())) return;
    const game = getGame(j.db, b.game);
    if (!game || game.status === 'signup' || game.status === 'over') return;
    const player = getPlayer(j.db, game.id, b.player);
    const phase = currentPhase(j.db, game.id);
    if (!player || !isPlaying(player) || !phase || phase.processed_at) return;
    const text = b.lines.join('\n');
    const state = sharedState(phase);
    const parsed = getRules(game.kind).parseOrders(text, { state, player: player.id, lang: player.lang });
    out.push({
      block,
      phase: phase.id,
      stateGen: gen,
      player: player.id,
      lang: player.lang,
      text,
      parsed,
    });
  });
  return out;
}

/** The worker: the parses made ahead for each mail handed over (the mail's parse is the key: it is used only when that parse is). */
const given = new WeakMap<NormalizedMail, OrdersAhead[]>();
/** How many blocks' parses made ahead were used on this thread. */
let used = 0;
export function ordersAheadUsed(): number {
  return used;
}

export function keepOrdersAhead(m: NormalizedMail, ahead: OrdersAhead[] | undefined): void {
  if (ahead?.length) given.set(m, ahead);
}

/**
 * The worker, at a block's turn: its orders as parsed ahead, when that parse
 * assumed what holds now. `now` is asked only when there is such a parse (it
 * reads the store: a block without one, and intake on one thread, skip that).
 */
export function ordersParsedAhead(
  m: NormalizedMail,
  block: number,
  now: () => OrdersKey,
): ParseResult<unknown> | undefined {
  const a = given.get(m)?.find((x) => x.block === block);
  if (!a) return undefined;
  const k = now();
  if (
    a.phase !== k.phase.id ||
    a.stateGen !== k.stateGen ||
    a.player !== k.player.id ||
    a.lang !== k.player.lang ||
    a.text !== k.text
  )
    return undefined;
  used++;
  return a.parsed;
}
