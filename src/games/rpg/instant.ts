// The rolls the dice server answers at once (InstantSupport): everything that
// needs nobody else's input — not team checks, secret actions, acts against
// another player's character, or what the player asked to wait. Each is rolled
// against the round's table as it stands (the GM's hidden rolls and the rolls
// answered earlier in the round counted), and recorded for the round.
import type { InstantRecord, InstantSupport, Lang, PlayerId } from '../../engine/types.js';
import type { RecordedRolls } from './adjudicate.js';
import { describeRoll } from './format.js';
import { KEYWORD, W } from './messages.js';
import { changesTable, rollOrder, tableEffects } from './resolve.js';
import { sheetLines, sheetOf } from './sheets.js';
import { verifyLine } from './view.js';
import type { RpgOrder, RpgState } from './types.js';

/**
 * The table as the round's recorded rolls so far left it, for rolling `order`: a working copy
 * when the roll may change the table (changesTable), else the kept table itself, only read.
 */
function tableNow(
  state: RpgState,
  earlier: readonly InstantRecord[],
  gmRolls: { detail?: unknown }[],
  order: RpgOrder,
): RpgState {
  const t = tableSoFar(state, earlier, gmRolls);
  return changesTable(order) ? structuredClone(t) : t;
}

/**
 * The table so far, kept per state object: a mail that adds rolls to the ones
 * the last one saw applies only its new ones. It is reused only when the
 * state, the GM's rolls and the earlier rolls are the very objects it was
 * built from (shared, frozen inputs: src/engine/shared-json.ts), else built anew.
 */
const tables = new WeakMap<
  object,
  { gm: unknown[]; earlier: readonly InstantRecord[]; applied: number; work: RpgState }
>();

function tableSoFar(state: RpgState, earlier: readonly InstantRecord[], gmRolls: { detail?: unknown }[]): RpgState {
  const gm = gmRolls.map((g) => g.detail);
  let t = tables.get(state);
  const same = (a: readonly unknown[], b: readonly unknown[], n: number) => {
    if (a.length < n || b.length < n) return false;
    for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
    return true;
  };
  // A list of rolls is never changed once given, only grown (the intake's PhaseInputs appends
  // to its own): the same array, as long as before or longer, needs no comparing.
  const holds = (x: NonNullable<typeof t>) =>
    x.earlier === earlier ? x.applied <= earlier.length : same(earlier, x.earlier, x.applied);
  if (!t || t.gm.length !== gm.length || !same(t.gm, gm, gm.length) || !holds(t)) {
    const work = structuredClone(state);
    for (const d of gm) for (const r of (d as RecordedRolls | undefined)?.rolls ?? []) tableEffects(work, r);
    t = { gm, earlier, applied: 0, work };
    if (Object.isFrozen(state)) tables.set(state, t);
  }
  for (let i = t.applied; i < earlier.length; i++)
    for (const r of (earlier[i]!.value as RecordedRolls).rolls) tableEffects(t.work, r);
  t.earlier = earlier;
  t.applied = earlier.length;
  return t.work;
}

export interface InstantAnswerModel {
  [key: string]: unknown;
  title: string;
  gm: boolean;
  numbers: boolean;
  rolls: { by: string; head: string; text: string; comment: string }[];
  sheet: { name: string; lines: string[] } | null;
  keyword: string;
  /** The #dice lines of the rolls the reader sees with numbers: what the round's key will let him recompute. */
  verify: string[];
}

export const instant: InstantSupport<RpgState, RpgOrder> = {
  pick: (state, _player, orders) => (state.instant ? orders.filter((o) => !o.wait) : []),
  streamKind: (o) => (o.hidden ? 'master' : 'phase'),
  roll(state, player, order, rng, ctx): RecordedRolls {
    if (order.type === 'sheet') return { order, rolls: [], by: player };
    const work = tableNow(state, ctx.earlier, ctx.gm.rolls, order);
    return {
      order,
      rolls: rollOrder(work, player, order, rng, {
        phase: ctx.phase,
        via: 'instant',
        seq: ctx.seq,
        stream: ctx.stream,
      }),
      by: player,
    };
  },
  recipients(_state, value) {
    const v = value as RecordedRolls;
    if (v.rolls.some((r) => r.audience === 'all')) return 'all';
    return [...new Set(v.rolls.flatMap((r) => (Array.isArray(r.audience) ? r.audience : [])))];
  },
  answer(state, values, reader, lang: Lang): InstantAnswerModel | null {
    const vs = values as RecordedRolls[];
    const names = new Map(state.players.map((p) => [p.id, p.name]));
    const seen = vs
      .flatMap((v) => v.rolls)
      .filter(
        (r) =>
          reader === 'gm' ||
          r.audience === 'all' ||
          (Array.isArray(r.audience) && r.audience.includes(reader as PlayerId)),
      );
    const numbers = reader === 'gm' || state.showNumbers;
    const rolls = seen.map((r) => {
      const d = describeRoll(state, r, reader, lang);
      return {
        by: r.player === 'gm' ? W.gm[lang] : (names.get(r.player) ?? r.player),
        head: d.head,
        text: d.text,
        comment: r.comment,
      };
    });
    // SHEET: the asker's own sheet, for the asker only.
    const asker = vs.find((v) => v.order.type === 'sheet')?.by;
    let sheet: InstantAnswerModel['sheet'] = null;
    if (asker && reader === asker) {
      const s = sheetOf(state, reader);
      if (s) sheet = { name: s.name, lines: sheetLines(state, s, lang, state.showNumbers) };
    }
    if (!rolls.length && !sheet) return null;
    return {
      title: state.title,
      gm: reader === 'gm',
      numbers,
      rolls,
      sheet,
      keyword: KEYWORD[lang].roll,
      verify: numbers ? seen.filter((r) => !r.hidden || reader === 'gm').map(verifyLine) : [],
    };
  },
};
