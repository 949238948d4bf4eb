/**
 * What a bucket published by deploy/publish-rclone.sh must hold for one build: every file of
 * the client folder but the .br/.gz variants, plus the clean-URL copies of the pages (the views'
 * every match page's: jogo/<id>.html also as jogo/<id>, every table's: tabela/<slug>.html also as
 * tabela/<slug>, every team's home: time/<slug>.html also as time/<slug>, every past day's: dia/<day>.html also as dia/<day>), each with the Content-Type and
 * Cache-Control of its kind (the headers-per-kind table of docs/deploying.md).
 */
import fs from 'node:fs';
import path from 'node:path';

export const CLEAN_URL_PAGES = ['hoje', 'busca', 'ontem', 'amanha'] as const;

export const CACHE_CONTROL = {
  asset: 'public, max-age=31536000, immutable',
  json: 'public, max-age=15, s-maxage=60, stale-while-revalidate=30, stale-if-error=86400',
  page: 'public, max-age=0, s-maxage=60, stale-while-revalidate=30',
  other: 'public, max-age=300',
  serviceWorker: 'no-cache',
} as const;

/** Accepted media types by extension (rclone guesses them from Go's table and /etc/mime.types). */
const TYPES_BY_EXTENSION: Record<string, readonly string[]> = {
  '.js': ['text/javascript', 'application/javascript'],
  '.css': ['text/css'],
  '.svg': ['image/svg+xml'],
  '.html': ['text/html'],
  '.txt': ['text/plain'],
  '.png': ['image/png'],
  '.jpg': ['image/jpeg'],
  '.gif': ['image/gif'],
  '.webp': ['image/webp'],
  '.ico': ['image/x-icon', 'image/vnd.microsoft.icon'],
  '.webmanifest': ['application/manifest+json'],
};

export interface ExpectedObject {
  /** Object key, e.g. "api/hoje", "_astro/busca.Dk3x.js", "hoje". */
  key: string;
  /** The build file whose bytes the object must have. */
  file: string;
  cacheControl: string;
  /** Media types accepted (without parameters). */
  mediaTypes: readonly string[];
  /** Exact Content-Type, when the script sets it explicitly. */
  contentType: string | null;
}

/** Every file under `dir`, through linked folders too (a build links the shared folders of its match files in). */
function listFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir).flatMap((name) => {
    const key = prefix + name;
    const file = path.join(dir, name);
    return fs.statSync(file).isDirectory() ? listFiles(file, `${key}/`) : [key];
  });
}

function expectationFor(key: string, file: string): ExpectedObject {
  const extension = path.extname(key);
  if (key.startsWith('api/') && extension === '.ics') {
    return {
      key,
      file,
      cacheControl: CACHE_CONTROL.json,
      mediaTypes: ['text/calendar'],
      contentType: 'text/calendar; charset=utf-8',
    };
  }
  if (key.startsWith('api/')) {
    return {
      key,
      file,
      cacheControl: CACHE_CONTROL.json,
      mediaTypes: ['application/json'],
      contentType: 'application/json; charset=utf-8',
    };
  }
  if (key.startsWith('_astro/') || key.startsWith('escudos/')) {
    return {
      key,
      file,
      cacheControl: CACHE_CONTROL.asset,
      mediaTypes: TYPES_BY_EXTENSION[extension] ?? [],
      contentType: null,
    };
  }
  if (extension === '.html')
    return { key, file, cacheControl: CACHE_CONTROL.page, mediaTypes: ['text/html'], contentType: null };
  if (key === 'sw.js') {
    const contentType = 'text/javascript; charset=utf-8';
    return { key, file, cacheControl: CACHE_CONTROL.serviceWorker, mediaTypes: ['text/javascript'], contentType };
  }
  if (key === 'manifest.webmanifest') {
    const contentType = 'application/manifest+json; charset=utf-8';
    return { key, file, cacheControl: CACHE_CONTROL.other, mediaTypes: ['application/manifest+json'], contentType };
  }
  return {
    key,
    file,
    cacheControl: CACHE_CONTROL.other,
    mediaTypes: TYPES_BY_EXTENSION[extension] ?? [],
    contentType: null,
  };
}

export function expectedBucket(clientDir: string): ExpectedObject[] {
  const keys = listFiles(clientDir).filter((key) => !key.endsWith('.br') && !key.endsWith('.gz'));
  const objects = keys.map((key) => expectationFor(key, path.join(clientDir, key)));
  const matchPages = keys.filter(
    (key) =>
      (key.startsWith('jogo/') || key.startsWith('tabela/') || key.startsWith('time/') || key.startsWith('dia/')) &&
      key.endsWith('.html'),
  );
  for (const page of [...CLEAN_URL_PAGES, ...matchPages.map((key) => key.slice(0, -'.html'.length))]) {
    objects.push({
      key: page,
      file: path.join(clientDir, `${page}.html`),
      cacheControl: CACHE_CONTROL.page,
      mediaTypes: ['text/html'],
      contentType: 'text/html; charset=utf-8',
    });
  }
  return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The URL path a browser asks the website endpoint for, to get this key. */
export function websitePath(key: string): string {
  return `/${key.split('/').map(encodeURIComponent).join('/')}`;
}
