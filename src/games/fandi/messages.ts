// Every reason and result a FanDi player can read, in Czech and English, as Fluent
// messages (games/fandi/messages/{cs,en}.ftl; @fluent/bundle): plural forms and the
// units' grammatical gender ("legie #2 zničena", "jezdectvo #4 zničeno") are the
// library's business. Codes are stable (cases and tests name them).
import { readFileSync } from 'node:fs';
import { FluentBundle, FluentNumber, FluentResource, type FluentVariable } from '@fluent/bundle';
import type { Lang } from '../../engine/types.js';
import { unitDef, unitName } from './units.js';

type L = 'cs' | 'en';

function load(lang: L): FluentBundle {
  const file = new URL(`../../../games/fandi/messages/${lang}.ftl`, import.meta.url);
  const bundle = new FluentBundle(lang, { useIsolating: false });
  const errors = bundle.addResource(new FluentResource(readFileSync(file, 'utf8')));
  if (errors.length) throw new Error(`games/fandi/messages/${lang}.ftl: ${errors.map((e) => e.message).join('; ')}`);
  return bundle;
}

const BUNDLES: Record<L, FluentBundle> = { cs: load('cs'), en: load('en') };

/** Every message id, for tests: each exists in both languages. */
export const MESSAGE_IDS: readonly string[] = [...new Set([...idsOf('cs'), ...idsOf('en')])].sort();

function idsOf(lang: L): string[] {
  const text = readFileSync(new URL(`../../../games/fandi/messages/${lang}.ftl`, import.meta.url), 'utf8');
  return [...text.matchAll(/^([a-z][a-z0-9-]*) =/gm)].map((m) => m[1]!);
}

export function hasMessage(lang: Lang, code: string): boolean {
  return BUNDLES[lang === 'cs' ? 'cs' : 'en'].hasMessage(code);
}

/**
 * A message with its parameters. `unit` (a unit type id) becomes the unit's name in the
 * reader's language and sets `gender`; `units` (ids joined by commas) becomes their plural
 * names; numbers are shown without digit grouping ("1000 xc") but still choose plural forms.
 */
export function message(lang: Lang, code: string, params: Record<string, string | number> = {}): string {
  const l: L = lang === 'cs' ? 'cs' : 'en';
  const bundle = BUNDLES[l];
  const m = bundle.getMessage(code);
  if (!m?.value) return code;
  const args: Record<string, FluentVariable> = {};
  for (const [k, v] of Object.entries(params)) {
    if (k === 'unit' && typeof v === 'string') {
      args.unit = unitName(v, l, 1);
      args.gender = unitDef(v).gender;
    } else if (k === 'units' && typeof v === 'string') args.units = v.split(',').map((t) => unitName(t, l, 2)).join(', ');
    else args[k] = typeof v === 'number' ? new FluentNumber(v, { useGrouping: false }) : v;
  }
  const errors: Error[] = [];
  const out = bundle.formatPattern(m.value, args, errors);
  return out;
}
