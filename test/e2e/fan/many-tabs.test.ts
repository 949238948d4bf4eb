/**
 * Issue 47, part 1, in Chromium: eight tabs of one profile (one browser context: one connection
 * pool), on Ao Vivo and on a live match's page, against the real server (a refresh every 3 s) and the
 * fake upstream. A new score reaches every tab, over plain HTTP/1.1 (six connections per host:
 * one event stream per tab would leave the seventh tab's fetches queued for ever) and through the
 * TLS front (deploy/nginx.conf, HTTP/2); the browser holds one stream at a time, whatever the tabs.
 * Also over plain HTTP at a LAN-like name (Chromium maps LAN_NAME to 127.0.0.1): no secure context,
 * so no Web Locks, and the tabs elect their leader on the BroadcastChannel alone.
 * A process: a browser's connection limit per host is met only over real sockets to a real server.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext } from '../../support/browser/test-page.ts';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { currentLinkPath } from '../../../src/lib/store/builds/build-layout.ts';
import { LISTING_PATHS, type ListEnvelope } from '../../../src/lib/model/model.ts';
import { startNginx, type NginxProcess } from '../../../harness/nginx.ts';
import { withMatchPageGoal, withScore } from '../../../harness/upstream-pages.ts';
import { startDashboardHarness, type DashboardHarness } from '../../support/browser/dashboard-harness.ts';
import { setVisibility } from '../../support/browser/fan-page.ts';

const FLAMENGO = 'brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras';
const FLAMENGO_PATH = `/${FLAMENGO}.html`;
const MATCH_PAGE = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/upstream/match-pages/jogo-flamengo-x-palmeiras.html'),
  'utf8',
);
const pages: Record<string, string> = { ...readFixturePages(), [FLAMENGO_PATH]: MATCH_PAGE };
/** Eight tabs: more than the six connections Chromium opens per host over HTTP/1.1. */
const TABS = ['/', `/jogo/${FLAMENGO}`, '/', `/jogo/${FLAMENGO}`, '/', `/jogo/${FLAMENGO}`, '/', `/jogo/${FLAMENGO}`];
const STREAM = '/api/eventos/stream';
/** A name that is no loopback to the browser, so a page there is no secure context (a LAN set-up). */
const LAN_NAME = 'placar.test';
/** Generous for a loaded machine; a tab stuck behind streams never gets there. */
const LOADED_WITHIN_MS = 30_000;
const SHOWN_WITHIN_MS = 45_000;
let harness: DashboardHarness;
let nginx: NginxProcess;
let goals = 2;

beforeAll(async () => {
  harness = await startDashboardHarness({
    pages,
    env: { REFRESH_CRON: '*/3 * * * * *' },
    browserArgs: [`--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.1`],
  });
  nginx = await startNginx({
    clientDir: currentLinkPath(harness.placar.dataDir),
    placarUrl: harness.placar.url,
    upstreamUrl: harness.upstream.url,
  });
});

afterAll(async () => {
  await nginx?.stop();
  await harness?.close();
});

/** Placar's plain-HTTP address at LAN_NAME. */
function lanOrigin(): string {
  const url = new URL(harness.placar.url);
  url.hostname = LAN_NAME;
  return url.origin;
}

/** Flamengo scores: the listings and the match page, as the upstream would show it. */
function flamengoScores(): string {
  goals += 1;
  for (const listing of [LISTING_PATHS.live, LISTING_PATHS.hoje]) {
    pages[listing] = withScore(pages[listing] ?? '', FLAMENGO_PATH, goals, 1);
    harness.upstream.setPage(listing, pages[listing]);
  }
  pages[FLAMENGO_PATH] = withMatchPageGoal(pages[FLAMENGO_PATH] ?? '', 'home', 'Bruno Henrique', 60 + goals);
  harness.upstream.setPage(FLAMENGO_PATH, pages[FLAMENGO_PATH]);
  return `${goals} x 1`;
}

async function serverShows(score: string): Promise<void> {
  const shows = (live: ListEnvelope): boolean =>
    live.matches.some((match) => match.id === FLAMENGO && `${match.score.home} x ${match.score.away}` === score);
  await expect
    .poll(async () => shows(await harness.readListing('live')), { timeout: 45_000, interval: 100 })
    .toBe(true);
}

/** The score a tab shows for Flamengo x Palmeiras (its list's row, or the match page's); null when none yet. */
async function shownScore(page: Page): Promise<string | null> {
  const onMatchPage = new URL(page.url()).pathname.startsWith('/jogo/');
  const locator = page.locator(onMatchPage ? '[data-score]' : `[data-match-list] .match[data-id="${FLAMENGO}"] .score`);
  return locator.textContent({ timeout: 1_000 }).catch(() => null);
}

interface Tabs {
  pages: Page[];
  /** The most event streams the tabs held open at one time. */
  mostStreamsAtOnce(): number;
  /** How many streams `page` opened. */
  streamsOf(page: Page): number;
}

/** Opens tabs on `routes` one after the other in `context`; a tab that cannot load in time stays as it is. */
async function openTabs(context: BrowserContext, origin: string, routes: readonly string[] = TABS): Promise<Tabs> {
  let open = 0;
  let most = 0;
  const opened = new Map<Page, number>();
  for (const route of routes) {
    const page = await context.newPage();
    opened.set(page, 0);
    page.on('request', (request) => {
      if (new URL(request.url()).pathname !== STREAM) return;
      opened.set(page, (opened.get(page) ?? 0) + 1);
      open += 1;
      most = Math.max(most, open);
    });
    const ended = (request: { url(): string }): void => {
      if (new URL(request.url()).pathname === STREAM) open -= 1;
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    await page.goto(`${origin}${route}`, { timeout: LOADED_WITHIN_MS }).catch(() => undefined);
  }
  return { pages: [...opened.keys()], mostStreamsAtOnce: () => most, streamsOf: (page) => opened.get(page) ?? 0 };
}

/** What each of `pages` shows now. */
function readTabs(pages: readonly Page[]): Promise<(string | null)[]> {
  return Promise.all(pages.map(shownScore));
}

/** Flamengo scores once `pages` show the score; every one of them shows the new score. */
async function everyTabFollows(pages: readonly Page[]): Promise<void> {
  const old = `${goals} x 1`;
  // Not asserted here: a tab stuck behind the streams fails the assertion below, the one the issue is about.
  await expect
    .poll(() => readTabs(pages), { timeout: LOADED_WITHIN_MS, interval: 500 })
    .toEqual(pages.map(() => old))
    .catch(() => undefined);
  const before = await readTabs(pages);
  const score = flamengoScores();
  await serverShows(score);
  await expect.poll(() => readTabs(pages), { timeout: SHOWN_WITHIN_MS, interval: 500 }).toEqual(pages.map(() => score));
  // Every tab had shown the old score: it was updated, not loaded late.
  expect(before).toEqual(pages.map(() => old));
}

/** Runs `use` in a new browser context (one profile), closed after it whatever happened. */
async function inProfile(use: (context: BrowserContext) => Promise<void>, options: BrowserContextOptions = {}) {
  // A fan's browser: the service worker installed too, its fetches on the same connections as the tabs'.
  const context = await openTestContext(harness.browser, { serviceWorkers: 'allow', ...options });
  try {
    await use(context);
  } finally {
    await context.close();
  }
}

function everyTabShowsTheNewScore(
  origin: string,
  protocol: string,
  options: BrowserContextOptions = {},
): Promise<void> {
  return inProfile(async (context) => {
    const tabs = await openTabs(context, origin);
    await everyTabFollows(tabs.pages);
    // The first tab loads from the network (later ones may load from the service worker): the browser's protocol.
    const firstLoad = await tabs.pages[0]?.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceResourceTiming).nextHopProtocol,
    );
    expect(firstLoad).toBe(protocol);
    // One stream for the whole browser (a leader tab's, relayed to the others).
    expect(tabs.mostStreamsAtOnce()).toBe(1);
  }, options);
}

describe('eight tabs of one browser', () => {
  it('over plain HTTP/1.1 (npm start): every tab shows a new score', async () => {
    await everyTabShowsTheNewScore(harness.placar.url, 'http/1.1');
  }, 240_000);

  it('through the TLS front (nginx, HTTP/2): every tab shows a new score', async () => {
    await everyTabShowsTheNewScore(nginx.url, 'h2', { ignoreHTTPSErrors: true });
  }, 240_000);

  it('when the tab holding the stream closes, another one opens it and every tab still follows', async () => {
    await leaderClosesAndAnotherTakesOver(harness.placar.url);
  }, 240_000);
});

/** Opens eight tabs at `origin`, closes the one holding the stream: another opens it and every tab follows. */
function leaderClosesAndAnotherTakesOver(origin: string): Promise<void> {
  return inProfile(async (context) => {
    const tabs = await openTabs(context, origin);
    // Without Web Locks the first leader is elected once a lease has passed with no leader heard.
    await expect
      .poll(() => tabs.pages.filter((page) => tabs.streamsOf(page) > 0).length, { timeout: LOADED_WITHIN_MS })
      .toBe(1);
    const leader = tabs.pages.find((page) => tabs.streamsOf(page) > 0);
    await leader?.close();
    const others = tabs.pages.filter((page) => page !== leader);
    await expect
      .poll(() => others.filter((page) => tabs.streamsOf(page) > 0).length, { timeout: LOADED_WITHIN_MS })
      .toBe(1);
    await everyTabFollows(others);
  });
}

describe('eight tabs on plain HTTP at a LAN name (no secure context: no Web Locks)', () => {
  it('elect one on the BroadcastChannel: one stream at a time, and every tab shows a new score', async () => {
    await inProfile(async (context) => {
      const tabs = await openTabs(context, lanOrigin());
      const page = tabs.pages[0];
      expect(await page?.evaluate(() => [window.isSecureContext, 'locks' in navigator])).toEqual([false, false]);
      await everyTabFollows(tabs.pages);
      expect(tabs.mostStreamsAtOnce()).toBe(1);
    });
  }, 240_000);

  it('when the tab holding the stream closes, another one opens it and every tab still follows', async () => {
    await leaderClosesAndAnotherTakesOver(lanOrigin());
  }, 240_000);
});

/** Two tabs at `origin`: the one holding the stream, hidden, hands it to the shown one, and follows it once shown again. */
function hiddenLeaderHandsOver(origin: string): Promise<void> {
  return inProfile(async (context) => {
    const tabs = await openTabs(context, origin, ['/', `/jogo/${FLAMENGO}`]);
    await expect
      .poll(() => tabs.pages.map((page) => tabs.streamsOf(page)).sort(), { timeout: LOADED_WITHIN_MS })
      .toEqual([0, 1]);
    const leader = tabs.pages.find((page) => tabs.streamsOf(page) === 1);
    const other = tabs.pages.find((page) => page !== leader);
    if (!leader || !other) throw new Error('duas abas esperadas');
    await setVisibility(leader, 'hidden');
    await expect.poll(() => tabs.streamsOf(other), { timeout: LOADED_WITHIN_MS }).toBe(1);
    await everyTabFollows([other]);
    // Shown again, it hears the notices from the tab now holding the stream, on no stream of its own.
    await setVisibility(leader, 'visible');
    await everyTabFollows(tabs.pages);
    expect(tabs.pages.map((page) => tabs.streamsOf(page))).toEqual([1, 1]);
  });
}

describe('a hidden tab holding the stream (alerts off)', () => {
  it('hands it to a shown tab, and follows that tab once shown again', async () => {
    await hiddenLeaderHandsOver(harness.placar.url);
  }, 240_000);

  it('at a LAN name (no Web Locks): hands it to a shown tab, and follows that tab once shown again', async () => {
    await hiddenLeaderHandsOver(lanOrigin());
  }, 240_000);
});

describe('a browser without Web Locks or BroadcastChannel', () => {
  it('keeps a stream per tab, and each tab shows a new score', async () => {
    await inProfile(async (context) => {
      await context.addInitScript(() => {
        delete (Navigator.prototype as { locks?: unknown }).locks;
        delete (window as { BroadcastChannel?: unknown }).BroadcastChannel;
      });
      const tabs = await openTabs(context, harness.placar.url, ['/', `/jogo/${FLAMENGO}`]);
      expect(await tabs.pages[0]?.evaluate(() => 'locks' in navigator || 'BroadcastChannel' in window)).toBe(false);
      await expect.poll(() => tabs.pages.map((page) => tabs.streamsOf(page))).toEqual([1, 1]);
      await everyTabFollows(tabs.pages);
    });
  }, 240_000);
});
