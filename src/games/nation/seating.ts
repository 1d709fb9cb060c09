// Sign-up by mail (issue #31): the GM designs the seats — each runs the
// country the setup's `players` gives it — so they are named seats, each
// shown with its country's name; every country needs its player. An open
// position shows its country, as the public page does.
import type { Lang, Seating } from '../../engine/types.js';
import type { NationState } from './types.js';

export function seating(setup: unknown): Seating {
  const s = (setup ?? {}) as { players?: Record<string, unknown>; countries?: { id?: unknown; name?: unknown }[] };
  const names = new Map(
    (Array.isArray(s.countries) ? s.countries : []).map((c) => [String(c?.id ?? ''), String(c?.name ?? '')]),
  );
  const named = Object.entries(s.players && typeof s.players === 'object' ? s.players : {}).map(([id, c]) => ({
    id,
    label: names.get(String(c)) || String(c),
  }));
  return { min: named.length, max: named.length, named };
}

export function publicSeat(state: NationState, player: string, _lang: Lang): string {
  return state.countries.find((c) => c.player === player)?.name ?? '';
}
