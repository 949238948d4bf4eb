/**
 * A page in a context of its own, closed when the test that opened it ends: a page left open would keep polling
 * and holding its event stream through the file's later tests, for a browser and a server they share.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { onTestFinished } from 'vitest';

export async function openTestPage(browser: Browser, options?: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext(options);
  onTestFinished(() => context.close());
  return context.newPage();
}
