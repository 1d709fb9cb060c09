// Messengers (FanDi 1.1, "Posel"): money from one city's yield to another city,
// spendable there the next turn; any distance, but only over squares of the
// source's or the target's side or empty squares; 10 % is lost on the way.
import { ECONOMY, afterLoss } from './constants.js';
import { cityAt, distances, isRock } from './map.js';
import type { FandiMessenger, FandiState, PlayerId, Square } from './state.js';
import type { Turn } from './turn.js';
import { collate } from '../../engine/collate.js';

/**
 * Whether a messenger can walk from `from` to `to` now: over empty squares and
 * cities of the source's or the target's owner (units on the way do not stop it).
 */
export function messengerRoute(state: FandiState, from: Square, to: Square): boolean {
  const sides = new Set<PlayerId | null>([cityAt(state, from)?.owner ?? null, cityAt(state, to)?.owner ?? null]);
  const passable = (sq: Square) => {
    if (isRock(state, sq)) return false;
    const c = cityAt(state, sq);
    if (c === null) return true;
    return c.owner !== null && sides.has(c.owner);
  };
  return distances(state, from, passable).has(to);
}

/**
 * Step 1: messengers sent last turn arrive. The money goes to the target city's cash,
 * whoever owns it ("Dosel-li posel s penezi, ziskava je vitez").
 * RULING fandi/messenger-blocked: a messenger with no allowed route returns to its
 * city and puts the money (less the same 10 %) into that city's cash.
 */
export function messengersArrive(t: Turn): void {
  const list = [...t.state.messengers].sort(
    (a, b) => a.sentTurn - b.sentTurn || collate(a.from, b.from) || collate(a.to, b.to) || collate(a.owner, b.owner),
  );
  t.state.messengers = [];
  for (const m of list) deliver(t, m);
}

function deliver(t: Turn, m: FandiMessenger): void {
  const ok = messengerRoute(t.state, m.from, m.to);
  const dest = cityAt(t.state, ok ? m.to : m.from)!;
  const delivered = afterLoss(m.amount, ECONOMY.messengerLossPercent);
  dest.cash += delivered;
  const receiver = dest.owner;
  const audience = [...new Set([m.owner, ...(receiver ? [receiver] : [])])].sort();
  t.events.push({
    type: 'messenger',
    audience,
    turn: t.turn,
    owner: m.owner,
    from: m.from,
    to: m.to,
    amount: m.amount,
    delivered,
    blocked: !ok,
    receiver,
  });
}
