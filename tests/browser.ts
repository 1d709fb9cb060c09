/// <reference lib="dom" />
// A real browser for tests: Debian's Chromium (/usr/bin/chromium) through
// playwright-core, headless, with no network of its own. playwright-core never
// downloads a browser; .ci/run installs chromium with apt-get when it is
// missing. Shared by the HTML-mail and the web-page tests.
import { chromium, type Browser, type Page } from 'playwright-core';

export type { Browser, Page } from 'playwright-core';

/** Where the browser is; JUDGE_TEST_CHROMIUM overrides it. */
export const chromiumPath = process.env.JUDGE_TEST_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Start a headless Chromium. Each launch gets a fresh profile: playwright
 * passes its own new temporary --user-data-dir (and removes it on close; it
 * refuses one in args). Close it with `await browser.close()`.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Keep a screenshot of the page (an artifact of a layout test). Chromium
 * sometimes refuses one capture ("Unable to capture screenshot", a known
 * transient answer of Page.captureScreenshot, more often on a busy machine)
 * and takes the same picture when asked again: it is asked up to three
 * times; any other error, or a third refusal, fails the test.
 */
export async function keepScreenshot(page: Page, options: Parameters<Page['screenshot']>[0]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.screenshot(options);
      return;
    } catch (e) {
      if (attempt >= 3 || !/Unable to capture screenshot/.test((e as Error).message)) throw e;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
}

/** The widths a page is read at in the layout tests: a phone and a desktop. */
export const WIDTHS = [375, 1280] as const;

/**
 * Whether a layout test keeps a screenshot of a page it checked at this width
 * and colour scheme. Every width and scheme is checked; the pictures (for a
 * person to look at, never compared) are kept of the phone in light only,
 * unless JUDGE_TEST_SCREENSHOTS=all asks for every one: a full-page capture
 * took some 40 % of those tests' time, a minute of CI's.
 */
export function screenshotWanted(width: number, scheme: 'light' | 'dark'): boolean {
  return process.env.JUDGE_TEST_SCREENSHOTS === 'all' || (width === WIDTHS[0] && scheme === 'light');
}

/**
 * What does not fit a page as shown: an element that reaches past the
 * viewport's sides (but inside a map, or inside a box that scrolls sideways and
 * itself fits), and a text container (pre, p, li, td, th, dt, dd, headings)
 * whose text is wider than its box (scrollWidth > clientWidth: clipped, or
 * scrolled out of sight), but a map. Each problem names the element and its text.
 */
export async function layoutProblems(
  page: Page,
): Promise<{ wide: string[]; clipped: string[]; scrollWidth: number; clientWidth: number }> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().replace(/\s+/g, '.')}` : ''} «${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50)}»`;
    const scrolls = (el: Element) => {
      const o = getComputedStyle(el).overflowX;
      return o === 'auto' || o === 'scroll' || o === 'hidden';
    };
    /** Inside a map, or inside a sideways-scrolling box that itself fits the viewport. */
    const contained = (el: Element) => {
      if (el.closest('.map')) return true;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (!scrolls(a)) continue;
        const r = a.getBoundingClientRect();
        return r.left >= -0.5 && r.right <= vw + 0.5;
      }
      return false;
    };
    const wide: string[] = [];
    const clipped: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if ((r.right > vw + 0.5 || r.left < -0.5) && !contained(el))
        wide.push(`${name(el)}: ${Math.round(r.left)}–${Math.round(r.right)} of ${vw}`);
    }
    for (const el of document.body.querySelectorAll('pre, p, li, td, th, dt, dd, h1, h2, h3, caption, blockquote')) {
      if (el.closest('.map')) continue;
      if (el.scrollWidth > el.clientWidth + 1) clipped.push(`${name(el)}: ${el.scrollWidth} > ${el.clientWidth}`);
    }
    return { wide, clipped, scrollWidth: document.documentElement.scrollWidth, clientWidth: vw };
  });
}
