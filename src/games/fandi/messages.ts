// Every reason and result a FanDi player can read, in Czech and English, as Fluent
// messages (templates/fandi/{cs,en}/fandi.ftl, loaded by the judge's one Fluent
// loader, render/fluent.ts): plural forms and the units' grammatical gender
// ("legie #2 zničena", "jezdectvo #4 zničeno") are the library's business. Codes are
// stable (cases and tests name them). JUDGE_TEMPLATES may hold an edited copy.
import type { Lang } from '../../engine/types.js';
import { formatMessage, ownMessageIds } from '../../render/fluent.js';
import { unitDef, unitName } from './units.js';

type L = 'cs' | 'en';
const L = (lang: Lang): L => (lang === 'cs' ? 'cs' : 'en');

const OWN: Record<L, ReadonlySet<string>> = {
  cs: new Set(ownMessageIds('fandi', 'cs')),
  en: new Set(ownMessageIds('fandi', 'en')),
};

/** Every message id, for tests: each exists in both languages. */
export const MESSAGE_IDS: readonly string[] = [...new Set([...OWN.cs, ...OWN.en])].sort();

/** Does the reader's language itself (not a fallback) hold this message? */
export function hasMessage(lang: Lang, code: string): boolean {
  return OWN[L(lang)].has(code);
}

/**
 * A message with its parameters. `unit` (a unit type id) becomes the unit's name in the
 * reader's language and sets `gender`; `units` (ids joined by commas) becomes their plural
 * names; numbers are shown without digit grouping ("1000 xc") but still choose plural forms.
 */
export function message(lang: Lang, code: string, params: Record<string, string | number> = {}): string {
  const l = L(lang);
  const args: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) {
    if (k === 'unit' && typeof v === 'string') {
      args.unit = unitName(v, l, 1);
      args.gender = unitDef(v).gender;
    } else if (k === 'units' && typeof v === 'string')
      args.units = v
        .split(',')
        .map((t) => unitName(t, l, 2))
        .join(', ');
    else args[k] = v;
  }
  return formatMessage('fandi', l, code, args);
}
