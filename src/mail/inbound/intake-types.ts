// What intake gives back for a mail and each of its blocks, and a mail read
// ahead of its turn: the shapes the intake modules share.
import type { ReasonKind, ReasonParams } from './reasons.js';
import type { Lang } from '../../engine/types.js';
import type { InboundRow, InboundStatus } from '../../store/inbound.js';
import type { NormalizedMail } from './normalize.js';

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

/** A mail read ahead of its turn: its row (attempt already counted) and its parse. */
export interface ReadAhead {
  row: InboundRow;
  read: Promise<PreRead>;
}

/** A mail parsed before its turn, and the seat languages the parse asked for (it is used only if they still hold). */
export interface PreRead {
  m: NormalizedMail | null;
  error: unknown;
  langs: Map<string, Lang[]>;
}

/** A problem with a mail, and its kind. */
export interface Problem {
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
