/**
 * `node scripts/make-icons.ts`: draws the web app manifest's icons from public/favicon.svg with
 * Debian's Chromium (the browser the e2e tests use), so the PNGs always match the favicon:
 * public/icon-192.png and icon-512.png ("any": the favicon as it is, rounded corners on a
 * transparent ground), and icon-maskable-192.png and icon-maskable-512.png ("maskable": the same
 * drawing on a full-bleed square of its own background colour, which Android then cuts to its
 * launcher's shape; the favicon's ball, 31 % of the size from the centre, already lies inside the
 * 40 % safe zone). Run it again after changing the favicon and commit the PNGs; builds only copy them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const CHROMIUM_PATH = '/usr/bin/chromium';
const ICON_SIZES = [192, 512] as const;
const publicDir = path.resolve(import.meta.dirname, '..', 'public');

const svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
// The rounded square's own colour fills the whole maskable icon.
const background = /<rect\b[^>]*\bfill="(#[0-9a-fA-F]{3,6})"/.exec(svg)?.[1];
if (!background) throw new Error('public/favicon.svg: no <rect fill="#…"> to take the background colour from');

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const maskable of [false, true]) {
    for (const size of ICON_SIZES) {
      const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
      const ground = maskable ? background : 'transparent';
      const style = `html,body{margin:0;background:${ground}}svg{display:block;width:${size}px;height:${size}px}`;
      await page.setContent(`<!doctype html><style>${style}</style>${svg}`);
      const file = path.join(publicDir, maskable ? `icon-maskable-${size}.png` : `icon-${size}.png`);
      await page.screenshot({ path: file, omitBackground: !maskable });
      await page.close();
      process.stdout.write(`${path.relative(process.cwd(), file)}: ${size}×${size}, ${fs.statSync(file).size} bytes\n`);
    }
  }
} finally {
  await browser.close();
}
