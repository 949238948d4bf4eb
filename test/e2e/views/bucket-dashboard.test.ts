/**
 * The dashboard served by an S3 bucket's website endpoint (no Placar server at all), in
 * Chromium: `npm run refresh` uploads with deploy/publish-rclone.sh to a real S3 endpoint on
 * loopback; the three views work, the live view picks up the next refresh's upload after its
 * 60-second wait, and search falls back to the browser (the bucket has no /api/busca); a fan
 * follows a team there, sees "Meus times" on the three views and is alerted of its goal once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { openBrowser, watchPage } from '../../../harness/browser.ts';
import { DASHBOARD_VIEWS, readRows, readTabs, readVisibleText } from '../../support/browser/dashboard-page.ts';
import { openTestContext, openTestPage } from '../../support/browser/test-page.ts';
import { pollOnce, readNotifications, recordNotifications, turnAlertsOn } from '../../support/browser/fan-page.ts';
import { refreshIntoBucket, startLocalS3, type LocalS3 } from '../../support/publish/local-s3.ts';
import { withMatchPageGoal, withScore } from '../../../harness/upstream-pages.ts';

const LIVE_PATH = '/jogos-em-andamento';
const FLAMENGO = '/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html';
const FLAMENGO_ID = 'brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras';
const MATCH_PAGE = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/upstream/match-pages/jogo-flamengo-x-palmeiras.html'),
  'utf8',
);
const pages: Record<string, string> = { ...readFixturePages(), [FLAMENGO]: MATCH_PAGE };
let upstream: FakeUpstream;
let s3: LocalS3;
let dataDir: string;
let browser: Browser;

async function refresh(): Promise<void> {
  const result = await refreshIntoBucket(s3, dataDir, upstream.url);
  expect(result.code, result.output).toBe(0);
  expect(result.output).toContain('publicação concluída');
}

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages });
  s3 = await startLocalS3();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-bucket-e2e-'));
  await refresh();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await s3?.close();
  await upstream?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function newPage(): Promise<{ page: Page; requests: string[]; errors: string[] }> {
  const page = await openTestPage(browser);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  const { errors } = watchPage(page, s3.websiteUrl);
  return { page, requests, errors };
}

describe('the dashboard from an S3 bucket’s website endpoint', () => {
  it.each(DASHBOARD_VIEWS)(
    'serves the $name view ($path) with its tab, its matches and no error',
    async ({ path: viewPath }) => {
      const { page, errors } = await newPage();
      const response = await page.goto(`${s3.websiteUrl}${viewPath}`);
      expect(response?.status()).toBe(200);
      const tabs = await readTabs(page);
      const label = { '/': 'Ao Vivo', '/hoje': 'Hoje', '/busca': 'Busca' }[viewPath];
      expect(tabs.filter((tab) => tab.current === 'page').map((tab) => tab.label)).toEqual([label]);
      expect(tabs.map((tab) => tab.count)).toEqual(['4', '13', '0']);
      if (viewPath !== '/busca') expect((await readRows(page)).length).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    },
  );

  it('shows the next upload after the 60-second refresh, without navigating', async () => {
    const { page, errors } = await newPage();
    await page.clock.install();
    await page.goto(`${s3.websiteUrl}/`);
    const score = (): Promise<string | null> => page.locator(`.match[data-id="${FLAMENGO_ID}"] .score`).textContent();
    expect(await score()).toBe('2 x 1');
    upstream.setPage(LIVE_PATH, withScore(pages[LIVE_PATH] ?? '', FLAMENGO, 3, 1));
    await refresh();
    await page.clock.runFor(30_000);
    expect(await score()).toBe('2 x 1');
    await page.clock.runFor(30_000);
    await expect.poll(score, { timeout: 10_000 }).toBe('3 x 1');
    expect(errors).toEqual([]);
  });

  it('searches in the browser, over the bucket’s listings, as the user types', async () => {
    const { page, requests, errors } = await newPage();
    await page.goto(`${s3.websiteUrl}/busca`);
    await page.getByLabel('Time ou liga').pressSequentially('flamen', { delay: 40 });
    await page.locator('[data-empty-state]', { hasText: '1 jogo encontrado' }).waitFor();
    expect((await readRows(page)).map((row) => row.home)).toEqual(['Flamengo']);
    // It asked the bucket for /api/busca once (404), then read the three listings.
    expect(requests.filter((p) => p === '/api/busca')).toHaveLength(1);
    for (const listing of ['/api/live', '/api/hoje', '/api/amanha']) expect(requests).toContain(listing);
    expect(errors).toEqual([]);
  });

  it('lets a fan follow a team from a row: "Meus times" on the three views, one notification a goal', async () => {
    // The notification is raised through the service worker's registration, as in a fan's browser.
    const context = await openTestContext(browser, { serviceWorkers: 'allow' });
    await context.grantPermissions(['notifications'], { origin: s3.websiteUrl });
    await context.clock.install();
    await recordNotifications(context);
    const page = await context.newPage();
    const { errors } = watchPage(page, s3.websiteUrl);
    await page.goto(`${s3.websiteUrl}/hoje`);
    await page.locator('[data-match-list]').getByRole('button', { name: 'Seguir Flamengo', exact: true }).click();
    const meusTimes = page.getByRole('region', { name: 'Meus times' });
    for (const view of DASHBOARD_VIEWS) {
      await page.goto(`${s3.websiteUrl}${view.path}`);
      await meusTimes.waitFor();
      if (view.path === '/busca') expect(await meusTimes.getByRole('link').allTextContents()).toEqual(['Flamengo']);
      else expect(await meusTimes.locator('.match-link', { hasText: 'Flamengo' }).count()).toBe(1);
    }

    await page.goto(`${s3.websiteUrl}/`);
    await turnAlertsOn(page);
    await pollOnce(page);
    const before = (await readRows(page)).find((row) => row.home === 'Flamengo');
    const goals = Number(before?.score.split(' x ')[0]) + 1;
    upstream.setPage(LIVE_PATH, withScore(pages[LIVE_PATH] ?? '', FLAMENGO, goals, 1));
    await refresh();
    await pollOnce(page);
    await expect.poll(() => readNotifications(page)).toHaveLength(1);
    expect(await readNotifications(page)).toEqual([
      { title: 'Gol! Flamengo', body: `Flamengo ${goals} x 1 Palmeiras · 67'`, via: 'service-worker' },
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leads from a row to the match page, without ".html", which shows the next upload after 60 s', async () => {
    const { page, errors } = await newPage();
    await page.clock.install();
    await page.goto(`${s3.websiteUrl}/`);
    await page.locator(`.match[data-id="${FLAMENGO_ID}"] .match-link`).click();
    await page.waitForURL(`${s3.websiteUrl}/jogo/${FLAMENGO_ID}`);
    expect(await readVisibleText(page, 'h1')).toBe('Flamengo x Palmeiras');
    expect(await readVisibleText(page, '[data-list="timeline"] .event')).toBe("23' Gol Pedro 1 x 0");
    // The sample page has Flamengo's two goals; one more row per goal the listing is given now.
    const score = page.locator('[data-score]');
    const goals = Number((await score.textContent())?.split(' x ')[0]) + 1;
    let matchPage = MATCH_PAGE;
    for (let goal = 3; goal <= goals; goal++)
      matchPage = withMatchPageGoal(matchPage, 'home', 'Bruno Henrique', 70 + goal);
    upstream.setPage(FLAMENGO, matchPage);
    upstream.setPage(LIVE_PATH, withScore(pages[LIVE_PATH] ?? '', FLAMENGO, goals, 1));
    await refresh();
    await page.clock.runFor(60_000);
    await expect.poll(() => score.textContent(), { timeout: 10_000 }).toBe(`${goals} x 1`);
    expect(await page.title()).toBe(`Flamengo ${goals} x 1 Palmeiras · Placar`);
    expect(errors).toEqual([]);
  });
});
