/**
 * Installable and useful offline, in Chromium against the real server: the web app manifest
 * and its icons, Chromium's own installability verdict, a service worker controlling the page
 * after a reload; offline (context set offline) every view still shows the last data with the
 * "Sem conexão" notice, from Placar's server and from an S3 bucket; and a new build's worker
 * takes over with none of the old shell left.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestContext } from '../../support/browser/test-page.ts';
import { withDemoCrests } from '../../../src/demo/demo-crests.ts';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { DATA_ROUTES } from '../../../src/lib/api/data-routes.ts';
import { shellListingsOf, writeServiceWorker } from '../../../src/refresh/render/service-worker-build.ts';
import { startDashboardHarness, type DashboardHarness } from '../../support/browser/dashboard-harness.ts';
import { CHROMIUM_PATH } from '../../../harness/browser.ts';
import { formatExpectedClock, readRows, readTabs } from '../../support/browser/dashboard-page.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { refreshIntoBucket, startLocalS3, type LocalS3 } from '../../support/publish/local-s3.ts';
import {
  startStaticFileServer,
  type FixedAnswer,
  type StaticFileServer,
} from '../../support/publish/static-file-server.ts';

const SERVICE_WORKER_SOURCE = path.join(PROJECT_ROOT, 'src', 'client', 'offline', 'service-worker.ts');
let harness: DashboardHarness;

beforeAll(async () => {
  // The sample pages with crests, as the demo has them; no refresh during the test (its data stays put).
  const pages = Object.fromEntries(
    Object.entries(readFixturePages()).map(([page, html]) => [page, withDemoCrests(html)]),
  );
  harness = await startDashboardHarness({ pages, env: { REFRESH_CRON: '0 0 * * *' } });
});

afterAll(async () => {
  await harness?.close();
});

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
}

/** Width and height from a PNG's IHDR chunk (bytes 16–23), or null when the bytes are no PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 24 || bytes.toString('latin1', 1, 4) !== 'PNG') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Opens `url`, waits for the service worker to be active, reloads: the page is then controlled. */
async function openControlled(context: BrowserContext, url: string, options: { clock?: boolean } = {}): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  // Before the reload, so the page's 60-second timer is a fake one the test moves on.
  if (options.clock) await page.clock.install();
  await page.reload();
  return page;
}

function controllerOf(page: Page): Promise<string | null> {
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
}

interface CopiedSite {
  dir: string;
  site: StaticFileServer;
}

/** For the enclosing describe: a plain static host serving a copy of the harness's build (and `fixed` answers). */
function useCopiedSite(fixed: Readonly<Record<string, FixedAnswer>> = {}): CopiedSite {
  const copy = {} as CopiedSite;
  beforeAll(async () => {
    copy.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-sw-site-'));
    fs.cpSync(path.join(harness.placar.dataDir, 'current'), copy.dir, { recursive: true, dereference: true });
    copy.site = await startStaticFileServer(copy.dir, fixed);
  });
  afterAll(async () => {
    await copy.site?.close();
    if (copy.dir) fs.rmSync(copy.dir, { recursive: true, force: true });
  });
  return copy;
}

/** Whether any of the page's caches holds `pathname` of its own origin. */
function isCached(page: Page, pathname: string): Promise<boolean> {
  return page.evaluate(
    async (target) => (await caches.match(new URL(target, location.href).href, { ignoreVary: true })) !== undefined,
    pathname,
  );
}

/**
 * When the copy of a listing the worker keeps was fetched: what an offline page shows. Read from the cache, not
 * the server, whose next refresh may already be newer.
 */
function readCachedGeneratedAt(page: Page, pathname: string): Promise<string> {
  return page.evaluate(async (target) => {
    const cached = await caches.match(new URL(target, location.href).href, { ignoreVary: true });
    return ((await cached?.json()) as { generatedAt?: string } | undefined)?.generatedAt ?? '';
  }, pathname);
}

/** The tests of the worker itself: a test's context has none unless it asks (test-page.ts). */
const WITH_SERVICE_WORKER = { serviceWorkers: 'allow' } as const;

describe('installable', () => {
  it('links a pt-BR manifest with good fields and icons, and theme colours for light and dark', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/hoje`);
    const manifestHref = await page.locator('link[rel="manifest"]').evaluate((link) => (link as HTMLLinkElement).href);
    const response = await fetch(manifestHref);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ short_name: 'Placar', lang: 'pt-BR', display: 'standalone' });
    expect(String(manifest.name)).toMatch(/^Placar — /);
    // Relative to the manifest: the site root wherever the site is served from.
    expect(new URL(String(manifest.start_url), manifestHref).href).toBe(`${harness.placar.url}/`);
    expect(new URL(String(manifest.scope), manifestHref).href).toBe(`${harness.placar.url}/`);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);

    const icons = manifest.icons as ManifestIcon[];
    const sizes: string[] = [];
    for (const icon of icons) {
      const iconResponse = await fetch(new URL(icon.src, manifestHref));
      expect(iconResponse.status, icon.src).toBe(200);
      expect(iconResponse.headers.get('content-type')).toBe(icon.type);
      const size = pngSize(Buffer.from(await iconResponse.arrayBuffer()));
      expect(size && `${size.width}x${size.height}`, icon.src).toBe(icon.sizes);
      sizes.push(icon.sizes);
    }
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));

    const themeColors = await page.$$eval('meta[name="theme-color"]', (metas) =>
      metas.map((meta) => [meta.getAttribute('media'), meta.getAttribute('content')]),
    );
    expect(themeColors.map(([media]) => media)).toEqual([
      '(prefers-color-scheme: light)',
      '(prefers-color-scheme: dark)',
    ]);
    expect(new Set(themeColors.map(([, color]) => color)).size).toBe(2);
  });

  it('offers a maskable icon (Android crops the others): full-bleed, opaque, its drawing inside the safe zone', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.placar.url}/hoje`);
    const manifest = (await (await fetch(`${harness.placar.url}/manifest.webmanifest`)).json()) as {
      icons: Array<ManifestIcon & { purpose?: string }>;
    };
    const maskable = manifest.icons.filter((icon) => icon.purpose?.split(' ').includes('maskable'));
    expect(maskable.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['512x512']));
    // The plain icons stay "any": a maskable one is drawn for the mask, and would look shrunken unmasked.
    expect(manifest.icons.filter((icon) => icon.purpose === 'any').map((icon) => icon.sizes)).toEqual([
      '192x192',
      '512x512',
    ]);
    for (const icon of maskable) {
      // Chromium decodes the PNG; every pixel is read off a canvas.
      const pixels = await page.evaluate(
        async (src) => {
          const image = new Image();
          image.src = src;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = image.naturalWidth;
          canvas.height = image.naturalHeight;
          const context = canvas.getContext('2d');
          if (!context) throw new Error('no 2d context');
          context.drawImage(image, 0, 0);
          const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
          const size = canvas.width;
          const background = [data[0], data[1], data[2]];
          let transparent = 0;
          let drawnOutside = 0;
          let drawnInside = 0;
          for (let y = 0; y < size; y++) {
            for (let x = 0; x < size; x++) {
              const at = (y * size + x) * 4;
              if ((data[at + 3] ?? 0) < 255) transparent++;
              const differs = [0, 1, 2].some((c) => Math.abs((data[at + c] ?? 0) - (background[c] ?? 0)) > 2);
              // The safe zone: a circle of 40 % of the size around the centre (the W3C's minimum).
              const inside = Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) <= 0.4 * size;
              if (differs && inside) drawnInside++;
              else if (differs) drawnOutside++;
            }
          }
          return { width: canvas.width, height: canvas.height, background, transparent, drawnOutside, drawnInside };
        },
        new URL(icon.src, `${harness.placar.url}/manifest.webmanifest`).href,
      );
      expect(`${pixels.width}x${pixels.height}`, icon.src).toBe(icon.sizes);
      expect(pixels, icon.src).toMatchObject({ transparent: 0, drawnOutside: 0, background: [10, 88, 168] });
      // The ball is there, not a blank square: more than a fifth of the safe zone.
      expect(pixels.drawnInside / (Math.PI * (0.4 * pixels.width) ** 2), icon.src).toBeGreaterThan(0.2);
    }
  });

  it('passes Chromium’s own installability check (the one behind its install prompt)', async () => {
    // A profile on disk: Chromium refuses to install from an incognito context, which new contexts are.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-pwa-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${harness.placar.url}/`);
      await page.evaluate(async () => void (await navigator.serviceWorker.ready));
      const cdp = await context.newCDPSession(page);
      const parsed = (await cdp.send('Page.getAppManifest')) as { errors: Array<{ message: string }>; url: string };
      expect(parsed.url).toBe(`${harness.placar.url}/manifest.webmanifest`);
      expect(parsed.errors).toEqual([]);
      const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: Array<{ errorId: string }>;
      };
      expect(installability.installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  it('serves sw.js at the root, revalidated on every check; it controls the page after a reload', async () => {
    const response = await fetch(`${harness.placar.url}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('service-worker-allowed')).toBeNull();

    const context = await openTestContext(harness.browser, WITH_SERVICE_WORKER);
    const page = await context.newPage();
    await page.goto(`${harness.placar.url}/`);
    // The first visit only installs it (no claim): the page loaded without it stays so.
    const registration = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(registration).toBe(`${harness.placar.url}/`);
    await page.reload();
    expect(await controllerOf(page)).toBe(`${harness.placar.url}/sw.js`);
    await page.goto(`${harness.placar.url}/busca`);
    expect(await controllerOf(page)).toBe(`${harness.placar.url}/sw.js`);
    await context.close();
  });
});

// Issue 27 L3: an event stream never ends; a worker that answered it would cache.put an endless
// body and keep one waitUntil pending per open stream.
describe('event streams', () => {
  /** A Placar page its worker controls, and the paths the worker itself requests from then on. */
  async function openWatchingWorker(context: BrowserContext): Promise<{ page: Page; fromWorker: string[] }> {
    const page = await openControlled(context, `${harness.placar.url}/`);
    expect(await controllerOf(page)).toBe(`${harness.placar.url}/sw.js`);
    const fromWorker: string[] = [];
    context.on('request', (request) => {
      if (request.serviceWorker() !== null) fromWorker.push(new URL(request.url()).pathname);
    });
    return { page, fromWorker };
  }

  it('are never handled by the service worker: the page talks to the server directly', async () => {
    const context = await openTestContext(harness.browser, WITH_SERVICE_WORKER);
    try {
      const { page, fromWorker } = await openWatchingWorker(context);
      for (const path of ['/api/eventos/stream', '/api/eventos/stream?time=flamengo']) {
        const answered = page.waitForResponse((response) => response.url().endsWith(path));
        const opened = await page.evaluate(
          (url) =>
            new Promise<string>((resolve) => {
              const source = new EventSource(url);
              source.onopen = () => {
                source.close();
                resolve('open');
              };
              source.onerror = () => {
                source.close();
                resolve('error');
              };
            }),
          path,
        );
        expect(opened, path).toBe('open');
        const response = await answered;
        expect(response.fromServiceWorker(), path).toBe(false);
        expect(response.headers()['content-type'], path).toMatch(/^text\/event-stream/);
      }
      expect(fromWorker.filter((path) => path.startsWith('/api/eventos/stream'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // Issue 35: the server decodes the path, so these are the stream too; a plain fetch (no Accept) asks for them.
  it('are never handled under a percent-encoded path either', async () => {
    const context = await openTestContext(harness.browser, WITH_SERVICE_WORKER);
    try {
      const { page, fromWorker } = await openWatchingWorker(context);
      for (const path of ['/api/eventos/%73tream', '/api/%65ventos/stream', '/api/eventos/%73tream?time=flamengo']) {
        const answered = page.waitForResponse((response) => response.url().endsWith(path));
        const type = await page.evaluate(async (url) => {
          const abort = new AbortController();
          const response = await fetch(url, { signal: abort.signal });
          abort.abort();
          return response.headers.get('content-type');
        }, path);
        expect(type, path).toMatch(/^text\/event-stream/);
        expect((await answered).fromServiceWorker(), path).toBe(false);
      }
      // The streams' requests only: the page's own files (its favicon, late on a busy machine) may go through it.
      expect(fromWorker.filter((path) => path.startsWith('/api/'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

// Issue 35: a text/event-stream answer is never kept, whatever its path (here one that ends, so a put would complete).
describe('an event-stream answer on any path', () => {
  const copy = useCopiedSite({
    '/api/fluxo': { type: 'text/event-stream; charset=utf-8', body: 'id: 1\ndata: {}\n\n' },
    '/api/controle': { type: 'application/json', body: '{"ok":true}' },
  });

  it('reaches the page but is never cached', async () => {
    const context = await openTestContext(harness.browser, WITH_SERVICE_WORKER);
    try {
      const page = await openControlled(context, `${copy.site.url}/`);
      expect(await controllerOf(page)).toBe(`${copy.site.url}/sw.js`);
      const read = (url: string): Promise<string> => page.evaluate(async (target) => (await fetch(target)).text(), url);
      expect(await read('/api/fluxo')).toBe('id: 1\ndata: {}\n\n');
      // The worker keeps API answers (network first): a later one's copy being there means an earlier one's would be.
      expect(await read('/api/controle')).toBe('{"ok":true}');
      await expect.poll(() => isCached(page, '/api/controle'), { timeout: 10_000 }).toBe(true);
      expect(await isCached(page, '/api/fluxo')).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe('offline', () => {
  it('keeps every view with its last data and says "Sem conexão — mostrando os dados de HH:MM:SS"', async () => {
    const context = await openTestContext(harness.browser, WITH_SERVICE_WORKER);
    const page = await openControlled(context, `${harness.placar.url}/`, { clock: true });
    // The install fetched the listings; a poll while online keeps their latest answers.
    await page.clock.runFor(60_000);
    await expect.poll(() => isCached(page, '/api/live')).toBe(true);
    await expect.poll(() => isCached(page, '/api/hoje')).toBe(true);
    const live = await harness.readListing('live');
    const hoje = await harness.readListing('hoje');
    const rowsOnline = await readRows(page);
    expect(rowsOnline).toHaveLength(live.count);
    const notice = page.locator('[data-offline-notice]');
    expect(await notice.isVisible()).toBe(false);

    await context.setOffline(true);
    // The page hears "offline" at once (and refreshes); the worker's network may go offline a moment
    // later (each is its own target for the browser): the next poll then brings the marked copy.
    await expect
      .poll(
        async () => {
          if (await notice.isVisible()) return true;
          await page.clock.runFor(60_000); // the next poll
          return false;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(await notice.textContent()).toBe(
      `Sem conexão — mostrando os dados de ${formatExpectedClock(await readCachedGeneratedAt(page, '/api/live'))}`,
    );
    expect(await readRows(page)).toEqual(rowsOnline);
    expect(await page.locator('[data-refresh-error]').isVisible()).toBe(false);

    for (const [viewPath, envelope, listingPath] of [
      ['/', live, '/api/live'],
      ['/hoje', hoje, '/api/hoje'],
    ] as const) {
      const offlinePage = await context.newPage();
      const response = await offlinePage.goto(`${harness.placar.url}${viewPath}`);
      expect(response?.status(), viewPath).toBe(200);
      expect(await readRows(offlinePage)).toHaveLength(envelope.count);
      const offlineNotice = offlinePage.locator('[data-offline-notice]');
      await expect.poll(() => offlineNotice.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await offlineNotice.textContent()).toBe(
        `Sem conexão — mostrando os dados de ${formatExpectedClock(await readCachedGeneratedAt(offlinePage, listingPath))}`,
      );
      // Crests come from the worker's cache too: every image in the rows is drawn.
      const crests = await offlinePage.$$eval('[data-match-list] img', (images) =>
        images.map((image) => (image as HTMLImageElement).naturalWidth),
      );
      expect(crests.length, `${viewPath}: crests`).toBeGreaterThan(0);
      expect(crests.filter((width) => width === 0)).toEqual([]);
      await offlinePage.close();
    }
    // Busca has no listing of its own: its tab counters' polls bring the notice (the newest data's time).
    const search = await context.newPage();
    expect((await search.goto(`${harness.placar.url}/busca`))?.status()).toBe(200);
    expect((await readTabs(search)).map((tab) => tab.count)).toEqual([String(live.count), String(hoje.count), '0']);
    const searchNotice = search.locator('[data-offline-notice]');
    await expect.poll(() => searchNotice.isVisible(), { timeout: 10_000 }).toBe(true);
    // The newest of the kept copies its counters show (Ao Vivo's and Hoje's), in whatever order they came.
    const newest =
      (await Promise.all(['/api/live', '/api/hoje'].map((listingPath) => readCachedGeneratedAt(search, listingPath))))
        .sort()
        .at(-1) ?? '';
    const expectedNotice = `Sem conexão — mostrando os dados de ${formatExpectedClock(newest)}`;
    await expect.poll(() => searchNotice.textContent()).toBe(expectedNotice);
    // Searching still works: /api/busca fails, the browser searches the kept listings.
    await search.goto(`${harness.placar.url}/busca?q=flamengo`);
    // The context's clock is the test's (installed above): moved on for the search's own timers.
    const flamengoRows = async (): Promise<number> => {
      await search.clock.runFor(1_000);
      return (await readRows(search)).filter((row) => `${row.home} ${row.away}`.includes('Flamengo')).length;
    };
    await expect.poll(flamengoRows, { timeout: 10_000 }).toBeGreaterThan(0);
    await search.close();

    await context.setOffline(false);
    await expect
      .poll(
        async () => {
          if (!(await notice.isVisible())) return false;
          await page.clock.runFor(60_000); // the next poll
          return true;
        },
        { timeout: 10_000 },
      )
      .toBe(false);
    await context.close();
  });
});

/** Until the worker's own network is offline too (the browser applies it to each target in turn). */
async function waitForOfflineWorker(page: Page): Promise<void> {
  const workerOffline = (): Promise<boolean> =>
    page.evaluate(() =>
      fetch('api/live', { cache: 'no-store' }).then(
        (response) => response.headers.get('X-Placar-Offline') === '1',
        () => true,
      ),
    );
  await expect.poll(workerOffline, { timeout: 10_000 }).toBe(true);
}

describe('from an S3 bucket’s website endpoint (no Placar server)', () => {
  let s3: LocalS3;
  let dataDir: string;

  beforeAll(async () => {
    s3 = await startLocalS3();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-sw-bucket-'));
    const result = await refreshIntoBucket(s3, dataDir, harness.upstream.url);
    expect(result.code, result.output).toBe(0);
  });

  afterAll(async () => {
    await s3?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('installs the worker from the bucket, and the views work offline with the notice', async () => {
    expect((await s3.readWebsite('/manifest.webmanifest')).headers['content-type']).toMatch(
      /^application\/manifest\+json/,
    );
    expect((await s3.readWebsite('/sw.js')).headers['cache-control']).toBe('no-cache');

    const context = await openTestContext(harness.browser, WITH_SERVICE_WORKER);
    const page = await openControlled(context, `${s3.websiteUrl}/hoje`);
    expect(await controllerOf(page)).toBe(`${s3.websiteUrl}/sw.js`);

    await context.setOffline(true);
    await waitForOfflineWorker(page);
    for (const viewPath of ['/hoje', '/']) {
      const response = await page.goto(`${s3.websiteUrl}${viewPath}`);
      expect(response?.status(), viewPath).toBe(200);
      expect((await readRows(page)).length, viewPath).toBeGreaterThan(0);
      const notice = page.locator('[data-offline-notice]');
      await expect.poll(() => notice.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await notice.textContent()).toMatch(/^Sem conexão — mostrando os dados de \d{2}:\d{2}:\d{2}$/);
    }
    await context.close();
  });
});

describe('a new build', () => {
  const copy = useCopiedSite();

  /** What a new build of the code changes: a new fingerprinted stylesheet the pages use, and sw.js. */
  async function deployNewBuild(): Promise<string> {
    const css = '_astro/new-build.Test1234.css';
    fs.writeFileSync(path.join(copy.dir, css), 'h1 { letter-spacing: 0.01em; }\n');
    for (const page of fs.readdirSync(copy.dir).filter((name) => name.endsWith('.html'))) {
      const file = path.join(copy.dir, page);
      const html = fs
        .readFileSync(file, 'utf8')
        .replace('</head>', `<link rel="stylesheet" href="/${css}"><meta name="placar-build" content="2"></head>`);
      fs.writeFileSync(file, html);
    }
    return (
      await writeServiceWorker(copy.dir, ['', 'busca', 'hoje'], shellListingsOf(DATA_ROUTES), SERVICE_WORKER_SOURCE)
    ).version;
  }

  /** The last state of the newest worker after an update check: 'activated', or 'redundant' if its install failed. */
  function newWorkerOutcome(page: Page): Promise<string> {
    return page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      if (registration === undefined) return 'no registration';
      await registration.update();
      // The newest worker: still installing, waiting, or already the active one (maybe still activating).
      const worker = registration.installing ?? registration.waiting ?? registration.active;
      if (worker === null) return 'no worker';
      return new Promise<string>((resolve) => {
        const settle = (): void => {
          if (worker.state === 'activated' || worker.state === 'redundant') resolve(worker.state);
        };
        worker.addEventListener('statechange', settle);
        settle();
      });
    });
  }

  it('takes over at once, drops the old caches and never serves the old shell', { timeout: 240_000 }, async () => {
    const context = await openTestContext(harness.browser, WITH_SERVICE_WORKER);
    const page = await openControlled(context, `${copy.site.url}/hoje`);
    const shellCaches = (): Promise<string[]> =>
      page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('placar-shell-')));
    const oldCaches = await shellCaches();
    expect(oldCaches).toHaveLength(1);
    expect(await page.locator('meta[name="placar-build"]').count()).toBe(0);

    const version = await deployNewBuild();
    expect(oldCaches).not.toContain(`placar-shell-${version}`);
    await page.reload();
    // The page itself comes from the network (the old worker is network first for pages)…
    expect(await page.locator('meta[name="placar-build"]').getAttribute('content')).toBe('2');
    // …and the new worker installs, activates without waiting and deletes the old shell.
    // It fetches the whole new shell first: on a busy machine that took over 45 s, so the test
    // waits for the worker's own last state instead of a guessed time.
    expect(await newWorkerOutcome(page)).toBe('activated');
    await expect.poll(shellCaches, { timeout: 10_000 }).toEqual([`placar-shell-${version}`]);
    expect(await controllerOf(page)).toBe(`${copy.site.url}/sw.js`);

    await context.setOffline(true);
    await page.reload();
    expect(await page.locator('meta[name="placar-build"]').getAttribute('content')).toBe('2');
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1') as Element).letterSpacing)).not.toBe(
      'normal',
    );
    await context.close();
  });
});
