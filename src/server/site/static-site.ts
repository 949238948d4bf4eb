/**
 * One build's client folder, loaded into memory from its site manifest, keyed by URL path, so
 * deleting or swapping builds can never break a response in flight. A compressed file is held as
 * its br and gzip bytes only: browsers and CDNs ask for those, and the listings' uncompressed bytes
 * would sit unread in every process (twice while a swap holds two builds); they are inflated when
 * asked for. Each match's page and JSON are the exception: read
 * from disk when asked for, through a bounded cache (match-file-cache.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildContentHash } from '../../lib/api/etag.ts';
import { buildClientDir } from '../../lib/store/builds/build-layout.ts';
import type { BuildLoaded } from '../../lib/store/builds/build-loaded.ts';
import type { SiteFile } from '../../lib/store/builds/site-manifest.ts';
import { hasMatchPage } from '../../lib/model/match-paths.ts';
import { readArchiveIndex, type ArchiveIndex } from '../../lib/store/scraped/archive-store.ts';
import { createMatchFileCache } from './match-file-cache.ts';
import { readBuildLoaded } from './read-build-loaded.ts';

export interface StaticEntry {
  file: SiteFile;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  /**
   * Set on each match's page and JSON (thousands of small files, each asked for rarely): not held,
   * read from disk through the process's bounded cache when a request comes (match-file-cache.ts).
   * What it returns is what the request answers from; its headers are prepared per request.
   */
  fromDisk?: () => StaticEntry;
}

/** Each match's page and JSON (src/refresh/render/match-files.ts): many, small, each asked for rarely. */
const MATCH_FILE_FOLDERS = ['jogo', 'api/jogo'] as const;

function matchFileFolder(relative: string): (typeof MATCH_FILE_FOLDERS)[number] | null {
  return MATCH_FILE_FOLDERS.find((folder) => relative.startsWith(`${folder}/`)) ?? null;
}

function isMatchFile(relative: string): boolean {
  return matchFileFolder(relative) !== null;
}

/**
 * Where a build's match files are on disk, past its links to the shared folders, resolved as the
 * build is loaded: a request read after the swap must not go through a build folder the cleanup
 * removed. Returns, for a match file's path, its real folder (one string per folder, shared).
 */
function createMatchFolderResolver(clientDir: string): (relative: string) => string {
  const resolved = new Map<string, string>();
  return (relative) => {
    const folder = matchFileFolder(relative) ?? '';
    let real = resolved.get(folder);
    if (real === undefined) {
      real = fs.realpathSync(path.join(clientDir, ...folder.split('/')));
      resolved.set(folder, real);
    }
    return real;
  };
}

/** A match file's path on disk, from its real folder (createMatchFolderResolver). */
function matchFilePath(realFolder: string, relative: string): string {
  const folder = matchFileFolder(relative) ?? '';
  return path.join(realFolder, ...relative.slice(folder.length + 1).split('/'));
}

/** One cache for every build this process loads: a match file unchanged from build to build stays cached. */
const matchFileCache = createMatchFileCache();

/**
 * A match file's entry: its manifest line, and its bytes read when a request asks (as it is then on
 * disk). A class, not an object literal with getters: thousands of entries share one prototype
 * instead of holding four closures each, and the file's path is made when it is read, from its real
 * folder (one string for all of a folder's entries).
 */
class DiskEntry implements StaticEntry {
  readonly file: SiteFile;
  readonly #realFolder: string;

  constructor(file: SiteFile, realFolder: string) {
    this.file = file;
    this.#realFolder = realFolder;
  }

  fromDisk(): StaticEntry {
    return matchFileCache.read(this.file, matchFilePath(this.#realFolder, this.file.path));
  }

  get identity(): Buffer {
    return this.fromDisk().identity;
  }

  get br(): Buffer | null {
    return this.fromDisk().br;
  }

  get gzip(): Buffer | null {
    return this.fromDisk().gzip;
  }
}

/**
 * A compressed file held as its br and gzip bytes: its uncompressed bytes are inflated from the gzip
 * ones each time they are asked for, never kept here. The server keeps them once a client takes them
 * (static-heads.ts prepares that answer when first asked for); code that reads a body (filters,
 * health, the event feed) keeps what it made of it per entry.
 */
class CompressedEntry implements StaticEntry {
  readonly file: SiteFile;
  readonly br: Buffer | null;
  readonly gzip: Buffer;

  constructor(file: SiteFile, br: Buffer | null, gzip: Buffer) {
    this.file = file;
    this.br = br;
    this.gzip = gzip;
  }

  get identity(): Buffer {
    return zlib.gunzipSync(this.gzip);
  }
}

function readEntry(file: SiteFile, absolute: string, resolveMatchFolder: (relative: string) => string): StaticEntry {
  if (isMatchFile(file.path) && file.gzip) return new DiskEntry(file, resolveMatchFolder(file.path));
  if (file.gzip)
    return new CompressedEntry(
      file,
      file.br ? fs.readFileSync(`${absolute}.br`) : null,
      fs.readFileSync(`${absolute}.gz`),
    );
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
  /** What the refresh handed over with the build (or what was read of its files): its listings, feed, manifest. */
  data: BuildLoaded;
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

/** The archive's kept matches' routes, made again only when its index changed on disk (per DATA_DIR). */
const archivedRoutesByDataDir = new Map<string, { index: ArchiveIndex; routes: Array<[string, StaticEntry]> }>();

/**
 * Routes of the matches the archive keeps (src/lib/store/scraped/archive-store.ts): not in the builds'
 * manifests (tens of thousands of lines each minute), read from the archive's index when it changes.
 * Their files sit in the same shared folders as the listed matches', read from disk when asked for.
 */
function archivedMatchRoutes(
  dataDir: string,
  resolveMatchFolder: (relative: string) => string,
): Array<[string, StaticEntry]> {
  const index = readArchiveIndex(dataDir);
  const cached = archivedRoutesByDataDir.get(dataDir);
  if (cached?.index === index) return cached.routes;
  const routes: Array<[string, StaticEntry]> = [];
  for (const [id, { page, json }] of Object.entries(index.matches)) {
    // The index is a file in DATA_DIR: only a match id the match routes accept, at its own two paths,
    // becomes a file path; one that cannot be read costs its own match, never the build.
    if (!hasMatchPage(id) || page.path !== `jogo/${id}.html` || json.path !== `api/jogo/${id}`) continue;
    try {
      const entries = [page, json].map((line) =>
        readEntry(line, matchFilePath(resolveMatchFolder(line.path), line.path), resolveMatchFolder),
      );
      for (const entry of entries) for (const route of buildRoutePaths(entry.file.path)) routes.push([route, entry]);
    } catch {
      // Its files are gone (removed by hand): the match is served no more, as after its window.
    }
  }
  archivedRoutesByDataDir.set(dataDir, { index, routes });
  return routes;
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
  a.gzip === b.gzip;

/**
 * `build`: the value the refresh handed over, or the id of a build to read it of (read-build-loaded.ts).
 * `previous` (the served build): its entries for files whose manifest line is the same (same
 * bytes, same headers) are shared, not read again — most of a refresh's files, and the memory
 * of one copy instead of two while both builds are held.
 */
export function loadStaticSite(
  dataDir: string,
  build: string | BuildLoaded,
  previous: StaticSite | null = null,
): StaticSite {
  const data = typeof build === 'string' ? readBuildLoaded(dataDir, build, previous?.data ?? null) : build;
  const { buildId, manifest } = data;
  const clientDir = buildClientDir(dataDir, buildId);
  const resolveMatchFolder = createMatchFolderResolver(clientDir);
  const routes = new Map<string, StaticEntry>();
  const before = entriesByPath(previous);
  let notFoundPage: StaticEntry | null = null;
  for (const file of manifest.files) {
    const kept = before.get(file.path);
    const entry =
      kept && sameFile(kept.file, file)
        ? kept
        : readEntry(file, path.join(clientDir, ...file.path.split('/')), resolveMatchFolder);
    if (ERROR_PAGES.has(file.path)) {
      if (file.path === '404.html') notFoundPage = entry;
      continue;
    }
    for (const route of buildRoutePaths(file.path)) routes.set(route, entry);
  }
  // A match listed again is the listings' (its manifest line): the archive's only where none.
  for (const [route, entry] of archivedMatchRoutes(dataDir, resolveMatchFolder))
    if (!routes.has(route)) routes.set(route, entry);
  return { buildId, builtAt: manifest.builtAt, data, routes, notFoundPage };
}
