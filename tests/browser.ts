// A real browser for tests: Debian's Chromium (/usr/bin/chromium) through
// playwright-core, headless, with no network of its own. playwright-core never
// downloads a browser; .ci/run installs chromium with apt-get when it is
// missing. Shared by the HTML-mail and the web-page tests.
import { chromium, type Browser } from 'playwright-core';

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
