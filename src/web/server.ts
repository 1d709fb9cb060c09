// `judge serve`: the read-only web pages of the games (hono on @hono/node-server).
// It opens the store READ-ONLY beside cron's `judge run` (WAL: readers never
// block the writer), reads each page in one read transaction, and only answers
// GET/HEAD. A private page is found by the sha256 of the token in its URL; a
// missing, wrong or revoked token gets the same 404 as any unknown page.
import { openSqlite } from '../store/sqlite.js';
import { serve, type ServerType } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { accepts } from 'hono/accepts';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Lang } from '../engine/types.js';
import { getRules, loadRules } from '../games/registry.js';
import type { Db } from '../store/db.js';
import { migrations } from '../store/migrations.js';
import { gameList, gamePage, privatePage } from './data.js';
import { gameHtml, listPage, notFoundHtml, readerHtml, type Page } from './pages.js';

const LANGS: Lang[] = ['en', 'cs', 'ru'];

/** Open the judge's store read-only; the schema must be this judge's (no migration can run here). */
export function openReadOnly(file: string): Db {
  if (!existsSync(file))
    throw new Error(
      `no store at ${file}: create it with \`judge init\` (or point --data at the judge's data directory)`,
    );
  const db = openSqlite(file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const v = db.pragma('user_version', { simple: true }) as number;
  if (v !== migrations.length) {
    db.close();
    throw new Error(
      v < migrations.length
        ? `the store ${file} is schema v${v}, this judge needs v${migrations.length}: run any judge command on it first (e.g. judge status)`
        : `the store ${file} is schema v${v}, newer than this judge (v${migrations.length}); upgrade pbem-judge`,
    );
  }
  return db;
}

function pageLang(c: Context): Lang {
  return accepts(c, {
    header: 'Accept-Language',
    supports: LANGS,
    default: 'en',
    // "cs-CZ" counts as "cs": the highest-q tag whose language the judge writes.
    match: (list) => {
      for (const a of [...list].sort((x, y) => y.q - x.q)) {
        const base = a.type.toLowerCase().split('-')[0] as Lang;
        if (LANGS.includes(base)) return base;
      }
      return 'en';
    },
  }) as Lang;
}

function send(c: Context, page: Page, status: 200 | 404 = 200): Response {
  c.header(
    'Content-Security-Policy',
    [
      "default-src 'none'",
      `style-src ${page.styleHashes.join(' ')}`,
      `script-src ${page.scriptHashes.join(' ')}`,
      "img-src 'self' data:",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
  );
  return c.html(page.html, status);
}

export interface WebOptions {
  /** Log a line per failed page (default: console.error). */
  log?: (line: string) => void;
}

/** The hono app over a read-only store. */
export function webApp(db: Db, o: WebOptions = {}): Hono {
  const log = o.log ?? ((l: string) => console.error(l));
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    // The token of a private page is in its URL: never let it leave in a Referer.
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cache-Control', 'no-store');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Cross-Origin-Resource-Policy', 'same-origin');
  });
  app.get('/', (c) => send(c, listPage(pageLang(c), gameList(db, pageLang(c)))));
  app.get('/g/:id', (c) => {
    const page = gamePage(db, c.req.param('id'));
    if (!page) return send(c, notFoundHtml(pageLang(c)), 404);
    return send(c, gameHtml(page, Boolean(getRules(page.kind).publicView)));
  });
  app.get('/p/:token', (c) => {
    const page = privatePage(db, c.req.param('token'));
    if (!page) return send(c, notFoundHtml(pageLang(c)), 404);
    return send(c, readerHtml(page));
  });
  app.notFound((c) => send(c, notFoundHtml(pageLang(c)), 404));
  app.onError((e, c) => {
    log(`judge serve: ${c.req.method} ${c.req.path.replace(/^\/p\/.*/, '/p/…')}: ${(e as Error).stack ?? e}`);
    return c.text('500', 500);
  });
  return app;
}

export interface RunningServer {
  /** http://host:port (the port the system gave for port 0). */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listen on host:port (127.0.0.1 by default) with the pages of the store at `file`. */
export async function startServer(
  file: string,
  host = '127.0.0.1',
  port = 8080,
  o: WebOptions = {},
): Promise<RunningServer> {
  // Every kind: a game created while the pages are up is shown too.
  await loadRules();
  const db = openReadOnly(file);
  const app = webApp(db, o);
  return new Promise<RunningServer>((resolve, reject) => {
    let server: ServerType;
    try {
      server = serve({ fetch: app.fetch, hostname: host, port }, (info: AddressInfo) => {
        const h = info.address.includes(':') ? `[${info.address}]` : info.address;
        resolve({
          url: `http://${h}:${info.port}`,
          port: info.port,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => {
                db.close();
                done();
              });
              (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
            }),
        });
      });
      server.on('error', (e) => {
        db.close();
        reject(e);
      });
    } catch (e) {
      db.close();
      reject(e);
    }
  });
}
