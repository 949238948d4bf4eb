/**
 * Each match's /jogo/{id} and /api/jogo/{id}, rendered only when what they show changed: every
 * build keeps, per match, a key of the data its two files were made from (builds/<id>/match-pages.json,
 * salted with the site bundle, so a new version renders all again); the next build renders the
 * matches whose key changed and hard-links the others' files (and their .br/.gz) from the build
 * it replaces, with their manifest lines, so they are neither rendered, read nor compressed again.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { buildMatchRoutes, type DataRoute } from '../lib/api/data-routes.ts';
import { errorCode } from '../lib/model/caught-error.ts';
import type { MatchPageData } from '../lib/display/match-page-data.ts';
import { buildDir } from '../lib/store/build-layout.ts';
import { readJsonFileOr, writeJsonAtomicallyAsync } from '../lib/store/json-file.ts';
import type { SiteFile, SiteManifest } from '../lib/store/site-manifest.ts';

const MATCH_PAGES_FILE = 'match-pages.json';

const MatchPageKeysSchema = z.object({ salt: z.string(), keys: z.record(z.string(), z.string()) });
export type MatchPageKeys = z.infer<typeof MatchPageKeysSchema>;

export interface MatchRoutePlan {
  /** The routes to render in this build. */
  render: DataRoute[];
  /** Files of unchanged matches taken from the previous build, with their manifest lines. */
  carried: Map<string, SiteFile>;
  keys: MatchPageKeys;
}

function matchPageKey(salt: string, data: MatchPageData): string {
  return createHash('sha256').update(salt).update(JSON.stringify(data)).digest('base64url').slice(0, 22);
}

export function matchPageKeysPath(dataDir: string, buildId: string): string {
  return path.join(buildDir(dataDir, buildId), MATCH_PAGES_FILE);
}

export function readMatchPageKeys(dataDir: string, buildId: string): MatchPageKeys | null {
  return readJsonFileOr(matchPageKeysPath(dataDir, buildId), MatchPageKeysSchema.nullable(), null);
}

export async function writeMatchPageKeysAsync(dataDir: string, buildId: string, keys: MatchPageKeys): Promise<void> {
  await writeJsonAtomicallyAsync(matchPageKeysPath(dataDir, buildId), keys);
}

/** Pure: what to render, what to carry (a match whose files and key are all in the previous build). */
export function planMatchRoutes(
  pages: ReadonlyMap<string, MatchPageData>,
  salt: string,
  previous: { keys: MatchPageKeys; manifest: SiteManifest } | null,
): MatchRoutePlan {
  const before = previous?.keys.salt === salt ? previous.keys.keys : {};
  const files = new Map((previous?.manifest.files ?? []).map((file) => [file.path, file]));
  const render: DataRoute[] = [];
  const carried = new Map<string, SiteFile>();
  const keys: Record<string, string> = {};
  for (const [id, data] of pages) {
    const key = matchPageKey(salt, data);
    keys[id] = key;
    const routes = buildMatchRoutes(id);
    const kept = before[id] === key ? routes.map((route) => files.get(route.file)) : [];
    if (kept.length === routes.length && kept.every((file) => file !== undefined)) {
      for (const file of kept) if (file) carried.set(file.path, file);
    } else render.push(...routes);
  }
  return { render, carried, keys: { salt, keys } };
}

async function linkFile(from: string, to: string): Promise<void> {
  try {
    await fs.link(from, to);
  } catch (error) {
    const code = errorCode(error);
    if (code !== 'EXDEV' && code !== 'EPERM') throw error;
    await fs.copyFile(from, to);
  }
}

/** Hard-links the carried files and their variants from `fromDir` into `toDir`. */
export async function carryMatchFiles(
  carried: ReadonlyMap<string, SiteFile>,
  fromDir: string,
  toDir: string,
): Promise<void> {
  const made = new Set<string>();
  for (const file of carried.values()) {
    const from = path.join(fromDir, ...file.path.split('/'));
    const to = path.join(toDir, ...file.path.split('/'));
    const dir = path.dirname(to);
    if (!made.has(dir)) {
      await fs.mkdir(dir, { recursive: true });
      made.add(dir);
    }
    await linkFile(from, to);
    if (file.br) await linkFile(`${from}.br`, `${to}.br`);
    if (file.gzip) await linkFile(`${from}.gz`, `${to}.gz`);
  }
}
