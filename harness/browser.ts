/**
 * The real browser for e2e tests: Debian's chromium driven by playwright-core. A missing
 * browser is a failure with the fix in the message, never a skipped test. A test run starts one
 * Chromium per test worker (test/support/runner/browser-setup.ts); each file opens its own
 * connection to its worker's (openBrowser) and each test its own context.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserServer, type LaunchOptions, type Page } from 'playwright-core';
import { PROJECT_ROOT } from './placar-process.ts';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(PROJECT_ROOT, 'test-results', 'screenshots');

/**
 * Chromium reads only its last --disable-features switch, so this one carries Playwright's own list
 * (playwright-core's chromium switches; launchBrowserServer checks it still does) and adds the address bar's
 * popups: Chromium preloads each as a WebUI page, a renderer of its own, in every new window (each test's context,
 * in new headless), though no test ever opens one.
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];
const DISABLE_FEATURES_SWITCH = '--disable-features=';

/** The test workers' Chromiums (browser-setup.ts): a JSON list of endpoints, the Nth for vitest's worker N. */
export const WORKER_BROWSERS_VARIABLE = 'PLACAR_TEST_BROWSERS';

function launchOptions(extraArgs: readonly string[]): LaunchOptions {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium não encontrado em ${CHROMIUM_PATH}: instale com \`apt-get install chromium\` (o .ci/run faz isso).`,
    );
  }
  return {
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `${DISABLE_FEATURES_SWITCH}${DISABLED_FEATURES.join(',')}`,
      ...extraArgs,
    ],
  };
}

/** `extraArgs`: more Chromium switches (e.g. `--host-resolver-rules` for a name that is no secure context). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch(launchOptions(extraArgs));
}

/** A Chromium that test files connect to (one per test worker, started by the run's global setup). */
export async function launchBrowserServer(): Promise<BrowserServer> {
  const server = await chromium.launchServer(launchOptions([]));
  const dropped = featuresDroppedBySwitches(server.process().pid);
  if (dropped.length > 0) {
    await server.close();
    throw new Error(
      `harness/browser.ts: o Playwright desliga ${dropped.join(', ')} num --disable-features que a lista DISABLED_FEATURES substitui; acrescente-os a ela.`,
    );
  }
  return server;
}

/** The features an earlier --disable-features switch (Playwright's) names and the last, the one Chromium reads, does not. */
function featuresDroppedBySwitches(pid: number | undefined): string[] {
  const commandLine = pid === undefined ? [] : fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  const lists = commandLine
    .filter((arg) => arg.startsWith(DISABLE_FEATURES_SWITCH))
    .map((arg) => arg.slice(DISABLE_FEATURES_SWITCH.length).split(','));
  const read = new Set(lists.at(-1));
  return [...new Set(lists.slice(0, -1).flat())].filter((feature) => !read.has(feature));
}

function workerBrowserEndpoint(): string | undefined {
  const endpoints = process.env[WORKER_BROWSERS_VARIABLE];
  const worker = Number(process.env.VITEST_POOL_ID);
  if (!endpoints || !Number.isInteger(worker)) return undefined;
  const list: unknown = JSON.parse(endpoints);
  const endpoint = Array.isArray(list) ? list[worker - 1] : undefined;
  return typeof endpoint === 'string' ? endpoint : undefined;
}

/**
 * A test file's browser: a connection to its worker's Chromium when the run started one (closing it closes this
 * file's contexts, not the Chromium), else one of its own; always its own with `extraArgs` (launchBrowser's).
 */
export function openBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const endpoint = extraArgs.length === 0 ? workerBrowserEndpoint() : undefined;
  return endpoint === undefined ? launchBrowser(extraArgs) : chromium.connect(endpoint);
}

/** Full-page screenshot at test-results/screenshots/<name>.png; returns the path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Records what a page does that it must not: script dialogs (alert from injected markup),
 * uncaught errors, and requests to any origin other than the page's own.
 */
export function watchPage(
  page: Page,
  ownOrigin: string,
): { dialogs: string[]; errors: string[]; foreignRequests: string[] } {
  const seen = { dialogs: [] as string[], errors: [] as string[], foreignRequests: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => seen.errors.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.origin !== ownOrigin) seen.foreignRequests.push(request.url());
  });
  return seen;
}
