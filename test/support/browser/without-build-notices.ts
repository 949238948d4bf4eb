/**
 * A page whose event stream of build notices never opens (as on a bucket, or a stream that keeps
 * failing): what it shows then changes only at its 60-s poll, the fallback the poll tests are about.
 */
import type { Page } from 'playwright-core';

export async function withoutBuildNotices(page: Page): Promise<Page> {
  await page.route('**/api/eventos/stream*', (route) => route.abort('connectionrefused'));
  return page;
}
