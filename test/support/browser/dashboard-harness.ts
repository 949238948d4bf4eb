/**
 * What every dashboard browser test needs: the fake upstream, the real Placar server against
 * it (temp DATA_DIR, loopback, port 0) and Chromium (the worker's, harness/browser.ts). close()
 * tears all three down (of the worker's Chromium, this file's connection and contexts).
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import type { ListEnvelope, ListingName } from '../../../src/lib/model/model.ts';
import { openBrowser } from '../../../harness/browser.ts';
import { startPlacar, type PlacarProcess } from '../../../harness/placar-process.ts';
import { openTestPage } from './test-page.ts';

export interface DashboardHarness {
  upstream: FakeUpstream;
  placar: PlacarProcess;
  browser: Browser;
  /** A fresh page in its own context (own cache, own clock), closed when the test ends (test-page.ts). */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** The server's current /api/<listing> envelope. */
  readListing(listing: ListingName): Promise<ListEnvelope>;
  close(): Promise<void>;
}

export interface DashboardHarnessOptions {
  pages: Record<string, string>;
  env?: Record<string, string>;
  /** More Chromium switches (harness/browser.ts). */
  browserArgs?: readonly string[];
}

export async function startDashboardHarness(options: DashboardHarnessOptions): Promise<DashboardHarness> {
  const upstream = await startFakeUpstream({ pages: options.pages });
  let placar: PlacarProcess | undefined;
  let browser: Browser | undefined;
  try {
    placar = await startPlacar({ upstreamUrl: upstream.url, env: { SEARCH_RATE_LIMIT: '0', ...options.env } });
    browser = await openBrowser(options.browserArgs);
  } catch (error) {
    await placar?.stop();
    await upstream.close();
    throw error;
  }
  const server = placar;
  const chromium = browser;
  return {
    upstream,
    placar: server,
    browser: chromium,
    newPage: (contextOptions) => openTestPage(chromium, contextOptions),
    readListing: async (listing) => (await (await fetch(`${server.url}/api/${listing}`)).json()) as ListEnvelope,
    close: async () => {
      await chromium.close();
      await server.stop();
      await upstream.close();
    },
  };
}
