// tests/browser.ts keepScreenshot: Chromium's transient refusal of one capture
// is asked again (up to three times in all); any other error fails at once.
import { describe, expect, it } from 'vitest';
import { keepScreenshot, type Page } from '../browser.js';

/** A page whose captures answer in turn with the given errors (null: a picture). */
function pageAnswering(answers: (string | null)[]): { page: Page; calls: () => number } {
  let n = 0;
  const page = {
    screenshot: async () => {
      const a = answers[n++];
      if (a) throw new Error(a);
      return Buffer.alloc(0);
    },
  } as unknown as Page;
  return { page, calls: () => n };
}

const REFUSED = 'page.screenshot: Protocol error (Page.captureScreenshot): Unable to capture screenshot';

describe('keeping a screenshot', () => {
  it('asks again when Chromium refuses a capture, up to three times', async () => {
    const twice = pageAnswering([REFUSED, REFUSED, null]);
    await keepScreenshot(twice.page, { fullPage: true });
    expect(twice.calls()).toBe(3);
    const always = pageAnswering([REFUSED, REFUSED, REFUSED, null]);
    await expect(keepScreenshot(always.page, { fullPage: true })).rejects.toThrow(/Unable to capture/);
    expect(always.calls()).toBe(3);
  });

  it('fails at once on any other error', async () => {
    const closed = pageAnswering(['Target page, context or browser has been closed', null]);
    await expect(keepScreenshot(closed.page, {})).rejects.toThrow(/closed/);
    expect(closed.calls()).toBe(1);
  });
});
