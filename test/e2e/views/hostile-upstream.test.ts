/**
 * An upstream page written to attack the dashboard: markup in league and status strings,
 * attribute breakers (" and ') in names and crest URLs, javascript:/data: links and crests,
 * a match link to another site. In Chromium, on the server-built page and on client-rendered
 * search results: nothing runs, no element or event handler is injected, every link is an
 * http(s) URL of Placar or the upstream, and crests are Placar's own copies (img-src 'self').
 * (Markup in team names, also after a live refresh: markup-in-names.test.ts.)
 */
import * as cheerio from 'cheerio';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { watchPage } from '../../../harness/browser.ts';
import { startDashboardHarness, type DashboardHarness } from '../../support/browser/dashboard-harness.ts';
import { rawRequest } from '../../support/http/raw-http.ts';

const LIVE_PATH = '/jogos-em-andamento';
const LEAGUE = `Liga <svg onload=alert(11)> "'`;
const STATUS = '"><img src=x onerror=alert(12)>';
const HOME = '" onmouseover="alert(13)';
const AWAY = "' autofocus onfocus='alert(14)";
const pages = readFixturePages();
let other: FakeUpstream;
let harness: DashboardHarness;

/** A match row in the upstream's markup, linking to `href`. */
const row = (href: string): string =>
  `<a href="${href}"><div class="row align-items-center content"><div class="status"><span class="status-name">ENCERRADO</span></div>` +
  '<div class="team-name"><h5>Alfa</h5></div><div class="match-score"><h4><span class="badge badge-default">1</span></h4></div>' +
  '<div class="match-score"><h4><span class="badge badge-default">0</span></h4></div><div class="team-name"><h5>Beta</h5></div></div></a>';

function buildHostilePage(otherOrigin: string): string {
  const $ = cheerio.load(pages[LIVE_PATH] ?? '');
  $('h3.match-list_league-name').first().text(LEAGUE);
  const flamengo = $('a[href="/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html"]');
  flamengo.find('.status-name').text(STATUS);
  flamengo.find('h5.text-right').text(HOME).after('<img src="/escudos/flamengo.png" alt="">');
  flamengo.find('h5.text-left').text(AWAY).after(`<img src="${otherOrigin}/escudos/palmeiras.png" alt="">`);
  const saoPaulo = $('a[href="/brasileirao-serie-a/21-11-2026-sao-paulo-x-gremio.html"]');
  saoPaulo.find('h5.text-right').after('<img src="javascript:alert(16)" alt="">');
  saoPaulo.find('h5.text-left').after(`<img src='/escudos/gremio.png" onerror="alert(18)' alt="">`);
  $('a[href="/campeonato-espanhol/21-11-2026-real-madrid-x-barcelona.html"]').attr(
    'href',
    `/campeonato-espanhol/21-11-2026-real-madrid-x-barcelona.html?"onmouseover="alert(19)`,
  );
  flamengo
    .parent()
    .append(
      row('javascript:alert(15)//brasileirao-serie-a/21-11-2026-a-x-b.html'),
      row('https://evil.example/brasileirao-serie-a/21-11-2026-mal-x-vado.html'),
      row('data:text/html,<script>alert(20)</script>'),
    );
  return $.html();
}

beforeAll(async () => {
  other = await startFakeUpstream({ host: '127.0.0.2', pages });
  harness = await startDashboardHarness({
    pages: { ...pages, [LIVE_PATH]: buildHostilePage(other.url) },
    env: { REFRESH_CRON: '0 0 * * *' },
  });
});

afterAll(async () => {
  await harness?.close();
  await other?.close();
});

/** Opens `path` recording CSP violations, requests, dialogs and errors. */
async function open(
  path: string,
): Promise<{ page: Page; seen: ReturnType<typeof watchPage>; requested: string[]; failed: string[] }> {
  const page = await harness.newPage();
  const seen = watchPage(page, harness.placar.url);
  const requested: string[] = [];
  const failed: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
  // Runs through DevTools, not as page script, so the page's CSP does not apply to it.
  await page.addInitScript(() => {
    const store = window as unknown as { cspBlocked: string[] };
    store.cspBlocked = [];
    document.addEventListener('securitypolicyviolation', (event) => store.cspBlocked.push(event.blockedURI));
  });
  await page.goto(`${harness.placar.url}${path}`, { waitUntil: 'networkidle' });
  return { page, seen, requested, failed };
}

async function expectNothingInjected(page: Page, seen: ReturnType<typeof watchPage>): Promise<void> {
  await page.locator('[data-match-list] .match').first().waitFor();
  const names = await page.locator('[data-match-list] .team-name').allTextContents();
  expect(names).toEqual(expect.arrayContaining([HOME, AWAY]));
  expect(await page.locator('[data-match-list] h2').allTextContents()).toContain(LEAGUE);
  const handlers = await page.evaluate(() =>
    [...document.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${element.tagName} ${a.name}`),
    ),
  );
  expect(handlers).toEqual([]);
  // The only svg a row has is its star buttons' own (issue 23); no other svg, no image "x", no script.
  const injected =
    '[data-match-list] :not(button.follow) > svg, [data-match-list] img[src="x"], [data-match-list] script';
  expect(await page.locator(injected).count()).toBe(0);
  for (const src of await page.$$eval('script', (scripts) =>
    scripts.map((script) => script.getAttribute('src') ?? 'inline'),
  ))
    expect(src).toMatch(/^\/_astro\//);
  const origins = new Set([new URL(harness.placar.url).origin, new URL(harness.upstream.url).origin]);
  for (const href of await page.$$eval('a[href]', (links) => links.map((link) => (link as HTMLAnchorElement).href))) {
    expect(href).toMatch(/^https?:\/\//);
    expect(origins.has(new URL(href).origin), href).toBe(true);
  }
  expect(seen.dialogs).toEqual([]);
  expect(seen.errors).toEqual([]);
}

describe('a hostile upstream page', () => {
  it('injects nothing into the server-built page, and shows only crests Placar fetched from the upstream itself', async () => {
    const { page, seen, requested } = await open('/');
    await expectNothingInjected(page, seen);
    expect(await page.locator('[data-match-list] .match').count()).toBe(4);
    const crests = await page.$$eval('[data-match-list] img.crest', (images) =>
      images.map((image) => image.getAttribute('src') ?? ''),
    );
    // Flamengo's crest (the upstream's, a PNG) is Placar's own copy now; the other origin's was
    // never fetched, the one whose URL carries an attribute breaker got a 404 and is not shown.
    expect(crests).toEqual([expect.stringMatching(/^\/escudos\/[0-9a-f]{64}\.png$/)]);
    expect(harness.upstream.requests.map((request) => request.path)).toContain('/escudos/flamengo.png');
    expect(other.requests).toEqual([]);
    // The browser asks no one but Placar, and the CSP (img-src 'self') has nothing to block.
    expect(requested.filter((url) => !url.startsWith(harness.placar.url))).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { cspBlocked: string[] }).cspBlocked)).toEqual([]);
  });

  it('injects nothing into search results rendered in the browser', async () => {
    const { page, seen } = await open('/busca?q=alert');
    await expectNothingInjected(page, seen);
  });

  it('lists no folder and sends no server banner', async () => {
    for (const path of ['/_astro/', '/_astro', '/builds/', '/current/']) {
      const response = await rawRequest(harness.placar.url, path);
      expect(response.status, path).toBe(404);
      // Placar's own pt-BR not-found page, never a listing of the folder.
      expect(response.text()).toContain('lang="pt-BR"');
      expect(response.text()).not.toMatch(/Index of|Directory/i);
      expect(response.headers.server).toBeUndefined();
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });
});
