/**
 * One build's client folder, loaded whole into memory (the site is a few hundred KB) from its
 * site manifest: identity, br and gzip bytes per file, keyed by URL path. Requests never touch
 * the disk, so deleting or swapping builds can never break a response in flight — except the
 * archive's kept match files, read at each request (their removal waits until no served build
 * names them: src/refresh/render/archive-matches.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildContentHash } from '../../lib/api/etag.ts';
import { buildClientDir, buildManifestPath } from '../../lib/store/build-layout.ts';
import { SiteManifestError, readSiteManifest, type SiteFile } from '../../lib/store/site-manifest.ts';

export interface StaticEntry {
  file: SiteFile;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  /**
   * Held compressed only, its uncompressed bytes made again when asked for (`identity`), and its
   * headers prepared per request: each match's page and JSON, thousands of small files.
   */
  onDemand?: true;
}

/** Each match's page and JSON (src/refresh/render/match-files.ts): many, small, each asked for rarely. */
function isMatchFile(relative: string): boolean {
  return relative.startsWith('jogo/') || relative.startsWith('api/jogo/');
}

/**
 * An entry whose uncompressed bytes are the gzip variant's, inflated when read. Match files are
 * shared by the builds and rewritten in place (match-files.ts): the ETag comes from these bytes.
 */
function readCompressedEntry(file: SiteFile, absolute: string): StaticEntry {
  const gzip = fs.readFileSync(`${absolute}.gz`);
  const bytes = zlib.gunzipSync(gzip);
  const hash = buildContentHash(bytes);
  return {
    file: hash === file.hash ? file : { ...file, hash, size: bytes.length },
    get identity() {
      return zlib.gunzipSync(gzip);
    },
    br: file.br ? fs.readFileSync(`${absolute}.br`) : null,
    gzip,
    onDemand: true,
  };
}

/**
 * A kept match's file (archive-files.ts): thousands, each asked for rarely, never written again (its
 * line is exact), so nothing is held: its bytes are read from disk at each request. The archive
 * removes such a file only after a build without it is served (archive-matches.ts).
 */
function readArchivedEntry(file: SiteFile, absolute: string): StaticEntry {
  return {
    file,
    get identity() {
      return fs.readFileSync(absolute);
    },
    br: null,
    get gzip() {
      return file.gzip ? fs.readFileSync(`${absolute}.gz`) : null;
    },
    onDemand: true,
  };
}

/** Turns a file's path in a build into its real one (through the linked folders), one realpath per folder. */
type RealPath = (absolute: string) => string;

function createRealPath(): RealPath {
  const dirs = new Map<string, string>();
  return (absolute) => {
    const dir = path.dirname(absolute);
    let real = dirs.get(dir);
    if (real === undefined) {
      real = fs.realpathSync(dir);
      dirs.set(dir, real);
    }
    return path.join(real, path.basename(absolute));
  };
}

function readEntry(file: SiteFile, absolute: string, realPath: RealPath): StaticEntry {
  // Its real path (DATA_DIR/jogos/…): the entry is shared with later builds, and this build's folder goes.
  if (file.archived) return readArchivedEntry(file, realPath(absolute));
  if (isMatchFile(file.path) && file.gzip) return readCompressedEntry(file, absolute);
  const identity = fs.readFileSync(absolute);
  // A match file is rewritten in place: its ETag comes from the bytes read (as above).
  const hash = isMatchFile(file.path) ? buildContentHash(identity) : file.hash;
  return {
    file: hash === file.hash ? file : { ...file, hash, size: identity.length },
    identity,
    br: file.br ? fs.readFileSync(`${absolute}.br`) : null,
    gzip: file.gzip ? fs.readFileSync(`${absolute}.gz`) : null,
  };
}

export interface StaticSite {
  buildId: string;
  builtAt: string;
  /** Decoded URL path → file: "/" and "/hoje" for index.html and hoje.html, "/api/live", … */
  routes: ReadonlyMap<string, StaticEntry>;
  /** The dashboard's 404.html, when it has one. */
  notFoundPage: StaticEntry | null;
}

/** Error pages are bodies for error statuses, never pages of their own. */
const ERROR_PAGES = new Set(['404.html', '500.html']);

/** URL paths a file answers to: the file's own, and the extensionless one for pages. */
export function buildRoutePaths(relative: string): string[] {
  const own = `/${relative}`;
  if (!relative.endsWith('.html')) return [own];
  const page = own.slice(0, -'.html'.length);
  if (page === '/index') return ['/', own];
  if (page.endsWith('/index')) return [page.slice(0, -'/index'.length), own];
  return [page, own];
}

/** Entries of `site` by file path, for the next build to take those whose file did not change. */
function entriesByPath(site: StaticSite | null): Map<string, StaticEntry> {
  const entries = new Map<string, StaticEntry>();
  if (site?.notFoundPage) entries.set(site.notFoundPage.file.path, site.notFoundPage);
  for (const entry of site?.routes.values() ?? []) entries.set(entry.file.path, entry);
  return entries;
}

const sameFile = (a: SiteFile, b: SiteFile): boolean =>
  a.hash === b.hash &&
  a.size === b.size &&
  a.lastModified === b.lastModified &&
  a.contentType === b.contentType &&
  a.cacheControl === b.cacheControl &&
  a.br === b.br &&
  a.gzip === b.gzip &&
  a.archived === b.archived;

/**
 * `previous` (the served build): its entries for files whose manifest line is the same (same
 * bytes, same headers) are shared, not read again — most of a refresh's files, and the memory
 * of one copy instead of two while both builds are held.
 */
export function loadStaticSite(dataDir: string, buildId: string, previous: StaticSite | null = null): StaticSite {
  const manifest = readSiteManifest(buildManifestPath(dataDir, buildId));
  if (!manifest) throw new SiteManifestError(`O build ${buildId} não tem manifesto: não foi publicado por completo.`);
  const clientDir = buildClientDir(dataDir, buildId);
  const routes = new Map<string, StaticEntry>();
  const before = entriesByPath(previous);
  let notFoundPage: StaticEntry | null = null;
  const realPath = createRealPath();
  for (const file of manifest.files) {
    const absolute = path.join(clientDir, ...file.path.split('/'));
    const kept = before.get(file.path);
    const entry = kept && sameFile(kept.file, file) ? kept : readEntry(file, absolute, realPath);
    if (ERROR_PAGES.has(file.path)) {
      if (file.path === '404.html') notFoundPage = entry;
      continue;
    }
    for (const route of buildRoutePaths(file.path)) routes.set(route, entry);
  }
  return { buildId, builtAt: manifest.builtAt, routes, notFoundPage };
}
