/**
 * Each match's /jogo/{id} and /api/jogo/{id}, made so that a refresh costs what changed, not what
 * the day holds. They are not copied into each build: they live once, in
 *   DATA_DIR/jogos/jogo/<id>.html (+ .gz)   the page
 *   DATA_DIR/jogos/api/<id>      (+ .gz)    the JSON
 * and every build links the two folders in (builds/<id>/client/jogo and client/api/jogo are
 * symlinks to them). A match's files are written (temp file and rename: a reader gets the old
 * version or the new, never half) only when a key of the data they are made from changes,
 * salted with the site bundle so a new version makes them all again; DATA_DIR/jogos/index.json
 * holds each match's key and manifest lines. So unlike the rest of a build, the match files of
 * an older build follow the newest data: each file is whole, and a match page a minute newer than
 * the listing beside it is the price of a refresh that never copies or removes thousands of files.
 * The files of matches no listing holds any more are removed after the swap (runMatchFilesCleanup),
 * or kept ARCHIVE_DAYS by the archive when the match is finished (src/refresh/render/archive-matches.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { z } from 'zod';
import { buildContentHash } from '../../lib/api/etag.ts';
import { cacheControlFor } from '../../lib/api/headers-policy.ts';
import { contentTypeFor } from '../../lib/api/file-content-type.ts';
import type { MatchPageData } from '../../lib/display/match-page-data.ts';
import type { MatchDetail } from '../../lib/model/model.ts';
import { matchPagePath } from '../../lib/model/match-paths.ts';
import type { Steps } from '../../lib/model/steps.ts';
import { runInSlices } from '../../lib/slices/run-in-slices.ts';
import { buildClientDir } from '../../lib/store/builds/build-layout.ts';
import { readJsonFileOr, writeJsonAtomicallyAsync } from '../../lib/store/files/json-file.ts';
import { createKeptValues, fileIdentity } from '../../lib/store/files/kept-values.ts';
import { SiteFileSchema, type SiteFile } from '../../lib/store/builds/site-manifest.ts';
import { COMPRESSION_LEVELS, CONCURRENT_FILES } from '../compress/precompress.ts';
import { withoutClock } from './without-clock.ts';

export const MATCH_FILES_FOLDER = 'jogos';
const INDEX_FILE = 'index.json';
/** Smaller files get no gzip variant (as precompress.ts decides for the rest of the site). */
const MIN_COMPRESS_BYTES = 256;
const gzipAsync = promisify(gzip);

const MatchFilesEntrySchema = z.object({
  key: z.string(),
  /** What the page was rendered from (matchPageKey); absent in an index written before it: rendered again. */
  pageKey: z.string().optional(),
  page: SiteFileSchema,
  json: SiteFileSchema,
});
const MatchFilesIndexSchema = z.object({
  salt: z.string(),
  /** Per match id: the key its files were made from, and their manifest lines. */
  matches: z.record(z.string(), MatchFilesEntrySchema),
});
type MatchFilesIndex = z.infer<typeof MatchFilesIndexSchema>;

/** Renders one route of the site bundle (render-routes.ts): the page's bytes, or it throws. */
export type RenderRoute = (routePath: string) => Promise<Buffer>;

export interface MatchFilesInput {
  dataDir: string;
  buildId: string;
  pages: ReadonlyMap<string, MatchPageData>;
  /** Changes with the site bundle: a new version renders every page again. */
  salt: string;
  renderPage: RenderRoute;
  builtAt: Date;
}

export interface MatchFiles {
  /** The manifest lines of every match file of the build. */
  files: Map<string, SiteFile>;
  /** Matches whose files were rendered this time. */
  rendered: number;
}

export function matchFilesDir(dataDir: string): string {
  return path.join(dataDir, MATCH_FILES_FOLDER);
}

const indexPath = (dataDir: string): string => path.join(matchFilesDir(dataDir), INDEX_FILE);

/** What this process last read or wrote of the index (thousands of lines, parsed once). */
const keptIndexes = createKeptValues<MatchFilesIndex>(4);

/** The index on disk; a missing or bad one reads as empty (every match is made again). */
function readIndex(dataDir: string): MatchFilesIndex {
  const file = indexPath(dataDir);
  const kept = keptIndexes.get(file);
  if (kept) return kept;
  const identity = fileIdentity(file);
  const index = readJsonFileOr(file, MatchFilesIndexSchema, { salt: '', matches: {} });
  keptIndexes.set(file, identity, index);
  return index;
}

/**
 * Without fsync: the index only spares work (a lost or older one makes matches again, or leaves a
 * line of a match's previous version, whose ETag the server takes from the bytes anyway): not worth
 * a refresh waiting on the disk for a file rewritten whenever a match changes.
 */
async function writeIndex(dataDir: string, index: MatchFilesIndex): Promise<void> {
  const file = indexPath(dataDir);
  await writeJsonAtomicallyAsync(file, index, { durable: false });
  keptIndexes.set(file, fileIdentity(file), index);
}

/** The last key made per match, with what it was made from: unchanged objects (a 304'd listing's rows, a detail not read again) are not serialised again. */
const lastKeys = new Map<string, { salt: string; data: MatchPageData; key: string }>();

function sameInputs(a: MatchPageData, b: MatchPageData): boolean {
  return (
    a.envelope.match === b.envelope.match &&
    a.envelope.detail === b.envelope.detail &&
    a.envelope.generatedAt === b.envelope.generatedAt &&
    a.envelope.matchReadAt === b.envelope.matchReadAt &&
    a.envelope.stale === b.envelope.stale &&
    a.envelope.source === b.envelope.source &&
    a.today === b.today &&
    a.upstreamUrl === b.upstreamUrl &&
    JSON.stringify(a.positions ?? null) === JSON.stringify(b.positions ?? null)
  );
}

/**
 * Each detail's JSON digested once, not at every key of its match: a listing read again makes new
 * match objects for every row, while a detail is a new object only when its page was read again
 * (it is never changed in place).
 */
const detailDigests = new WeakMap<MatchDetail, string>();

/** What a match's keys hash: its data with the detail by its digest. */
type KeyedData = Omit<MatchPageData, 'envelope'> & {
  envelope: Omit<MatchPageData['envelope'], 'detail'> & { detail: string | null };
};

function detailDigest(detail: MatchDetail): string {
  let digest = detailDigests.get(detail);
  if (digest === undefined) {
    digest = createHash('sha256').update(JSON.stringify(detail)).digest('base64url');
    detailDigests.set(detail, digest);
  }
  return digest;
}

function keyedData(data: MatchPageData): KeyedData {
  const { detail } = data.envelope;
  return { ...data, envelope: { ...data.envelope, detail: detail === null ? null : detailDigest(detail) } };
}

/** The key of what `keyed` holds, salted with the site bundle. */
function hashKeyed(salt: string, keyed: KeyedData): string {
  return createHash('sha256').update(salt).update(JSON.stringify(keyed)).digest('base64url').slice(0, 22);
}

function matchKey(salt: string, id: string, data: MatchPageData): string {
  const last = lastKeys.get(id);
  if (last && last.salt === salt && sameInputs(last.data, data)) return last.key;
  const key = hashKeyed(salt, keyedData(data));
  lastKeys.set(id, { salt, data, key });
  return key;
}

const LIVE_STATUSES: ReadonlySet<string> = new Set(['IN_PLAY', 'PAUSED']);

/**
 * The page's key: the JSON's, but for a match in play without what moves every minute (the minute,
 * the status line that prints it, when the listing and the match page were read). A live page is then
 * rendered again for a goal, a card or a status change, not because its clock moved: the page asks its
 * JSON at once when it opens (src/client/match/match-page.ts) and shows the minute from there.
 */
function matchPageKey(salt: string, data: MatchPageData, key: string): string {
  const { envelope } = data;
  if (!LIVE_STATUSES.has(envelope.match.status)) return key;
  const match = withoutClock(envelope.match);
  const keyed = keyedData(data);
  return hashKeyed(salt, { ...keyed, envelope: { ...keyed.envelope, generatedAt: null, matchReadAt: null, match } });
}

/** The two files of a match: their path in the client folder (the manifest's) and in DATA_DIR/jogos. */
function filesOf(id: string): {
  page: { relative: string; stored: string };
  json: { relative: string; stored: string };
} {
  return {
    page: { relative: `jogo/${id}.html`, stored: `jogo/${id}.html` },
    json: { relative: `api/jogo/${id}`, stored: `api/${id}` },
  };
}

/** A file to write beside its gzip variant (also the archive's day files, archive-files.ts). */
export interface Write {
  target: string;
  relative: string;
  content: Buffer;
  compressed: Buffer | null;
}

export function buildLine(write: Write, builtAt: Date): SiteFile {
  const contentType = contentTypeFor(write.relative);
  return {
    path: write.relative,
    hash: buildContentHash(write.content),
    size: write.content.length,
    lastModified: builtAt.toUTCString(),
    contentType,
    cacheControl: cacheControlFor(write.relative, contentType),
    br: false,
    gzip: write.compressed !== null,
  };
}

/** Writes `bytes` at `file` through a temp file and a rename (a reader sees the old file or the new). */
async function replaceFile(file: string, bytes: Buffer, modified: Date): Promise<void> {
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await fsp.writeFile(temp, bytes);
  await fsp.utimes(temp, modified, modified);
  await fsp.rename(temp, file);
}

/**
 * Writes a match's file and its gzip variant on the thread pool. Not synchronously: a rename over
 * an existing file makes ext4 start writing the new file's blocks (auto_da_alloc), a wait on a busy
 * disk for each of a refresh's many renames, which would all be on the event loop.
 * The variant goes first: a file is never newer than its variant.
 */
export async function writeMatchFile(write: Write, builtAt: Date, madeDirs: Set<string>): Promise<void> {
  const dir = path.dirname(write.target);
  if (!madeDirs.has(dir)) {
    await fsp.mkdir(dir, { recursive: true });
    madeDirs.add(dir);
  }
  if (write.compressed) await replaceFile(`${write.target}.gz`, write.compressed, builtAt);
  else await fsp.rm(`${write.target}.gz`, { force: true });
  await replaceFile(write.target, write.content, builtAt);
}

export async function compress(content: Buffer): Promise<Buffer | null> {
  if (content.length < MIN_COMPRESS_BYTES) return null;
  const compressed = await gzipAsync(content, { level: COMPRESSION_LEVELS.match.gzip });
  // As precompress.ts: a variant that saves almost nothing is not worth a second file.
  return compressed.length < content.length * 0.95 ? compressed : null;
}

/** Links the shared folders into a build: client/jogo and client/api/jogo. */
function linkIntoBuild(dataDir: string, buildId: string): void {
  const client = buildClientDir(dataDir, buildId);
  const shared = matchFilesDir(dataDir);
  for (const [where, inside] of [
    [path.join(client, 'jogo'), 'jogo'],
    [path.join(client, 'api', 'jogo'), 'api'],
  ] as const) {
    fs.mkdirSync(path.join(shared, inside), { recursive: true });
    fs.mkdirSync(path.dirname(where), { recursive: true });
    fs.symlinkSync(path.relative(path.dirname(where), path.join(shared, inside)), where, 'dir');
  }
}

/** The match files of a new build: those whose key changed rendered and written, all linked in. */
export async function makeMatchFiles(input: MatchFilesInput): Promise<MatchFiles> {
  const { dataDir, salt } = input;
  const stored = readIndex(dataDir);
  const before = stored.salt === salt ? stored.matches : {};
  const index: MatchFilesIndex = { salt, matches: { ...before } };
  const files = new Map<string, SiteFile>();
  const madeDirs = new Set<string>();
  let rendered = 0;
  let written = 0;
  // Each changed match is rendered (one at a time: the handler's one connection), then compressed
  // on the thread pool and written while the next renders, and only its manifest lines are kept;
  // at most CONCURRENT_FILES matches wait there. A first build makes thousands: holding them all,
  // or compressing them all at once (each gzip stream holds native memory), would leave the server
  // with memory that malloc keeps.
  // A kill between the files and the index leaves a line describing a match's previous version
  // until it changes again: Placar's server takes a match file's ETag from its bytes anyway.
  /** Writes a match's JSON, and its page unless the kept one still holds (a SiteFile: its line). */
  const compressAndWrite = async (
    id: string,
    keys: { key: string; pageKey: string },
    page: Write | SiteFile,
    json: Write,
  ): Promise<void> => {
    const made = 'content' in page ? page : null;
    const [jsonCompressed, pageCompressed] = await Promise.all([
      compress(json.content),
      made ? compress(made.content) : null,
    ]);
    json.compressed = jsonCompressed;
    if (made) made.compressed = pageCompressed;
    await Promise.all([
      made ? writeMatchFile(made, input.builtAt, madeDirs) : null,
      writeMatchFile(json, input.builtAt, madeDirs),
    ]);
    const pageLine = 'content' in page ? buildLine(page, input.builtAt) : page;
    const entry = { ...keys, page: pageLine, json: buildLine(json, input.builtAt) };
    index.matches[id] = entry;
    files.set(entry.page.path, entry.page);
    files.set(entry.json.path, entry.json);
  };
  const inFlight = new Set<Promise<void>>();
  // The first error of a compress-and-write (an array: a closure's assignment does not narrow).
  const failures: unknown[] = [];
  try {
    for (const [id, data] of input.pages) {
      const key = matchKey(salt, id, data);
      const kept = before[id];
      if (kept?.key === key) {
        files.set(kept.page.path, kept.page);
        files.set(kept.json.path, kept.json);
        continue;
      }
      if (failures.length > 0) break;
      const { page, json } = filesOf(id);
      const pageKey = matchPageKey(salt, data, key);
      // A live match whose clock alone moved keeps its page: only its JSON is written again.
      const keptPage = kept?.pageKey === pageKey ? kept.page : null;
      const target = (stored: string): string => path.join(matchFilesDir(dataDir), ...stored.split('/'));
      const pageWrite = keptPage ?? {
        target: target(page.stored),
        relative: page.relative,
        content: await input.renderPage(matchPagePath(id)),
        compressed: null,
      };
      // The same bytes the site bundle's /api/jogo endpoint answers (Response.json of the envelope).
      const body = Buffer.from(JSON.stringify(data.envelope));
      const job = compressAndWrite(id, { key, pageKey }, pageWrite, {
        target: target(json.stored),
        relative: json.relative,
        content: body,
        compressed: null,
      }).catch((error: unknown) => {
        failures.push(error);
      });
      if (keptPage === null) rendered += 1;
      written += 1;
      inFlight.add(job);
      void job.finally(() => inFlight.delete(job));
      if (inFlight.size >= CONCURRENT_FILES) await Promise.race(inFlight);
    }
  } finally {
    // A render that throws leaves no write running past this build's step (and its lock).
    await Promise.all(inFlight);
  }
  if (failures.length > 0) throw failures[0];
  if (written > 0) await writeIndex(dataDir, index);
  linkIntoBuild(dataDir, input.buildId);
  // Matches no longer listed leave the key cache (their files, the cleanup after the swap).
  for (const id of lastKeys.keys()) if (!input.pages.has(id)) lastKeys.delete(id);
  return { files, rendered };
}

/** The absolute paths of a match's page and JSON in DATA_DIR/jogos (each may have a .gz beside it). */
export function matchFilePaths(dataDir: string, id: string): { page: string; json: string } {
  const { page, json } = filesOf(id);
  const absolute = (stored: string): string => path.join(matchFilesDir(dataDir), ...stored.split('/'));
  return { page: absolute(page.stored), json: absolute(json.stored) };
}

/** Removes a match's two files and their variants. */
export function removeMatchFiles(dataDir: string, id: string): void {
  const { page, json } = matchFilePaths(dataDir, id);
  for (const file of [page, json]) {
    fs.rmSync(file, { force: true });
    fs.rmSync(`${file}.gz`, { force: true });
  }
}

/** Whether the archive holds a match (archive-matches.ts): its files stay, it leaves this index. */
export type IsArchived = (id: string) => boolean;

/**
 * The index's matches `listed` does not hold, or the archive holds, out of the index as steps:
 * their files removed unless archived.
 */
function* removeUnlisted(
  dataDir: string,
  index: MatchFilesIndex,
  listed: ReadonlySet<string>,
  isArchived: IsArchived,
): Steps<number> {
  let removed = 0;
  for (const id of Object.keys(index.matches)) {
    const archived = isArchived(id);
    // An archived match is in the served manifest too (its lines carried by the archive).
    if (listed.has(id) && !archived) continue;
    if (!archived) removeMatchFiles(dataDir, id);
    delete index.matches[id];
    removed += 1;
    yield;
  }
  return removed;
}

/**
 * After the swap (under the refresh lock): the matches the served build does not list (its
 * manifest's match lines) leave the index, their files removed — except those the archive holds
 * (archive-matches.ts), whose files stay. Returns how many matches left the index.
 */
export async function runMatchFilesCleanup(
  dataDir: string,
  served: readonly SiteFile[] | null,
  isArchived: IsArchived = () => false,
): Promise<number> {
  if (served === null) return 0;
  const listed = new Set<string>();
  for (const file of served) if (file.path.startsWith('api/jogo/')) listed.add(file.path.slice('api/jogo/'.length));
  const index = { ...readIndex(dataDir) };
  index.matches = { ...index.matches };
  const removed = await runInSlices(removeUnlisted(dataDir, index, listed, isArchived));
  if (removed > 0) await writeIndex(dataDir, index);
  return removed;
}

/** The index's matches `listed` does not hold, with their manifest lines (the archive may take them). */
export function unlistedMatchFiles(
  dataDir: string,
  listed: ReadonlySet<string>,
): Map<string, { page: SiteFile; json: SiteFile }> {
  const unlisted = new Map<string, { page: SiteFile; json: SiteFile }>();
  for (const [id, entry] of Object.entries(readIndex(dataDir).matches))
    if (!listed.has(id)) unlisted.set(id, { page: entry.page, json: entry.json });
  return unlisted;
}
