/**
 * Group 6, in the browser: cold loads (a new context each, so no cache) of each page in
 * headless Chromium. First render = first-contentful-paint; live data = the moment the first
 * match row is in the document (the pages carry their data in the HTML), or for /busca?q= the
 * moment the search results from /api/busca are shown. Both from navigation start.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../harness/browser.ts';
import { summarize, type Summary } from '../stats.ts';

export interface BrowserTiming {
  path: string;
  loads: number;
  firstRenderMs: Summary;
  liveDataMs: Summary;
}

/** Marks the first moment the data shows, before any page script runs. */
const OBSERVE_DATA = `(() => {
  const mark = () => {
    const bench = (window.__placarBench ??= {});
    if (bench.dataAt === undefined && document.querySelector('[data-match-list] .match, [data-has-results]')) bench.dataAt = performance.now();
  };
  new MutationObserver(mark).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-has-results'] });
})();`;

interface LoadMetrics {
  firstRender: number;
  data: number;
}

async function loadOnce(browser: Browser, url: string): Promise<LoadMetrics> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_DATA);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(
      () => (window as unknown as { __placarBench?: { dataAt?: number } }).__placarBench?.dataAt !== undefined,
      undefined,
      {
        timeout: 20_000,
        polling: 20,
      },
    );
    // first-contentful-paint may be reported a frame after load.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
      timeout: 10_000,
      polling: 20,
    });
    return await page.evaluate(() => ({
      firstRender: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      data: (window as unknown as { __placarBench: { dataAt: number } }).__placarBench.dataAt,
    }));
  } finally {
    await context.close();
  }
}

export async function runBrowserTiming(
  base: string,
  paths: readonly string[],
  loads: number,
): Promise<BrowserTiming[]> {
  const browser = await launchBrowser();
  try {
    const timings: BrowserTiming[] = [];
    for (const path of paths) {
      await loadOnce(browser, new URL(path, base).href); // warm-up: browser process, server code paths
      const samples: LoadMetrics[] = [];
      for (let i = 0; i < loads; i++) samples.push(await loadOnce(browser, new URL(path, base).href));
      timings.push({
        path,
        loads,
        firstRenderMs: summarize(samples.map((s) => s.firstRender)),
        liveDataMs: summarize(samples.map((s) => Math.max(s.data, s.firstRender))),
      });
    }
    return timings;
  } finally {
    await browser.close();
  }
}
