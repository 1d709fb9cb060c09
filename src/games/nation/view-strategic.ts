// Strategic actions in a nation report (view.ts): the reader's own (the GM:
// all) with their progress, this turn's steps and the ones that ended — his
// own in full (die, modifiers, the result's formula), the others' by value.
import { outcomeOf } from './dice.js';
import { directionName } from './directions.js';
import { turnsText } from './texts.js';
import type { StrategicView } from './view-model.js';
import { modLines } from './view-modifiers.js';
import { type Ev, NONE, type ViewReader } from './view-reader.js';
import { diceText, dieFace, num } from './view-words.js';

const stratOf = (r: ViewReader, id: string) => r.state.strategic.find((s) => s.id === id);

/** This turn's steps. */
export function progress(r: ViewReader): string[] {
  const { t, l, quoted } = r;
  return r.of('progress').map((e) => {
    const st = stratOf(r, e.strategic);
    const full = st ? r.mine(st.player) : r.isGm;
    // This turn's step, when the reader may know it: its id, and its own words when they differ from the goal.
    const step = [...r.actions.values()].find((x) => x.a.strategic === e.strategic && x.seen && r.knows(x.a.actor))?.a;
    const stepText = step
      ? step.text && step.text !== st?.goal
        ? ` [${step.id} ${quoted(step.text)}]`
        : ` [${step.id}]`
      : '';
    const goal = (st ? ` ${quoted(st.goal)}` : '') + stepText;
    if (!full) return t('progress-other', { id: e.strategic, goal, value: num(e.value, l) });
    const mods = modLines(r, e.modifiers);
    return t('progress-own', {
      id: e.strategic,
      goal,
      turn: e.turnsDone,
      die: dieFace(e.die),
      mods: mods.length ? `; ${mods.join('; ')}` : '',
      value: num(e.value, l),
    });
  });
}

/** The strategic actions that ended this turn. */
export function strategicDone(r: ViewReader): string[] {
  const { t, l, quoted } = r;
  return r.of('strategic-done').map((e) => {
    const st = stratOf(r, e.strategic);
    const full = st ? r.mine(st.player) : r.isGm;
    const goal = st ? ` ${quoted(st.goal)}` : '';
    const outcome = outcomeOf(e.value);
    if (!full) return t('strategic-done-other', { id: e.strategic, goal, value: num(e.value, l), outcome });
    const dif = e.difficulty ? ` − ${e.difficulty}` : '';
    const formula = `(${num(
      e.dice.reduce((s, x) => s + x, 0),
      l,
    )} + ${num(e.sum, l)} + ${num(e.timeModifier, l)}) × 4 / (${e.estimate} + 4) + ${num(e.timeModifier, l)}${dif}`;
    return t('strategic-done-own', {
      id: e.strategic,
      goal,
      turns: turnsText(e.turns, l),
      estimate: turnsText(e.estimate, l),
      time: num(e.timeModifier, l),
      dice: diceText(e.dice, l),
      sum: num(e.sum, l),
      formula,
      value: num(e.value, l),
      outcome,
    });
  });
}

/** The reader's strategic actions in progress, ended this turn, or abandoned without a result. */
export function strategicViews(r: ViewReader): StrategicView[] {
  const { t, l, isGm } = r;
  const ended = new Set([
    ...r.events.filter((e) => e.type === 'strategic-done').map((e) => (e as Ev<'strategic-done'>).strategic),
  ]);
  return r.state.strategic
    .filter(
      (s) =>
        r.mine(s.player) &&
        (s.status === 'active' ||
          ended.has(s.id) ||
          (s.status === 'abandoned' && s.progress.length > 0 && s.result === null)),
    )
    .map((s) => {
      const who = isGm ? ` [${r.playerName(s.player)}]` : '';
      const vis = t(s.visibility === 'secret' ? 'secret-adv' : 'public-adv');
      const est =
        s.mode === 'ask-time'
          ? t('strategic-mode-ask-time', { estimate: s.estimate === null ? '?' : turnsText(s.estimate, l) })
          : t('strategic-mode-ask-difficulty', {
              estimate: turnsText(s.estimate ?? 0, l),
              difficulty: num(s.difficulty, l),
            });
      const planned = s.planned !== null ? t('strategic-planned', { turns: turnsText(s.planned, l) }) : '';
      return {
        id: s.id,
        line: `${s.id}${who} ${r.nameOf(s.actor)}: ${r.quoted(s.goal)} — ${directionName(s.direction, l)}, ${vis}; ${est}${planned}; ${t('strategic-status', { status: s.status })}`,
        progress: s.progress.length
          ? s.progress.map((p) => t('turn-value', { turn: p.turn, value: num(p.value, l) })).join(', ') +
            ` (Σ ${num(
              s.progress.reduce((x, p) => x + p.value, 0),
              l,
            )})`
          : NONE,
        result: s.result ? num(s.result.value, l) : null,
      };
    });
}
