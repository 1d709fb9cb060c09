// What the end of a nation game reveals to everybody (Rules.reveal): the final
// countries — each country's player and its attributes on the ladder (RULES.md,
// ruling nation/end-reveal).
import type { Lang } from '../../engine/types.js';
import { levelText } from './ladder.js';
import { msg } from './texts.js';
import { COUNTRY_ATTRS, type NationState } from './types.js';

export function reveal(state: NationState, lang: Lang): string[] {
  const name = (id: string) => state.players.find((p) => p.id === id)?.name ?? id;
  return state.countries.map((c) =>
    msg('reveal-country', lang, {
      country: c.name,
      player: name(c.player),
      attrs: COUNTRY_ATTRS.map((a) => `${msg('attr', lang, { attr: a })} ${levelText(c.attrs[a], lang)}`).join(', '),
    }),
  );
}
