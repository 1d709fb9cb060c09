// The HTML part of every mail. A template templates/<kind>/<lang>/<name>.html.hbs
// beside the text template <name>.hbs renders the same model as HTML (Handlebars
// with escaping on, the same helpers); a mail without one gets a generic HTML
// part: its text in a monospace block. Either way the page goes into one layout
// (language, colour scheme, the stylesheet below); when the mail is sent the CSS
// is inlined with juice (inlineCss), because many mail clients drop <style>. No remote resources ever: a
// picture is a cid: reference to a part of the same mail (src/mail/outbound/html-parts.ts).
//
// Dark mode: every rule that sets a text colour sets its background too, and
// a prefers-color-scheme: dark block (kept as <style>, !important to beat the
// inlined light rules) swaps both; clients that ignore it keep the light pair.
import { templateFile } from './compiled.js';
import { isolatesToHtml } from './bidi.js';
import { withoutFinalNewlines } from './text.js';
import { escapeHtml, htmlPage, textBody, unpackPage, wideText, type PageMail } from './page-css.js';
import type Handlebars from 'handlebars';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import type { Lang, Picture, ReportModel } from '../engine/types.js';

/** A picture as a template sees it: where the mail's part is (cid:) and how big it is. */
export interface PictureRef {
  src: string;
  width: number;
  height: number;
  alt: string;
}

/** A picture with the content id of its mail part (the outbox stores these). */
export interface MailPicture extends Picture {
  cid: string;
}

/** The content id of a picture of a mail: unique within the mail, stable for the same picture. */
export function pictureCid(p: Picture, i: number): string {
  return `${p.name}-${i + 1}@pbem-judge`;
}

/** Pictures with their content ids, and the template's view of them. */
export function mailPictures(pictures: readonly Picture[]): { pictures: MailPicture[]; refs: PictureRef[] } {
  const withCid = pictures.map((p, i) => ({ ...p, cid: pictureCid(p, i) }));
  return {
    pictures: withCid,
    refs: withCid.map((p) => ({ src: `cid:${p.cid}`, width: p.width, height: p.height, alt: p.alt })),
  };
}

/** The <img> of a picture: its size written out (clients that ignore CSS), fluid to the mail's width. */
export function pictureHtml(p: PictureRef): string {
  return `<div class="picture"><img src="${escapeHtml(p.src)}" width="${p.width}" height="${p.height}" alt="${escapeHtml(p.alt)}" style="max-width:100%;height:auto"></div>`;
}

let juice: typeof import('juice') | undefined;

/**
 * The page as a mail carries it: the CSS inlined (juice), since many mail
 * clients drop <style>; the dark-mode media query stays in <style>. Done when
 * the mail is sent, not when a turn is processed (it costs milliseconds a mail).
 */
export function inlineCss(html: string, mail?: PageMail): string {
  // Loaded on first use: commands that send no mail do not pay for it.
  juice ??= createRequire(import.meta.url)('juice') as typeof import('juice');
  // A page from the outbox gets its stylesheet back first, a text page is made from its mail (page-css.ts).
  return juice(unpackPage(html, mail), {
    preserveMediaQueries: true,
    removeStyleTags: true,
    applyWidthAttributes: false,
    applyHeightAttributes: false,
  });
}

/** The generic HTML of a mail that has no HTML template: its subject, its pictures, its text as it is. */
export function genericBody(subject: string, text: string, pictures: readonly PictureRef[] = []): string {
  return textBody(subject, text, pictures.map(pictureHtml));
}

/** The HTML template beside a text template (report.hbs → report.html.hbs), or null. */
export function htmlTemplateFile(textFile: string): string | null {
  let f = htmlFiles.get(textFile);
  if (f === undefined) {
    const candidate = textFile.replace(/\.hbs$/, '.html.hbs');
    f = candidate !== textFile && existsSync(candidate) ? candidate : null;
    htmlFiles.set(textFile, f);
  }
  return f;
}

/** Looked up once per process, like the text templates (templates.ts findTemplate). */
const htmlFiles = new Map<string, string | null>();

/**
 * The HTML part of a mail rendered from `textFile` (a .hbs template) with `data`:
 * its .html.hbs sibling when there is one (same folder, so the same language and
 * the same override tree), else the generic part from the rendered text; null
 * when that is the mail's text page alone (page-css.ts textPage: the caller
 * makes it when it is needed, templates.ts textMail).
 * `data.pictures` (PictureRef[]) are the mail's pictures; templates place them
 * with {{{picture this}}} (or use src/width/height/alt themselves).
 */
export function renderHtml(
  hb: typeof Handlebars,
  textFile: string,
  data: object,
  runtime: { lang: Lang; kind: string },
  mail: { subject: string; text: string },
): string | null {
  const pictures = ((data as { pictures?: PictureRef[] }).pictures ?? []).filter((p) => p && typeof p.src === 'string');
  const file = htmlTemplateFile(textFile);
  if (!file)
    return pictures.length
      ? htmlPage(runtime.lang, mail.subject, genericBody(mail.subject, mail.text, pictures), wideText(mail.text))
      : null;
  const outer = textPart;
  textPart = mail.text;
  try {
    const body = templateFile(
      hb,
      file,
      HTML,
    )({ ...data, pictures, subject: mail.subject }, { data: runtime, helpers: htmlHelpers });
    return htmlPage(runtime.lang, mail.subject, isolatesToHtml(body));
  } finally {
    textPart = outer;
  }
}

/** The HTML templates' compile options (escaping on). */
const HTML: CompileOptions = Object.freeze({ strict: false });

/** The text part of the mail whose HTML template runs (for textFrom): set around the call, so the helpers are made once. */
let textPart = '';

/**
 * {{textFrom "The dice were rolled"}}: the text part from the line that starts
 * so to its end (for a <pre>): long fixed passages need not be written twice.
 * {{textFrom "…" outro}}: up to where `outro` (a text the page shows on its own,
 * such as the start mail's order help) begins, so it is not shown twice.
 */
function textFrom(start: unknown, until?: unknown): string {
  let text = withoutFinalNewlines(textPart);
  const stop = typeof until === 'string' && until.trim() ? text.indexOf(until.trim()) : -1;
  if (stop >= 0) text = text.slice(0, stop).trimEnd();
  const lines = text.split('\n');
  const i = lines.findIndex((l) => l.startsWith(String(start)));
  return i < 0 ? '' : lines.slice(i).join('\n');
}

/**
 * {{{dice text}}}: a roll's text with each die of its first part ("3d20: 1+18+20=39 …",
 * "3dS: [0][1][2] = 3 …") drawn as a die; the words and numbers stay as the text has them.
 */
export function diceHtml(text: string): string {
  const m = /^([^:]{1,40}: )([-+\d[\] ]+?)(\s?=.*)?$/s.exec(text);
  if (!m || !/\d/.test(m[2]!)) return escapeHtml(text);
  const dice = escapeHtml(m[2]!).replace(/\[?(-?\d+)\]?/g, (_, d: string) => `<span class="dice">${d}</span>`);
  return `${escapeHtml(m[1]!)}${dice}${escapeHtml(m[3] ?? '')}`;
}

/** Helpers only the HTML templates use. */
const htmlHelpers: Record<string, Handlebars.HelperDelegate> = {
  /** {{{picture p}}}: the <img> of a PictureRef. */
  picture: (p: PictureRef) => (p && typeof p.src === 'string' ? pictureHtml(p) : ''),
  /** {{#if (isNum x)}}: right-align numbers in tables. */
  isNum: (x: unknown) => isNum(x),
  /**
   * {{{htable headers rows me=value}}}: an HTML table that scrolls sideways on a
   * narrow screen, numbers right-aligned; rows whose first cell is `me` (the
   * reader's own) highlighted, and the column headed `me` too.
   */
  htable: (headers: unknown, rows: unknown, options: { hash?: { me?: unknown } }) =>
    htable(headers, rows, options?.hash?.me),
  dice: (text: unknown) => diceHtml(String(text ?? '')),
  textFrom,
};

function isNum(x: unknown): boolean {
  return typeof x === 'number' || (typeof x === 'string' && /^-?\d+(\.\d+)?\s?%?$/.test(x.trim()));
}

/** An HTML table of text cells (see the htable helper). */
export function htable(headers: unknown, rows: unknown, me?: unknown): string {
  const hs = Array.isArray(headers) ? headers.map((h) => String(h ?? '')) : [];
  const rs = Array.isArray(rows) ? rows.filter(Array.isArray) : [];
  const mine = me === undefined || me === null || me === '' ? null : String(me);
  const meCol = mine === null ? -1 : hs.indexOf(mine);
  const cell = (tag: 'th' | 'td', v: unknown, i: number, row: boolean) => {
    const cls = [isNum(v) ? 'num' : '', row || i === meCol ? 'me' : ''].filter(Boolean).join(' ');
    return `<${tag}${cls ? ` class="${cls}"` : ''}>${escapeHtml(String(v ?? ''))}</${tag}>`;
  };
  const head = hs.length ? `<thead><tr>${hs.map((h, i) => cell('th', h, i, false)).join('')}</tr></thead>` : '';
  const body = rs
    .map((r: unknown[]) => {
      const row = mine !== null && String(r[0] ?? '') === mine;
      return `<tr${row ? ' class="me"' : ''}>${r.map((v, i) => cell('td', v, i, row)).join('')}</tr>`;
    })
    .join('');
  return `<div class="scroll"><table>${head}<tbody>${body}</tbody></table></div>`;
}

/** The pictures a kind draws of a report model (Rules.picture), with their cids and the template's refs. */
export function modelPictures(
  rules: { picture?(model: ReportModel, lang: Lang): Picture | null },
  model: ReportModel,
  lang: Lang,
): { pictures: MailPicture[]; refs: PictureRef[] } {
  const p = rules.picture?.(model, lang) ?? null;
  return mailPictures(p ? [p] : []);
}
