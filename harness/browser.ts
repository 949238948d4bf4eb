/**
 * The real browser for e2e tests: Debian's chromium driven by playwright-core. A missing
 * browser is a failure with the fix in the message, never a skipped test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PROJECT_ROOT } from './placar-process.ts';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(PROJECT_ROOT, 'test-results', 'screenshots');

/** `extraArgs`: more Chromium switches (e.g. `--host-resolver-rules` for a name that is no secure context). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium não encontrado em ${CHROMIUM_PATH}: instale com \`apt-get install chromium\` (o .ci/run faz isso).`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
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
