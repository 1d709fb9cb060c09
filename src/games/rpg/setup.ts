// The rpg setup file's own part and the state it starts from.
import { z } from 'zod';
import type { PlayerSeat } from '../../engine/types.js';
import { GAUSS } from '../../dice/index.js';
import type { RpgState } from './types.js';

export const setupSchema = z
  .object({
    title: z.string().min(1).optional(),
    luck: z.record(z.string(), z.number().int().min(GAUSS.luck.min).max(GAUSS.luck.max)).optional(),
    phaseLabel: z.string().min(1).optional(),
  })
  .strict();

export type RpgSetup = z.infer<typeof setupSchema>;

export const DEFAULT_TITLE = 'Dice';
export const DEFAULT_PHASE_LABEL = 'Round';

export function setup(raw: unknown, players: PlayerSeat[]): RpgState {
  const s = setupSchema.parse(raw ?? {});
  const ids = new Set(players.map((p) => p.id));
  const unknown = Object.keys(s.luck ?? {}).filter((id) => !ids.has(id));
  if (unknown.length > 0)
    throw new Error(`luck: no seat ${unknown.map((id) => `"${id}"`).join(', ')} (seats: ${[...ids].join(', ') || 'none'})`);
  return {
    kind: 'rpg',
    title: s.title ?? DEFAULT_TITLE,
    phaseLabel: s.phaseLabel ?? DEFAULT_PHASE_LABEL,
    players: players.map((p) => ({ id: p.id, name: p.name })),
    luck: { ...s.luck },
    round: 1,
    log: [],
  };
}
