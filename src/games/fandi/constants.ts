// Economy constants (FanDi 1.1, "Mesto", "Hotovost", "Veda", "Hradby", "Technika",
// "Spion", "Posel", dobyti mesta), loaded from games/fandi/economy.json.
import * as z from '../../zod.js';
import { loadTable } from './tables.js';

/** The table's schema: made only when the table is validated (engine/tables.ts keeps what a build validated before). */
function economySchema() {
  const pct = z.number().int().min(0).max(100);
  const pos = z.number().int().min(1);

  return z.object({
    _comment: z.string().optional(),
    minCityValue: pos,
    yieldPercent: z.tuple([pct, pct, pct]),
    extraYieldMaxPercent: pct,
    cashCorruptionPercent: pct,
    scienceCost: z.tuple([pos, pos]),
    techCost: z.tuple([pos, pos]),
    wallsValueMultiple: z.tuple([pos, pos]),
    homeDefenceBonus: z.number().int().min(0),
    spyCost: pos,
    messengerCost: z.number().int().min(0),
    messengerLossPercent: pct,
    captureValueLossPercent: pct,
    victoryShare: z.object({ numerator: pos, denominator: pos }),
  });
}

export type Economy = z.infer<ReturnType<typeof economySchema>>;

export const ECONOMY: Economy = loadTable('economy.json', economySchema);

/** p % of x, rounded down: what a holder gets (yields, the cap on extra yield). */
export function percentOf(x: number, p: number): number {
  return Math.floor((x * p) / 100);
}

/** x after losing p %: the holder keeps the rounded-down rest (corruption, messenger loss, capture). */
export function afterLoss(x: number, p: number): number {
  return Math.floor((x * (100 - p)) / 100);
}
