// Scale of actions (seed 000, "Масштаб действий"): reasonable size РР and the size modifier.
import { CONST } from './tables.js';
import type { ActorRef, Level, NationState } from './types.js';

/**
 * "Разумный размер (РР) определяется как размер страны, если население составляет хотя бы
 * (размер страны - 1), в противном случае РР определяется как (население + 1). Для ордена,
 * не являющегося страной, РР равен его размеру." A country's size is its area (ruling nation/country-size).
 * Figures have no size: null.
 */
export function reasonableSize(state: NationState, actor: ActorRef): Level | null {
  const m = CONST.size.populationMargin;
  if (actor.type === 'country') {
    const c = state.countries.find((x) => x.id === actor.id);
    if (!c) throw new Error(`no country ${actor.id}`);
    const size = c.attrs.area;
    return c.attrs.population >= size - m ? size : c.attrs.population + m;
  }
  if (actor.type === 'order') {
    const o = state.orders.find((x) => x.id === actor.id);
    if (!o) throw new Error(`no order ${actor.id}`);
    return o.size;
  }
  return null;
}

/**
 * "Если масштаб действия больше РР … модификатор размера отрицателен и равен удвоенной разности
 * РР ордена и масштаба действия. … равен … нулю. … меньше … положителен и равен разности РР ордена
 * и масштаба действия."
 */
export function sizeModifier(rr: Level, scale: Level): number {
  if (scale > rr) return CONST.size.overFactor * (rr - scale);
  return rr - scale;
}
