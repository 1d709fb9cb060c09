/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// HTML mail in a real browser (Debian's Chromium through tests/browser.ts), as
// each kind's demo sends it: acknowledgements (one with refused lines and long
// reasons), reports, the nation GM's worksheet and FanDi's GM report with its
// map, on a phone (375 px) and a desktop (1280 px), in light and dark mode:
// nothing but a map wider than the screen, no text cut off, every text readable
// against its background. A picture's cid: is replaced by its part's data: URL,
// as a mail client resolves it. And the FanDi map's geometry: no unit badge,
// arrow or battle cross covers a city's letter. Screenshots go to
// tests/artifacts/ (not committed). One browser for the file.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDemo } from '../../src/cli/demo.js';
import { demoScenarios } from '../../src/cli/demo-scenarios.js';
import { openJudge } from '../../src/context.js';
import type { BoardModel } from '../../src/games/fandi/board-model.js';
import { columnName } from '../../src/games/fandi/map.js';
import { drawBoard } from '../../src/games/fandi/picture.js';
import { ingest } from '../../src/mail/inbound/ingest.js';
import { fileDeliverer, sendPending } from '../../src/mail/outbound/transport.js';
import {
  keepScreenshot,
  launchBrowser,
  layoutProblems,
  screenshotWanted,
  WIDTHS,
  type Browser,
  type Page,
} from '../browser.js';
import { mail } from '../helpers.js';

const ARTIFACTS = join('tests', 'artifacts');
const KINDS = ['fandi', 'godfather', 'nation', 'rpg'] as const;
let browser: Browser;

interface Sent {
  file: string;
  mail: ParsedMail;
}

/** Every mail of each kind's demo as sent (the .eml files), and an acknowledgement of refused lines with long reasons. */
const demos = new Map<string, Sent[]>();

/** Two lines no kind accepts: a long one with spaces and one without any (its reason quotes it in some kinds). */
const BAD_LINES = `B2 C2 C3 D3 E3 F3 G3 H3 jdi dlouhou cestou až na konec mapy a ještě mnohem dál za hory\n${'x'.repeat(140)}`;

async function playDemo(kind: string): Promise<Sent[]> {
  const dir = mkdtempSync(join(tmpdir(), `judge-browser-${kind}-`));
  const s = demoScenarios[kind]!;
  await runDemo(dir, s, () => {});
  // A player's last mail again, its order block holding only the bad lines: its acknowledgement goes out as the others did.
  const last = s.mails.at(-1)!;
  const lines = last.text.split('\n');
  const head = lines.find((l) => /^(GAME|HRA|ИГРА)\s/i.test(l))!;
  const j = openJudge({ data: dir });
  try {
    await ingest(j, await mail(/<(.*)>/.exec(last.from)?.[1] ?? last.from, `${head}\n${BAD_LINES}\nEND\n`), 'test');
    await sendPending(j, fileDeliverer(join(dir, 'outbox')));
  } finally {
    j.db.close();
  }
  const out = join(dir, 'outbox');
  const sent: Sent[] = [];
  for (const f of readdirSync(out)
    .filter((f) => f.endsWith('.eml'))
    .sort())
    sent.push({ file: f, mail: await simpleParser(readFileSync(join(out, f)), { keepCidLinks: true }) });
  return sent;
}

/** The first mail of a kind's demo of this kind (ack, report, worksheet) to an address containing `to`. */
function sentMail(kind: string, what: string, to = '@', last = false): ParsedMail {
  const all = demos.get(kind)!.filter((s) => s.file.includes(`-${what}`) && JSON.stringify(s.mail.to).includes(to));
  const m = last ? all.at(-1) : all[0];
  if (!m) throw new Error(`no ${what} to ${to} in the ${kind} demo`);
  return m.mail;
}

/** The HTML part with every cid: picture as its part's data: URL, as a mail client shows it. */
function resolved(m: ParsedMail): string {
  let html = m.html as string;
  for (const a of m.attachments.filter((a) => a.cid))
    html = html.split(`cid:${a.cid}`).join(`data:${a.contentType};base64,${a.content.toString('base64')}`);
  return html;
}

async function show(html: string, width: number, scheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 812 }, colorScheme: scheme });
  // Nothing may load from elsewhere: every request but the page's own data: URLs fails the test.
  const requests: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('data:')) requests.push(r.url());
  });
  await page.setContent(html, { waitUntil: 'load' });
  expect(requests).toEqual([]);
  return page;
}

const phone = (html: string, scheme: 'light' | 'dark' = 'light') => show(html, 375, scheme);

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
      mailWidth: document.querySelector('.mail')!.getBoundingClientRect().width,
      tables,
      poor,
      text: document.body.innerText,
    };
  });
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  for (const kind of KINDS) demos.set(kind, await playDemo(kind));
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe('HTML mail in a browser, at phone width', { timeout: 120_000 }, () => {
  it('a FanDi report: the map loads at its natural size, scaled to the screen; tables; no sideways scrolling; readable in light and dark', async () => {
    const m = sentMail('fandi', 'report', 'alfa@example.cz');
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
      // The legend names the board's last column and row.
      expect(l.text).toContain('Sloupce A–J, řádky 1–10 shora');
      expect(l.poor, `${scheme}: text that does not stand out from its background`).toEqual([]);
      // The ASCII map keeps its lines: it is not wrapped (a wider board's map scrolls in its own box).
      expect(await page.$eval('pre.map', (p) => getComputedStyle(p).whiteSpace)).toBe('pre');
      await page.close();
    }
  });

  it('a Godfather and a nation report render with their tables, at phone width, light and dark', async () => {
    const cases = [
      { kind: 'godfather', heading: /ОБЩИЙ ОТЧЁТ|PUBLIC REPORT/ },
      { kind: 'nation', heading: /ВАША СТРАНА|YOUR COUNTRY/ },
    ];
    for (const c of cases) {
      const m = sentMail(c.kind, 'report');
      for (const scheme of ['light', 'dark'] as const) {
        const page = await phone(resolved(m), scheme);
        const l = await layout(page);
        expect(l.scrollWidth, `${c.kind}: no horizontal overflow`).toBeLessThanOrEqual(l.clientWidth);
        expect(l.tables.length, c.kind).toBeGreaterThanOrEqual(2);
        expect(l.tables.every((t) => t.visible && t.rows > 0)).toBe(true);
        expect(l.text).toMatch(c.heading);
        expect(l.poor, `${c.kind} ${scheme}`).toEqual([]);
        await page.close();
      }
    }
  });

  it("the dice game's report shows each roll with its dice", async () => {
    const m = sentMail('rpg', 'report', 'alice@example.org');
    const page = await phone(resolved(m));
    const dice = await page.$$eval('.dice', (ds) => ds.map((d) => d.textContent));
    expect(dice.length).toBeGreaterThanOrEqual(6);
    expect(dice.every((d) => /^-?\d+$/.test(d ?? ''))).toBe(true);
    const l = await layout(page);
    expect(l.scrollWidth).toBeLessThanOrEqual(l.clientWidth);
    expect(l.poor).toEqual([]);
    await page.close();
  });
});

describe('HTML mail reflows on a phone and a desktop, light and dark', { timeout: 300_000 }, () => {
  /** The mails looked at: each kind's acknowledgements, reports, the worksheet, FanDi's GM report. */
  const docs = (): { name: string; mail: ParsedMail }[] => [
    ...KINDS.flatMap((kind) => [
      { name: `${kind}-ack`, mail: sentMail(kind, 'ack') },
      { name: `${kind}-ack-refused`, mail: sentMail(kind, 'ack', '@', true) },
      { name: `${kind}-report`, mail: sentMail(kind, 'report') },
    ]),
    { name: 'fandi-report-gm', mail: sentMail('fandi', 'report', 'gm@') },
    { name: 'nation-worksheet', mail: sentMail('nation', 'worksheet') },
  ];

  it('every mail: nothing but the map wider than the screen, no text cut off, readable; screenshots kept', async () => {
    for (const d of docs()) {
      const html = resolved(d.mail);
      for (const width of WIDTHS)
        for (const scheme of ['light', 'dark'] as const) {
          const page = await show(html, width, scheme);
          const at = `${d.name} at ${width} px, ${scheme}`;
          const p = await layoutProblems(page);
          expect(p.wide, `${at}: wider than the screen`).toEqual([]);
          expect(p.clipped, `${at}: text cut off`).toEqual([]);
          expect(p.scrollWidth, at).toBeLessThanOrEqual(p.clientWidth);
          expect((await layout(page)).poor, `${at}: text that does not stand out`).toEqual([]);
          if (screenshotWanted(width, scheme))
            await keepScreenshot(page, {
              path: join(ARTIFACTS, `mail-${d.name}-${width}-${scheme}.png`),
              fullPage: true,
            });
          await page.close();
        }
    }
  });

  it('a refused line and its reason read whole on a phone, as in the text part', async () => {
    for (const kind of KINDS) {
      const m = sentMail(kind, 'ack', '@', true);
      expect(m.text, kind).toContain(BAD_LINES.split('\n')[0]);
      const page = await phone(resolved(m));
      const shown = await page.evaluate(() => document.body.innerText);
      // Every line of the text part is in the page (wrapped, so compared without the line breaks).
      const flat = (s: string) => s.replace(/\s+/g, '');
      for (const line of m.text!.split('\n').filter((l) => l.trim()))
        expect(flat(shown), `${kind}: ${line}`).toContain(flat(line));
      // The echoed orders and reasons wrap to the screen instead of running off it.
      const pre = await page.$eval('pre', (p) => ({
        whiteSpace: getComputedStyle(p).whiteSpace,
        width: p.getBoundingClientRect().width,
      }));
      expect(pre.whiteSpace).toBe('pre-wrap');
      expect(pre.width).toBeLessThanOrEqual(375);
      await page.close();
    }
  });

  it("the GM's worksheet uses a desktop's width; a short acknowledgement keeps the page's measure", async () => {
    const sheet = await show(resolved(sentMail('nation', 'worksheet')), 1280);
    expect((await layout(sheet)).mailWidth).toBeGreaterThan(1200);
    await sheet.close();
    const ack = await show(resolved(sentMail('fandi', 'ack')), 1280);
    expect((await layout(ack)).mailWidth).toBeLessThanOrEqual(46 * 15 + 2 * 12); // 46em and its padding
    await ack.close();
  });
});

/** A board where every city holds units of several owners, moves run through and into cities from every side, battles are at cities. */
function crowdedBoard(size: number, letters: 1 | 2): BoardModel {
  const players = Array.from({ length: 6 }, (_, i) => ({
    letter: letters === 1 ? String.fromCharCode(97 + i * 4) : `w${String.fromCharCode(109 + i)}`,
    god: `God ${i}`,
    id: `p${i}`,
    out: false,
    cities: 0,
    me: i === 0,
  }));
  const cities: BoardModel['cities'] = [];
  const units: BoardModel['units'] = [];
  const moves: BoardModel['moves'] = [];
  const battles: BoardModel['battles'] = [];
  const at = (x: number, y: number) => `${columnName(x)}${y + 1}`;
  for (let y = 1; y < size - 1; y += 2)
    for (let x = 1; x < size - 1; x += 2) {
      const p = (x + y) % players.length;
      cities.push({ at: at(x, y), x, y, letter: players[p]!.letter, player: p, mine: p === 0 });
      for (let k = 0; k < 1 + ((x + y) % 3); k++)
        units.push({
          at: at(x, y),
          x,
          y,
          player: (p + k) % players.length,
          count: 3 + k * 4,
          mine: k === 0,
          seen: 'own',
        });
      battles.push({ at: at(x, y), x, y, city: true });
      // Into the city from each side in turn, and through it on to the next square.
      const d = [
        [-1, 0],
        [1, 0],
        [0, -1],
        [0, 1],
      ][(x + 3 * y) % 4]!;
      const from = { x: x + d[0]!, y: y + d[1]! };
      moves.push({ from: at(from.x, from.y), to: at(x, y), path: [from, { x, y }] });
      const past = { x: x - d[0]!, y: y - d[1]! };
      moves.push({ from: at(from.x, from.y), to: at(past.x, past.y), path: [from, { x, y }, past] });
    }
  return {
    width: size,
    height: size,
    columns: Array.from({ length: size }, (_, i) => columnName(i)),
    terrain: Array.from({ length: size }, () => ' '.repeat(size)),
    cities,
    units,
    moves,
    battles,
    players,
    neutralCities: 0,
    gm: true,
    turn: 3,
  };
}

describe('the FanDi map: nothing covers a city letter', { timeout: 120_000 }, () => {
  it('badges, arrows (their halo and head) and battle crosses stay off every letter, on small and large boards', async () => {
    const page = await browser.newPage();
    for (const [size, letters] of [
      [10, 1],
      [20, 2],
      [40, 1],
      [60, 2],
    ] as const) {
      const pic = drawBoard(crowdedBoard(size, letters), 'en');
      await page.setContent(`<!DOCTYPE html><html><body style="margin:0">${pic.svg}</body></html>`);
      const r = await page.evaluate(() => {
        type Box = { x0: number; y0: number; x1: number; y1: number; what: string };
        const box = (b: DOMRect, pad: number, what: string): Box => ({
          x0: b.x - pad,
          y0: b.y - pad,
          x1: b.x + b.width + pad,
          y1: b.y + b.height + pad,
          what,
        });
        const svg = document.querySelector('svg')!;
        // A letter's box: its glyphs' advance and the font's whole height (ascent and descent), as the browser lays it out.
        const letters = [...svg.querySelectorAll('text[data-city]')].map((t) =>
          box((t as SVGGraphicsElement).getBBox(), 0, `letter ${t.getAttribute('data-city')}`),
        );
        const over: Box[] = [];
        for (const t of svg.querySelectorAll('text[data-units]'))
          over.push(
            box((t.previousElementSibling as SVGGraphicsElement).getBBox(), 0.5, `badge ${t.getAttribute('data-at')}`),
          );
        // Arrows: each segment of the wide white halo under it; the head (marker) at its end.
        const marker = svg.querySelector('marker#arrow')!;
        const head = Number(marker.getAttribute('markerWidth'));
        for (const line of svg.querySelectorAll('polyline')) {
          const pts = line
            .getAttribute('points')!
            .split(' ')
            .map((p) => p.split(',').map(Number) as [number, number]);
          const half = Number(line.getAttribute('stroke-width')) / 2;
          for (let i = 1; i < pts.length; i++) {
            const [a, b] = [pts[i - 1]!, pts[i]!];
            over.push({
              x0: Math.min(a[0], b[0]) - half,
              y0: Math.min(a[1], b[1]) - half,
              x1: Math.max(a[0], b[0]) + half,
              y1: Math.max(a[1], b[1]) + half,
              what: 'arrow',
            });
          }
          if (!line.hasAttribute('marker-end')) continue;
          // The head: viewBox 0 0 10 10, refX 8: its tip 0.2 of its size past the end, its base 0.8 before it, half its size to each side.
          const [a, b] = [pts.at(-2)!, pts.at(-1)!];
          const dx = Math.sign(b[0] - a[0]);
          const dy = Math.sign(b[1] - a[1]);
          const along = [
            b[0] - dx * 0.8 * head,
            b[1] - dy * 0.8 * head,
            b[0] + dx * 0.2 * head,
            b[1] + dy * 0.2 * head,
          ];
          over.push({
            x0: dx ? Math.min(along[0]!, along[2]!) : b[0] - head / 2,
            x1: dx ? Math.max(along[0]!, along[2]!) : b[0] + head / 2,
            y0: dy ? Math.min(along[1]!, along[3]!) : b[1] - head / 2,
            y1: dy ? Math.max(along[1]!, along[3]!) : b[1] + head / 2,
            what: 'arrow head',
          });
        }
        for (const p of svg.querySelectorAll('path[data-battle]')) {
          const halo = p.previousElementSibling!;
          over.push(
            box(
              (p as SVGGraphicsElement).getBBox(),
              Number(halo.getAttribute('stroke-width')) / 2,
              `battle ${p.getAttribute('data-battle')}`,
            ),
          );
        }
        const hits: string[] = [];
        for (const l of letters)
          for (const o of over)
            if (o.x0 < l.x1 && l.x0 < o.x1 && o.y0 < l.y1 && l.y0 < o.y1) hits.push(`${o.what} covers ${l.what}`);
        return {
          letters: letters.length,
          badges: svg.querySelectorAll('text[data-units]').length,
          arrows: svg.querySelectorAll('polyline[marker-end]').length,
          battles: svg.querySelectorAll('path[data-battle]').length,
          font: Number(svg.querySelector('text[data-city]')!.parentElement!.getAttribute('font-size')),
          hits: hits.slice(0, 10),
        };
      });
      const cities = Math.floor((size - 1) / 2) * Math.floor((size - 1) / 2);
      expect(r.letters, `${size}×${size}`).toBe(cities);
      expect(r.badges).toBeGreaterThan(cities);
      expect(r.arrows).toBe(2 * cities);
      expect(r.battles).toBe(cities);
      expect(r.font, 'letters stay legible').toBeGreaterThanOrEqual(8);
      expect(r.hits, `${size}×${size}, ${letters} letter(s) a player`).toEqual([]);
      await keepScreenshot(page, { path: join(ARTIFACTS, `fandi-map-crowded-${size}.png`) });
    }
    await page.close();
  });
});
