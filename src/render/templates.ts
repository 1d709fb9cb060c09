// Mail templates: Handlebars files under templates/<kind>/<lang>/<name>.hbs,
// falling back to templates/common/<lang>/, then to English. A template starts
// with "Subject: ..." and a blank line; the rest is the plain-text body.
// GMs may override any template by pointing JUDGE_TEMPLATES at a copy of the tree.
//
// Phrases that agree with a player's grammatical gender or with a number are
// Fluent messages (@fluent/bundle), never hand-written endings or hedges like
// «выбыл(а)»: {{t "ejected-subject" player=player.id gender=player.gender}} formats
// a message of templates/<kind>/<lang>/*.ftl, falling back to
// templates/common/<lang>/*.ftl (common.ftl), then to English; numbers choose the
// language's plural forms (CLDR), `gender` (f | m) the variant. JUDGE_TEMPLATES
// overrides messages as it does templates; the bundles are loaded once and cached.
import Handlebars from 'handlebars';
import { FluentBundle, FluentNumber, FluentResource, type FluentVariable } from '@fluent/bundle';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { padEnd, padStart, table, wrap } from './text.js';
import type { Lang } from '../engine/types.js';
import { pluralForm } from './plural.js';
export { pluralForm } from './plural.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The templates/ folder of the package (src/render or dist/render → ../../templates). */
export const builtinTemplateDir = join(here, '..', '..', 'templates');

export interface RenderedMail {
  subject: string;
  text: string;
}

const hb = Handlebars.create();
hb.registerHelper('padEnd', (s: unknown, w: number) => padEnd(String(s ?? ''), w));
hb.registerHelper('padStart', (s: unknown, w: number) => padStart(String(s ?? ''), w));
hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
hb.registerHelper('gt', (a: number, b: number) => a > b);
hb.registerHelper('join', (xs: unknown[], sep: unknown) => (Array.isArray(xs) ? xs.join(typeof sep === 'string' ? sep : ', ') : ''));
hb.registerHelper('wrap', (s: unknown, w: unknown) => wrap(String(s ?? ''), typeof w === 'number' ? w : 72));
// {{plural n "фаза" "фазы" "фаз"}}: the form for the mail's language (render passes it as @lang). Kept for
// GMs' own templates; the judge's use Fluent messages ({{t …}}) instead.
hb.registerHelper('plural', (n: number, one: string, few: string, many: string, options: { data?: { lang?: Lang } }) =>
  pluralForm(Number(n), one, few, many, options?.data?.lang ?? 'en'),
);
/** {{table headers rows}} with rows as arrays of cells. */
hb.registerHelper('table', (headers: string[], rows: (string | number)[][]) => table(headers, rows ?? []));
// {{t "message-id" name=value …}}: a Fluent message in the mail's language, for the mail's kind (render passes both as @lang, @kind).
hb.registerHelper('t', (id: unknown, options: { hash?: Record<string, unknown>; data?: { lang?: Lang; kind?: string } }) =>
  message(options?.data?.kind ?? 'common', options?.data?.lang ?? 'en', String(id), options?.hash ?? {}),
);

const cache = new Map<string, HandlebarsTemplateDelegate>();

function templateRoots(): string[] {
  const roots = [builtinTemplateDir];
  const override = process.env.JUDGE_TEMPLATES;
  if (override) roots.unshift(override);
  return roots;
}

/** The file a (kind, lang, name) resolves to, or null. */
export function findTemplate(kind: string, lang: Lang, name: string): string | null {
  for (const root of templateRoots())
    for (const k of [kind, 'common'])
      for (const l of [lang, 'en']) {
        const f = join(root, k, l, `${name}.hbs`);
        if (existsSync(f)) return f;
      }
  return null;
}

const bundles = new Map<string, FluentBundle>();

/** The .ftl files of a folder, in name order. */
function ftlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ftl'))
    .sort()
    .map((f) => join(dir, f));
}

/**
 * The message files a (kind, lang) reads, the strongest last: the same order as
 * the templates (JUDGE_TEMPLATES before the built-in tree, the kind before
 * common, the language before English), so a message is taken from where its
 * template would be.
 */
export function messageFiles(kind: string, lang: Lang): string[] {
  const strongestFirst: string[] = [];
  for (const root of templateRoots())
    for (const k of [...new Set([kind, 'common'])])
      for (const l of [...new Set([lang, 'en'])]) strongestFirst.push(...ftlFiles(join(root, k, l)));
  return [...new Set(strongestFirst)].reverse();
}

function bundleFor(kind: string, lang: Lang): FluentBundle {
  const key = `${templateRoots().join('\u0001')}\u0000${kind}\u0000${lang}`;
  let b = bundles.get(key);
  if (!b) {
    b = new FluentBundle(lang, { useIsolating: false });
    for (const file of messageFiles(kind, lang)) {
      const errors = b.addResource(new FluentResource(readFileSync(file, 'utf8')), { allowOverrides: true });
      if (errors.length) throw new Error(`${file}: ${errors.map((e) => e.message).join('; ')}`);
    }
    bundles.set(key, b);
  }
  return b;
}

/**
 * A Fluent message for a mail of this kind and language with its arguments:
 * numbers choose plural forms (shown without digit grouping), `gender` m | f the
 * variant; a missing argument is left out (the message's default variant). A
 * message that exists nowhere shows its id, so a gap is seen rather than hidden.
 */
export function message(kind: string, lang: Lang, id: string, args: Record<string, unknown> = {}, errors: Error[] = []): string {
  const b = bundleFor(kind, lang);
  const m = b.getMessage(id);
  if (!m?.value) {
    errors.push(new Error(`no message ${id} for ${kind}/${lang}`));
    return id;
  }
  const vars: Record<string, FluentVariable> = {};
  for (const [k, v] of Object.entries(args)) {
    if (v === undefined || v === null) continue;
    vars[k] = typeof v === 'number' ? new FluentNumber(v, { useGrouping: false }) : v instanceof Date ? v : String(v);
  }
  return b.formatPattern(m.value, vars, errors);
}

export function render(kind: string, lang: Lang, name: string, data: object): RenderedMail {
  const file = findTemplate(kind, lang, name);
  if (!file) throw new Error(`no template ${kind}/${lang}/${name}.hbs (nor common/, nor en/)`);
  let tpl = cache.get(file);
  if (!tpl) {
    // noEscape: these are plain-text mails, not HTML.
    tpl = hb.compile(readFileSync(file, 'utf8'), { noEscape: true, strict: false });
    cache.set(file, tpl);
  }
  const out = tpl(data, { data: { lang, kind } }).replace(/\r\n/g, '\n');
  const m = /^Subject:[ \t]*(.*)\n\n?/.exec(out);
  if (!m) throw new Error(`template ${file} must start with a "Subject:" line`);
  const text = out.slice(m[0].length).replace(/[ \t]+$/gm, '').replace(/\n{3,}/g, '\n\n').trimEnd() + '\n';
  return { subject: m[1]!.trim(), text };
}
