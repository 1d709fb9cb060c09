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
import { render, mailContent } from '../../render/templates.js';
import { audit } from '../../store/audit.js';
import { listPlayers, type GameRow, type PlayerRow } from '../../store/games.js';
import { gmInputsAfter, LiveGmInputs, recordGmInput, type GmInputRow } from '../../store/gm-inputs.js';
import { transact, type Db } from '../../store/db.js';
import { NO_GM_INPUTS, type GmInputs } from '../../engine/types.js';
import type { RecordedInput } from '../../engine/gm-inputs.js';
import { enqueue, type NewMail } from '../../store/outbox.js';
import type { PhaseRow } from '../../store/phases.js';
import { commitment, instantStream, streamRng } from '../../engine/dice-trust.js';
import { gmOnly, recordedInput } from '../../engine/gm-phase.js';
import { sharedValue, shareBuilt } from '../../engine/shared-json.js';
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
export function answerInstant(
  j: Judge,
  game: GameRow,
  player: PlayerRow,
  phase: PhaseRow,
  state: unknown,
  orders: unknown[],
  inboundId: number,
  at: string,
): InstantAnswer {
  try {
    // Nothing to answer (a kind without rules.instant, no orders): no savepoint either.
    if (!getRules(game.kind).instant || !orders.length) return NONE;
    return transact(j.db, () => answer(j, game, player, phase, state, orders, inboundId, at));
  } catch (e) {
    forgetInstantInputs(j); // what it read or recorded is rolled back
    audit(j.db, at, `player:${player.id}`, game.id, 'dice.instant-failed', {
      phase: phase.number,
      error: (e as Error).message,
    });
    return NONE;
  }
}

/**
 * The phase's recorded inputs as the kind's rolls see them, kept per phase
 * for the run: each mail reads only the lines recorded since the last one
 * (the table of inputs only grows), and the values are shared (equal lines
 * the same objects), so the kind can keep what it built from them (rpg: the
 * table so far). Rolled back writes make it forget (forgetInstantInputs).
 * Exported for its test (tests/gm/instant-inputs.test.ts).
 */
export class PhaseInputs {
  private readonly live = new LiveGmInputs<RecordedInput>((r) => recordedInput(r, true));
  /**
   * gmOnly of the lines so far. Its `instant` list is this object's own and
   * only grows while gm is the same object: new rolls answered at once are
   * appended to it (copying it for every roll cost a round as much as the
   * square of its rolls), so a reader holding it sees the rolls so far.
   */
  gm: GmInputs = NO_GM_INPUTS;
  /** gm.instant is in strictly increasing seq order (so a roll of a later seq goes last). */
  private ordered = true;
  /** The highest seq in gm.instant (-Infinity: none). */
  private maxSeq = -Infinity;

  get lastId(): number {
    return this.live.lastId;
  }

  /** The seq of the next roll answered at once: one after the highest so far, 0 for the first. */
  get nextSeq(): number {
    return this.gm.instant?.length ? this.maxSeq + 1 : 0;
  }

  /** Fold in lines recorded since the last one folded, oldest first. */
  add(rows: GmInputRow[]): void {
    if (!rows.length) return;
    const more = this.newRolls(rows);
    this.live.add(rows);
    if (more) {
      // Rolls answered at once, each of a new seq after the last: gmOnly would put them last.
      if (this.owned) this.gm.instant!.push(...more);
      else this.gm = { ...this.gm, instant: [...(this.gm.instant ?? []), ...more] };
      this.owned = true;
      this.maxSeq = more.at(-1)!.seq;
      return;
    }
    this.gm = gmOnly(this.live.items());
    this.owned = false;
    let last = -Infinity;
    this.ordered = (this.gm.instant ?? []).every(
      (e) => typeof e.seq === 'number' && e.seq > last && ((last = e.seq), true),
    );
    this.maxSeq = -Infinity;
    for (const e of this.gm.instant ?? []) this.maxSeq = Math.max(this.maxSeq, e.seq); // (Math.max(...) would overflow the stack for a very long round)
  }
  /** Whether gm.instant is this object's own array (made here), which it may append to. */
  private owned = false;

  /** The records of rows that are all new instant rolls, in increasing seq order after the last one kept; else null. */
  private newRolls(rows: GmInputRow[]): InstantRecord[] | null {
    if (!this.ordered) return null;
    const out: InstantRecord[] = [];
    const keys = new Set<string>();
    let last = this.gm.instant?.at(-1)?.seq ?? -Infinity;
    for (const r of rows) {
      if (r.kind !== 'instant' || this.live.has(r.kind, r.key) || keys.has(r.key)) return null;
      const v = sharedValue<InstantRecord | null>(r.value_json);
      if (v === null || typeof v !== 'object' || typeof v.seq !== 'number' || !(v.seq > last)) return null;
      keys.add(r.key);
      last = v.seq;
      out.push(v);
    }
    return out;
  }
}

const kept = new WeakMap<Db, Map<string, PhaseInputs>>();

/** The phase's inputs kept for the run, with the lines recorded since the last mail folded in. */
function phaseInputs(j: Judge, game: GameRow, phase: PhaseRow): PhaseInputs {
  let phases = kept.get(j.db);
  if (!phases) kept.set(j.db, (phases = new Map()));
  const key = `${game.id}\u0000${phase.number}`;
  let p = phases.get(key);
  if (!p) phases.set(key, (p = new PhaseInputs()));
  p.add(gmInputsAfter(j.db, game.id, phase.number, p.lastId));
  return p;
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

function answer(
  j: Judge,
  game: GameRow,
  player: PlayerRow,
  phase: PhaseRow,
  state: unknown,
  orders: unknown[],
  inboundId: number,
  at: string,
): InstantAnswer {
  const rules = getRules(game.kind);
  const support = rules.instant;
  if (!support || !orders.length) return NONE;
  const picked = support.pick(state, player.id, orders);
  if (!picked.length) return NONE;
  const inputs = phaseInputs(j, game, phase);
  const first = inputs.nextSeq;
  const values: unknown[] = [];
  let seq = first;
  for (const order of picked) {
    const stream = instantStream(seq, support.streamKind(order));
    const rng = streamRng(stream, phase.seed, game.seed, phase.number);
    // The phase's inputs so far, this mail's earlier rolls included (folded in below).
    const gm = inputs.gm;
    const value = support.roll(state, player.id, order, rng, {
      phase: phase.number,
      seq,
      stream,
      earlier: gm.instant ?? [],
      gm,
    });
    // As the next mail reads it back (sharedValue of the stored text): the same object, so what the kind built from it is reused.
    const built: InstantRecord = { seq, player: player.id, stream, value };
    const text = JSON.stringify(built);
    const rec = shareBuilt(text, built);
    const line = {
      gameId: game.id,
      phase: phase.number,
      kind: 'instant',
      key: String(seq),
      value: rec,
      valueJson: text,
      actor: `player:${player.id}`,
      inboundId,
      at,
    } as const;
    const id = recordGmInput(j.db, line);
    // Folded in as the next mail would read it back: no other line can come between phaseInputs' read and this one, both in this transaction (SQLite refuses a write on a snapshot another writer has changed).
    inputs.add([
      {
        id,
        game_id: line.gameId,
        phase_number: line.phase,
        kind: line.kind,
        key: line.key,
        value_json: text,
        actor: line.actor,
        inbound_id: inboundId,
        at,
      },
    ]);
    values.push(value);
    seq++;
  }
  audit(j.db, at, `player:${player.id}`, game.id, 'dice.instant', {
    phase: phase.number,
    seqs: values.map((_, i) => first + i),
  });
  // Who gets the answer: the roller, the named players (everybody for a public roll), the GM.
  const named = new Set<PlayerId>([player.id]);
  let all = false;
  for (const v of values) {
    const r = support.recipients(state, v);
    if (r === 'all') all = true;
    else for (const p of r) named.add(p);
  }
  // Most rolls are the roller's alone: the seats are read only when others are named.
  const seats =
    all || named.size > 1
      ? listPlayers(j.db, game.id).filter((p) => p.status !== 'ejected')
      : player.status !== 'ejected'
        ? [player]
        : [];
  const readers: (PlayerRow | 'gm')[] = seats.filter((s) => all || named.has(s.id));
  if (game.gm_email) readers.push('gm');
  const label = rules.phase(state, player.lang).label;
  const dice = rules.verifiableDice
    ? { commitment: commitment(phase.seed), masterCommitment: commitment(game.seed) }
    : null;
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
      dice,
    });
    const to = reader === 'gm' ? game.gm_email! : reader.email;
    mails.push({
      dedupeKey: `instant:${game.id}:${phase.id}:${first}:${reader === 'gm' ? 'gm' : reader.id}`,
      gameId: game.id,
      phase: phase.number,
      kind: 'instant',
      to: [to],
      ...mailContent(mail),
    });
  }
  return { rolls: values.length, mails };
}
