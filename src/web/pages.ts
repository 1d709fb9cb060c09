// The HTML of the web pages: every word from templates/common/<lang>/web.ftl,
// every value escaped (hono/html), the map inline SVG, one inline stylesheet
// and one tiny script (the deadline in the reader's own zone, with Intl) — no
// remote resources. Each page says which inline style and script it carries,
// so the server can allow exactly those in its Content-Security-Policy.
import { createHash } from 'node:crypto';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { Lang, Picture } from '../engine/types.js';
import { textBlocks } from '../render/text-blocks.js';
import { withoutFinalNewlines } from '../render/text.js';
import { message } from '../render/templates.js';
import { isolateModel, isolatesToHtml, titleText } from '../render/bidi.js';
import type { GamePage, GameSummary, PhaseText, ReaderPage } from './data.js';

export interface Page {
  html: string;
  /** CSP source expressions for the inline <style> and <script> elements of the page. */
  styleHashes: string[];
  scriptHashes: string[];
}

type H = HtmlEscapedString;

/** hono's html tag, known to be synchronous here (nothing interpolated is a promise). */
const h = (strings: TemplateStringsArray, ...values: unknown[]): H => html(strings, ...values) as H;

const t = (lang: Lang, id: string, args: Record<string, unknown> = {}) => message('common', lang, `web-${id}`, args);

const CSS = `
:root { color-scheme: light dark; }
body { margin: 0; font-family: -apple-system, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif; font-size: 16px; line-height: 1.45; background: #ffffff; color: #1b1b1b; }
main { max-width: 60em; margin: 0 auto; padding: 12px; }
h1 { font-size: 1.4em; margin: 0.3em 0 0.5em; }
h2 { font-size: 1.15em; margin: 1.3em 0 0.4em; border-bottom: 1px solid #8a8a8a; }
h3 { font-size: 1em; margin: 1em 0 0.3em; }
a { color: #1a4fa0; }
table { border-collapse: collapse; }
th, td { border: 1px solid #9a9a9a; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #e9edf2; }
h1, h2, h3, p, li, th, td, dt, dd { overflow-wrap: break-word; }
dl.facts { display: grid; grid-template-columns: fit-content(40%) minmax(0, 1fr); gap: 2px 12px; margin: 0.5em 0; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; min-width: 0; }
@media (max-width: 30em) {
  dl.facts { display: block; }
  dl.facts dt { margin-top: 0.4em; }
}
pre { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 13px; line-height: 1.3; white-space: pre-wrap; overflow-wrap: anywhere; overflow-x: auto; margin: 0.4em 0; padding: 8px; background: #f4f4f4; color: #1b1b1b; border: 1px solid #c8c8c8; }
pre.map, pre.table { white-space: pre; overflow-wrap: normal; }
.scroll { overflow-x: auto; max-width: 100%; }
.scroll > pre.table { display: inline-block; min-width: 100%; box-sizing: border-box; vertical-align: top; }
figure.map { margin: 0.5em 0; }
figure.map svg { max-width: 100%; height: auto; display: block; }
.note { background: #eef3fb; border-left: 4px solid #3b6db3; padding: 6px 10px; }
.muted { color: #555555; font-size: 0.9em; }
@media (prefers-color-scheme: dark) {
  body { background: #17191c; color: #e6e6e6; }
  a { color: #8fb8ff; }
  th { background: #2a3038; color: #f0f0f0; }
  pre { background: #22252a; color: #e6e6e6; border-color: #444a52; }
  .note { background: #1d2a3d; }
  .muted { color: #a8a8a8; }
}
`;

// The deadline in the reader's own time zone: the browser knows it, the server does not.
const SCRIPT = `(function(){var z=Intl.DateTimeFormat().resolvedOptions().timeZone;var l=document.documentElement.lang;document.querySelectorAll('time.local').forEach(function(t){var d=new Date(t.getAttribute('datetime'));if(isNaN(d.getTime()))return;t.textContent=new Intl.DateTimeFormat(l,{weekday:'short',day:'numeric',month:'short',year:'numeric',hour:'2-digit',minute:'2-digit',timeZoneName:'short'}).format(d)+' ('+z+')';});})();`;

function sha256(s: string): string {
  return `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;
}

function layout(lang: Lang, title: string, body: H): Page {
  // Players' text arrives isolated (isolateModel below): <bdi> in the body, no isolate in the <title>.
  const doc = String(h`<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><meta name="robots" content="noindex"><title>${titleText(title)}</title><style>${raw(CSS)}</style></head>
<body><main>
${raw(isolatesToHtml(String(body)))}
</main><script>${raw(SCRIPT)}</script></body></html>
`);
  // Every <style> of the page (ours, and any inside a picture's SVG) is allowed by its hash.
  const styles = [...doc.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => sha256(m[1]!));
  return { html: doc, styleHashes: [...new Set(styles)], scriptHashes: [sha256(SCRIPT)] };
}

function kindName(lang: Lang, kind: string): string {
  return t(lang, `kind-${kind}`);
}

function deadlineFacts(lang: Lang, g: GameSummary): H {
  if (!g.deadline) return h`<dt>${t(lang, 'deadline')}</dt><dd>${t(lang, 'no-deadline')}</dd>`;
  return h`<dt>${t(lang, 'deadline')}</dt><dd><time class="game" datetime="${g.deadline}">${g.deadlineText ?? g.deadline}</time></dd>
<dt>${t(lang, 'deadline-local')}</dt><dd><time class="local" datetime="${g.deadline}">${g.deadlineText ?? g.deadline}</time></dd>`;
}

function pictureHtml(p: Picture | null, lang: Lang): H | string {
  if (!p) return '';
  // The SVG is drawn by the kind from a view model (Rules.picture), its texts escaped there.
  return h`<h2>${t(lang, 'map')}</h2>
<figure class="map" role="img" aria-label="${p.alt}"><div class="scroll">${raw(p.svg)}</div></figure>`;
}

function reportsHtml(lang: Lang, reports: PhaseText[]): H {
  if (!reports.length) return h`<p>${t(lang, 'no-reports')}</p>`;
  return h`${reports.map(
    (r) =>
      h`<section class="report" id="phase-${r.number}"><h3>${r.label}</h3><p class="muted">${r.subject}</p>${textHtml(r.text)}</section>`,
  )}`;
}

/** A report's text in blocks (render/text-blocks.ts): prose wraps; a table scrolls sideways in its box; the map is not wrapped, it scrolls in its own box. */
function textHtml(text: string): H {
  const blocks = textBlocks(withoutFinalNewlines(text)).map((b) =>
    b.kind === 'table'
      ? h`<div class="scroll"><pre class="table">${b.text}</pre></div>`
      : b.kind === 'map'
        ? h`<pre class="map">${b.text}</pre>`
        : h`<pre>${b.text}</pre>`,
  );
  return h`<div class="text">${blocks}</div>`;
}

export function listPage(lang: Lang, list: GameSummary[]): Page {
  const games = isolateModel(list);
  const rows = games.map(
    (g) =>
      h`<tr><td><a href="/g/${encodeURIComponent(g.id)}">${g.title}</a></td><td>${kindName(lang, g.kind)}</td><td>${g.phaseLabel ?? ''}</td><td>${t(lang, `status-${g.status}`)}</td><td>${g.deadlineText ?? ''}</td></tr>`,
  );
  const body = h`<h1>${t(lang, 'games')}</h1>
${
  games.length
    ? h`<div class="scroll"><table><thead><tr><th>${t(lang, 'game')}</th><th>${t(lang, 'kind')}</th><th>${t(lang, 'phase')}</th><th>${t(lang, 'status')}</th><th>${t(lang, 'deadline')}</th></tr></thead><tbody>${rows}</tbody></table></div>`
    : h`<p>${t(lang, 'no-games')}</p>`
}`;
  return layout(lang, t(lang, 'games'), body);
}

export function gameHtml(page: GamePage, hasPublicView: boolean): Page {
  const g = isolateModel(page);
  const lang = g.lang;
  const names = (xs: string[]) => (xs.length ? xs.join(', ') : t(lang, 'nobody'));
  const body = h`<p><a href="/">${t(lang, 'all-games')}</a></p>
<h1>${g.title}</h1>
<dl class="facts">
<dt>${t(lang, 'kind')}</dt><dd>${kindName(lang, g.kind)}</dd>
<dt>${t(lang, 'status')}</dt><dd>${t(lang, `status-${g.status}`)}</dd>
<dt>${t(lang, 'phase')}</dt><dd>${g.phaseLabel ?? ''}</dd>
${deadlineFacts(lang, g)}
${
  g.status === 'active'
    ? h`<dt>${t(lang, 'sent')}</dt><dd class="sent">${names(g.sent)}</dd>
<dt>${t(lang, 'missing')}</dt><dd class="missing">${names(g.missing)}</dd>`
    : ''
}
</dl>
${
  g.result
    ? h`<h2>${t(lang, 'result')}</h2>${g.result.reveal.length ? h`<pre class="reveal">${g.result.reveal.join('\n')}</pre>` : ''}${g.result.text ? h`<pre class="result">${withoutFinalNewlines(g.result.text)}</pre>` : ''}`
    : ''
}
${pictureHtml(g.picture, lang)}
${g.bulletins.length ? h`<h2>${t(lang, 'bulletins')}</h2>${g.bulletins.map((b) => h`<h3>${b.label}</h3><pre>${b.text}</pre>`)}` : ''}
<h2>${t(lang, 'reports')}</h2>
${hasPublicView ? reportsHtml(lang, g.reports) : h`<p>${t(lang, 'no-public')}</p>`}`;
  return layout(lang, g.title, body);
}

export function readerHtml(page: ReaderPage): Page {
  const r = isolateModel(page);
  const lang = r.lang;
  const head = r.gm ? t(lang, 'gm-page') : t(lang, 'your-page', { name: r.readerName });
  const body = h`<h1>${r.title}</h1>
<p class="who"><strong>${head}</strong></p>
<p class="note">${t(lang, 'private-note')}</p>
<dl class="facts">
<dt>${t(lang, 'phase')}</dt><dd>${r.phaseLabel ?? ''}</dd>
${deadlineFacts(lang, r)}
</dl>
${r.seats.length ? h`<h2>${t(lang, 'seats')}</h2><ul class="seats">${r.seats.map((l) => h`<li>${l}</li>`)}</ul>` : ''}
${pictureHtml(r.picture, lang)}
<h2>${t(lang, 'reports')}</h2>
${reportsHtml(lang, r.reports)}`;
  return layout(lang, `${r.title} — ${head}`, body);
}

export function notFoundHtml(lang: Lang): Page {
  return layout(lang, t(lang, 'not-found'), h`<h1>${t(lang, 'not-found')}</h1>`);
}
