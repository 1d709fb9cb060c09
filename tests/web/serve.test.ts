// `judge serve` in a real browser (headless Chromium, tests/browser.ts): a
// judge data directory with a FanDi, a Godfather and a nation game after a few
// processed phases, the server on 127.0.0.1 (port 0), the store read-only.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportMail } from '../../src/engine/reports.js';
import { getRules } from '../../src/games/registry.js';
import { dbPath } from '../../src/store/db.js';
import { getPlayer, listPlayers, requireGame } from '../../src/store/games.js';
import { livePhase, livePhases } from '../../src/store/phases.js';
import { manageLink, newToken } from '../../src/web/links.js';
import { startServer, type RunningServer } from '../../src/web/server.js';
import { textBlocks } from '../../src/render/text-blocks.js';
import {
  keepScreenshot,
  launchBrowser,
  layoutProblems,
  screenshotWanted,
  WIDTHS,
  type Browser,
  type Page,
} from '../browser.js';
import { KINDS, webFixture, type WebFixture } from './fixture.js';

const ARTIFACTS = join(import.meta.dirname, '..', 'artifacts');

let f: WebFixture;
let server: RunningServer;
let browser: Browser;
const links: Record<string, string> = {};
const local = (url: string) => url.replace(/^http:\/\/[^/]+/, server.url);

/** The last report the judge mails a reader (the text part), as the page must show it. */
function lastMail(gameId: string, reader: string): string {
  const game = requireGame(f.j.db, gameId);
  const last = livePhases(f.j.db, game.id)
    .filter((p) => p.processed_at)
    .at(-1)!;
  return reportMail({
    rules: getRules(game.kind),
    game,
    phase: last,
    next: livePhase(f.j.db, game.id, last.number + 1)!,
    events: JSON.parse(last.events_json!),
    reader: reader === 'gm' ? 'gm' : getPlayer(f.j.db, game.id, reader)!,
    correction: false,
  }).text.replace(/\n+$/, '');
}

beforeAll(async () => {
  f = await webFixture();
  links.cerna = manageLink(f.j, f.games.fandi, 'cerna').url!;
  links.fandiGm = manageLink(f.j, f.games.fandi, null).url!;
  links.gfPlayer = manageLink(f.j, f.games.godfather, 'ivan').url!;
  links.nationPlayer = manageLink(f.j, f.games.nation, listPlayers(f.j.db, f.games.nation)[0]!.id).url!;
  links.rpgPlayer = manageLink(f.j, f.games.rpg, 'alice').url!;
  links.revoked = manageLink(f.j, f.games.fandi, 'dana').url!;
  manageLink(f.j, f.games.fandi, 'dana', { revoke: true });
  links.replaced = manageLink(f.j, f.games.fandi, 'brana').url!;
  links.brana = manageLink(f.j, f.games.fandi, 'brana', { new: true }).url!;
  server = await startServer(dbPath(f.dir), '127.0.0.1', 0);
  browser = await launchBrowser();
  mkdirSync(ARTIFACTS, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The text blocks of the first report on a page (render/text-blocks.ts: prose, tables, the map), and a mail's as the page cuts it. */
const firstReport = (page: Page) => page.locator('section.report').first().locator('pre').allTextContents();
const blocksOf = (text: string) => textBlocks(text).map((b) => b.text);

/** Open a page in a fresh context in New York (so the reader's zone differs from every game's); collect CSP violations. */
async function open(path: string): Promise<{ page: Page; status: number; violations: string[] }> {
  const ctx = await browser.newContext({
    timezoneId: 'America/New_York',
    locale: 'en-US',
    viewport: { width: 1000, height: 900 },
  });
  const page = await ctx.newPage();
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  const r = await page.goto(path.startsWith('http') ? path : server.url + path);
  return { page, status: r!.status(), violations };
}

describe('judge serve in headless Chromium', { timeout: 120_000 }, () => {
  it('serves only on 127.0.0.1', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('the list of games links every game', async () => {
    const { page, status, violations } = await open('/');
    expect(status).toBe(200);
    const hrefs = await page.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    for (const id of Object.values(f.games)) expect(hrefs).toContain(`/g/${id}`);
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it('a game page: the map is a visible picture, the deadline in both zones, who has sent orders by name only', async () => {
    const { page, status, violations } = await open(`/g/${f.games.fandi}`);
    expect(status).toBe(200);
    const game = requireGame(f.j.db, f.games.fandi);
    expect(await page.locator('h1').textContent()).toBe(game.title);
    const svg = page.locator('figure.map svg');
    await expect.poll(() => svg.isVisible()).toBe(true);
    const box = (await svg.boundingBox())!;
    expect(box.width).toBeGreaterThan(100);
    expect(box.height).toBeGreaterThan(100);
    // The public map shows cities, never units.
    expect(await page.locator('figure.map [data-units]').count()).toBe(0);
    // Deadline: the game's zone from the server, the reader's from the browser (the inline script ran under the CSP).
    const gameZone = await page.locator('time.game').textContent();
    expect(gameZone).toContain('(Europe/Prague)');
    const localZone = await page.locator('time.local').textContent();
    expect(localZone).toContain('(America/New_York)');
    const iso = await page.locator('time.local').getAttribute('datetime');
    const ny = new Intl.DateTimeFormat('cs', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'America/New_York',
    }).format(new Date(iso!));
    expect(localZone).toContain(ny);
    // Who has sent orders: alfa's name (Adam), the others as not yet; never what was sent.
    const names = listPlayers(f.j.db, game.id).map((p) => p.name);
    expect(await page.locator('dd.sent').textContent()).toBe('Adam');
    const missing = (await page.locator('dd.missing').textContent())!.split(', ');
    expect(missing.sort()).toEqual(names.filter((n) => n !== 'Adam').sort());
    const body = (await page.locator('body').textContent())!;
    expect(body).not.toContain('TAJNY-PLAN-ALFA');
    expect(body).not.toContain('hradby 3');
    // The public reports: one per processed phase, in the game's language.
    const processed = livePhases(f.j.db, game.id).filter((p) => p.processed_at).length;
    expect(await page.locator('section.report').count()).toBe(processed);
    expect(await page.locator('html').getAttribute('lang')).toBe('cs');
    expect(violations).toEqual([]);
    await keepScreenshot(page, { path: join(ARTIFACTS, 'web-fandi-public.png'), fullPage: true });
    await page.context().close();
  });

  it('the Godfather and nation pages load with their public reports in Russian', async () => {
    for (const id of [f.games.godfather, f.games.nation]) {
      const { page, status, violations } = await open(`/g/${id}`);
      expect(status).toBe(200);
      expect(await page.locator('html').getAttribute('lang')).toBe('ru');
      expect(await page.locator('section.report').count()).toBeGreaterThan(0);
      expect(await page.locator('time.game').textContent()).toContain('МСК');
      expect(await page.locator('time.local').textContent()).toContain('(America/New_York)');
      // No English word in the page's own text (the report text is the kind's; ids like p05 are not words).
      const chrome = await page.locator('dl.facts dt, h2').allTextContents();
      for (const t of chrome) expect(t, t).not.toMatch(/[A-Za-z]{2,}/);
      expect(violations).toEqual([]);
      await keepScreenshot(page, {
        path: join(ARTIFACTS, `web-${getRules(requireGame(f.j.db, id).kind).kind}-public.png`),
        fullPage: true,
      });
      await page.context().close();
    }
  });

  it('the rpg page shows the open rolls of the table, and no hidden or private one', async () => {
    const { page, status } = await open(`/g/${f.games.rpg}`);
    expect(status).toBe(200);
    const reports = await page.locator('section.report pre').allTextContents();
    expect(reports.length).toBeGreaterThan(0);
    const game = requireGame(f.j.db, f.games.rpg);
    const events = livePhases(f.j.db, game.id)
      .filter((p) => p.processed_at)
      .flatMap((p) => JSON.parse(p.events_json!) as { type: string; audience: unknown; comment?: string }[]);
    const rolls = events.filter((e) => e.type === 'roll' && e.comment);
    expect(rolls.some((r) => r.audience === 'all')).toBe(true);
    expect(rolls.some((r) => r.audience !== 'all')).toBe(true);
    for (const r of rolls) {
      const shown = reports.some((t) => t.includes(r.comment!));
      expect(shown, `${r.comment} (${JSON.stringify(r.audience)})`).toBe(r.audience === 'all');
    }
    await page.context().close();
  });

  it("a player's page shows that player's report, as mailed, and the map the player knows", async () => {
    const { page, status, violations } = await open(local(links.cerna!));
    expect(status).toBe(200);
    const game = requireGame(f.j.db, f.games.fandi);
    expect(await firstReport(page)).toEqual(blocksOf(lastMail(game.id, 'cerna')));
    // The report's ASCII map is one block that is not wrapped (it scrolls in its own box); the prose wraps.
    const map = page.locator('section.report').first().locator('pre.map');
    expect(await map.count()).toBe(1);
    expect(await map.evaluate((e) => getComputedStyle(e).whiteSpace)).toBe('pre');
    expect(await map.textContent()).toContain('+----------+');
    expect(
      await page
        .locator('section.report pre:not(.map):not(.table)')
        .first()
        .evaluate((e) => getComputedStyle(e).whiteSpace),
    ).toBe('pre-wrap');
    // Every processed phase's report, and the start (issue 30) as the oldest.
    expect(await page.locator('section.report').count()).toBe(
      livePhases(f.j.db, game.id).filter((p) => p.processed_at).length + 1,
    );
    const svg = page.locator('figure.map svg');
    expect(await svg.isVisible()).toBe(true);
    expect((await svg.boundingBox())!.width).toBeGreaterThan(100);
    // cerna's own units are on cerna's map.
    expect(await page.locator('figure.map [data-units]').count()).toBeGreaterThan(0);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(violations).toEqual([]);
    await keepScreenshot(page, { path: join(ARTIFACTS, 'web-fandi-player.png'), fullPage: true });
    await page.context().close();
  });

  it("the GM's page shows the GM's reports; Godfather and nation players see theirs", async () => {
    for (const [link, reader] of [
      [links.fandiGm!, 'gm'],
      [links.gfPlayer!, 'ivan'],
      [links.nationPlayer!, listPlayers(f.j.db, f.games.nation)[0]!.id],
    ] as const) {
      const { page, status } = await open(local(link));
      expect(status).toBe(200);
      const gameId =
        link === links.fandiGm ? f.games.fandi : link === links.gfPlayer ? f.games.godfather : f.games.nation;
      expect(await firstReport(page)).toEqual(blocksOf(lastMail(gameId, reader)));
      await page.context().close();
    }
  });

  it('a private page without a valid link is refused: missing, wrong, revoked, regenerated — one answer for all', async () => {
    const answers: string[] = [];
    for (const path of [
      '/p/',
      `/p/${newToken()}`,
      local(links.revoked!),
      local(links.replaced!),
      '/p/' + 'x'.repeat(5000),
      '/nothing-here',
    ]) {
      const { page, status } = await open(path);
      expect(status, path).toBe(404);
      answers.push((await page.locator('body').innerHTML()).trim());
      await page.context().close();
    }
    expect(new Set(answers).size).toBe(1);
    // The regenerated link works.
    const { page, status } = await open(local(links.brana!));
    expect(status).toBe(200);
    await page.context().close();
  });

  it('security headers: CSP without remote sources, no referrer, nosniff; only GET', async () => {
    for (const path of ['/', `/g/${f.games.fandi}`, new URL(links.cerna!).pathname, '/p/nope']) {
      const r = await fetch(server.url + path);
      const csp = r.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toMatch(/https?:|\*|unsafe-inline|unsafe-eval/);
      expect(r.headers.get('referrer-policy')).toBe('no-referrer');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      const html = await r.text();
      expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    }
    expect((await fetch(server.url + '/', { method: 'POST' })).status).toBe(404);
  });
});

describe('judge serve: the pages reflow on a phone and a desktop, light and dark', { timeout: 300_000 }, () => {
  it("the list, every game page and readers' pages: nothing but the map wider than the screen, no text clipped", async () => {
    const pages: [string, string][] = [
      ['list', '/'],
      ...KINDS.map((k): [string, string] => [`${k}-game`, `/g/${f.games[k]}`]),
      ['fandi-player', local(links.cerna!)],
      ['fandi-gm', local(links.fandiGm!)],
      ['godfather-player', local(links.gfPlayer!)],
      ['nation-player', local(links.nationPlayer!)],
      ['rpg-player', local(links.rpgPlayer!)],
    ];
    for (const width of WIDTHS)
      for (const scheme of ['light', 'dark'] as const) {
        const ctx = await browser.newContext({
          viewport: { width, height: 900 },
          colorScheme: scheme,
          timezoneId: 'America/New_York',
          locale: 'en-US',
        });
        const page = await ctx.newPage();
        for (const [name, path] of pages) {
          const r = await page.goto(path.startsWith('http') ? path : server.url + path);
          expect(r!.status(), name).toBe(200);
          const l = await layoutProblems(page);
          const at = `${name} at ${width} px, ${scheme}`;
          expect(l.wide, `${at}: wider than the screen`).toEqual([]);
          expect(l.clipped, `${at}: text cut off`).toEqual([]);
          expect(l.scrollWidth, at).toBeLessThanOrEqual(l.clientWidth);
          if (screenshotWanted(width, scheme))
            await keepScreenshot(page, { path: join(ARTIFACTS, `web-${name}-${width}-${scheme}.png`), fullPage: true });
        }
        await ctx.close();
      }
  });

  it("the facts: each label beside its value on a desktop, above it on a phone; the deadline in the reader's zone whole", async () => {
    for (const width of WIDTHS) {
      const ctx = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: 'America/New_York' });
      const page = await ctx.newPage();
      await page.goto(`${server.url}/g/${f.games.fandi}`);
      const dd = page.locator('dd:has(time.local)');
      const dt = page.locator('dt', { hasText: /pásmu/ });
      const [t, d] = [(await dt.boundingBox())!, (await dd.boundingBox())!];
      if (width === 375) expect(d.y, 'below its label').toBeGreaterThanOrEqual(t.y + t.height - 1);
      else {
        expect(d.x, 'beside its label').toBeGreaterThan(t.x + t.width);
        expect(d.y).toBeCloseTo(t.y, 0);
      }
      expect(await dd.textContent()).toContain('(America/New_York)');
      expect(await dd.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      await ctx.close();
    }
  });
});
