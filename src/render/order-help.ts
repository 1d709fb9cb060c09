// How to write orders for a kind, in a reader's language: ONE source per
// language, templates/<kind>/<lang>/orders.md (Markdown that reads as plain
// text). The judge mails it (HELP <game>, HELP inside a block, the start mail)
// and games/<kind>/ORDERS.md is generated from the same files
// (scripts/orders-doc.mjs; a test checks the committed file is the generated
// one), so the two cannot drift. JUDGE_TEMPLATES overrides a file as it does
// templates. A language the kind has no text in gets English.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Lang } from '../engine/types.js';
import { templateRoots } from './fluent.js';

/** The file of a kind's order help in a language (else English), or null when the kind has none. */
export function orderHelpFile(kind: string, lang: Lang): string | null {
  for (const l of [lang, 'en'])
    for (const root of templateRoots()) {
      const f = join(root, kind, l, 'orders.md');
      if (existsSync(f)) return f;
    }
  return null;
}

const texts = new Map<string, string | null>();

/** The order help's text (read once per file and process), or null. */
export function orderHelp(kind: string, lang: Lang): string | null {
  const file = orderHelpFile(kind, lang);
  if (!file) return null;
  let t = texts.get(file);
  if (t === undefined) {
    t = mailedHelp(readFileSync(file, 'utf8').replace(/\r\n/g, '\n'));
    texts.set(file, t);
  }
  return t;
}

/**
 * The order help as it is mailed to a player: the GM's part (between
 * `<!-- gm -->` and `<!-- /gm -->`: the GM's block, its commands and example)
 * and the references to RULES.md's rulings ("(ruling nation/…)") are in
 * ORDERS.md only; a player's mail names no GM command and no file.
 */
export function mailedHelp(source: string): string {
  return source
    .replace(/<!-- gm\b[\s\S]*?<!-- \/gm -->\n?/g, '')
    .replace(/<!--[\s\S]*?-->\n?/g, '')
    .replace(/ ?\(ruling [\w-]+\/[\w-]+\)/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd();
}
