// The GM's part of one phase, as the pipeline needs it: what the GM is asked,
// what is answered (defaults where allowed), and the recorded inputs that
// adjudication sees. The mails and the waiting are src/engine/gm-loop.ts.
import type { Judge } from '../context.js';
import { nowIso } from '../context.js';
import type { GameRow } from '../store/games.js';
import { liveGmInputs, recordGmInput, type GmInputRow } from '../store/gm-inputs.js';
import type { PhaseRow } from '../store/phases.js';
import { GmError } from '../errors.js';
import { resolveGm, type RecordedInput, type ResolvedGm } from './gm-inputs.js';
import { recordedOrders } from './recorded-orders.js';
import { gameSettings } from './settings.js';
import { NO_GM_INPUTS, type AnyRules, type DecisionSpec, type GmInputs, type PlayerId } from './types.js';
import { sharedValue } from './shared-json.js';

/** A phase that cannot be adjudicated yet: these decisions have no answer and no default. */
export class GmWaitError extends GmError {
  constructor(
    readonly game: string,
    readonly phase: number,
    readonly missing: DecisionSpec[],
  ) {
    super(
      `phase ${phase} of "${game}" waits for the GM: ${missing.map((m) => `${m.id} (${m.ask})`).join('; ')}`,
      'waits',
      { phase, list: missing.map((m) => m.id).join(', ') },
    );
  }
}

export interface GmSettings {
  every?: number;
  cron?: string;
  minimum?: number;
  reminders: number[];
  /** At the GM's deadline, proceed with the defaults of unanswered decisions. */
  defaults: boolean;
  /** Mail the GM a preview of the resolution once everything is decided, and wait for RELEASE (or the GM's deadline). */
  review: boolean;
}

export function gmSettings(game: GameRow): GmSettings {
  const g = gameSettings(game).schedule?.gm;
  return {
    every: g?.every,
    cron: g?.cron,
    minimum: g?.minimum,
    reminders: g?.reminders ?? [],
    defaults: g?.defaults ?? true,
    review: g?.review ?? false,
  };
}

export function recorded(j: Judge, game: GameRow, phase: number): RecordedInput[] {
  return liveGmInputs(j.db, game.id, phase).map((r) => recordedInput(r));
}

/** A recorded line as the GM resolution reads it; shared: its value shared and frozen (sharedValue), equal lines the same objects. */
export function recordedInput(r: GmInputRow, shared = false): RecordedInput {
  return { kind: r.kind, key: r.key, value: shared ? sharedValue(r.value_json) : JSON.parse(r.value_json) };
}

export interface PhaseGm {
  specs: DecisionSpec[];
  resolved: ResolvedGm;
  state: unknown;
  orders: Map<PlayerId, unknown[]>;
}

/** What the GM is asked for a phase, and what is answered (defaults taken where the decision has one). */
export function phaseGm(
  j: Judge,
  rules: AnyRules,
  game: GameRow,
  phase: PhaseRow,
  state?: unknown,
  orders?: Map<PlayerId, unknown[]>,
): PhaseGm {
  const st = state ?? JSON.parse(phase.state_json);
  const ord = orders ?? recordedOrders(j, rules, game, phase.number);
  const specs = rules.gm ? rules.gm.decisions(st, ord, gameSettings(game).gmLang) : [];
  return { specs, resolved: resolveGm(specs, recorded(j, game, phase.number), true), state: st, orders: ord };
}

/** The GM inputs of a phase of a kind without decisions (a bulletin or rolls may still be recorded). */
export function recordedGmOnly(j: Judge, game: GameRow, phase: PhaseRow): GmInputs {
  return gmOnly(recorded(j, game, phase.number));
}

export function gmOnly(rows: RecordedInput[]): GmInputs {
  return rows.length ? resolveGm([], rows, true).inputs : NO_GM_INPUTS;
}

/** Record the defaults a phase was adjudicated with, so a rerun sees the same inputs. */
export function recordDefaults(j: Judge, game: GameRow, phase: PhaseRow, defaulted: DecisionSpec[]): void {
  const at = nowIso(j);
  for (const d of defaulted)
    recordGmInput(j.db, {
      gameId: game.id,
      phase: phase.number,
      kind: 'decision',
      key: d.id.toLowerCase(),
      value: d.default,
      actor: 'judge:default',
      at,
    });
}

/** Is this phase waiting for the GM (the players' part is over)? */
export function waitsForGm(phase: PhaseRow): boolean {
  return !!phase.gm_opened_at && !phase.processed_at;
}
