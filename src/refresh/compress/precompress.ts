/**
 * After each build: brotli and gzip variants (file.br, file.gz, next to the file, as nginx's
 * *_static modules expect) of every text file, and the site manifest with content hashes.
 * Last-Modified is carried over from the previous build for files whose bytes did not change,
 * and every file's mtime is set to it, so any static server (ours, nginx) agrees across builds.
 * Those unchanged files also take their variants from the previous build (hard links) instead
 * of being compressed again (most of a refresh's files: assets, tomorrow's listing). The site
 * bundle's files are compressed once, when the bundle is built: a build without a previous one
 * (a first start, a new version) links their variants too.
 */
import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { buildContentHash } from '../../lib/api/etag.ts';
import { writeSiteManifestAsync, type SiteFile, type SiteManifest } from '../../lib/store/builds/site-manifest.ts';
import { formatSaoPauloIso } from '../../lib/model/time.ts';
import { cacheControlFor } from '../../lib/api/headers-policy.ts';
import { contentTypeFor } from '../../lib/api/file-content-type.ts';
import { linkOrCopy } from '../link-or-copy.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compressing a few hundred bytes saves nothing worth a second file. */
const MIN_COMPRESS_BYTES = 256;
/** Files compressed at once: brotli 11 encoders are large, and all of them together would swell the server's RSS. */
export const CONCURRENT_FILES = 2;
/**
 * Files rendered at every refresh at once: their encoders (fast levels, windows sized to the file) are small, and
 * each file waits mostly on the file system (read, two writes, three utimes), not on the CPU.
 */
const CONCURRENT_REFRESHED_FILES = 8;

/**
 * How hard each kind of file is compressed. The data files are rendered again every minute, where the
 * highest levels cost many times the CPU for somewhat fewer bytes: they get the fast levels. Every
 * other file changes only with the code: compressed once at the highest levels, reused by every build.
 */
export const COMPRESSION_LEVELS = {
  refreshed: { brotli: 5, gzip: 6 },
  lasting: { brotli: constants.BROTLI_MAX_QUALITY, gzip: 9 },
  /**
   * Each match's page and JSON (src/refresh/render/match-files.ts): thousands of small files, made,
   * linked into builds and removed in numbers, so one variant, gzip, every client and front
   * takes (brotli would save little on a few KB).
   */
  match: { brotli: null, gzip: 6 },
} as const;

/** Smallest brotli window (log2 bytes) that holds the whole file: less encoder memory. */
function brotliWindowBits(size: number): number {
  return Math.max(
    constants.BROTLI_MIN_WINDOW_BITS,
    Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.ceil(Math.log2(size + 1))),
  );
}

function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/.test(contentType);
}

/** A file's compressed variant (`file.br`, `file.gz`), made beside it here. */
export function isCompressedVariant(name: string): boolean {
  return /\.(br|gz)$/.test(name);
}

async function listFiles(clientDir: string): Promise<string[]> {
  const entries = await fs.readdir(clientDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !isCompressedVariant(entry.name))
    .map((entry) => path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Writes `file + suffix` when the compressed bytes are meaningfully smaller; true if written. */
async function writeVariant(
  file: string,
  suffix: string,
  original: Buffer,
  compressed: Buffer,
  modified: Date,
): Promise<boolean> {
  if (compressed.length >= original.length * 0.95) return false;
  await fs.writeFile(file + suffix, compressed);
  await fs.utimes(file + suffix, modified, modified);
  return true;
}

/** Reuses the previous build's variants of an unchanged file; false if any is missing. */
async function reuseVariants(file: string, previousFile: string, before: SiteFile, modified: Date): Promise<boolean> {
  try {
    for (const [suffix, exists] of [
      ['.br', before.br],
      ['.gz', before.gzip],
    ] as const) {
      if (!exists) continue;
      await linkOrCopy(previousFile + suffix, file + suffix);
      await fs.utimes(file + suffix, modified, modified);
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * The line of `file` when it is the previous build's file itself (both hard links of one site
 * bundle file, link-tree.ts: most of a build): its bytes, and so its hash, are the previous line's,
 * without reading and hashing them again. Null when it is another file or a variant is missing.
 */
async function carrySharedFile(
  file: string,
  previousFile: string,
  relative: string,
  before: SiteFile,
): Promise<SiteFile | null> {
  let now: Stats;
  try {
    const [stat, previousStat] = await Promise.all([fs.stat(file), fs.stat(previousFile)]);
    if (stat.ino !== previousStat.ino || stat.dev !== previousStat.dev) return null;
    now = stat;
  } catch {
    return null;
  }
  const modified = new Date(before.lastModified);
  if (!(await reuseVariants(file, previousFile, before, modified))) return null;
  // Set by the build that made the line, on this very inode, unless someone touched it since.
  if (now.mtimeMs !== modified.getTime()) await fs.utimes(file, modified, modified);
  const contentType = contentTypeFor(relative);
  return { ...before, path: relative, contentType, cacheControl: cacheControlFor(relative, contentType) };
}

/**
 * Writes `file.br` and `file.gz` beside `file` (whose bytes are `content`) at `levels`, when the
 * type is text and compressing saves something; says which it wrote.
 */
export async function writeCompressedVariants(
  file: string,
  content: Buffer,
  contentType: string,
  levels: { brotli: number | null; gzip: number },
  modified: Date,
): Promise<{ br: boolean; gzip: boolean }> {
  if (content.length < MIN_COMPRESS_BYTES || !isCompressible(contentType)) return { br: false, gzip: false };
  const quality = levels.brotli;
  const [brBytes, gzBytes] = await Promise.all([
    quality === null
      ? null
      : brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: quality,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(content.length),
          },
        }),
    gzipAsync(content, { level: levels.gzip }),
  ]);
  const [br, gzip] = await Promise.all([
    brBytes === null ? false : writeVariant(file, '.br', content, brBytes, modified),
    writeVariant(file, '.gz', content, gzBytes, modified),
  ]);
  return { br, gzip };
}

/** A folder whose files were compressed already (the site bundle's client folder), with their manifest lines. */
export interface CompressedFiles {
  clientDir: string;
  files: ReadonlyMap<string, SiteFile>;
}

/**
 * The line of `file` when it is the site bundle's own file (a hard link, link-tree.ts) that no previous build
 * carried: its variants are the bundle's. Last-Modified as for any file: the previous line's if the bytes are the same.
 */
function carryBundleFile(
  file: string,
  relative: string,
  bundle: CompressedFiles | null,
  before: SiteFile | undefined,
  builtAt: Date,
): Promise<SiteFile | null> {
  const line = bundle?.files.get(relative);
  if (!bundle || !line) return Promise.resolve(null);
  const lastModified = before?.hash === line.hash ? before.lastModified : builtAt.toUTCString();
  return carrySharedFile(file, path.join(bundle.clientDir, ...relative.split('/')), relative, {
    ...line,
    lastModified,
  });
}

async function precompressFile(
  clientDir: string,
  relative: string,
  previous: Map<string, SiteFile>,
  builtAt: Date,
  previousClientDir: string | null,
  isRefreshed: (file: string) => boolean,
  bundle: CompressedFiles | null,
): Promise<SiteFile> {
  const file = path.join(clientDir, ...relative.split('/'));
  const before = previous.get(relative);
  if (before !== undefined && previousClientDir !== null) {
    const shared = await carrySharedFile(file, path.join(previousClientDir, ...relative.split('/')), relative, before);
    if (shared) return shared;
  }
  const fromBundle = await carryBundleFile(file, relative, bundle, before, builtAt);
  if (fromBundle) return fromBundle;
  const content = await fs.readFile(file);
  const hash = buildContentHash(content);
  const contentType = contentTypeFor(relative);
  const lastModified = before && before.hash === hash ? before.lastModified : builtAt.toUTCString();
  const modified = new Date(lastModified);
  let br = false;
  let gz = false;
  const unchanged = before !== undefined && before.hash === hash && previousClientDir !== null;
  if (
    unchanged &&
    (await reuseVariants(file, path.join(previousClientDir, ...relative.split('/')), before, modified))
  ) {
    br = before.br;
    gz = before.gzip;
  } else {
    const levels = isRefreshed(relative) ? COMPRESSION_LEVELS.refreshed : COMPRESSION_LEVELS.lasting;
    ({ br, gzip: gz } = await writeCompressedVariants(file, content, contentType, levels, modified));
  }
  await fs.utimes(file, modified, modified);
  return {
    path: relative,
    hash,
    size: content.length,
    lastModified,
    contentType,
    cacheControl: cacheControlFor(relative, contentType),
    br,
    gzip: gz,
  };
}

export interface PrecompressOptions {
  clientDir: string;
  buildId: string;
  builtAt: Date;
  /** The manifest of the build being replaced, for stable Last-Modified; null on a first build. */
  previous: SiteManifest | null;
  /** That build's client folder, whose variants of unchanged files are reused (default: none). */
  previousClientDir?: string | null;
  manifestFile: string;
  /** Files rendered at every refresh (the data routes, match pages): compressed at the fast levels. Default: none. */
  isRefreshed?: (file: string) => boolean;
  /**
   * Files made (and compressed) by another step, with their manifest lines: kept as they are,
   * nothing read (the match files, src/refresh/render/match-files.ts).
   */
  carried?: ReadonlyMap<string, SiteFile>;
  /** The site bundle's client files, compressed when it was built (site-bundle.ts); default: none. */
  bundle?: CompressedFiles | null;
}

export async function runPrecompress(options: PrecompressOptions): Promise<SiteManifest> {
  const previous = new Map((options.previous?.files ?? []).map((file) => [file.path, file]));
  const isRefreshed = options.isRefreshed ?? (() => false);
  const carried = options.carried ?? new Map<string, SiteFile>();
  const relatives = (await listFiles(options.clientDir)).filter((relative) => !carried.has(relative));
  const previousClientDir = options.previousClientDir ?? null;
  const files: SiteFile[] = [];
  const compressAll = async (group: readonly string[], width: number): Promise<void> => {
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let index = next++; index < group.length; index = next++) {
        const relative = group[index] ?? '';
        files.push(
          await precompressFile(
            options.clientDir,
            relative,
            previous,
            options.builtAt,
            previousClientDir,
            isRefreshed,
            options.bundle ?? null,
          ),
        );
      }
    };
    await Promise.all(Array.from({ length: width }, worker));
  };
  const refreshed = new Set(relatives.filter(isRefreshed));
  await compressAll([...refreshed], CONCURRENT_REFRESHED_FILES);
  await compressAll(
    relatives.filter((relative) => !refreshed.has(relative)),
    CONCURRENT_FILES,
  );
  files.push(...carried.values());
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const manifest: SiteManifest = { buildId: options.buildId, builtAt: formatSaoPauloIso(options.builtAt), files };
  await writeSiteManifestAsync(options.manifestFile, manifest);
  return manifest;
}
