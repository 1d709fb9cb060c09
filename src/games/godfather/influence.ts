// ВО/ТВ effects ("Воздействия на ВО/ТВ"): every change of the period is gathered
// first (reading the stats as they were at the start of the period), filtered by
// the targets' protections, answered by the reactive effects (Божья кара, Чтение
// молитв, Приказ ночному гарнизону), and only then applied.
import type { PlayerId } from '../../engine/types.js';
import { shieldOf } from './blocks.js';
import { factionsOf, fellowMembers, halfIndex, living, player, type Loss, type OrderArgs, type Stat } from './state.js';
import type { ActionDef } from './tables.js';
import { gmChanges } from './gm.js';
import { addLasting, fail, ok, trace, type Act, type Change, type Scratch } from './scratch.js';

const STAT_EFFECTS = [
  'stat',
  'block',
  'massStat',
  'factionStat',
  'tempStat',
  'garrison',
  'swapChanges',
  'authority',
  'double',
  'drain',
  'tempSelf',
  'sowRumours',
  'gm',
];

export function push(sc: Scratch, a: Act, target: PlayerId, stat: Stat, delta: number, temp?: number): void {
  if (delta === 0) return;
  sc.changes.push({ target, stat, delta, by: a.actor, act: a.n, ...(temp ? { temp } : {}) });
}

function filterMatches(filter: string, vo: number, tv: number): boolean {
  const m = /^(vo|tv)([<>])(-?\d+)$/.exec(filter);
  if (!m) throw new Error(`bad filter "${filter}"`);
  const v = m[1] === 'vo' ? vo : tv;
  return m[2] === '<' ? v < Number(m[3]) : v > Number(m[3]);
}

/** A ВО/ТВ change an act asks for (temp: periods it lasts), before protections and reactions. */
export interface TableChange {
  target: PlayerId;
  stat: Stat;
  delta: number;
  temp?: number;
}

/**
 * The changes of the effects whose amounts are the table's own numbers (stat, block,
 * factionStat, tempStat, tempSelf): what the act asks of each target, read from its
 * params and the player's choice alone; null for effects that read the period's stats.
 * `targets` are the act's (a faction-wide act's: the actor's fellow members).
 */
export function tableChanges(
  def: ActionDef,
  args: OrderArgs,
  actor: PlayerId,
  targets: PlayerId[],
): TableChange[] | null {
  const P = def.params ?? {};
  const sign = args.sign ?? 1;
  const periods = Number(P.periods ?? 3);
  const out: TableChange[] = [];
  const add = (target: PlayerId, stat: Stat, delta: number, temp?: number) => {
    if (delta !== 0) out.push({ target, stat, delta, ...(temp ? { temp } : {}) });
  };
  switch (def.effect) {
    case 'stat':
    case 'block':
      for (const t of targets) {
        if (def.choice === 'stat') add(t, args.stat!, Number(P[args.stat!] ?? 0));
        else {
          if (P.vo !== undefined) add(t, 'vo', Number(P.vo) * sign);
          if (P.tv !== undefined) add(t, 'tv', Number(P.tv) * sign);
        }
      }
      return out;
    case 'factionStat':
      for (const m of targets) {
        if (P.vo !== undefined) add(m, 'vo', Number(P.vo));
        if (P.tv !== undefined) add(m, 'tv', Number(P.tv));
      }
      return out;
    case 'tempStat':
      for (const t of targets) add(t, 'vo', Number(P.vo), periods);
      return out;
    case 'tempSelf':
      add(actor, 'tv', Number(P.tv), periods);
      return out;
    default:
      return null;
  }
}

/** Gather the changes of one act. */
function gather(sc: Scratch, a: Act): void {
  const s = sc.s;
  const P = a.def.params ?? {};
  const periods = Number(P.periods ?? 3);
  switch (a.def.effect) {
    case 'stat':
    case 'block':
    case 'factionStat':
    case 'tempStat':
    case 'tempSelf':
      for (const c of tableChanges(a.def, a.args, a.actor, a.targets)!) push(sc, a, c.target, c.stat, c.delta, c.temp);
      return;
    case 'massStat':
      for (const p of living(s))
        if (filterMatches(String(P.filter), sc.voStart[p.id]!, sc.tvStart[p.id]!)) {
          if (P.vo !== undefined) push(sc, a, p.id, 'vo', Number(P.vo));
          if (P.tv !== undefined) push(sc, a, p.id, 'tv', Number(P.tv));
        }
      return;
    case 'garrison': {
      const target = a.targets[0]!;
      const actors = [
        ...new Set(
          ok(sc)
            .filter((b) => b !== a && b.actor !== a.actor && b.targets.includes(target))
            .map((b) => b.actor),
        ),
      ].sort();
      for (const x of actors) push(sc, a, x, 'tv', Number(P.tv ?? -1));
      return;
    }
    case 'swapChanges': {
      const [x, y] = a.targets as [PlayerId, PlayerId];
      const past = (id: PlayerId) =>
        s.voHistory.filter((h) => h.t >= sc.t - 3).reduce((sum, h) => sum + (h.changes[id] ?? 0), 0);
      const dx = past(x);
      const dy = past(y);
      push(sc, a, x, 'vo', dy - dx);
      push(sc, a, y, 'vo', dx - dy);
      trace(sc, 'trace-swap', { n: a.n, action: a.def.key, a: x, da: dx, b: y, db: dy });
      return;
    }
    case 'authority': {
      const total = factionsOf(s, a.actor)[0]?.members.reduce((sum, m) => sum + sc.voStart[m]!, 0) ?? 0;
      const amount = Math.floor(Math.max(0, total) / 2);
      push(sc, a, a.actor, a.args.stat!, amount, periods);
      return;
    }
    case 'double': {
      const stat = a.args.stat!;
      push(sc, a, a.actor, stat, stat === 'vo' ? sc.voStart[a.actor]! : sc.tvStart[a.actor]!, periods);
      return;
    }
    case 'drain': {
      const stat = String(P.stat) as Stat;
      const f = a.targets.length
        ? factionsOf(s, a.actor).find((x) => x.members.includes(a.targets[0]!))
        : factionsOf(s, a.actor)[0];
      if (!f) return fail(a, 'r-no-effect');
      let sum = 0;
      for (const m of f.members) {
        if (m === a.actor) continue;
        const v = stat === 'vo' ? sc.voStart[m]! : sc.tvStart[m]!;
        if (v === 0) continue;
        push(sc, a, m, stat, -v, periods);
        sum += v;
      }
      push(sc, a, a.actor, stat, sum, periods);
      a.affected = f.members.filter((m) => m !== a.actor);
      return;
    }
    case 'gm':
      // an action the document leaves undescribed: the ВО/ТВ changes the GM decided
      for (const c of gmChanges(sc, a)) push(sc, a, c.target, c.stat, c.delta);
      return;
    case 'sowRumours': {
      const target = a.targets[0]!;
      const victims = fellowMembers(s, target);
      for (const v of victims.length ? victims : [target]) push(sc, a, v, 'vo', Number(P.vo ?? -3));
      return;
    }
  }
}

/** Step "Воздействия на ВО/ТВ". */
export function stepStats(sc: Scratch): void {
  const s = sc.s;
  // the whole faction is the target of a faction-wide action (so the lighthouse fire and the lamp reach it)
  for (const a of ok(sc)) {
    if (!STAT_EFFECTS.includes(a.def.effect)) continue;
    gather(sc, a);
  }
  // protections
  const applied: Change[] = [];
  for (const c of sc.changes) {
    const act = c.act === null ? null : sc.acts[c.act]!;
    const why = shieldOf(sc, act, c.target, 'stat', c.delta < 0, c.stat, c.delta);
    if (why && !(act && act.actor === c.target && c.temp)) {
      trace(sc, 'trace-change-stopped', { target: c.target, stat: c.stat, delta: c.delta, by: c.by ?? 'none', why });
      continue;
    }
    applied.push(c);
  }
  // reactions: Божья кара (half back), Чтение молитв (no vote tomorrow)
  const reactions: Change[] = [];
  // Божья кара covers "текущий день или ночь": the losses of this day (or night) before it was played are answered too
  const half = halfIndex(sc.t);
  const losses: Loss[] = (s.losses ?? []).filter((l) => halfIndex(l.t) === half && l.t < sc.t);
  const wrathOn = (target: PlayerId) =>
    s.lasting.filter((l) => l.type === 'wrath' && l.target === target && l.from <= sc.t && sc.t < l.until);
  for (const w of s.lasting.filter((l) => l.type === 'wrath' && l.from === sc.t))
    for (const l of losses)
      if (!l.answered && l.target === w.target) {
        const back = Math.floor(-l.delta / 2);
        if (back > 0) reactions.push({ target: l.by, stat: l.stat, delta: -back, by: w.by, act: null });
        l.answered = true;
        trace(sc, 'trace-wrath-earlier', { by: l.by, target: l.target, stat: l.stat, delta: l.delta });
      }
  for (const c of applied) {
    if (c.delta >= 0 || c.by === null || c.by === c.target) continue;
    const ws = wrathOn(c.target);
    for (const w of ws) {
      const back = Math.floor(-c.delta / 2);
      if (back > 0) reactions.push({ target: c.by, stat: c.stat, delta: -back, by: w.by, act: null });
    }
    losses.push({
      t: sc.t,
      target: c.target,
      stat: c.stat,
      delta: c.delta,
      by: c.by,
      ...(ws.length ? { answered: true } : {}),
    });
    for (const pr of s.lasting.filter(
      (l) => l.type === 'prayer' && l.target === c.target && l.from <= sc.t && sc.t < l.until,
    ))
      addLasting(sc, { type: 'noVote', target: c.by, by: pr.by, from: sc.t + 1, until: sc.t + 4 });
  }
  s.losses = losses;
  for (const c of [...applied, ...reactions]) {
    const p = player(s, c.target);
    const before = c.stat === 'vo' ? p.vo : p.tv;
    if (c.stat === 'vo') p.vo += c.delta;
    else p.tv = Math.max(0, p.tv + c.delta);
    const real = (c.stat === 'vo' ? p.vo : p.tv) - before;
    if (c.temp && real !== 0)
      addLasting(sc, {
        type: 'temp',
        target: c.target,
        by: c.by ?? c.target,
        until: sc.t + 1 + c.temp,
        params: { stat: c.stat, delta: real },
      });
    if (c.act !== null) {
      const a = sc.acts[c.act]!;
      if (!a.affected.includes(c.target)) a.affected.push(c.target);
    }
    trace(sc, 'trace-change', {
      target: c.target,
      stat: c.stat,
      delta: c.delta,
      temp: c.temp ? 1 : 0,
      by: c.by ?? 'none',
      value: c.stat === 'vo' ? p.vo : p.tv,
    });
  }
  // acts that changed nothing at all
  for (const a of ok(sc))
    if (
      STAT_EFFECTS.includes(a.def.effect) &&
      a.def.effect !== 'block' &&
      a.def.effect !== 'gm' &&
      !applied.some((c) => c.act === a.n) &&
      a.reason === null
    )
      a.reason = 'r-no-effect';
}

/** Expired temporary changes are taken back (Подкинуть награбленное, Удвоить, Забрать…). */
export function revertTemps(sc: Scratch, nextT: number): void {
  const s = sc.s;
  for (const l of s.lasting) {
    if (l.type !== 'temp' || l.until > nextT) continue;
    const p = player(s, l.target);
    const delta = Number(l.params!.delta);
    if (l.params!.stat === 'vo') p.vo -= delta;
    else p.tv = Math.max(0, p.tv - delta);
    trace(sc, 'trace-temp-ends', { target: l.target, stat: String(l.params!.stat), delta });
  }
}
