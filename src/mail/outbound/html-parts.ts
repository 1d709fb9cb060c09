// The HTML side of an outgoing mail, put together when it is sent (not when a
// turn is processed: issue #15 measures processing, and a hundred maps would
// dominate it). The outbox row keeps the HTML (stylesheet in <style>) and each
// picture's SVG; here the CSS is inlined (juice) and each SVG rasterised to a
// PNG (@resvg/resvg-js), once per distinct SVG within a run (a small cache by
// hash). Nodemailer then builds multipart/mixed { multipart/alternative { text,
// multipart/related { html, inline PNG (cid:) } }, the PNG again as an
// attachment } — the attachment for clients that block inline pictures.
//
// Text only when the game says so (setup mail.html: false) or the reader asked
// (players.mail_format, set by FORMAT TEXT / FORMAT HTML or `judge player set`);
// the reader's choice wins over the game's.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Attachment } from 'nodemailer/lib/mailer/index.js';
import type { Judge } from '../../context.js';
import { gameSettings } from '../../engine/settings.js';
import { inlineCss, type MailPicture } from '../../render/html.js';
import { getGame } from '../../store/games.js';
import type { OutboxRow } from '../../store/outbox.js';

export type MailFormat = 'text' | 'html';

/** A player's own choice of mail format in a game (null: the game's). */
export function playerMailFormat(j: Judge, gameId: string, playerId: string): MailFormat | null {
  const r = j.db.prepare('SELECT mail_format FROM players WHERE game_id = ? AND id = ?').get(gameId, playerId) as
    | { mail_format: string | null }
    | undefined;
  return r?.mail_format === 'text' || r?.mail_format === 'html' ? r.mail_format : null;
}

/** Record a player's choice (null: back to the game's). */
export function setPlayerMailFormat(j: Judge, gameId: string, playerId: string, format: MailFormat | null): boolean {
  return (
    j.db.prepare('UPDATE players SET mail_format = ? WHERE game_id = ? AND id = ?').run(format, gameId, playerId)
      .changes === 1
  );
}

/**
 * Does this row go out with its HTML part? Not when it has none; else the
 * recipients' own choice (their seats in the row's game; for a mail outside a
 * game, any seat of theirs that chose), else the game's setting (default: yes).
 */
export function wantsHtml(j: Judge, row: Pick<OutboxRow, 'html' | 'game_id' | 'to_addrs'>): boolean {
  if (!row.html) return false;
  const to = (JSON.parse(row.to_addrs) as string[]).map((a) => a.toLowerCase());
  const choices = to.length
    ? (j.db
        .prepare(
          `SELECT mail_format FROM players WHERE mail_format IS NOT NULL AND lower(email) IN (${to.map(() => '?').join(', ')})${row.game_id ? ' AND game_id = ?' : ''}`,
        )
        .all(...to, ...(row.game_id ? [row.game_id] : [])) as { mail_format: MailFormat }[])
    : [];
  if (choices.some((c) => c.mail_format === 'text')) return false;
  if (choices.some((c) => c.mail_format === 'html')) return true;
  const game = row.game_id ? getGame(j.db, row.game_id) : undefined;
  return game ? gameSettings(game).html : true;
}

let Resvg: typeof import('@resvg/resvg-js').Resvg | undefined;

/** PNGs by the sha256 of their SVG: the same picture (a resend, a GM copy) is drawn once. */
const pngCache = new Map<string, Buffer>();
const PNG_CACHE_MAX = 64;

/** An SVG picture as a PNG at its declared size (fonts: the system's, DejaVu/Liberation on Debian). */
export function rasterise(svg: string): Buffer {
  const key = createHash('sha256').update(svg).digest('hex');
  let png = pngCache.get(key);
  if (!png) {
    // Loaded on first use (a native module): commands that send no picture do not pay for it.
    Resvg ??= (createRequire(import.meta.url)('@resvg/resvg-js') as typeof import('@resvg/resvg-js')).Resvg;
    png = new Resvg(svg, { font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' }, background: '#ffffff' })
      .render()
      .asPng();
    if (pngCache.size >= PNG_CACHE_MAX) pngCache.delete(pngCache.keys().next().value!);
    pngCache.set(key, png);
  }
  return png;
}

/** The pictures of a row as nodemailer attachments: each inline (cid:) and again as a plain attachment. */
export function pictureAttachments(pictures: readonly MailPicture[]): Attachment[] {
  return pictures.flatMap((p) => {
    const png = rasterise(p.svg);
    const filename = `${p.name}.png`;
    return [
      { filename, content: png, contentType: 'image/png', cid: p.cid, contentDisposition: 'inline' as const },
      { filename, content: png, contentType: 'image/png', contentDisposition: 'attachment' as const },
    ];
  });
}

/** What mailOptions adds for the HTML part: nothing for a text-only mail. */
export function htmlOptions(j: Judge, row: OutboxRow): { html?: string; attachments?: Attachment[] } {
  if (!wantsHtml(j, row)) return {};
  const pictures = row.pictures_json ? (JSON.parse(row.pictures_json) as MailPicture[]) : [];
  if (!pictures.length) return { html: inlineCss(row.html!, row) };
  try {
    return { html: inlineCss(row.html!, row), attachments: pictureAttachments(pictures) };
  } catch {
    // A picture that cannot be drawn must not hold the mail back: it goes without its pictures.
    return { html: inlineCss(withoutPictures(row.html!), row) };
  }
}

/** The HTML with its pictures (render/html.ts pictureHtml) left out. */
function withoutPictures(html: string): string {
  return html.replace(/<div class="picture"><img src="cid:[^"]*"[^>]*><\/div>/g, '');
}

/**
 * A row's HTML part as files to open in a browser (judge demo): the page with
 * its cid: pictures pointing at PNG files named `<stem>-<picture>.png` beside it.
 * Null for a text-only row.
 */
export function htmlFiles(j: Judge, row: OutboxRow, stem: string): { name: string; content: string | Buffer }[] | null {
  if (!wantsHtml(j, row)) return null;
  const pictures = row.pictures_json ? (JSON.parse(row.pictures_json) as MailPicture[]) : [];
  let html = inlineCss(row.html!, row);
  const files: { name: string; content: string | Buffer }[] = [];
  for (const p of pictures) {
    const name = `${stem}-${p.name}.png`;
    files.push({ name, content: rasterise(p.svg) });
    html = html.split(`cid:${p.cid}`).join(encodeURI(name));
  }
  return [{ name: `${stem}.html`, content: html }, ...files];
}
