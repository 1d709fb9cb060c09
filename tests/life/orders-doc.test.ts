// One source for the order help (issue 30): games/<kind>/ORDERS.md is generated from
// templates/<kind>/<lang>/orders.md, the text HELP <game> and the start mail send,
// so the two cannot drift; every kind has it in each language it speaks, and no
// text a player gets names a file of the repository or a command of the GM's CLI.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getRules, knownKinds } from '../../src/engine/kinds.js';
import { orderHelp } from '../../src/render/order-help.js';
// @ts-expect-error: a plain ES module script without types
import { orderHelpSources, ordersDoc } from '../../scripts/orders-doc.mjs';
import { GM_ONLY } from './player-mail.js';

describe('order help', () => {
  const sources = orderHelpSources() as Record<string, string[]>;
  it.each(knownKinds())('%s: ORDERS.md is the one generated from the order help of each language', (kind) => {
    const langs = sources[kind]!;
    expect(langs).toEqual(['en', 'cs', 'ru'].filter((l) => getRules(kind).langs.includes(l as 'en')));
    expect(readFileSync(`games/${kind}/ORDERS.md`, 'utf8')).toBe(ordersDoc(kind, langs));
  });
  it.each(knownKinds())('%s: the help of every language names no repository file and no GM command', (kind) => {
    for (const lang of getRules(kind).langs) {
      const text = orderHelp(kind, lang)!;
      expect(text.length).toBeGreaterThan(500);
      expect(text.match(GM_ONLY), `${kind}/${lang}`).toBeNull();
    }
  });
  it('a language a kind has no text in gets English, never nothing', () => {
    expect(orderHelp('godfather', 'cs')).toBe(orderHelp('godfather', 'en'));
  });
});
