// What the end of the negotiations reveals (RULES.md, ruling godfather/end-reveal):
// every player's role, secret character, ВО with the secret bonuses, ТВ and
// faction — the figures the winner was decided from, so that every player can
// check the result.
import type { Lang } from '../../engine/types.js';
import { factionsOf, fullVo, type GState } from './state.js';
import { character, role } from './tables.js';
import { L, tr } from './texts.js';

export function reveal(state: GState, lang: Lang): string[] {
  const name = (id: string) => state.players.find((p) => p.id === id)?.name ?? id;
  return state.players.map((p) => {
    const factions = factionsOf(state, p.id).map((f) => tr(lang, 'reveal-faction', { leader: name(f.leader) }));
    return tr(lang, 'reveal-line', {
      name: p.name,
      role: role(p.role).name[L(lang)],
      character: character(p.character).name[L(lang)],
      vo: fullVo(state, p.id),
      tv: p.tv,
      factions: factions.length ? factions.join(', ') : tr(lang, 'reveal-free'),
    });
  });
}
