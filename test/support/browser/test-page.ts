/**
 * A test's own browser context, closed when the test that opened it ends: a page left open would keep polling
 * and holding its event stream through the file's later tests, for a browser and a server they share.
 * Without a service worker unless the test asks for one (`serviceWorkers: 'allow'`): each new context would
 * otherwise install it and fetch the whole offline shell (every page, listing and crest of the site) behind the
 * page, and the worker never controls the page that installed it (no clients.claim): only the tests that need it
 * (offline use, alerts, push, a fan's many tabs) pay for it.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { onTestFinished } from 'vitest';

export async function openTestContext(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext({ serviceWorkers: 'block', ...options });
  onTestFinished(() => context.close());
  return context;
}

export async function openTestPage(browser: Browser, options?: BrowserContextOptions): Promise<Page> {
  return (await openTestContext(browser, options)).newPage();
}
