// Sign-up by mail (issue #31): the game takes exactly its 13 players, whose
// roles and characters the seed deals at the start (setup.ts); an open
// position shows what the public part of the report says of it.
import type { Lang, Seating } from '../../engine/types.js';
import { publicView } from './public.js';
import { PLAYERS } from './setup.js';
import type { GState } from './state.js';

export function seating(): Seating {
  return { min: PLAYERS, max: PLAYERS };
}

export function publicSeat(state: GState, player: string, lang: Lang): string {
  const pub = publicView(state, [], lang).public as
    | { players?: { id: string; name: string; role: string; vo: number; status: string }[] }
    | undefined;
  const p = pub?.players?.find((x) => x.id === player);
  return p ? `${p.name}: ${p.role}, ВО ${p.vo}, ${p.status}` : '';
}
