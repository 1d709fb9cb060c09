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
import { gmInputsAfter, LiveGmInputs, recordGmInput } from '../../store/gm-inputs.js';
import type { Db } from '../../store/db.js';
import type { GmInputs } from '../../engine/types.js';
import type { RecordedInput } from '../../engine/gm-inputs.js';
import { enqueue, type NewMail } from '../../store/outbox.js';
import type { PhaseRow } from '../../store/phases.js';
import { commitment, instantStream, streamRng } from '../../engine/dice-trust.js';
import { gmOnly, recordedInput } from '../../engine/gm-loop.js';
import { sharedValue } from '../../engine/shared-json.js';
import { gameSettings } from '../../engine/settings.js';
import type { InstantRecord, PlayerId } from '../../engine/types.js';

/** The rolls of one block answered at once: how many, and their answers, rendered but not queued yet. */
export interface InstantAnswer {
  rolls: number;
  mails: NewMail[];
}

const NONE: InstantAnswer = { rolls: 0, mails: [] };

/**
 * Roll and record the orders of one accepted block that the kind answers at
 * once, and render their answers. It runs in a savepoint of the mail's
 * transaction: should anything fail, nothing of it is kept, the orders stand
 * and are rolled at the deadline, and the audit log says why. The answers are
 * queued by queueInstant, after the mail's acknowledgement (which says that
 * they come), so that a player reads the acknowledgement first.
 */
export function answerInstant(j: Judge, game: GameRow, player: PlayerRow, phase: PhaseRow, state: unknown, orders: unknown[], inboundId: number, at: string): InstantAnswer {
  try {
    return j.db.transaction(() => answer(j, game, player, phase, state, orders, inboundId, at))();
  } catch (e) {
    forgetInstantInputs(j); // what it read or recorded is rolled back
    audit(j.db, at, `player:${player.id}`, game.id, 'dice.instant-failed', { phase: phase.number, error: (e as Error).message });
    return NONE;
  }
}

/**
 * The phase's recorded inputs as the kind's rolls see them, kept per phase
 * for the run: each mail reads only the lines recorded since the last one
 * (the table of inputs only grows), and the values are shared (equal lines
 * the same objects), so the kind can keep what it built from them (rpg: the
 * table so far). Rolled back writes make it forget (forgetInstantInputs).
 */
const kept = new WeakMap<Db, Map<string, LiveGmInputs<RecordedInput>>>();

function phaseInputs(j: Judge, game: GameRow, phase: PhaseRow): GmInputs {
  let phases = kept.get(j.db);
  if (!phases) kept.set(j.db, (phases = new Map()));
  const key = `${game.id}\u0000${phase.number}`;
  let live = phases.get(key);
  if (!live) phases.set(key, (live = new LiveGmInputs((r) => recordedInput(r, true))));
  live.add(gmInputsAfter(j.db, game.id, phase.number, live.lastId));
  return gmOnly(live.items());
}

/** A transaction that read or recorded inputs was rolled back: read them anew next time. */
export function forgetInstantInputs(j: Judge): void {
  kept.delete(j.db);
}

/** Queue the answers of answerInstant; the number of mails queued. */
export function queueInstant(j: Judge, a: InstantAnswer, at: string): number {
  let queued = 0;
  for (const m of a.mails) queued += Number(enqueue(j.db, m, j.domain, at).created);
  return queued;
}

function answer(j: Judge, game: GameRow, player: PlayerRow, phase: PhaseRow, state: unknown, orders: unknown[], inboundId: number, at: string): InstantAnswer {
  const rules = getRules(game.kind);
  const support = rules.instant;
  if (!support || !orders.length) return NONE;
  const picked = support.pick(state, player.id, orders);
  if (!picked.length) return NONE;
  const gm = phaseInputs(j, game, phase);
  let earlier: InstantRecord[] = [...(gm.instant ?? [])];
  const first = earlier.length ? Math.max(...earlier.map((e) => e.seq)) + 1 : 0;
  const values: unknown[] = [];
  let seq = first;
  for (const order of picked) {
    const stream = instantStream(seq, support.streamKind(order));
    const rng = streamRng(stream, phase.seed, game.seed, phase.number);
    const value = support.roll(state, player.id, order, rng, { phase: phase.number, seq, stream, earlier, gm });
    // As the next mail reads it back (sharedValue of the stored text): the same object, so what the kind built from it is reused.
    const rec = sharedValue<InstantRecord>(JSON.stringify({ seq, player: player.id, stream, value } satisfies InstantRecord));
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
  const mails: NewMail[] = [];
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
    mails.push({ dedupeKey: `instant:${game.id}:${phase.id}:${first}:${reader === 'gm' ? 'gm' : reader.id}`, gameId: game.id, phase: phase.number, kind: 'instant', to: [to], subject: mail.subject, body: mail.text, html: mail.html });
  }
  return { rolls: values.length, mails };
}
