/**
 * Files of a build made per key (a competition's table, a team's home) rendered only when what they are made from
 * changed since the build before, else carried from that build (hard links: the same bytes, so precompress also
 * links their variants and keeps their Last-Modified). Each file is decided alone, by its own view of the data: a
 * team's calendar stays while only its live score moves. The key of each file's data (salted with the site bundle)
 * is kept with the build it went into, in this process and in the build's folder (`<kind>-keys.json`, beside its
 * manifest): a refresh run as its own process (`npm run refresh` on a timer) or after a restart carries what the
 * served build holds instead of rendering every one again.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DataRoute } from '../../lib/api/data-routes.ts';
import { z } from 'zod';
import { errorCode } from '../../lib/model/caught-error.ts';
import { buildClientDir, buildDir } from '../../lib/store/builds/build-layout.ts';
import { readCurrentBuildId } from '../../lib/store/builds/current-link.ts';
import { readJsonFileOr, writeJsonAtomicallyAsync } from '../../lib/store/files/json-file.ts';
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
  /**
   * What decides whether each file of one key changed, by route (default: the whole data for every file); called once
   * per key, and a value two files share is hashed once.
   */
  fileData?: (data: T) => (route: DataRoute) => unknown;
  /**
   * At most this many rendered in one build (default: all). The others keep the build before's files when it has
   * them (an older version) and are rendered by the next builds, in `pages`' order: a build stays within its time
   * limit however many there are to make at once (a first build of a very long day).
   */
  maxRendered?: number;
}

/** Per kind and data folder: the build the files were last made into, and each file's key there. */
const madeFiles = new Map<string, { buildId: string; keys: Map<string, string> }>();

/** A build's keys of one kind, by file: written with the build, read by the next one (another process too). */
const KeysFileSchema = z.record(z.string(), z.string());

const keysFile = (dataDir: string, buildId: string, kind: string): string =>
  path.join(buildDir(dataDir, buildId), `${kind}-keys.json`);

/** The keys of the files of the served build: this process's, else the build's file (none: every one is rendered). */
function servedKeys(made: string, dataDir: string, served: string | null, kind: string): ReadonlyMap<string, string> {
  if (served === null) return new Map();
  const kept = madeFiles.get(made);
  if (kept?.buildId === served) return kept.keys;
  return new Map(Object.entries(readJsonFileOr(keysFile(dataDir, served, kind), KeysFileSchema, {})));
}

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
  const before = servedKeys(made, dataDir, served, kind.name);
  const previousDir = served === null ? null : buildClientDir(dataDir, served);
  const clientDir = buildClientDir(dataDir, buildId);
  const keys = new Map<string, string>();
  let rendered = 0;
  madeFiles.delete(made);
  for (const [name, data] of pages) {
    const routes = kind.routesOf(name);
    const toRender: DataRoute[] = [];
    const dataOfFile = kind.fileData?.(data) ?? (() => data);
    const hashed = new Map<unknown, string>();
    for (const route of routes) {
      const view = dataOfFile(route);
      const key = hashed.get(view) ?? dataKey(salt, view);
      hashed.set(view, key);
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
  // Not durable: a keys file lost with a crash only costs a refresh that renders every one again.
  await writeJsonAtomicallyAsync(keysFile(dataDir, buildId, kind.name), Object.fromEntries(keys), { durable: false });
  madeFiles.set(made, { buildId, keys });
  return { rendered };
}
