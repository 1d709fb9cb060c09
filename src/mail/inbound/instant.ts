// Rolls answered at once (issue 11): for a kind with rules.instant, the
// orders of a player's mail that need nobody else's input are rolled in the
// same run that takes the mail in — each from its own stream of the phase key
// (or of the game seed, for hidden rolls; src/engine/dice-trust.ts), recorded
// as an input of the phase (gm_inputs, kind 'instant') so the phase's
// adjudication and every rerun count exactly these dice — and the answer goes
// to the roller, to every player the roller named (everybody for a public
// roll) and to the GM, each in their own language.
import { playerGender } from '../../engine/seats.js';
import type { Judge } from '../../context.js';
import { getRules } from '../../games/registry.js';
import { render } from '../../render/templates.js';
import { audit } from '../../store/audit.js';
import { listPlayers, type GameRow, type PlayerRow } from '../../store/games.js';
import { recordGmInput } from '../../store/gm-inputs.js';
import { enqueue } from '../../store/outbox.js';
import type { PhaseRow } from '../../store/phases.js';
import { commitment, instantStream, streamRng } from '../../engine/dice-trust.js';
import { recordedGmOnly } from '../../engine/gm-loop.js';
import { gameSettings } from '../../engine/settings.js';
import type { InstantRecord, PlayerId } from '../../engine/types.js';

/**
 * Roll, record and answer the orders of one accepted block that the kind
 * answers at once; the number of mails queued. It runs in a savepoint of the
 * mail's transaction: should anything fail, nothing of it is kept, the orders
 * stand and are rolled at the deadline, and the audit log says why.
 */
export function answerInstant(j: Judge, game: GameRow, player: PlayerRow, phase: PhaseRow, state: unknown, orders: unknown[], inboundId: number, at: string): number {
  try {
    return j.db.transaction(() => answer(j, game, player, phase, state, orders, inboundId, at))();
  } catch (e) {
    audit(j.db, at, `player:${player.id}`, game.id, 'dice.instant-failed', { phase: phase.number, error: (e as Error).message });
    return 0;
  }
}

function answer(j: Judge, game: GameRow, player: PlayerRow, phase: PhaseRow, state: unknown, orders: unknown[], inboundId: number, at: string): number {
  const rules = getRules(game.kind);
  const support = rules.instant;
  if (!support || !orders.length) return 0;
  const picked = support.pick(state, player.id, orders);
  if (!picked.length) return 0;
  const gm = recordedGmOnly(j, game, phase);
  let earlier: InstantRecord[] = [...(gm.instant ?? [])];
  const first = earlier.length ? Math.max(...earlier.map((e) => e.seq)) + 1 : 0;
  const values: unknown[] = [];
  let seq = first;
  for (const order of picked) {
    const stream = instantStream(seq, support.streamKind(order));
    const rng = streamRng(stream, phase.seed, game.seed, phase.number);
    const value = support.roll(state, player.id, order, rng, { phase: phase.number, seq, stream, earlier, gm });
    const rec: InstantRecord = { seq, player: player.id, stream, value };
    recordGmInput(j.db, { gameId: game.id, phase: phase.number, kind: 'instant', key: String(seq), value: rec, actor: `player:${player.id}`, inboundId, at });
    earlier = [...earlier, rec];
    values.push(value);
    seq++;
  }
  audit(j.db, at, `player:${player.id}`, game.id, 'dice.instant', { phase: phase.number, seqs: values.map((_, i) => first + i) });
  // Who gets the answer: the roller, the named players (everybody for a public roll), the GM.
  const seats = listPlayers(j.db, game.id).filter((p) => p.status !== 'ejected');
  const named = new Set<PlayerId>([player.id]);
  for (const v of values) {
    const r = support.recipients(state, v);
    for (const p of r === 'all' ? seats.map((s) => s.id) : r) named.add(p);
  }
  const readers: (PlayerRow | 'gm')[] = seats.filter((s) => named.has(s.id));
  if (game.gm_email) readers.push('gm');
  const label = rules.phase(state, player.lang).label;
  let queued = 0;
  for (const reader of readers) {
    const lang = reader === 'gm' ? gameSettings(game).gmLang : reader.lang;
    const model = support.answer(state, values, reader === 'gm' ? 'gm' : reader.id, lang);
    if (!model) continue;
    const mail = render(game.kind, lang, 'instant', {
      ...model,
      game: { id: game.id, title: game.title, kind: game.kind },
      phase: { number: phase.number, label: rules.phase(state, lang).label || label },
      roller: { id: player.id, name: player.name, gender: playerGender(game, player) },
      reader: reader === 'gm' ? null : { id: reader.id, name: reader.name },
      own: reader !== 'gm' && reader.id === player.id,
      dice: rules.verifiableDice ? { commitment: commitment(phase.seed), masterCommitment: commitment(game.seed) } : null,
    });
    const to = reader === 'gm' ? game.gm_email! : reader.email;
    const r = enqueue(
      j.db,
      { dedupeKey: `instant:${game.id}:${phase.id}:${first}:${reader === 'gm' ? 'gm' : reader.id}`, gameId: game.id, phase: phase.number, kind: 'instant', to: [to], subject: mail.subject, body: mail.text },
      j.domain,
      at,
    );
    queued += Number(r.created);
  }
  return queued;
}
