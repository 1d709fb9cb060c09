// One period's resolution: an ORDERED LIST of priority steps over a per-period
// scratch record (after mafia-rust's OnMidnightPriority). The document's order:
//   day:   blocks, ВО/ТВ effects, checks, poisoning, healing, death by poison
//   night: the same, then the faction actions
// with the judge's bookkeeping around them (collecting the acts, messages, the
// prison vote at 21:00, not acting, the reports' events, the clock).
import { NO_GM_INPUTS, type AdjudicationContext, type PlayerId } from '../../engine/types.js';
import type { Rng } from '../../engine/rng.js';
import { LEADER_KEY, canLead, canUse, heldActions, takenChoices, type Problem } from './access.js';
import { stepBlockForce, stepBlocks, stepEarlierBlocks, stepRedirects, stepShields, BLOCK_CLASS } from './blocks.js';
import { records, stepChecks } from './checks.js';
import { stepFactions } from './factions.js';
import { stepStats, revertTemps } from './influence.js';
import { concealed, stepMessages } from './messages.js';
import type { GOrder } from './order-types.js';
import { stepHeal, stepPoison, stepPoisonDeath } from './poison.js';
import { stepBallots, stepEndOfDay, stepIdle, stepOther, updateVoteList } from './prison.js';
import { action, type ActionDef } from './tables.js';
import { clone, dayOf, fellowMembers, halfIndex, halfOf, player, slotOf, type GEvent, type GState } from './state.js';
import { forcedNow, namedNow } from './forced.js';
import { performedNow } from './proxy.js';
import { learned, newScratch, notice, trace, type Act, type Scratch, type TraceLine } from './scratch.js';
import { decideWinners } from './victory.js';
import { stepGmEvents } from './gm.js';

export interface Step {
  /** The step in the GM's trace: its message id (trace.ftl). */
  code: string;
  when: 'always' | 'night' | 'endOfDay' | 'endOfHalf';
  run: (sc: Scratch) => void;
}

/** The priority list. Order matters; each step reads what the earlier ones wrote. */
export const STEPS: Step[] = [
  // the acts: orders, the leader's action, proxies, blackmail
  { code: 'trace-step-collect', when: 'always', run: stepCollect },
  { code: 'trace-step-earlier-blocks', when: 'always', run: stepEarlierBlocks },
  // which blocks, protections and redirects have force (a blocked player's have none)
  { code: 'trace-step-block-force', when: 'always', run: stepBlockForce },
  { code: 'trace-step-shields', when: 'always', run: stepShields },
  { code: 'trace-step-redirects', when: 'always', run: stepRedirects },
  { code: 'trace-step-blocks', when: 'always', run: stepBlocks },
  { code: 'trace-step-stats', when: 'always', run: stepStats },
  // prison, vote strength, lasting effects
  { code: 'trace-step-other', when: 'always', run: stepOther },
  { code: 'trace-step-checks', when: 'always', run: stepChecks },
  { code: 'trace-step-poison', when: 'always', run: stepPoison },
  { code: 'trace-step-heal', when: 'always', run: stepHeal },
  { code: 'trace-step-poison-death', when: 'always', run: stepPoisonDeath },
  // invite, displace, leave, expel, accept
  { code: 'trace-step-factions', when: 'night', run: stepFactions },
  // anonymous messages, reading abilities
  { code: 'trace-step-messages', when: 'always', run: stepMessages },
  { code: 'trace-step-ballots', when: 'always', run: stepBallots },
  // "в конце дня": every change of the day (the fines for not acting and not voting included) comes first
  { code: 'trace-step-idle', when: 'endOfHalf', run: stepIdle },
  // not voting, the vote, debts, prison thresholds
  { code: 'trace-step-end-of-day', when: 'endOfDay', run: stepEndOfDay },
  // the GM's narrative and bulletin
  { code: 'trace-step-gm', when: 'always', run: stepGmEvents },
];

function applies(sc: Scratch, step: Step): boolean {
  const slot = slotOf(sc.t);
  switch (step.when) {
    case 'always':
      return true;
    case 'night':
      return sc.half === 'night';
    case 'endOfDay':
      return slot === 1 || (slot === 0 && sc.riot);
    case 'endOfHalf':
      return slot !== 0 || sc.riot;
  }
}

function useKeyOf(o: Extract<GOrder, { type: 'act' }>): string {
  return o.via === 'leader' ? LEADER_KEY : o.via === 'own' ? o.key : o.proxyKey!;
}

/** Why the act cannot be done at the deadline (availability re-checked), or null. */
function problemOf(s: GState, id: PlayerId, o: Extract<GOrder, { type: 'act' }>, def: ActionDef): Problem | null {
  const name = (x: ActionDef) => ({ action: x.key });
  if (o.via === 'leader') {
    const p = canLead(s, id);
    if (p) return p;
    if (!s.factions.some((f) => f.leader === id && f.members.includes(o.member!)))
      return { code: 'not-your-member', params: { player: o.member! } };
    return null;
  }
  if (o.via === 'proxy' || o.via === 'trick') {
    const proxy = action(o.proxyKey!);
    if (!heldActions(s, id).some((a) => a.key === proxy.key)) return { code: 'not-your-action', params: name(proxy) };
    if (o.via === 'proxy' && !fellowMembers(s, id).includes(o.member!))
      return { code: 'not-your-member', params: { player: o.member! } };
    if (o.via === 'trick' && player(s, id).extraHalf === halfIndex(s.t))
      return { code: 'already-acted', params: { half: s.t % 3 === 2 ? 'night' : 'day' } };
    return canUse(s, id, proxy) ?? canUse(s, id, def, { asProxy: true });
  }
  if (!heldActions(s, id).some((a) => a.key === def.key)) return { code: 'not-your-action', params: name(def) };
  return canUse(s, id, def);
}

/** A problem's params in a trace line: each as why:<key> (the line's own params keep their names). */
function problemParams(p: Problem['params']): Record<string, string | number> {
  return Object.fromEntries(Object.entries(p ?? {}).map(([k, v]) => [`why:${k}`, v as string | number]));
}

/** A failed act: the reason's code and params go to the reader's language in the view (no raw codes in mails). */
function failWith(a: Act, p: Problem): void {
  a.status = 'failed';
  a.reason = 'r-failed';
  a.reasonParams = { why: p.code, ...(p.params ?? {}) };
}

function makeAct(sc: Scratch, id: PlayerId, o: Extract<GOrder, { type: 'act' }>, def: ActionDef, via: Act['via']): Act {
  return {
    n: sc.acts.length,
    actor: id,
    def,
    targets: [...o.targets],
    ordered: [...o.targets],
    args: { ...o.args },
    via,
    useKey: useKeyOf(o),
    main: o.via !== 'trick' && !(o.via === 'own' && def.free),
    unblockable: Boolean(def.unblockable) || o.via === 'leader',
    source: o.via === 'proxy' ? 'role' : o.via === 'trick' ? 'character' : def.source,
    status: 'ok',
    reason: null,
    hidden: concealed(sc.s, id),
    line: o.line,
    affected: [],
  };
}

function charge(sc: Scratch, a: Act): void {
  const p = player(sc.s, a.actor);
  p.used[a.useKey] = sc.t;
  if (a.via === 'trick') p.extraHalf = halfIndex(sc.t);
  else if (a.main) p.mainHalf = halfIndex(sc.t);
}

/** Step: the period's act orders become acts; availability re-checked at the deadline. */
export function stepCollect(sc: Scratch): void {
  const s = sc.s;
  // what each blackmail does, judged before this period's own acts are charged (his own cooldowns as they were)
  const blackmail = s.forced.map((f) => [f, forcedNow(s, f)] as const);
  for (const id of [...sc.orders.keys()].sort()) {
    for (const o of sc.orders.get(id)!) {
      if (o.type === 'bonus' && sc.t === 0) {
        player(s, id).bonusStat = o.stat;
        notice(sc, id, 'n-bonus', { stat: o.stat === 'vo' ? 'ВО' : 'ТВ' });
      }
      if (o.type !== 'act') continue;
      // a member's action (the leader's, a proxy's) as it stands now; the forecast keeps the one the order named (proxy.ts)
      const performed = (o.via === 'leader' || o.via === 'proxy') && !sc.forecast ? performedNow(s, id, o) : null;
      const def = performed?.def && !performed.problem ? performed.def : action(o.key);
      const a = makeAct(sc, id, o, def, o.via);
      if (performed && !performed.problem) a.args = takenChoices(def, o.args);
      const why =
        problemOf(s, id, o, def) ??
        (a.main && player(s, id).mainHalf === halfIndex(sc.t)
          ? { code: 'already-acted', params: { half: sc.half } }
          : null);
      sc.acts.push(a);
      if (why) {
        failWith(a, why);
        trace(sc, 'trace-unavailable', {
          n: a.n,
          actor: id,
          action: def.key,
          problem: why.code,
          ...problemParams(why.params),
        });
        continue;
      }
      // the member's action cannot be performed as ordered: the move is spent for nothing, and the result says only that (RULES.md §10)
      if (performed?.problem) {
        a.status = 'failed';
        a.reason = 'r-proxy-void';
        a.reasonParams = { member: o.member! };
        const { code, params } = performed.problem;
        trace(sc, 'trace-proxy-void', {
          n: a.n,
          actor: id,
          member: o.member!,
          action: performed.def?.key ?? '-',
          problem: code,
          ...problemParams(params),
        });
      }
      charge(sc, a);
    }
  }
  // Шантаж: the blackmailed player's next action is the one chosen for him (or goes to the chosen target)
  for (const [f, now] of blackmail) {
    if (now === 'wait') continue;
    const mine = sc.acts.find((a) => a.actor === f.target && a.main);
    if (now === 'target') {
      if (!mine?.targets.length || mine.status !== 'ok') continue;
      mine.targets = mine.targets.map((_, i) => f.targets[Math.min(i, f.targets.length - 1)]!);
    } else if (now !== 'void') {
      if (mine)
        sc.acts.splice(sc.acts.indexOf(mine), 1, {
          ...mine,
          status: 'failed',
          reason: 'r-replaced-blackmail',
          reasonParams: {},
        });
      const o: Extract<GOrder, { type: 'act' }> = {
        type: 'act',
        line: 0,
        key: now.key,
        targets: f.targets,
        args: takenChoices(now, f.args),
        via: 'own',
      };
      const a = makeAct(sc, f.target, o, now, 'forced');
      a.n = sc.acts.length;
      sc.acts.push(a);
      charge(sc, a);
    }
    s.forced = s.forced.filter((x) => x !== f);
    // an action that is none of his moves now: the blackmail comes to nothing, and he is not told of it
    if (now === 'void') {
      trace(sc, 'trace-blackmail-void', { player: f.target, action: namedNow(s, f.target, f)?.key ?? String(f.kind) });
      continue;
    }
    notice(sc, f.target, 'n-forced');
    trace(sc, 'trace-blackmail', { player: f.target });
  }
  // renumber (the blackmail may have replaced acts) and expand faction-wide targets
  sc.acts.forEach((a, i) => (a.n = i));
  for (const a of sc.acts)
    if (a.def.effect === 'factionStat' && a.status === 'ok') a.targets = fellowMembers(s, a.actor);
  for (const a of sc.acts)
    trace(sc, 'trace-act', {
      n: a.n,
      actor: a.actor,
      via: a.via,
      action: a.def.key,
      targets: a.targets.join(',') || '-',
      status: a.status,
      blockClass: BLOCK_CLASS.has(a.def.effect) ? 1 : 0,
    });
}

function statusOf(s: GState, id: PlayerId): string {
  const p = player(s, id);
  return p.alive ? `${p.prison ? 'prison' : 'free'}${p.poisonedAt !== null ? '+poisoned' : ''}` : 'dead';
}

/** Messages of a rule case (ORDERS lines ЛИЧНО/АНОНИМНО/ВСЕМ) when the runner passes none. */
export function resolvePeriod(
  before: GState,
  orders: Map<PlayerId, GOrder[]>,
  rng: Rng,
  ctx: AdjudicationContext,
): { state: GState; events: GEvent[]; trace: TraceLine[] } {
  const s = clone(before);
  if (s.over) return { state: s, events: [], trace: [{ code: 'trace-over', params: {} }] };
  // orders of players who are out of the game or unknown are dropped
  const live = new Map(
    [...orders.entries()]
      .filter(([id]) => s.players.some((p) => p.id === id && p.alive))
      .map(([id, os]) => [id, os as GOrder[]]),
  );
  const sc = newScratch(s, live, ctx.messages ?? [], rng, ctx.gm ?? NO_GM_INPUTS);
  trace(sc, 'trace-period', { t: s.t, day: sc.day, slot: slotOf(s.t) });
  for (const step of STEPS) {
    if (!applies(sc, step)) continue;
    trace(sc, 'trace-step', { step: step.code });
    step.run(sc);
  }
  finish(sc);
  return { state: sc.s, events: sc.events, trace: sc.trace };
}

function finish(sc: Scratch): void {
  const s = sc.s;
  const t = sc.t;
  // the actors' own results
  for (const a of sc.acts)
    sc.events.push({
      type: 'result',
      audience: [a.actor],
      player: a.actor,
      line: a.line,
      action: a.def.key,
      via: a.via,
      targets: a.ordered,
      args: a.args,
      outcome: a.status === 'ok' ? (a.reason ?? 'r-done') : (a.reason ?? 'r-blocked'),
      params: a.reasonParams ?? {},
    });
  // Стратег: the current last day, once a game (not an action)
  for (const [id, os] of sc.orders)
    if (
      os.some((o) => o.type === 'endday') &&
      player(s, id).character === 'strategist' &&
      player(s, id).freeUsed.endday === undefined
    ) {
      player(s, id).freeUsed.endday = sc.day;
      learned(sc, id, 'endDay', { day: s.endDay });
    }
  s.history = [...s.history.filter((r) => r.t >= t - 3), ...records(sc)];
  // the clock: a riot in the morning ends the day at once (the afternoon is skipped)
  const next = sc.riot && slotOf(t) === 0 ? t + 2 : t + 1;
  if (sc.riot && slotOf(t) === 0) sc.events.push({ type: 'riot', audience: 'all' });
  revertTemps(sc, next);
  s.lasting = s.lasting.filter((l) => l.until > next);
  // the prison vote list of the (next) day
  if (slotOf(t) === 0 && !sc.riot) updateVoteList(sc, sc.day);
  if (slotOf(t) === 2) {
    s.messages.prevPairs = s.messages.pairs;
    updateVoteList(sc, sc.day + 1);
  }
  // the public report: ВО changes and status changes only; ТВ changes to the player alone
  const changes: Record<PlayerId, number> = {};
  for (const p of s.players) {
    const dv = p.vo - sc.voStart[p.id]!;
    if (dv !== 0) {
      changes[p.id] = dv;
      sc.events.push({ type: 'vo', audience: 'all', player: p.id, delta: dv, vo: p.vo });
    }
    const dt = p.tv - sc.tvStart[p.id]!;
    if (dt !== 0) sc.events.push({ type: 'tv', audience: [p.id], player: p.id, delta: dt, tv: p.tv });
    const st = statusOf(s, p.id);
    if (st !== sc.statusStart[p.id])
      sc.events.push({ type: 'status', audience: 'all', player: p.id, from: sc.statusStart[p.id], status: st });
  }
  s.voHistory = [...s.voHistory.filter((h) => h.t > t - 3), { t, changes }];
  s.t = next;
  if (halfOf(next) === 'day' && slotOf(next) === 0 && dayOf(next) >= s.endDay) {
    s.over = true;
    const { winners, table } = decideWinners(sc);
    s.winners = winners;
    sc.events.push({ type: 'game-over', audience: 'all', winners });
    sc.events.push({ type: 'standings', audience: 'gm', table });
  }
  sc.events.push({ type: 'trace', audience: 'gm', lines: [...sc.trace] });
}
