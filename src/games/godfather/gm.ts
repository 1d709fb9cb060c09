// The GM in the loop for the Godfather: an action the document names but leaves
// undescribed («Поссорить англичан и французов», effect "gm" in roles.json) is not
// given an invented effect. The phase asks the GM (a decision without a default,
// so it waits for him after the players' deadline); the GM answers with what
// happens, in words for the player, and with any ВО/ТВ changes it brings:
//
//   DECIDE ivan.quarrel Англичане и французы передрались в порту; виноватым сочли Петра.
//   DECIDE ivan.quarrel.pyotr.vo -2
//   NARRATIVE pyotr Вас обвиняют в драке в порту.      (to one player)
//   BULLETIN В порту драка англичан с французами.       (to everybody)
//
// The changes are the act's effects (protections and reactions apply as to any
// other act); the words reach the actor as his action's result.
import type { DecisionSpec, DecisionValue, GmSupport, Lang, PlayerId, ReportModel } from '../../engine/types.js';
import { fold } from '../../text-fold.js';
import { player, type GState, type Stat } from './state.js';
import { forcedNow } from './forced.js';
import { action, allActions, type ActionDef } from './tables.js';
import { describeOrder } from './order-describe.js';
import type { GOrder } from './order-types.js';
import type { Act, Scratch } from './scratch.js';
import { L, tr } from './texts.js';
import { phaseLabel } from './view.js';
import { collate } from '../../engine/collate.js';

/** One act of the period whose effect the GM decides. */
export interface GmAct {
  id: string;
  actor: PlayerId;
  def: ActionDef;
  targets: PlayerId[];
  note: string;
}

/** The decision id of such an act: "<actor>.<action slug>", e.g. "ivan.quarrel". */
export function gmId(actor: PlayerId, def: ActionDef): string {
  return `${actor}.${def.slug.en}`;
}

const GM_EFFECT = 'gm';

/** The acts of the period the GM must decide: the players' own orders, and a Шантаж that forces one. */
export function gmActs(state: GState, orders: Map<PlayerId, GOrder[]>): GmAct[] {
  const out: GmAct[] = [];
  const forced = new Set<PlayerId>();
  for (const f of state.forced) {
    // only a blackmail that strikes this period and forces it (forced.ts, as the resolution judges it)
    const def = forcedNow(state, f);
    if (typeof def === 'string' || def.effect !== GM_EFFECT) continue;
    forced.add(f.target);
    out.push({ id: gmId(f.target, def), actor: f.target, def, targets: [...f.targets], note: '' });
  }
  for (const [id, os] of [...orders.entries()].sort(([a], [b]) => collate(a, b))) {
    if (forced.has(id)) continue;
    for (const o of os) {
      if (o.type !== 'act') continue;
      const def = action(o.key);
      if (def.effect !== GM_EFFECT) continue;
      out.push({ id: gmId(id, def), actor: id, def, targets: [...o.targets], note: o.args.note ?? '' });
    }
  }
  return out.filter((a, i) => out.findIndex((b) => b.id === a.id) === i);
}

const CHANGE = /^([^.\s]+)\.([a-z-]+)\.([^.\s]+)\.(vo|tv)$/;

function ask(state: GState, a: GmAct, lang: Lang): string {
  const who = player(state, a.actor).name;
  const targets = a.targets.map((t) => player(state, t).name).join(', ');
  return tr(lang, 'gm-ask', {
    actor: who,
    action: a.def.name[L(lang)],
    targets,
    note: a.note,
    hasTargets: targets ? 'yes' : 'no',
    hasNote: a.note ? 'yes' : 'no',
    id: a.id,
  });
}

export const gmSupport: GmSupport<GState, GOrder> = {
  decisions(state, orders, lang): DecisionSpec[] {
    return gmActs(state, orders).map((a) => ({ id: a.id, ask: ask(state, a, lang), type: 'text', default: null }));
  },
  worksheet(state, orders, decisions, lang): ReportModel {
    const acts = gmActs(state, orders);
    return {
      gmActs: acts.map((a) => ({
        id: a.id,
        actor: player(state, a.actor).name,
        action: a.def.name[L(lang)],
        text: a.def.text[L(lang)],
        targets: a.targets.map((t) => player(state, t).name).join(', '),
        note: a.note,
        example: `${a.id}.${a.targets[0] ?? a.actor}.vo`,
      })),
      allOrders: [...orders.entries()]
        .sort(([a], [b]) => collate(a, b))
        .filter(([, os]) => os.length)
        .map(([id, os]) => ({
          player: `${player(state, id).name} (${id})`,
          orders: os.map((o) => describeOrder(state, o, lang)),
        })),
      period: phaseLabel(state.t, lang),
      players: state.players.map((p) => `${p.id} = ${p.name}`).join(', '),
      asked: decisions.length,
    };
  },
  checkDecision(state, id, raw, lang): { value: DecisionValue } | { error: string } {
    const m = CHANGE.exec(id);
    const bad = (code: string) => ({ error: tr(lang, code, { id, raw }) });
    if (!m) return bad('gm-bad-id');
    const [, actor, slug, target] = m;
    if (!state.players.some((p) => fold(p.id) === fold(actor!))) return bad('gm-bad-player');
    if (!allActions().some((a) => a.effect === GM_EFFECT && a.slug.en === slug)) return bad('gm-bad-id');
    if (!state.players.some((p) => fold(p.id) === fold(target!))) return bad('gm-bad-player');
    const n = Number(raw.trim().replace('−', '-'));
    if (!Number.isInteger(n) || Math.abs(n) > 20) return bad('gm-bad-change');
    return { value: n };
  },
  narrativeTargets(state, orders): string[] {
    return [...state.players.map((p) => p.id), ...gmActs(state, orders).map((a) => a.id)];
  },
};

/** The decisions of the period by folded id. */
function decisions(sc: Scratch): Map<string, DecisionValue> {
  return new Map(Object.entries(sc.gm.decisions).map(([k, v]) => [fold(k), v]));
}

/** The ВО/ТВ changes the GM decided for this act; its result is the GM's words (or "no ruling"). */
export function gmChanges(sc: Scratch, a: Act): { target: PlayerId; stat: Stat; delta: number }[] {
  const id = fold(gmId(a.actor, a.def));
  const d = decisions(sc);
  const ruling = d.get(id);
  if (ruling === undefined) {
    a.reason = 'r-gm-none';
    return [];
  }
  a.reason = 'r-gm';
  a.reasonParams = { text: String(ruling) };
  const out: { target: PlayerId; stat: Stat; delta: number }[] = [];
  for (const [k, v] of d) {
    const m = CHANGE.exec(k);
    if (!m || `${m[1]}.${m[2]}` !== id) continue;
    const target = sc.s.players.find((p) => fold(p.id) === m[3])?.id;
    if (target && Number(v)) out.push({ target, stat: m[4] as Stat, delta: Number(v) });
  }
  if (!a.affected.length) a.affected = [...new Set([...a.targets, ...out.map((c) => c.target)])];
  return out.sort((x, y) => collate(x.target, y.target) || collate(x.stat, y.stat));
}

/** Step: the GM's narrative (to the player it names, or to the actor of the act it names) and bulletin (to all). */
export function stepGmEvents(sc: Scratch): void {
  const gm = sc.gm;
  if (gm.bulletin) sc.events.push({ type: 'bulletin', audience: 'all', text: gm.bulletin });
  for (const [target, text] of Object.entries(gm.narrative).sort(([a], [b]) => collate(a, b))) {
    const p = sc.s.players.find((x) => fold(x.id) === fold(target));
    const act = sc.acts.find((x) => x.def.effect === GM_EFFECT && fold(gmId(x.actor, x.def)) === fold(target));
    const to = p?.id ?? act?.actor;
    if (to) sc.events.push({ type: 'narrative', audience: [to], player: to, target, text });
  }
}
