/** Reads what a dashboard page shows, as text, for assertions. */
import type { Page } from 'playwright-core';

export interface ShownTab {
  label: string;
  count: string;
  current: string | null;
}

export interface ShownRow {
  competition: string;
  badge: string;
  home: string;
  score: string;
  away: string;
  href: string;
}

export function readTabs(page: Page): Promise<ShownTab[]> {
  return page.$$eval('nav.tabs a', (links) =>
    links.map((link) => ({
      label: link.querySelector('.tab-label')?.textContent ?? '',
      count: link.querySelector('.tab-count')?.textContent ?? '',
      current: link.getAttribute('aria-current'),
    })),
  );
}

export function readRows(page: Page): Promise<ShownRow[]> {
  return page.$$eval('[data-match-list] .match', (rows) =>
    rows.map((row) => {
      const text = (selector: string): string => row.querySelector(selector)?.textContent?.trim() ?? '';
      return {
        competition: row.closest('.competition')?.querySelector('h2')?.textContent?.trim() ?? '',
        badge: text('.badge'),
        home: text('.team--home'),
        score: text('.score'),
        away: text('.team--away'),
        href: row.querySelector('a')?.getAttribute('href') ?? '',
      };
    }),
  );
}

/** Rendered text (hidden parts left out) of the first visible match of `selector`, whitespace collapsed. */
export async function readVisibleText(page: Page, selector: string): Promise<string> {
  const locator = page.locator(selector).filter({ visible: true }).first();
  if ((await locator.count()) === 0) return '';
  // biome-ignore lint/performance/useDomNodeTextContent: what the fan sees, hidden parts left out.
  return (await locator.innerText()).replace(/\s+/g, ' ').trim();
}

/** "19:41:05" for an ISO instant, in São Paulo time, computed independently of the app's code. */
export function formatExpectedClock(iso: string): string {
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** The dashboard's three views: a name for screenshots and the path. */
export const DASHBOARD_VIEWS = [
  { name: 'ao-vivo', path: '/' },
  { name: 'hoje', path: '/hoje' },
  { name: 'busca', path: '/busca' },
] as const;

/** What a page showed and the listing it was made from, read at one moment. */
export interface ShownWithListing<Listing> {
  line: string;
  listing: Listing;
}

/**
 * A page's `.last-update` line with the listing it was made from. A refresh can land between reading
 * the API and loading the page (the page then shows the newer build), so the listing is read before
 * and after the page, and the pair is kept only when both reads are the same build.
 */
export async function readLastUpdateWithListing<Listing extends { generatedAt: string | null }>(
  page: Page,
  url: string,
  readListing: () => Promise<Listing>,
): Promise<ShownWithListing<Listing>> {
  for (let attempt = 1; ; attempt++) {
    const before = await readListing();
    await page.goto(url);
    const line = await readVisibleText(page, '.last-update');
    const after = await readListing();
    // Five refreshes in a row between two reads do not happen: a mismatch then is a real failure.
    if (before.generatedAt === after.generatedAt || attempt === 5) return { line, listing: after };
  }
}
