// Taking a city (FanDi 1.1, "Souboj", last paragraphs): conquest after a battle
// costs walls, invested money and 10 % of value; occupation of an empty city costs nothing.
import { ECONOMY, afterLoss } from './constants.js';
import type { FandiCity, PlayerId } from './state.js';
import { captureAudience, type Turn } from './turn.js';

/**
 * "Dobyte mesto ztraci veskere Hradby a penize proivestovane do Vedy a Techniky.
 * Dale ztraci 10% hodnoty. Vybudovana Technika zustava ... Novy majitel tez ziskava
 * veskerou mestskou hotovost."
 */
export function conquer(t: Turn, city: FandiCity, to: PlayerId): void {
  const from = city.owner;
  const valueBefore = city.value;
  city.owner = to;
  city.walls = 0;
  city.wallsInvested = 0;
  city.scienceInvested = 0;
  city.techInvested = 0;
  city.value = Math.max(ECONOMY.minCityValue, afterLoss(city.value, ECONOMY.captureValueLossPercent));
  t.changedOwner.set(city.at, 'conquest');
  t.events.push({
    type: 'capture',
    audience: captureAudience(t, city.at, from, to),
    turn: t.turn,
    at: city.at,
    from,
    to,
    how: 'conquest',
    valueBefore,
    valueAfter: city.value,
  });
}

/**
 * "Obsazene mesto (bez boje) ziska dobyvatel bez jakychkoli ztrat, jen neziska jiz vybudovanou vedu."
 * Walls, invested money, value, cash and the rest of this turn's yield all stay (economy.ts).
 */
export function occupy(t: Turn, city: FandiCity, to: PlayerId): void {
  const from = city.owner;
  city.owner = to;
  t.changedOwner.set(city.at, 'occupation');
  t.events.push({
    type: 'capture',
    audience: captureAudience(t, city.at, from, to),
    turn: t.turn,
    at: city.at,
    from,
    to,
    how: 'occupation',
    valueBefore: city.value,
    valueAfter: city.value,
  });
}
