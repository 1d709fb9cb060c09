// Messages relayed by the judge: recorded inputs of their phase.
import type { Db } from './db.js';
import type { MessageKind, OutgoingMessage, PlayerId, RelayedMessage } from '../engine/types.js';

interface MessageRow {
  id: number;
  game_id: string;
  phase_number: number;
  seq: number;
  from_player: string;
  kind: MessageKind;
  to_json: string;
  text: string;
  at: string;
  inbound_id: number | null;
}

function toRelayed(r: MessageRow): RelayedMessage {
  return {
    id: r.id,
    seq: r.seq,
    from: r.from_player,
    kind: r.kind,
    to: JSON.parse(r.to_json),
    text: r.text,
    at: r.at,
    line: 0,
  };
}

export function phaseMessages(db: Db, gameId: string, phase: number): RelayedMessage[] {
  return (
    db
      .prepare('SELECT * FROM messages WHERE game_id = ? AND phase_number = ? ORDER BY seq')
      .all(gameId, phase) as MessageRow[]
  ).map(toRelayed);
}

/** The messages one player sent in a phase, in order; with `after`, those recorded after that message id. */
export function playerMessages(db: Db, gameId: string, phase: number, from: PlayerId, after = 0): RelayedMessage[] {
  return (
    db
      .prepare(
        'SELECT * FROM messages WHERE game_id = ? AND phase_number = ? AND from_player = ? AND id > ? ORDER BY seq',
      )
      .all(gameId, phase, from, after) as MessageRow[]
  ).map(toRelayed);
}

/** How many messages one player sent in a phase. */
export function countPlayerMessages(db: Db, gameId: string, phase: number, from: PlayerId): number {
  return (
    db
      .prepare('SELECT count(*) AS n FROM messages WHERE game_id = ? AND phase_number = ? AND from_player = ?')
      .get(gameId, phase, from) as { n: number }
  ).n;
}

export function recordMessage(
  db: Db,
  gameId: string,
  phase: number,
  from: PlayerId,
  m: OutgoingMessage,
  at: string,
  inboundId: number | null,
): RelayedMessage {
  // The next seq of the phase: one step down the (game, phase, seq) index, not a count of the phase's messages.
  const seq = (
    db
      .prepare('SELECT coalesce(max(seq) + 1, 0) AS n FROM messages WHERE game_id = ? AND phase_number = ?')
      .get(gameId, phase) as { n: number }
  ).n;
  const id = Number(
    db
      .prepare(
        'INSERT INTO messages (game_id, phase_number, seq, from_player, kind, to_json, text, at, inbound_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(gameId, phase, seq, from, m.kind, JSON.stringify(m.to), m.text, at, inboundId).lastInsertRowid,
  );
  return { ...m, id, seq, from, at };
}
