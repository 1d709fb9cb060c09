// Mail templates: Handlebars files under templates/<kind>/<lang>/<name>.hbs,
// falling back to templates/common/<lang>/, then to English. A template starts
// with "Subject: ..." and a blank line; the rest is the plain-text body.
// GMs may override any template by pointing JUDGE_TEMPLATES at a copy of the tree.
import Handlebars from 'handlebars';
import { existsSync, readFileSync } from 'node:fs';
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
// {{plural n "фаза" "фазы" "фаз"}}: the form for the mail's language (render passes it as @lang).
hb.registerHelper('plural', (n: number, one: string, few: string, many: string, options: { data?: { lang?: Lang } }) =>
  pluralForm(Number(n), one, few, many, options?.data?.lang ?? 'en'),
);
/** {{table headers rows}} with rows as arrays of cells. */
hb.registerHelper('table', (headers: string[], rows: (string | number)[][]) => table(headers, rows ?? []));

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

export function render(kind: string, lang: Lang, name: string, data: object): RenderedMail {
  const file = findTemplate(kind, lang, name);
  if (!file) throw new Error(`no template ${kind}/${lang}/${name}.hbs (nor common/, nor en/)`);
  let tpl = cache.get(file);
  if (!tpl) {
    // noEscape: these are plain-text mails, not HTML.
    tpl = hb.compile(readFileSync(file, 'utf8'), { noEscape: true, strict: false });
    cache.set(file, tpl);
  }
  const out = tpl(data, { data: { lang } }).replace(/\r\n/g, '\n');
  const m = /^Subject:[ \t]*(.*)\n\n?/.exec(out);
  if (!m) throw new Error(`template ${file} must start with a "Subject:" line`);
  const text = out.slice(m[0].length).replace(/[ \t]+$/gm, '').replace(/\n{3,}/g, '\n\n').trimEnd() + '\n';
  return { subject: m[1]!.trim(), text };
}
