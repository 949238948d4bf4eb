/**
 * Each match's /jogo/{id} and /api/jogo/{id}, made so that a refresh costs what changed, not what
 * the day holds. The files live in generations, one folder per competition:
 *   DATA_DIR/jogos/<slug>/<generation>/jogo/<rest>.html(.br, .gz)   the page
 *   DATA_DIR/jogos/<slug>/<generation>/api/<rest>(.br, .gz)         the JSON
 * and a build links each competition in: builds/<id>/client/jogo/<slug> and client/api/jogo/<slug>
 * are symlinks to its generation. A generation is never changed once a build uses it, so every
 * build stays whole and immutable, as the rest of the site. Per match, a key of the data its two
 * files are made from (salted with the site bundle: a new version makes all again) is kept in
 * builds/<id>/match-pages.json; a competition whose keys all match the previous build's keeps its
 * generation, another gets a new one, where its unchanged matches' files are hard-linked from the
 * old one (with their manifest lines) and only the changed ones are rendered and compressed.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { matchPagePath } from '../lib/model/match-paths.ts';
import type { MatchPageData } from '../lib/display/match-page-data.ts';
import { buildContentHash } from '../lib/api/etag.ts';
import { cacheControlFor, contentTypeFor } from '../lib/api/headers-policy.ts';
import { buildClientDir, buildDir } from '../lib/store/build-layout.ts';
import { readJsonFileOr, writeJsonAtomicallyAsync } from '../lib/store/json-file.ts';
import type { SiteFile, SiteManifest } from '../lib/store/site-manifest.ts';
import type { Steps } from '../lib/model/steps.ts';
import { runInSlices } from '../lib/slices/run-in-slices.ts';
import { COMPRESSION_LEVELS, writeCompressedVariants } from './precompress.ts';
import { linkOrCopySync } from './link-or-copy.ts';

export const MATCH_FILES_FOLDER = 'jogos';
const MATCH_PAGES_FILE = 'match-pages.json';
/** Rendered match files compressed and written at once. */
const WRITES_AT_ONCE = 8;

const CompetitionIndexSchema = z.object({ generation: z.string(), keys: z.record(z.string(), z.string()) });
const MatchFileIndexSchema = z.object({
  salt: z.string(),
  competitions: z.record(z.string(), CompetitionIndexSchema),
});
export type MatchFileIndex = z.infer<typeof MatchFileIndexSchema>;

/** Renders one route of the site bundle (render-routes.ts): the page's bytes, or it throws. */
export type RenderRoute = (routePath: string) => Promise<Buffer>;

export interface MatchFilesInput {
  dataDir: string;
  buildId: string;
  pages: ReadonlyMap<string, MatchPageData>;
  /** Changes with the site bundle: a new version renders every page again. */
  salt: string;
  /** The build this one replaces: its index and manifest (null on a first build). */
  previous: { index: MatchFileIndex; manifest: SiteManifest } | null;
  renderPage: RenderRoute;
  builtAt: Date;
}

export interface MatchFiles {
  /** The manifest lines of every match file of the build. */
  files: Map<string, SiteFile>;
  index: MatchFileIndex;
  /** Matches whose files were rendered this time. */
  rendered: number;
  /** Competitions given a new generation. */
  generations: number;
}

export function matchFilesDir(dataDir: string): string {
  return path.join(dataDir, MATCH_FILES_FOLDER);
}

function generationDir(dataDir: string, slug: string, generation: string): string {
  return path.join(matchFilesDir(dataDir), slug, generation);
}

export function readMatchFileIndex(dataDir: string, buildId: string): MatchFileIndex | null {
  const file = path.join(buildDir(dataDir, buildId), MATCH_PAGES_FILE);
  return readJsonFileOr(file, MatchFileIndexSchema.nullable(), null);
}

/** The last key made per match, with what it was made from: unchanged objects (a 304'd listing's rows, a detail not read again) are not serialised again. */
const lastKeys = new Map<string, { salt: string; data: MatchPageData; key: string }>();

function sameInputs(a: MatchPageData, b: MatchPageData): boolean {
  return (
    a.envelope.match === b.envelope.match &&
    a.envelope.detail === b.envelope.detail &&
    a.envelope.generatedAt === b.envelope.generatedAt &&
    a.envelope.stale === b.envelope.stale &&
    a.envelope.source === b.envelope.source &&
    a.today === b.today &&
    a.upstreamUrl === b.upstreamUrl
  );
}

function matchKey(salt: string, id: string, data: MatchPageData): string {
  const last = lastKeys.get(id);
  if (last && last.salt === salt && sameInputs(last.data, data)) return last.key;
  const key = createHash('sha256').update(salt).update(JSON.stringify(data)).digest('base64url').slice(0, 22);
  lastKeys.set(id, { salt, data, key });
  return key;
}

/** "brasileirao-serie-a/21-11-2026-a-x-b" → ["brasileirao-serie-a", "21-11-2026-a-x-b"]. */
function splitId(id: string): [slug: string, rest: string] {
  const slash = id.indexOf('/');
  return [id.slice(0, slash), id.slice(slash + 1)];
}

/** The two files of a match: where they are in the client folder (the manifest's path), and in a generation. */
function filesOf(id: string): { relative: string; inGeneration: string }[] {
  const [, rest] = splitId(id);
  return [
    { relative: `jogo/${id}.html`, inGeneration: `jogo/${rest}.html` },
    { relative: `api/jogo/${id}`, inGeneration: `api/${rest}` },
  ];
}

/** A carried file (and its variant): hard links from the competition's last generation. */
interface Carry {
  from: string;
  to: string;
  line: SiteFile;
}

/**
 * The file-system side of a build's match files, as steps of synchronous calls (run in slices,
 * like the parse: each call is tens of microseconds, and a thousand through the thread pool cost
 * more in scheduling than in work): the generations' folders, the carried files' links, and each
 * competition's two symlinks in the build.
 */
function* linkMatchFiles(
  folders: ReadonlySet<string>,
  carries: readonly Carry[],
  competitions: readonly { slug: string; generationDir: string }[],
  clientDir: string,
): Steps<void> {
  for (const folder of folders) {
    fs.mkdirSync(folder, { recursive: true });
    yield;
  }
  for (const { from, to, line } of carries) {
    linkOrCopySync(from, to);
    if (line.gzip) linkOrCopySync(`${from}.gz`, `${to}.gz`);
    if (line.br) linkOrCopySync(`${from}.br`, `${to}.br`);
    yield;
  }
  const wheres = [
    [path.join(clientDir, 'jogo'), 'jogo'],
    [path.join(clientDir, 'api', 'jogo'), 'api'],
  ] as const;
  for (const [where] of wheres) fs.mkdirSync(where, { recursive: true });
  for (const { slug, generationDir: dir } of competitions) {
    for (const [where, inside] of wheres)
      fs.symlinkSync(path.relative(where, path.join(dir, inside)), path.join(where, slug), 'dir');
    yield;
  }
}

async function writeMatchFile(target: string, relative: string, content: Buffer, builtAt: Date): Promise<SiteFile> {
  await fsp.writeFile(target, content);
  const contentType = contentTypeFor(relative);
  const variants = await writeCompressedVariants(target, content, contentType, COMPRESSION_LEVELS.match, builtAt);
  await fsp.utimes(target, builtAt, builtAt);
  return {
    path: relative,
    hash: buildContentHash(content),
    size: content.length,
    lastModified: builtAt.toUTCString(),
    contentType,
    cacheControl: cacheControlFor(relative, contentType),
    br: variants.br,
    gzip: variants.gzip,
  };
}

function sameKeys(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const ids = Object.keys(a);
  return ids.length === Object.keys(b).length && ids.every((id) => a[id] === b[id]);
}

/** The match files of a new build: each competition's generation kept, or made anew with only its changes rendered. */
export async function makeMatchFiles(input: MatchFilesInput): Promise<MatchFiles> {
  const { dataDir, buildId, salt, previous } = input;
  const before = previous?.index.salt === salt ? previous.index.competitions : {};
  const previousFiles = new Map((previous?.manifest.files ?? []).map((file) => [file.path, file]));
  const bySlug = new Map<string, [string, MatchPageData][]>();
  for (const [id, data] of input.pages) {
    const [slug] = splitId(id);
    bySlug.set(slug, [...(bySlug.get(slug) ?? []), [id, data]]);
  }
  const files = new Map<string, SiteFile>();
  const index: MatchFileIndex = { salt, competitions: {} };
  let rendered = 0;
  let generations = 0;
  const folders = new Set<string>();
  const carries: Carry[] = [];
  const writes: { target: string; relative: string; content: Buffer }[] = [];
  const competitions: { slug: string; generationDir: string }[] = [];
  for (const [slug, matches] of bySlug) {
    const keys = Object.fromEntries(matches.map(([id, data]) => [id, matchKey(salt, id, data)]));
    const old = before[slug];
    const keptLines = (id: string): SiteFile[] | null => {
      const lines = filesOf(id).map(({ relative }) => previousFiles.get(relative));
      return lines.every((line) => line !== undefined) ? (lines as SiteFile[]) : null;
    };
    if (old && sameKeys(old.keys, keys) && matches.every(([id]) => keptLines(id) !== null)) {
      for (const [id] of matches) for (const line of keptLines(id) ?? []) files.set(line.path, line);
      index.competitions[slug] = { generation: old.generation, keys };
      competitions.push({ slug, generationDir: generationDir(dataDir, slug, old.generation) });
      continue;
    }
    const dir = generationDir(dataDir, slug, buildId);
    for (const [id, data] of matches) {
      const lines = old && old.keys[id] === keys[id] ? keptLines(id) : null;
      if (lines && old) {
        const from = generationDir(dataDir, slug, old.generation);
        filesOf(id).forEach(({ inGeneration }, i) => {
          const line = lines[i] as SiteFile;
          const to = path.join(dir, inGeneration);
          folders.add(path.dirname(to));
          carries.push({ from: path.join(from, inGeneration), to, line });
          files.set(line.path, line);
        });
        continue;
      }
      const [page, json] = filesOf(id);
      if (!page || !json) continue;
      // Rendered one at a time (the handler's one connection); written and compressed below.
      const html = await input.renderPage(matchPagePath(id));
      // The same bytes the site bundle's /api/jogo endpoint answers (Response.json of the envelope).
      const body = Buffer.from(JSON.stringify(data.envelope));
      for (const [file, content] of [
        [page, html],
        [json, body],
      ] as const) {
        const target = path.join(dir, file.inGeneration);
        folders.add(path.dirname(target));
        writes.push({ target, relative: file.relative, content });
      }
      rendered += 1;
    }
    index.competitions[slug] = { generation: buildId, keys };
    competitions.push({ slug, generationDir: dir });
    generations += 1;
  }
  await runInSlices(linkMatchFiles(folders, carries, competitions, buildClientDir(dataDir, buildId)));
  // Compression waits on the thread pool: a few files at a time keep it busy.
  for (let start = 0; start < writes.length; start += WRITES_AT_ONCE) {
    const batch = writes.slice(start, start + WRITES_AT_ONCE);
    const lines = await Promise.all(
      batch.map(({ target, relative, content }) => writeMatchFile(target, relative, content, input.builtAt)),
    );
    for (const line of lines) files.set(line.path, line);
  }
  // Matches no longer listed leave the cache.
  for (const id of lastKeys.keys()) if (!input.pages.has(id)) lastKeys.delete(id);
  await writeJsonAtomicallyAsync(path.join(buildDir(dataDir, buildId), MATCH_PAGES_FILE), index);
  return { files, index, rendered, generations };
}

/** The generations of `root` (DATA_DIR/jogos) no build of `used` links, removed file by file as steps. */
function* removeGenerations(root: string, used: ReadonlySet<string>): Steps<number> {
  let removed = 0;
  for (const slug of readNames(root)) {
    const generations = readNames(path.join(root, slug));
    for (const generation of generations) {
      const dir = path.join(root, slug, generation);
      if (used.has(dir)) continue;
      for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
        if (entry.isDirectory()) continue;
        fs.rmSync(path.join(entry.parentPath, entry.name), { force: true });
        yield;
      }
      fs.rmSync(dir, { recursive: true, force: true });
      removed += 1;
    }
    if (generations.every((generation) => !used.has(path.join(root, slug, generation))))
      fs.rmSync(path.join(root, slug), { recursive: true, force: true });
  }
  return removed;
}

function readNames(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

/** Removes the generations no build links any more (run after the builds' cleanup, under the refresh lock). */
export async function runMatchFilesCleanup(dataDir: string, buildIds: readonly string[]): Promise<number> {
  const used = new Set<string>();
  for (const id of buildIds) {
    for (const where of ['jogo', path.join('api', 'jogo')]) {
      const dir = path.join(buildClientDir(dataDir, id), where);
      for (const slug of readNames(dir)) {
        try {
          used.add(path.dirname(path.resolve(dir, fs.readlinkSync(path.join(dir, slug)))));
        } catch {
          // Not a link: nothing of DATA_DIR/jogos is used through it.
        }
      }
    }
  }
  return runInSlices(removeGenerations(matchFilesDir(dataDir), used));
}
