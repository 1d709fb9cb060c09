// One source for the order help (issue 30): games/<kind>/ORDERS.md is generated from
// templates/<kind>/<lang>/orders.md, the text HELP <game> and the start mail send,
// so the two cannot drift; every kind has it in each language it speaks, and no
// text a player gets names a file of the repository or a command of the GM's CLI.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getRules, knownKinds } from '../../src/engine/kinds.js';
import { mailedHelp, orderHelp } from '../../src/render/order-help.js';
import { samplePasswords } from '../../src/engine/sample-passwords.js';
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
  it.each(knownKinds())(
    "%s: the mailed help has no GM block, no ruling reference and no shipped setup's password; ORDERS.md keeps the GM's part",
    (kind) => {
      const passwords = [...samplePasswords().keys()];
      expect(passwords).toContain('sova');
      for (const lang of getRules(kind).langs) {
        const text = orderHelp(kind, lang)!;
        expect(text, `${kind}/${lang}`).not.toMatch(/^\s*(GM|ВЕДУЩИЙ|ГМ)\s+\S+\s+\S+\s*$/m);
        expect(text, `${kind}/${lang}`).not.toMatch(/\(ruling |<!--|-->/);
        for (const m of text.matchAll(/^\s*(?:GAME|HRA|ИГРА)\s+\S+\s+\S+\s+(.+?)\s*$/gm))
          expect(passwords, `${kind}/${lang}: ${m[0]}`).not.toContain(m[1]);
      }
      const doc = readFileSync(`games/${kind}/ORDERS.md`, 'utf8');
      for (const part of doc.match(/<!-- gm\b[\s\S]*?<!-- \/gm -->/g) ?? [])
        expect(mailedHelp(part), `${kind}: the GM's part is left out of the mail`).toBe('');
    },
  );
  it("the GM's parts are in ORDERS.md (nation, rpg)", () => {
    expect(readFileSync('games/nation/ORDERS.md', 'utf8')).toContain("## The GM's block");
    expect(readFileSync('games/rpg/ORDERS.md', 'utf8')).toContain("## The GM's lines");
    expect(orderHelp('nation', 'en')).not.toContain("## The GM's block");
    expect(orderHelp('rpg', 'en')).not.toContain("## The GM's lines");
  });
  it('a language a kind has no text in gets English, never nothing', () => {
    expect(orderHelp('godfather', 'cs')).toBe(orderHelp('godfather', 'en'));
  });
});
