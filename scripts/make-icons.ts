/**
 * `node scripts/make-icons.ts`: draws the web app manifest's icons (public/icon-192.png,
 * public/icon-512.png) from public/favicon.svg with Debian's Chromium (the browser the e2e
 * tests use), so the PNGs always match the favicon. Run it again after changing the favicon
 * and commit the PNGs; builds only copy them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const CHROMIUM_PATH = '/usr/bin/chromium';
const ICON_SIZES = [192, 512] as const;
const publicDir = path.resolve(import.meta.dirname, '..', 'public');

const svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const size of ICON_SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const style = `html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}`;
    await page.setContent(`<!doctype html><style>${style}</style>${svg}`);
    const file = path.join(publicDir, `icon-${size}.png`);
    await page.screenshot({ path: file, omitBackground: true });
    await page.close();
    process.stdout.write(`${path.relative(process.cwd(), file)}: ${size}×${size}, ${fs.statSync(file).size} bytes\n`);
  }
} finally {
  await browser.close();
}
