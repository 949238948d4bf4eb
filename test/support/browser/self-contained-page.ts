/**
 * A page delivered as the views are (test/e2e/views/dashboard-quality.test.ts): its scripts only Astro's
 * files (or JSON data), no inline style, nothing asked of another origin and no uncaught error.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { watchPage } from '../../../harness/browser.ts';

/** The page's HTML holds no inline script or style. */
export function expectNoInlineScriptOrStyle(html: string): void {
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toMatch(/\bsrc="\/_astro\/[^"]+\.js"|type="application\/json"/);
  expect(html).not.toMatch(/\sstyle=/);
  expect(html).not.toMatch(/<style\b/);
}

/** Reloads `page` until the network is idle: no request left `origin`, no script failed. */
export async function expectQuietReload(page: Page, origin: string): Promise<void> {
  const seen = watchPage(page, origin);
  await page.reload({ waitUntil: 'networkidle' });
  expect(seen.foreignRequests).toEqual([]);
  expect(seen.errors).toEqual([]);
}
