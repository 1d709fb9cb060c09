// The penalty tables (seed 000, "Секретные действия" / "Публичные действия"):
// "Каждый орден (а также домашняя страна) может сконцентироваться на выполнении
// определенного количества действий в течение хода. Если социум пытается выполнить
// большее (или меньшее) количество действий, это приводит к штрафным модификаторам."
import { TABLES, type EntityType, type PenaltyCell } from './tables.js';
import type { ActorRef, NationState, Visibility } from './types.js';

export type { EntityType } from './tables.js';

/** The table row of an actor, by its secrecy now. */
export function entityType(state: NationState, actor: ActorRef): EntityType {
  if (actor.type === 'country') return 'country';
  if (actor.type === 'order') {
    const o = state.orders.find((x) => x.id === actor.id);
    if (!o) throw new Error(`no order ${actor.id}`);
    return o.secrecy;
  }
  const f = state.figures.find((x) => x.id === actor.id);
  if (!f) throw new Error(`no figure ${actor.id}`);
  return f.secrecy === 'underground' ? 'undergroundFigure' : 'figure';
}

/** The cell for `count` actions of this visibility, or null beyond the table's columns. */
export function penaltyCell(vis: Visibility, entity: EntityType, count: number): PenaltyCell | null {
  const t = TABLES.penalties[vis];
  if (count < 1 || count > t.columns) return null;
  return t.rows[entity][count - 1]!;
}

/** How many actions of this visibility the actor may take: the last available column. */
export function maxActions(vis: Visibility, entity: EntityType): number {
  const cells = TABLES.penalties[vis].rows[entity];
  let n = 0;
  cells.forEach((c, i) => {
    if (!('unavailable' in c)) n = i + 1;
  });
  return n;
}

/**
 * The modifier of the rank-th action (1-based, in the order written) when the actor
 * takes `count` actions of this visibility (ruling nation/penalty-order).
 */
export function penaltyFor(vis: Visibility, entity: EntityType, count: number, rank: number): number {
  const c = penaltyCell(vis, entity, count);
  if (!c || 'unavailable' in c) throw new Error(`${count} ${vis} actions are not available to ${entity}`);
  return c.modifiers[rank - 1]!;
}

export function entityName(entity: EntityType, lang: 'ru' | 'en' | 'cs'): string {
  const e = TABLES.penalties.entities[entity];
  return lang === 'ru' ? e.ru : e.en;
}
