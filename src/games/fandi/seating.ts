// Sign-up by mail (issue #31): a FanDi setup takes as many players as it has
// gods (RULING fandi/signup: at least two — diplomacy needs somebody to talk
// to; with fewer players than gods the setup's last gods stay neutral), and
// an open position shows what the public map's legend says of it.
import type { Lang, Seating } from '../../engine/types.js';
import { publicView } from './public.js';
import type { FandiState } from './state.js';

export function seating(setup: unknown): Seating {
  const players = (setup as { players?: unknown } | null)?.players;
  const n = Array.isArray(players) ? players.length : 0;
  return { min: Math.min(2, Math.max(n, 1)), max: Math.max(n, 1) };
}

export function publicSeat(state: FandiState, player: string, lang: Lang): string {
  const legend = publicView(state, [], lang).legend as string[] | undefined;
  return legend?.find((l) => l.includes(`(${player})`)) ?? '';
}
