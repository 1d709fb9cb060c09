/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// HTML mail in a real browser (Debian's Chromium through tests/browser.ts): a
// FanDi report with its inline map, a Godfather and a nation report, as a
// phone (375 px) shows them, in light and dark mode. The map's cid: is replaced
// by the attachment's data: URL, as a mail client resolves it. Screenshots go
// to tests/artifacts/ (not committed).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDemo } from '../../src/cli/demo.js';
import { demoScenarios } from '../../src/cli/demo-scenarios.js';
import { launchBrowser, type Browser, type Page } from '../browser.js';

const ARTIFACTS = join('tests', 'artifacts');
let browser: Browser;

/** The first report of a demo to this address, parsed with its cid: links kept. */
async function demoReport(kind: string, to: string): Promise<ParsedMail> {
  const dir = mkdtempSync(join(tmpdir(), `judge-browser-${kind}-`));
  await runDemo(dir, demoScenarios[kind]!, () => {});
  const out = join(dir, 'outbox');
  for (const f of readdirSync(out)
    .filter((f) => f.endsWith('-report.eml'))
    .sort()) {
    const m = await simpleParser(readFileSync(join(out, f)), { keepCidLinks: true });
    if (JSON.stringify(m.to).includes(to)) return m;
  }
  throw new Error(`no report to ${to} in the ${kind} demo`);
}

/** The HTML part with every cid: picture as its part's data: URL, as a mail client shows it. */
function resolved(m: ParsedMail): string {
  let html = m.html as string;
  for (const a of m.attachments.filter((a) => a.cid))
    html = html.split(`cid:${a.cid}`).join(`data:${a.contentType};base64,${a.content.toString('base64')}`);
  return html;
}

async function phone(html: string, scheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 375, height: 812 }, colorScheme: scheme });
  // Nothing may load from elsewhere: every request but the page's own data: URLs fails the test.
  const requests: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('data:')) requests.push(r.url());
  });
  await page.setContent(html, { waitUntil: 'load' });
  expect(requests).toEqual([]);
  return page;
}

/** Layout facts: the page's width, its tables, and texts whose colour does not stand out from its background. */
function layout(page: Page) {
  return page.evaluate(() => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    const background = (el: Element | null): number[] => {
      for (; el; el = el.parentElement) {
        const c = rgb(getComputedStyle(el).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3]! > 0.5)) return c.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const poor: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim());
      if (!own) continue;
      const a = lum(rgb(getComputedStyle(el).color).slice(0, 3));
      const b = lum(background(el));
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (ratio < 4.5) poor.push(`${el.tagName}: ${el.textContent!.trim().slice(0, 30)} (${ratio.toFixed(1)})`);
    }
    const tables = [...document.querySelectorAll('table')].map((t) => ({
      rows: t.rows.length,
      visible: t.getBoundingClientRect().height > 0,
    }));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      tables,
      poor,
      text: document.body.innerText,
    };
  });
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('HTML mail in a browser, at phone width', { timeout: 120_000 }, () => {
  it('a FanDi report: the map loads at its natural size, scaled to the screen; tables; no sideways scrolling; readable in light and dark', async () => {
    const m = await demoReport('fandi', 'alfa@example.cz');
    const html = resolved(m);
    for (const scheme of ['light', 'dark'] as const) {
      const page = await phone(html, scheme);
      const img = await page.$eval('img', (i: HTMLImageElement) => ({
        complete: i.complete,
        natural: [i.naturalWidth, i.naturalHeight],
        declared: [Number(i.getAttribute('width')), Number(i.getAttribute('height'))],
        shown: [i.getBoundingClientRect().width, i.getBoundingClientRect().height],
        alt: i.alt,
      }));
      expect(img.complete).toBe(true);
      expect(img.natural[0]).toBeGreaterThan(0); // not a broken image
      expect(img.natural).toEqual(img.declared);
      expect(img.shown[0]).toBeLessThanOrEqual(375);
      expect(img.shown[0]).toBeGreaterThan(300); // it fills the phone's width…
      expect(img.shown[1] / img.shown[0]).toBeCloseTo(img.natural[1]! / img.natural[0]!, 2); // …without distortion
      expect(img.alt).toBe('Mapa po tahu 1');
      const l = await layout(page);
      expect(l.scrollWidth, 'no horizontal overflow').toBeLessThanOrEqual(l.clientWidth);
      expect(l.tables.length).toBeGreaterThanOrEqual(6);
      expect(l.tables.every((t) => t.visible && t.rows > 0)).toBe(true);
      expect(l.text).toMatch(/Města[\s\S]*Jednotky[\s\S]*Hospodářství[\s\S]*Bitvy/i);
      expect(l.poor, `${scheme}: text that does not stand out from its background`).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS, `fandi-report-375-${scheme}.png`), fullPage: true });
      await page.close();
    }
  });

  it('a Godfather and a nation report render with their tables, at phone width, light and dark', async () => {
    const cases = [
      { kind: 'godfather', to: '@', heading: /ОБЩИЙ ОТЧЁТ|PUBLIC REPORT/ },
      { kind: 'nation', to: '@', heading: /ВАША СТРАНА|YOUR COUNTRY/ },
    ];
    for (const c of cases) {
      const m = await demoReport(c.kind, c.to);
      for (const scheme of ['light', 'dark'] as const) {
        const page = await phone(resolved(m), scheme);
        const l = await layout(page);
        expect(l.scrollWidth, `${c.kind}: no horizontal overflow`).toBeLessThanOrEqual(l.clientWidth);
        expect(l.tables.length, c.kind).toBeGreaterThanOrEqual(2);
        expect(l.tables.every((t) => t.visible && t.rows > 0)).toBe(true);
        expect(l.text).toMatch(c.heading);
        expect(l.poor, `${c.kind} ${scheme}`).toEqual([]);
        await page.screenshot({ path: join(ARTIFACTS, `${c.kind}-report-375-${scheme}.png`), fullPage: true });
        await page.close();
      }
    }
  });

  it("the dice game's report shows each roll with its dice", async () => {
    const m = await demoReport('rpg', 'alice@example.org');
    const page = await phone(resolved(m));
    const dice = await page.$$eval('.dice', (ds) => ds.map((d) => d.textContent));
    expect(dice.length).toBeGreaterThanOrEqual(6);
    expect(dice.every((d) => /^-?\d+$/.test(d ?? ''))).toBe(true);
    const l = await layout(page);
    expect(l.scrollWidth).toBeLessThanOrEqual(l.clientWidth);
    expect(l.poor).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'rpg-report-375.png'), fullPage: true });
    await page.close();
  });
});
