// Checks ("Проверки"): what an action lets its user learn. Detecting abilities
// never show concealed acts (Хитрец, the masquerade).
import type { PlayerId } from '../../engine/types.js';
import { shieldOf } from './blocks.js';
import { dayOf, factionsOf, fellowMembers, fullTv, fullVo, player, type ActRecord } from './state.js';
import { fail, learned, ok, okOf, type Act, type Scratch } from './scratch.js';
import { collate } from '../../engine/collate.js';

const CHECKS = [
  'secretLog',
  'learnCharacter',
  'learnStats',
  'learnFactions',
  'learnAllTv',
  'inFaction',
  'sameFaction',
  'targetsOf',
  'strikeback',
  'privCounts',
  'unmask',
];

/** This period's acts as records (for the look-back checks). */
export function records(sc: Scratch): ActRecord[] {
  return sc.acts.map((a) => ({
    t: sc.t,
    actor: a.actor,
    key: a.def.key,
    targets: a.status === 'ok' ? (a.affected.length ? [...a.affected] : [...a.targets]) : [],
    secret: a.def.source === 'character',
    hidden: a.hidden,
    ok: a.status === 'ok',
  }));
}

function visible(list: ActRecord[]): ActRecord[] {
  return list.filter((r) => r.ok && !r.hidden && r.targets.length);
}

export function stepChecks(sc: Scratch): void {
  const s = sc.s;
  const now = records(sc);
  const past = (from: number) => [...s.history.filter((r) => r.t >= from), ...now];
  for (const a of okOf(sc, CHECKS)) {
    const target = a.targets[0];
    if (target && a.targets.some((x) => shieldOf(sc, a, x, 'check', false))) {
      fail(a, 'r-target-gone');
      continue;
    }
    const e = a.def.effect;
    switch (e) {
      case 'learnCharacter':
        learned(sc, a.actor, 'character', { target, character: player(s, target!).character }, a);
        if (a.def.params?.tell)
          sc.events.push({
            type: 'notice',
            audience: [target!],
            player: target!,
            code: 'n-character-revealed',
            params: {},
          });
        break;
      case 'learnStats':
        learned(sc, a.actor, 'stats', { target, vo: fullVo(s, target!), tv: fullTv(s, target!) }, a);
        break;
      case 'learnFactions':
        learned(
          sc,
          a.actor,
          'factions',
          { factions: s.factions.map((f) => ({ id: f.id, leader: f.leader, members: [...f.members] })) },
          a,
        );
        break;
      case 'learnAllTv':
        learned(
          sc,
          a.actor,
          'allTv',
          { tv: Object.fromEntries(s.players.filter((p) => p.alive).map((p) => [p.id, p.tv])) },
          a,
        );
        break;
      case 'inFaction':
        learned(sc, a.actor, 'inFaction', { target, yes: factionsOf(s, target!).length > 0 }, a);
        break;
      case 'sameFaction': {
        const [x, y] = a.targets as [PlayerId, PlayerId];
        learned(
          sc,
          a.actor,
          'sameFaction',
          {
            a: x,
            b: y,
            aIn: factionsOf(s, x).length > 0,
            bIn: factionsOf(s, y).length > 0,
            same: fellowMembers(s, x).includes(y),
          },
          a,
        );
        break;
      }
      case 'targetsOf': {
        // the night just past and the current day
        const from = sc.half === 'day' ? 3 * (sc.day - 1) - 1 : sc.t;
        const recs = visible(past(from)).filter((r) => r.actor === target && r.key !== a.def.key);
        learned(sc, a.actor, 'targetsOf', { target, targets: [...new Set(recs.flatMap((r) => r.targets))].sort() }, a);
        break;
      }
      case 'strikeback': {
        const recs = visible(now);
        learned(
          sc,
          a.actor,
          'strikeback',
          {
            target,
            targets: [...new Set(recs.filter((r) => r.actor === target).flatMap((r) => r.targets))].sort(),
            actors: [
              ...new Set(
                recs
                  .filter((r) => r.targets.includes(target!) && r.actor !== a.actor && r.actor !== target)
                  .map((r) => r.actor),
              ),
            ].sort(),
          },
          a,
        );
        break;
      }
      case 'secretLog': {
        const recs = visible(past(sc.t - 2)).filter((r) => r.secret);
        learned(
          sc,
          a.actor,
          'secretLog',
          { actions: recs.map((r) => ({ key: r.key, targets: r.targets })).sort((p, q) => collate(p.key, q.key)) },
          a,
        );
        break;
      }
      case 'privCounts': {
        const pairs = s.messages.day === dayOf(sc.t) ? s.messages.pairs : {};
        const counts: Record<PlayerId, number> = {};
        for (const [k, n] of Object.entries(pairs)) {
          const [from, to] = k.split('>') as [string, string];
          if (from === target) counts[to] = n;
        }
        learned(sc, a.actor, 'privCounts', { target, counts }, a);
        break;
      }
      case 'unmask': {
        const rec = s.anons.find((x) => x.no === a.args.number);
        if (!rec) fail(a, 'r-no-effect');
        else learned(sc, a.actor, 'author', { no: rec.no, author: rec.hidden ? null : rec.author }, a);
        break;
      }
    }
  }
  // Внимательный's feature: whom the members of his faction acted on (every period, "по запросу" taken as always asked)
  for (const p of s.players) {
    if (!p.alive || p.character !== 'attentive') continue;
    const fellows = fellowMembers(s, p.id).filter((m) => m !== p.id);
    if (!fellows.length) continue;
    const recs = visible(now).filter((r) => fellows.includes(r.actor));
    if (recs.length)
      learned(sc, p.id, 'factionTargets', { acts: recs.map((r) => ({ actor: r.actor, targets: r.targets })) });
  }
  void ok;
}

export type { Act };
