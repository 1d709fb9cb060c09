// From an order to its roll(s): the sheet's numbers looked up (skill, luck,
// intellect, weapon, armour, defence), the mechanic input resolved, rolled from
// its stream, and the roll's effects on the table (trial counts, madness and
// horror series) applied to a working state.
import type { Audience, PlayerId } from '../../engine/types.js';
import type { Rng } from '../../engine/rng.js';
import { requestRng } from '../../engine/dice-trust.js';
import {
  formatSpec,
  GAUSS,
  GAUSS_TABLE,
  outcomeOf,
  rollMechanic,
  summarize,
  SUCCESS_OUTCOMES,
  teamDifficulty,
  type AttackInput,
  type DiceSpec,
  type GaussSpec,
  type Mechanic,
  type OutcomeKey,
  type SuccessSpec,
} from '../../dice/index.js';
import { SUCCESS_TABLE } from '../../dice/tables.js';
import { sheetOf, skillSystem } from './sheets.js';
import { countToward, findTrial, nextDifficulty } from './trials.js';
import type { RpgOrder, RpgRoll, RpgState, Sheet, TeamResult } from './types.js';

export interface RollContext {
  phase: number;
  via: RpgRoll['via'];
  seq: number | null;
  /** The stream's name (dice-trust.ts): "phase:deadline:alfa:0", "phase:instant:3", "master:1000002". */
  stream: string;
}

/** A gauss20 spec without luck:N rolls with the player's luck (sheet, else the setup's luck:). */
export function withPlayerLuck(spec: DiceSpec, state: RpgState, player: PlayerId | 'gm'): DiceSpec {
  if (spec.form !== 'gauss20' || spec.luck !== null) return spec;
  const sheet = player === 'gm' ? undefined : sheetOf(state, player);
  if (sheet) return { ...spec, luck: sheet.luck };
  if (player !== 'gm' && Object.hasOwn(state.luck, player)) return { ...spec, luck: state.luck[player]! };
  return spec;
}

const neutral = GAUSS.luck.neutral;

function actorOf(state: RpgState, player: PlayerId | 'gm', order: RpgOrder): Sheet | undefined {
  if (order.actor) return state.sheets[order.actor];
  return player === 'gm' ? undefined : sheetOf(state, player);
}

function audienceOf(state: RpgState, player: PlayerId | 'gm', order: RpgOrder): Audience {
  if (order.public && !order.hidden && !order.secret) return 'all';
  const target = order.target ? state.sheets[order.target]?.player : null;
  const actor = order.actor ? state.sheets[order.actor]?.player : null;
  const who = [
    player === 'gm' ? null : player,
    ...(order.hidden || order.secret ? [] : (order.copies ?? [])),
    order.hidden ? null : target,
    player === 'gm' && !order.hidden ? actor : null,
  ];
  const list = [...new Set(who.filter((p): p is string => !!p))];
  return list.length ? list : 'gm';
}

/** The resolved mechanic of an order (no dice yet), from the sheets as they are now. */
export function prepare(
  state: RpgState,
  player: PlayerId | 'gm',
  order: RpgOrder,
): { mechanic: Mechanic; spec: string; actor: string; difficulty: number | null; notes: string[] } {
  const me = actorOf(state, player, order);
  const actor = me?.id ?? (player === 'gm' ? 'gm' : player);
  const notes: string[] = [];
  switch (order.type) {
    case 'roll': {
      const spec = withPlayerLuck(order.spec!, state, player);
      return {
        mechanic: { type: 'spec', spec: formatSpec(spec) },
        spec: formatSpec(spec),
        actor,
        difficulty: null,
        notes,
      };
    }
    case 'check': {
      const v = order.skill ? (me!.skills[order.skill] ?? 0) : 0;
      if (skillSystem(state, me, order.skill) === 'gauss20') {
        const spec: GaussSpec = {
          form: 'gauss20',
          modifier: v + (order.modifier ?? 0),
          luck: order.luck ?? me!.luck,
          vs: order.difficulty ?? null,
          advantage: order.advantage ?? 'none',
        };
        return {
          mechanic: { type: 'spec', spec: formatSpec(spec) },
          spec: formatSpec(spec),
          actor,
          difficulty: order.difficulty ?? null,
          notes,
        };
      }
      const trial = order.trial ? findTrial(state.trials, order.trial) : undefined;
      let vs = order.difficulty ?? null;
      if (trial && !order.team) vs = nextDifficulty(trial);
      if (order.team) vs = null; // the team's sum is what is checked
      const spec: SuccessSpec = { form: 'success', count: Math.max(1, v), vs, advantage: order.advantage ?? 'none' };
      if (v < 1) notes.push('pool-one');
      return {
        mechanic: { type: 'spec', spec: formatSpec(spec) },
        spec: formatSpec(spec),
        actor,
        difficulty: vs ?? order.difficulty ?? null,
        notes,
      };
    }
    case 'median': {
      const input = { window: order.window!, outside: !!order.outside, modifier: order.modifier ?? 0 };
      return {
        mechanic: { type: 'median', input },
        spec: `median ${order.window!.low}-${order.window!.high}${input.outside ? ' outside' : ''}${input.modifier ? ` ${input.modifier > 0 ? '+' : ''}${input.modifier}` : ''}`,
        actor,
        difficulty: null,
        notes,
      };
    }
    case 'madness':
    case 'horror': {
      const t = GAUSS_TABLE[order.type];
      const count = state.series[me!.id]?.[order.type] ?? 0;
      const modifier = me!.intellect - t.base + (me!.luck - neutral) + (order.modifier ?? 0) + t.seriesStep * count;
      const input = { window: { low: t.low, high: t.high }, outside: false, modifier };
      return {
        mechanic: { type: 'median', input },
        spec: `${order.type} ${t.low}-${t.high}${modifier ? ` ${modifier > 0 ? '+' : ''}${modifier}` : ''}`,
        actor,
        difficulty: null,
        notes,
      };
    }
    case 'opposed': {
      const target = state.sheets[order.target!]!;
      const input = {
        attackerBonus: (order.modifier ?? 0) + (me!.luck - neutral),
        defenderBonus: (order.defenderBonus ?? 0) + (target.luck - neutral),
      };
      return { mechanic: { type: 'opposed', input }, spec: `opposed ${target.id}`, actor, difficulty: null, notes };
    }
    case 'attack': {
      const target = state.sheets[order.target!]!;
      const defenceSkill =
        target.defence && target.defence in target.skills && skillSystem(state, target, target.defence) === 'gauss20'
          ? target.defence
          : null;
      if (!order.passive && !order.helpless && !defenceSkill) notes.push('no-defence-skill');
      const input: AttackInput = {
        attack: { modifier: (me!.skills[order.skill!] ?? 0) + (order.modifier ?? 0), luck: me!.luck },
        defence:
          order.passive || order.helpless || !defenceSkill
            ? null
            : {
                modifier: target.skills[defenceSkill]! + (target.armour?.penalty ?? 0) + (order.defenderBonus ?? 0),
                luck: target.luck,
              },
        helpless: !!order.helpless,
        penetration: me!.weapon?.penetration ?? 0,
        armour: target.armour?.bonus ?? 0,
        attackerLuck: me!.luck,
        defenderLuck: target.luck,
        damage: me!.weapon?.damage ?? null,
      };
      return {
        mechanic: { type: 'attack', input },
        spec: `attack ${target.id} ${order.skill}`,
        actor,
        difficulty: null,
        notes,
      };
    }
    case 'sheet':
      throw new Error('SHEET is not rolled');
  }
}

/** Roll one order (a series of madness or horror checks may be several rolls), applying its effects to `work`. */
export function rollOrder(
  work: RpgState,
  player: PlayerId | 'gm',
  order: RpgOrder,
  rng: Rng,
  c: RollContext,
): RpgRoll[] {
  const out: RpgRoll[] = [];
  const max = order.series ? GAUSS_TABLE.seriesLimit.max : 1;
  for (let k = 0; k < max; k++) {
    const p = prepare(work, player, order);
    const kind = order.type === 'sheet' ? 'roll' : order.type;
    // The request is committed with its dice: they come from "<the stream>/<the request>" (dice-trust.ts).
    const base = k === 0 ? rng : rng.fork ? rng.fork(`#${k}`) : rng;
    const stream = requestRng(base, { by: player, kind, spec: p.spec, mechanic: p.mechanic });
    const { result: detail, draws } = rollMechanic(p.mechanic, stream);
    const s = summarize(detail);
    const roll: RpgRoll = {
      phase: c.phase,
      round: work.round,
      player,
      actor: p.actor,
      kind,
      spec: p.spec,
      comment: order.comment,
      result: s.result,
      outcome: s.outcome,
      dice: s.dice,
      roll: detail.type === 'spec' ? detail.roll : null,
      mechanic: p.mechanic,
      detail,
      stream: k === 0 ? c.stream : `${c.stream}/#${k}`,
      draws,
      via: c.via,
      seq: c.seq,
      audience: audienceOf(work, player, order),
      hidden: !!order.hidden || (player === 'gm' && !order.public && !order.copies?.length),
      skill: order.skill ?? null,
      difficulty: p.difficulty,
      target: order.target ?? null,
      trial: null,
      team: order.team ?? null,
      series: null,
      notes: order.secret ? [...p.notes, 'secret'] : p.notes,
    };
    if (order.trial && !order.team)
      roll.trial = {
        id: order.trial,
        difficulty: p.difficulty ?? 0,
        successes: 0,
        failures: 0,
        after: { successes: 0, failures: 0, checks: 0, status: 'open' },
        late: false,
      };
    applyEffects(work, roll);
    out.push(roll);
    if (!roll.series || roll.outcome !== 'high') break;
  }
  return out;
}

/** Can rolling this order change the table (applyEffects: a trial it counts toward, a madness or horror series)? */
export function changesTable(order: RpgOrder): boolean {
  return order.type === 'madness' || order.type === 'horror' || (!!order.trial && !order.team);
}

/** A roll's effects on the table, recomputed from its outcome: the trial it counts toward, a madness or horror series. */
export function applyEffects(work: RpgState, roll: RpgRoll): void {
  const e = tableEffects(work, roll);
  if (e.trial) roll.trial = e.trial;
  if (e.series) roll.series = e.series;
}

/** What applyEffects does to the table, the roll only read (a recorded roll, shared and frozen); what the roll's trial and series become. */
export function tableEffects(
  work: RpgState,
  roll: Readonly<RpgRoll>,
): { trial?: RpgRoll['trial']; series?: RpgRoll['series'] } {
  const e: { trial?: RpgRoll['trial']; series?: RpgRoll['series'] } = {};
  if (roll.trial) {
    const t = findTrial(work.trials, roll.trial.id);
    if (t && typeof roll.outcome === 'string')
      e.trial = countToward(t, roll.outcome as OutcomeKey, roll.difficulty ?? t.difficulty);
  }
  if (roll.kind === 'madness' || roll.kind === 'horror') {
    const s = (work.series[roll.actor] ??= { madness: 0, horror: 0 });
    const before = s[roll.kind];
    // A miss upward goes on (repeated every 30 s with the cumulative step); a hit or a miss downward ends the series.
    s[roll.kind] = roll.outcome === 'high' ? before + 1 : 0;
    e.series = { before, after: s[roll.kind] };
  }
  return e;
}

/** 004 "Командная проверка": the phase's team checks, from their members' rolls. */
export function resolveTeams(work: RpgState, rolls: RpgRoll[], orders: Map<RpgRoll, RpgOrder>): TeamResult[] {
  const byTeam = new Map<string, RpgRoll[]>();
  for (const r of rolls) if (r.team) byTeam.set(r.team, [...(byTeam.get(r.team) ?? []), r]);
  const teams: TeamResult[] = [];
  for (const [id, members] of [...byTeam].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const notes: string[] = [];
    const trialId = members.map((m) => orders.get(m)?.trial).find((t) => !!t) ?? null;
    const trial = trialId ? findTrial(work.trials, trialId) : undefined;
    const stated = members
      .map((m) => orders.get(m)?.difficulty)
      .filter((d): d is number => d !== null && d !== undefined);
    if (new Set(stated).size > 1) notes.push('team-different');
    const difficulty = trial ? nextDifficulty(trial) : stated.length ? Math.max(...stated) : 1;
    const n = members.length;
    const enough = n >= SUCCESS_TABLE.team.minParticipants;
    if (!enough) notes.push('team-of-one');
    const vs = enough ? teamDifficulty(difficulty, n) : difficulty;
    const sum = members.reduce((a, m) => a + m.result, 0);
    const outcome = outcomeOf({ form: 'success', count: 1, vs, advantage: 'none' } as SuccessSpec, sum) as OutcomeKey;
    const audience = [...new Set(members.flatMap((m) => (Array.isArray(m.audience) ? m.audience : [])))];
    teams.push({
      id,
      members: members.map((m) => ({ player: m.player as PlayerId, actor: m.actor, result: m.result })),
      difficulty,
      teamDifficulty: vs,
      sum,
      outcome,
      trial: trial ? countToward(trial, outcome, vs) : null,
      audience: members.some((m) => m.audience === 'all') ? 'all' : audience.length ? audience : 'gm',
      notes,
    });
  }
  return teams;
}

export { SUCCESS_OUTCOMES };
