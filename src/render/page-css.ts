// The stylesheet every HTML mail shares (render/html.ts htmlPage), the page
// around a mail's body, and how the outbox keeps a page: without the
// stylesheet. It is about 2.7 KB of a 3–4 KB acknowledgement, written again
// for every mail intake queues; the outbox row keeps a marker in its place
// (packPage, store/outbox.ts), and the sheet is put back when the mail is sent
// (unpackPage, in inlineCss), where its CSS is inlined anyway. A mail without
// an HTML template of its own (acknowledgements, relayed messages, most
// notices) has a page made of nothing but its subject and its text
// (textPage): the outbox keeps only a marker with its language for it, and
// the page is made again from the row's subject and text when it is read. A
// row made before keeps its own page and goes as it is.
// A text page is "wide" when a line of its text is longer than the 46em page
// holds (the GM's worksheet): its page takes the screen's width (.mail.wide).
// No imports but bidi.ts, text-blocks.ts and its text.ts (themselves without
// any others): the store loads this without the renderer.
import { isolatesToHtml, titleText } from './bidi.js';
import { longestLine, textBlocks } from './text-blocks.js';
import { withoutFinalNewlines } from './text.js';

export const STYLE = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
body { margin: 0; padding: 0; background: #ffffff; color: #1b1b1b; font-family: system-ui, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif; font-size: 15px; line-height: 1.45; }
.mail { max-width: 46em; margin: 0 auto; padding: 12px; background: #ffffff; color: #1b1b1b; }
.mail.wide { max-width: none; }
h1, h2, p, li, th, td { overflow-wrap: break-word; }
h1 { font-size: 1.25em; margin: 0.2em 0 0.6em; background: #ffffff; color: #1b1b1b; }
h2 { font-size: 1.08em; margin: 1.2em 0 0.4em; padding-bottom: 2px; border-bottom: 1px solid #8a8a8a; background: #ffffff; color: #1b1b1b; }
p { margin: 0.4em 0; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: 0.3em 0; font-size: 0.93em; }
th, td { border: 1px solid #9a9a9a; padding: 3px 6px; text-align: left; vertical-align: top; background: #ffffff; color: #1b1b1b; }
th { background: #e9edf2; color: #1b1b1b; font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.me td, td.me, .me { background: #fff1b8; color: #1b1b1b; font-weight: 600; }
pre, .mono { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 13px; line-height: 1.3; }
pre { margin: 0.4em 0; padding: 8px; white-space: pre-wrap; overflow-wrap: anywhere; overflow-x: auto; max-width: 100%; background: #f4f4f4; color: #1b1b1b; border: 1px solid #c8c8c8; }
pre.map, pre.table { white-space: pre; overflow-wrap: normal; }
.scroll > pre.table { display: inline-block; min-width: 100%; box-sizing: border-box; margin: 0.4em 0; vertical-align: top; }
.note { background: #eef3fb; color: #1b1b1b; border-left: 4px solid #3b6db3; padding: 6px 10px; margin: 0.6em 0; }
.warn { background: #fdecea; color: #5c0f0a; border-left: 4px solid #b3261e; padding: 6px 10px; margin: 0.6em 0; font-weight: 600; }
.ok { background: #e6f4ea; color: #0d4a1f; }
.bad { background: #fdecea; color: #5c0f0a; }
.dice { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; background: #f4f4f4; color: #1b1b1b; border: 1px solid #9a9a9a; border-radius: 4px; padding: 0 4px; white-space: nowrap; }
.picture { margin: 0.6em 0; }
.picture img { display: block; box-sizing: border-box; max-width: 100%; height: auto; border: 1px solid #9a9a9a; background: #ffffff; }
ul { margin: 0.3em 0; padding-left: 1.3em; }
.muted { background: #ffffff; color: #555555; font-size: 0.9em; }
`;

// Kept in <style> (juice leaves media queries there): the dark pairs.
export const DARK = `
@media (prefers-color-scheme: dark) {
  body, .mail, h1, h2, td, .muted { background: #17191c !important; color: #e6e6e6 !important; }
  th { background: #2a3038 !important; color: #f0f0f0 !important; }
  tr.me td, td.me, .me { background: #4d3f00 !important; color: #fff6d6 !important; }
  pre, .dice { background: #22252a !important; color: #e6e6e6 !important; }
  .note { background: #1d2a3d !important; color: #e6e6e6 !important; }
  .warn, .bad { background: #4a1612 !important; color: #ffe3df !important; }
  .ok { background: #133a20 !important; color: #dcf5e3 !important; }
}
`;

/** The two <style> elements of a page. */
export const STYLES = `<style>${STYLE}</style><style>${DARK}</style>`;

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const SPECIAL = /[&<>"']/;
const SPECIALS = /[&<>"']/g;

export function escapeHtml(s: string): string {
  // Most texts have nothing to escape: tested before a replace is built.
  return SPECIAL.test(s) ? s.replace(SPECIALS, (c) => ENTITIES[c]!) : s;
}

/**
 * The whole page around a body: language, colour scheme, title, the stylesheet
 * in <style> (a web page uses it as it is; inlineCss makes the mail's version).
 * A wide page (wideText) is as wide as the screen.
 */
export function htmlPage(lang: string, subject: string, body: string, wide = false): string {
  return `<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${escapeHtml(titleText(subject))}</title>${STYLES}</head>
<body><div class="${wide ? 'mail wide' : 'mail'}">
${body}
</div></body></html>
`;
}

/** The columns of text a page of 46em holds in its <pre> (13px monospace, its padding and border inside the page's). */
export const PAGE_COLUMNS = 80;

/** Whether a text has a line longer than the page holds: its page then takes the screen's width. */
export function wideText(text: string): boolean {
  return longestLine(text) > PAGE_COLUMNS;
}

/**
 * A text in HTML blocks (text-blocks.ts): prose in a <pre> that wraps, a table
 * in a box that scrolls sideways, a map in <pre class="map"> (it scrolls in its own box).
 */
export function textBlocksHtml(text: string): string {
  return textBlocks(withoutFinalNewlines(text))
    .map((b) =>
      b.kind === 'table'
        ? `<div class="scroll"><pre class="table">${isolatesToHtml(escapeHtml(b.text))}</pre></div>`
        : `<pre${b.kind === 'map' ? ' class="map"' : ''}>${isolatesToHtml(escapeHtml(b.text))}</pre>`,
    )
    .join('\n');
}

/** The body of a mail that has no HTML template: its subject, its pictures (their <img> tags), its text in blocks. */
export function textBody(subject: string, text: string, pictureTags: readonly string[] = []): string {
  return `${heading(subject)}${pictureTags.join('\n')}\n${textBlocksHtml(text)}`;
}

/** The subject as a text page's heading; the text's isolates (players' text, render/bidi.ts) as <bdi> elements. */
function heading(subject: string): string {
  return `<h1>${isolatesToHtml(escapeHtml(subject))}</h1>\n`;
}

/** The page of a mail that has no HTML template and no pictures: made of its subject and text alone. */
export function textPage(lang: string, subject: string, text: string): string {
  return htmlPage(lang, subject, textBody(subject, text), wideText(text));
}

/** What the outbox keeps for the textPage of its row's subject and text: a marker with the page's language. */
export function textPageMark(lang: string): string {
  return `<!--judge:text-page ${lang}-->`;
}

/** What stands for STYLES in a page the outbox keeps. */
const MARK = '<style data-judge-styles></style>';

/** What the outbox keeps for a textPage: the marker with the page's language. */
const TEXT_PAGE = /^<!--judge:text-page ([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?)-->$/;
/** The language of a page as htmlPage starts it. */
const PAGE_LANG = /^<!DOCTYPE html>\n<html lang="([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?)">/;

/** The mail a page belongs to, as its outbox row keeps it. */
export interface PageMail {
  subject: string;
  body: string;
}

/**
 * A page as the outbox keeps it: the textPage of the mail's own subject and
 * text is a marker (a rendered mail says it is one: RenderedMail.textPage; a
 * page given whole is recognised); any other page has the shared stylesheet
 * replaced by a marker (a page without it is kept as it is).
 */
export function packPage(html: string, mail?: PageMail): string {
  const lang = mail ? PAGE_LANG.exec(html)?.[1] : undefined;
  // Made again to compare only when it can be one: a text page (no pictures) has its heading, then a blank line.
  if (lang && html.includes(`${heading(mail!.subject)}\n`) && html === textPage(lang, mail!.subject, mail!.body))
    return textPageMark(lang);
  const i = html.indexOf(STYLES);
  return i < 0 ? html : html.slice(0, i) + MARK + html.slice(i + STYLES.length);
}

/**
 * The whole page again: a text page made anew from the row's subject and text,
 * or the marker replaced by the stylesheet. A text page's marker needs its
 * mail; without it that is an error, never a page sent as the marker.
 */
export function unpackPage(html: string, mail?: PageMail): string {
  const text = TEXT_PAGE.exec(html);
  if (text) {
    if (!mail) throw new Error('unpackPage: a text page needs the subject and text of its mail');
    return textPage(text[1]!, mail.subject, mail.body);
  }
  const i = html.indexOf(MARK);
  return i < 0 ? html : html.slice(0, i) + STYLES + html.slice(i + MARK.length);
}
