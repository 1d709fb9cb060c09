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
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { padEnd, padStart, table, trimLineEnds, wrap } from './text.js';
import { Handlebars, templateFile } from './compiled.js';
import type { Lang } from '../engine/types.js';
import { pluralForm } from './plural.js';
import { formatMessage, templateRoots } from './fluent.js';
import { htmlTemplateFile, renderHtml, type MailPicture } from './html.js';
import { headerText, isolateModel } from './bidi.js';
import { textPage } from './page-css.js';
export { pluralForm } from './plural.js';
// The messages' loader is render/fluent.ts (one for every kind); these names stay here for the callers.
export { builtinTemplateDir, messageFiles, formatMessage as message } from './fluent.js';

export interface RenderedMail {
  subject: string;
  text: string;
  /**
   * The HTML part (render/html.ts): the .html.hbs beside the template, or the
   * text in a generic layout. A mail whose page is its text page (textPage
   * set) makes it only when this is read.
   */
  readonly html: string;
  /**
   * Set when the HTML part is nothing but the page of the subject and text
   * (render/page-css.ts textPage), in this language: the outbox keeps only a
   * marker for it, and the page is made when the mail is sent (mailContent).
   */
  textPage?: Lang;
  /** The mail's pictures (reports of kinds with Rules.picture), referenced from the HTML by cid:. */
  pictures?: MailPicture[];
}

const hb = Handlebars.create();
hb.registerHelper('padEnd', (s: unknown, w: number) => padEnd(String(s ?? ''), w));
hb.registerHelper('padStart', (s: unknown, w: number) => padStart(String(s ?? ''), w));
hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
hb.registerHelper('gt', (a: number, b: number) => a > b);
hb.registerHelper('join', (xs: unknown[], sep: unknown) =>
  Array.isArray(xs) ? xs.join(typeof sep === 'string' ? sep : ', ') : '',
);
hb.registerHelper('wrap', (s: unknown, w: unknown) => wrap(String(s ?? ''), typeof w === 'number' ? w : 72));
// {{plural n "фаза" "фазы" "фаз"}}: the form for the mail's language (render passes it as @lang). Kept for
// GMs' own templates; the judge's use Fluent messages ({{t …}}) instead.
hb.registerHelper('plural', (n: number, one: string, few: string, many: string, options: { data?: { lang?: Lang } }) =>
  pluralForm(Number(n), one, few, many, options?.data?.lang ?? 'en'),
);
/** {{table headers rows}} with rows as arrays of cells. */
hb.registerHelper('table', (headers: string[], rows: (string | number)[][]) => table(headers, rows ?? []));
// {{t "message-id" name=value …}}: a Fluent message in the mail's language, for the mail's kind (render passes both as @lang, @kind).
hb.registerHelper(
  't',
  (id: unknown, options: { hash?: Record<string, unknown>; data?: { lang?: Lang; kind?: string } }) =>
    formatMessage(options?.data?.kind ?? 'common', options?.data?.lang ?? 'en', String(id), options?.hash ?? {}),
);

/**
 * The file a (kind, lang, name) resolves to, or null. Looked up on disk once
 * per process (every acknowledgement of a run renders the same few templates);
 * a GM's new override file is seen by the next command.
 */
export function findTemplate(kind: string, lang: Lang, name: string): string | null {
  const key = `${process.env.JUDGE_TEMPLATES ?? ''}\u0000${kind}\u0000${lang}\u0000${name}`;
  const known = found.get(key);
  if (known !== undefined) return known;
  const file = lookUpTemplate(kind, lang, name);
  found.set(key, file);
  return file;
}

const found = new Map<string, string | null>();

function lookUpTemplate(kind: string, lang: Lang, name: string): string | null {
  for (const root of templateRoots())
    for (const k of [kind, 'common'])
      for (const l of [lang, 'en']) {
        const f = join(root, k, l, `${name}.hbs`);
        if (existsSync(f)) return f;
      }
  return null;
}

/** The text templates' compile options. noEscape: these are plain-text mails, not HTML. */
const TEXT: CompileOptions = Object.freeze({ noEscape: true, strict: false });

/**
 * Whether the (kind, lang, name) template, or the HTML template beside it, may
 * read `field` of its model: a mustache names it, or does something that could
 * reach any field (this, @root, lookup, a partial). A mail whose template does
 * not is the same for every reader that differs only in that field (a public
 * message for every reader of one language: relay.ts renders it once). Read
 * once per file and process.
 */
export function templateMentions(kind: string, lang: Lang, name: string, field: string): boolean {
  const file = findTemplate(kind, lang, name);
  if (!file) return true;
  const key = `${file}\u0000${field}`;
  let m = mentions.get(key);
  if (m === undefined) {
    const re = new RegExp(
      `\\b${field.replace(/[^\w]/g, '')}\\b|\\bthis\\b|@root|\\blookup\\b|^\\s*>|^\\.$|\\s\\.(\\s|$)|\\.\\.`,
    );
    m = [file, htmlTemplateFile(file)].some((f) => {
      if (!f) return false;
      try {
        return [...readFileSync(f, 'utf8').matchAll(/\{\{([\s\S]*?)\}\}/g)].some((x) =>
          re.test(x[1]!.replace(/^[{~#/^&\s]+|[}~\s]+$/g, '')),
        );
      } catch {
        return true;
      }
    });
    mentions.set(key, m);
  }
  return m;
}
const mentions = new Map<string, boolean>();

export function render(kind: string, lang: Lang, name: string, data: object): RenderedMail {
  const file = findTemplate(kind, lang, name);
  if (!file) throw new Error(`no template ${kind}/${lang}/${name}.hbs (nor common/, nor en/)`);
  // Players' text isolated, its bidi controls replaced (render/bidi.ts): the text part keeps FSI…PDI, the HTML has <bdi>.
  const model = isolateModel(data);
  const out = templateFile(hb, file, TEXT)(model, { data: { lang, kind } }).replace(/\r\n/g, '\n');
  const m = /^Subject:[ \t]*(.*)\n\n?/.exec(out);
  if (!m) throw new Error(`template ${file} must start with a "Subject:" line`);
  const text =
    trimLineEnds(out.slice(m[0].length))
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n';
  const subject = headerText(m[1]!.trim());
  const html = renderHtml(hb, file, model, { lang, kind }, { subject, text });
  return html === null ? textMail(lang, subject, text) : { subject, text, html };
}

/**
 * A part of a mail's text made apart from the mail (a template with no
 * Subject line): the forecast an acknowledgement gets once its run's answers
 * are complete (mail/inbound/forecast-release.ts). Its lines as render makes a
 * text part's, without a final newline.
 */
export function renderPart(kind: string, lang: Lang, name: string, data: object): string {
  const file = findTemplate(kind, lang, name);
  if (!file) throw new Error(`no template ${kind}/${lang}/${name}.hbs (nor common/, nor en/)`);
  const out = templateFile(hb, file, TEXT)(isolateModel(data), { data: { lang, kind } }).replace(/\r\n/g, '\n');
  return trimLineEnds(out)
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+/, '')
    .trimEnd();
}

/** A mail whose HTML part is the page of its subject and text alone, made when it is first read. */
export function textMail(lang: Lang, subject: string, text: string): RenderedMail {
  let page: string | undefined;
  return {
    subject,
    text,
    textPage: lang,
    get html() {
      return (page ??= textPage(lang, subject, text));
    },
  };
}

/**
 * A rendered mail's parts as the outbox takes them (store/outbox.ts NewMail):
 * a text page as its language only, never made for that.
 */
export function mailContent(m: RenderedMail): {
  subject: string;
  body: string;
  html?: string;
  textPage?: Lang;
  pictures?: MailPicture[];
} {
  if (m.textPage && !m.pictures?.length) return { subject: m.subject, body: m.text, textPage: m.textPage };
  return { subject: m.subject, body: m.text, html: m.html, ...(m.pictures ? { pictures: m.pictures } : {}) };
}
