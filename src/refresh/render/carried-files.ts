/**
 * Files of a build made per key (a competition's table, a team's home) rendered only when what they are made from
 * changed since the build before, else carried from that build (hard links: the same bytes, so precompress also
 * links their variants and keeps their Last-Modified). Each file is decided alone, by its own view of the data: a
 * team's calendar stays while only its live score moves. The key of each file's data (salted with the site bundle)
 * is kept in this process with the build it went into; when the served build is another (a build another process
 * made, one that failed, a restart), every one is rendered.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DataRoute } from '../../lib/api/data-routes.ts';
import { errorCode } from '../../lib/model/caught-error.ts';
import { buildClientDir } from '../../lib/store/builds/build-layout.ts';
import { readCurrentBuildId } from '../../lib/store/builds/current-link.ts';
import { linkOrCopySync } from '../link-or-copy.ts';
import { type RouteRenderer, writeRenderedRoutes } from './render-routes.ts';

export interface CarriedFilesInput<T> {
  dataDir: string;
  buildId: string;
  pages: ReadonlyMap<string, T>;
  /** Changes with the site bundle: a new version renders every one again. */
  salt: string;
  renderer: RouteRenderer;
}

export interface CarriedFilesKind<T> {
  /** Which files these are: each kind keeps its own keys. */
  name: string;
  routesOf: (key: string) => DataRoute[];
  /** What decides whether the file of `route` changed (default: the whole data). */
  dataOf?: (data: T, route: DataRoute) => unknown;
  /**
   * At most this many rendered in one build (default: all). The others keep the build before's files when it has
   * them (an older version) and are rendered by the next builds, in `pages`' order: a build stays within its time
   * limit however many there are to make at once (a first build of a very long day).
   */
  maxRendered?: number;
}

/** Per kind and data folder: the build the files were last made into, and each file's key there. */
const madeFiles = new Map<string, { buildId: string; keys: Map<string, string> }>();

const dataKey = (salt: string, data: unknown): string =>
  createHash('sha256').update(salt).update(JSON.stringify(data)).digest('base64url').slice(0, 22);

/**
 * Links the file of `route` of `fromDir` into `toDir`; false when it is missing there (then it is rendered).
 * Links are made synchronously (tens of microseconds each): a round trip through the thread pool per file cost more,
 * on a busy machine, than rendering.
 */
function carryFile(route: DataRoute, fromDir: string, toDir: string): boolean {
  const to = path.join(toDir, ...route.file.split('/'));
  try {
    fs.mkdirSync(path.dirname(to), { recursive: true });
    linkOrCopySync(path.join(fromDir, ...route.file.split('/')), to);
    return true;
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
    return false;
  }
}

/**
 * Writes the files of every one of `pages` into the build; returns how many were rendered (one or more of their files;
 * the others carried).
 */
export async function makeCarriedFiles<T>(
  kind: CarriedFilesKind<T>,
  input: CarriedFilesInput<T>,
): Promise<{ rendered: number }> {
  const { dataDir, buildId, pages, salt, renderer } = input;
  const made = `${kind.name}\n${dataDir}`;
  const served = readCurrentBuildId(dataDir);
  const previous = madeFiles.get(made);
  const before = previous && previous.buildId === served ? previous.keys : new Map<string, string>();
  const previousDir = served === null ? null : buildClientDir(dataDir, served);
  const clientDir = buildClientDir(dataDir, buildId);
  const keys = new Map<string, string>();
  let rendered = 0;
  madeFiles.delete(made);
  for (const [name, data] of pages) {
    const routes = kind.routesOf(name);
    const toRender: DataRoute[] = [];
    for (const route of routes) {
      const key = dataKey(salt, kind.dataOf ? kind.dataOf(data, route) : data);
      keys.set(route.file, key);
      if (previousDir === null || before.get(route.file) !== key || !carryFile(route, previousDir, clientDir))
        toRender.push(route);
    }
    if (toRender.length === 0) continue;
    if (rendered >= (kind.maxRendered ?? Number.POSITIVE_INFINITY)) {
      // Left for a later build: no key is kept, so the next one renders it; the older files stand in meanwhile.
      for (const route of toRender) {
        keys.delete(route.file);
        if (previousDir !== null) carryFile(route, previousDir, clientDir);
      }
      continue;
    }
    await writeRenderedRoutes(renderer, toRender, clientDir);
    rendered += 1;
  }
  madeFiles.set(made, { buildId, keys });
  return { rendered };
}
