// Spies (FanDi 1.1, "Spion"): 5 xc, made in one turn, sent the next to a
// neighbouring city; back at the end of the turn with what that city's owner knows.
import { ECONOMY, percentOf } from './constants.js';
import { cityAt, neighbouringCities } from './map.js';
import type { FandiState, SpyInfo, Square } from './state.js';
import { playerOf } from './state.js';
import { ordersOfKind, result, type Turn } from './turn.js';

/** Step 1: spies leave their cities. */
export function spiesLeave(t: Turn): void {
  for (const [player, o] of ordersOfKind(t, 'spy-send')) {
    const c = cityAt(t.state, o.city);
    if (!c || c.owner !== player) {
      result(t, player, o, 'failed', 'not-your-city', { at: o.city });
      continue;
    }
    if (c.spies < 1) {
      result(t, player, o, 'failed', 'spy-none', { at: o.city });
      continue;
    }
    const near = neighbouringCities(t.state, o.city);
    if (!near.includes(o.target)) {
      result(t, player, o, 'failed', 'spy-not-neighbour', { target: o.target, at: o.city, list: near.join(' ') });
      continue;
    }
    c.spies -= 1;
    t.sentSpies.push({ player, from: o.city, target: o.target });
    result(t, player, o, 'ok', 'spy-sent', { target: o.target });
  }
}

/** What the owner of a city knows about it now (the spy's loot). */
export function spyInfo(
  state: FandiState,
  at: Square,
  ledgerYield: { rate: number; yield: number; extra: number; valueAtYield: number } | null,
): SpyInfo {
  const c = cityAt(state, at)!;
  const units: Record<string, Record<string, number>> = {};
  for (const u of state.units.filter((x) => x.at === at).sort((a, b) => a.id - b.id)) {
    units[u.owner] ??= {};
    units[u.owner]![u.type] = (units[u.owner]![u.type] ?? 0) + 1;
  }
  const owner = c.owner === null ? null : playerOf(state, c.owner);
  const rate = ledgerYield?.rate ?? ECONOMY.yieldPercent[c.tech]!;
  return {
    at,
    owner: c.owner,
    value: c.value,
    tech: c.tech,
    techInvested: c.techInvested,
    walls: c.walls,
    wallsInvested: c.wallsInvested,
    science: owner?.science ?? 0,
    scienceInvested: c.scienceInvested,
    cash: c.cash,
    rate,
    yield: ledgerYield?.yield ?? percentOf(c.value, rate),
    extra: ledgerYield?.extra ?? 0,
    valueAtYield: ledgerYield?.valueAtYield ?? c.value,
    spies: c.spies,
    units,
  };
}

/**
 * Step 7: spies return with information, only to their owner. A spy whose city
 * changed hands this turn is void ("Byl-li vyslan spion, jakoby nebyl").
 */
export function spiesReturn(t: Turn): void {
  for (const s of t.sentSpies) {
    const lost = t.changedOwner.has(s.from);
    const l = t.ledgers.get(s.target);
    t.events.push({
      type: 'spy',
      audience: [s.player],
      turn: t.turn,
      player: s.player,
      from: s.from,
      target: s.target,
      void: lost,
      info: lost
        ? null
        : spyInfo(
            t.state,
            s.target,
            l ? { rate: l.rate, yield: l.yield, extra: l.extra, valueAtYield: l.valueAtYield } : null,
          ),
    });
  }
}
