// Which units an order names: "3 pesi B4" (type and count), "B4" (all), "#12 #13" (ids).
import type { FandiState, FandiUnit, PlayerId, UnitSelection } from './state.js';

export type Selected = { ids: number[] } | { code: string; params: Record<string, string | number> };

/**
 * The units a selection names, lowest ids first, skipping units in `taken`
 * (already named by an earlier order of the same kind this turn).
 */
/** The units of a state by id and by owner and square (lowest id first): one pass for many selections. */
export interface UnitIndex {
  byId: Map<number, FandiUnit>;
  byOwnerSquare: Map<string, FandiUnit[]>;
}

export function indexUnits(units: readonly FandiUnit[]): UnitIndex {
  const byId = new Map<number, FandiUnit>();
  const byOwnerSquare = new Map<string, FandiUnit[]>();
  for (const u of [...units].sort((a, b) => a.id - b.id)) {
    byId.set(u.id, u);
    const k = `${u.owner}\n${u.at}`;
    if (!byOwnerSquare.has(k)) byOwnerSquare.set(k, []);
    byOwnerSquare.get(k)!.push(u);
  }
  return { byId, byOwnerSquare };
}

/** `index` (indexUnits of state.units, which must not have changed since) saves a scan of all units. */
export function selectUnits(
  state: FandiState,
  player: PlayerId,
  sel: UnitSelection,
  taken: ReadonlySet<number>,
  index?: UnitIndex,
): Selected {
  if (sel.ids) {
    for (const id of sel.ids) {
      const found = index ? index.byId.get(id) : state.units.find((x) => x.id === id);
      const u = found && found.owner === player ? found : undefined;
      if (!u) return { code: 'unit-unknown', params: { id } };
      if (u.at !== sel.at) return { code: 'unit-elsewhere', params: { id, at: u.at, from: sel.at } };
      if (taken.has(id)) return { code: 'unit-twice', params: { id } };
    }
    return { ids: [...sel.ids].sort((a, b) => a - b) };
  }
  const here: FandiUnit[] = index
    ? (index.byOwnerSquare.get(`${player}\n${sel.at}`) ?? []).filter((u) => sel.type === null || u.type === sel.type)
    : state.units
        .filter((u) => u.owner === player && u.at === sel.at && (sel.type === null || u.type === sel.type))
        .sort((a, b) => a.id - b.id);
  const free = here.filter((u) => !taken.has(u.id));
  if (here.length === 0) return { code: 'no-units', params: { at: sel.at } };
  const want = sel.count ?? free.length;
  if (free.length === 0 || want > free.length)
    return { code: 'not-enough-units', params: { at: sel.at, have: free.length } };
  return { ids: free.slice(0, want).map((u) => u.id) };
}
