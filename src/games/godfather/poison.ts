// Poison, healing and death by poison ("Отравление", "Лечение", "Смерть от
// отравления"): the poisoned die two cycles (6 periods) later unless healed.
// Ruling: an execution is carried out the only way the document lets anyone
// leave the game — the condemned goes to prison and is poisoned.
import { shieldOf } from './blocks.js';
import { leaveAll } from './factions.js';
import { imprison } from './prison.js';
import { hasLasting, player } from './state.js';
import { addLasting, fail, okOf, trace, type Scratch } from './scratch.js';

export const POISON_DELAY = 6;

export function stepPoison(sc: Scratch): void {
  const s = sc.s;
  for (const a of okOf(sc, ['poison'])) {
    const target = a.targets[0]!;
    const why = shieldOf(sc, a, target, 'poison', true);
    const p = player(s, target);
    if (why || p.poisonedAt !== null) {
      trace(sc, 'trace-poison-failed', { n: a.n, target, why: why ?? 'poisoned' });
      fail(a, 'r-no-effect');
      continue;
    }
    p.poisonedAt = sc.t;
    a.affected = [target];
    trace(sc, 'trace-poisoned', { player: target });
  }
  for (const x of sc.executions) {
    const p = player(s, x.target);
    if (hasLasting(s, 'execGuard', x.target)) {
      trace(sc, 'trace-execution-stopped', { player: x.target });
      fail(sc.acts[x.act]!, 'r-no-effect');
      continue;
    }
    imprison(sc, x.target, 'execution');
    if (p.poisonedAt === null) p.poisonedAt = sc.t;
    sc.acts[x.act]!.affected = [x.target];
    trace(sc, 'trace-executed', { player: x.target });
  }
}

export function stepHeal(sc: Scratch): void {
  const s = sc.s;
  for (const a of okOf(sc, ['heal', 'healShield'])) {
    const target = a.targets[0]!;
    if (shieldOf(sc, a, target, 'other', false)) {
      fail(a, 'r-target-gone');
      continue;
    }
    const p = player(s, target);
    a.affected = [target];
    if (p.poisonedAt !== null) {
      p.poisonedAt = null;
      trace(sc, 'trace-healed', { player: target });
    } else if (a.def.effect === 'heal') a.reason = 'r-no-effect';
    if (a.def.effect === 'healShield') addLasting(sc, { type: 'poisonShield', target, by: a.actor, until: sc.t + 4 });
  }
}

export function stepPoisonDeath(sc: Scratch): void {
  for (const p of sc.s.players) {
    if (!p.alive || p.poisonedAt === null || sc.t - p.poisonedAt < POISON_DELAY) continue;
    p.alive = false;
    p.prison = false;
    trace(sc, 'trace-poison-death', { player: p.id });
    leaveAll(sc, p.id);
    sc.s.invitations = sc.s.invitations.filter((i) => i.from !== p.id && i.to !== p.id);
  }
}
