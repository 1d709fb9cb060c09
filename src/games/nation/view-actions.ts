// The actions of a stage in a nation report (view.ts): the declared actions the
// reader may know of, which of them his figures may influence, their results
// (his own in full: dice, modifiers, difficulty; the others' by their total),
// the influence actions and the changes of ПИ.
import { directionName } from './directions.js';
import { actorName } from './texts.js';
import type { DeclaredAction } from './types.js';
import type { ActionView } from './view-model.js';
import { modLines } from './view-modifiers.js';
import type { ViewReader } from './view-reader.js';
import { diceText, dieFace, lvl, num } from './view-words.js';

/** "A1 [Руслан] Рутения: публично, агрессивность, … — «text»". */
export function actionLine(r: ViewReader, a: DeclaredAction): string {
  const { t, l, nameOf } = r;
  const who = r.isGm ? ` [${r.playerName(a.player)}]` : '';
  const parts = [t(a.visibility === 'secret' ? 'secret-adv' : 'public-adv')];
  if (!a.influence) parts.push(directionName(a.direction, l));
  if (a.scale !== null) parts.push(t('action-scale', { level: lvl(a.scale, l) }));
  if (a.strategic) {
    const st = r.state.strategic.find((s) => s.id === a.strategic);
    parts.push(
      st && st.startedTurn === r.turn && st.progress.length <= (r.stage === 1 ? 0 : 1)
        ? t('action-new-strategic', { id: a.strategic })
        : t('action-step', { id: a.strategic }),
    );
  }
  if (a.influence) {
    const target = r.seenAction(a.influence.target);
    parts.push(
      `${t(a.influence.sign > 0 ? 'support' : 'oppose')} ${a.influence.target}${target ? ` (${nameOf(target.actor)})` : ''}`,
    );
  }
  if (a.gainInfluence) parts.push(t('action-gain', { order: nameOf(r.targetRef(a.gainInfluence)) }));
  const text = a.text ? ` — ${r.quoted(a.text)}` : '';
  return `${a.id}${who} ${nameOf(a.actor)}: ${parts.join(', ')}${text}`;
}

/** The declared actions of the stage, the reader's own with their penalty. */
export function actionViews(r: ViewReader): ActionView[] {
  return r.declaredNow.map((a) => ({
    id: a.id,
    line: actionLine(r, a),
    details:
      r.mine(a.player) && a.penalty
        ? modLines(r, [
            {
              source: 'penalty',
              value: a.penalty.value,
              note: `${a.visibility} ${a.rank}/${a.penalty.count} ${a.penalty.entity}`,
            },
          ])
        : [],
  }));
}

/** After stage 1: which visible actions each own figure may influence. */
export function influenceHints(r: ViewReader): string[] {
  const out: string[] = [];
  if (r.stage === 1)
    for (const f of r.state.figures.filter((x) => r.mine(x.player))) {
      const targets = r.declaredNow.filter(
        (a) => a.actor.type !== 'figure' && f.influence.some((i) => i.order === a.actor.id),
      );
      if (targets.length) out.push(`${f.name}: ${targets.map((a) => `${a.id} (${r.nameOf(a.actor)})`).join(', ')}`);
    }
  return out;
}

export function results(r: ViewReader): ActionView[] {
  const { t, l } = r;
  return r.of('result').map((e) => {
    const a = r.seenAction(e.action);
    const full = a ? r.mine(a.player) : r.isGm;
    const head = a ? actionLine(r, a) : e.action;
    const total = t('result-total', { total: num(e.total, l), outcome: e.outcome });
    if (!full) return { id: e.action, line: head, details: [total] };
    return {
      id: e.action,
      line: head,
      details: [
        diceText(e.dice, l),
        ...modLines(r, e.modifiers),
        t('result-difficulty', { level: lvl(e.difficulty, l) }),
        total,
      ],
    };
  });
}

export function influences(r: ViewReader): string[] {
  const { state, t, l, nameOf } = r;
  return r.of('influence').map((e) => {
    const f = state.figures.find((x) => x.id === e.figure);
    const fa = r.seenAction(e.action);
    const ta = r.seenAction(e.target);
    const sign = t(e.sign > 0 ? 'support' : 'oppose');
    const target = `${e.target}${ta ? ` (${nameOf(ta.actor)})` : ''}`;
    const who = f && r.knows({ type: 'figure', id: f.id }) ? f.name : '?';
    if (f && r.mine(f.player)) {
      const roll = e.roll === null ? '' : `, FD ${dieFace(e.roll)}`;
      return t('influence-own', {
        action: e.action,
        who,
        sign,
        target,
        degree: lvl(e.degree, l),
        roll,
        value: num(e.value, l),
      });
    }
    return `${fa ? fa.id : e.action} ${who}: ${sign} ${target}`;
  });
}

/** The ПИ of the reader's own figures. */
export function pi(r: ViewReader): string[] {
  const { state, t, l } = r;
  return r.of('pi').flatMap((e) => {
    const f = r.ownFigure(e.figure);
    if (!f) return [];
    const ref = r.targetRef(e.order);
    const on = r.knows(ref) ? actorName(state, ref) : t('order-unknown-to-you');
    const roll = e.roll === null ? '' : ` (FD ${dieFace(e.roll)})`;
    const degree =
      e.degreeFrom !== e.degreeTo ? t('pi-degree', { from: lvl(e.degreeFrom, l), to: lvl(e.degreeTo, l) }) : '';
    return [
      t('pi-line', { figure: f.name, on, change: num(e.change, l), reason: e.reason, roll, pi: num(e.pi, l), degree }),
    ];
  });
}
