/**
 * Each competition's /tabela/{slug} and /api/tabela/{slug} in a build: rendered only when what they are made from
 * changed since the build before, else carried from that build (hard links: the same bytes, so precompress also
 * links their variants and keeps their Last-Modified). A table with no match in play changes only when its page is
 * read again (every few hours) or a crest arrives, so most of a refresh's tables are carried (group 13 of the
 * benchmark: two routes per competition rendered and compressed at every refresh cost more than the listings).
 * Unlike the match files they are not shared between builds: a few dozen small files, linked into each. The key of
 * each table (its data, salted with the site bundle) is kept in this process with the build it went into; when the
 * served build is another (a build another process made, one that failed, a restart), every table is rendered.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildStandingsRoutes } from '../../lib/api/data-routes.ts';
import type { StandingsPageData } from '../../lib/display/standings-data.ts';
import { errorCode } from '../../lib/model/caught-error.ts';
import { buildClientDir } from '../../lib/store/builds/build-layout.ts';
import { readCurrentBuildId } from '../../lib/store/builds/current-link.ts';
import { linkOrCopySync } from '../link-or-copy.ts';
import { type RouteRenderer, writeRenderedRoutes } from './render-routes.ts';

export interface TableFilesInput {
  dataDir: string;
  buildId: string;
  pages: ReadonlyMap<string, StandingsPageData>;
  /** Changes with the site bundle: a new version renders every table again. */
  salt: string;
  renderer: RouteRenderer;
}

/** Per data folder: the build the tables were last made into, and each table's key there. */
const madeTables = new Map<string, { buildId: string; keys: Map<string, string> }>();

const tableKey = (salt: string, data: StandingsPageData): string =>
  createHash('sha256').update(salt).update(JSON.stringify(data)).digest('base64url').slice(0, 22);

/**
 * Links the table's files of `fromDir` into `toDir`; false when one is missing there (then it is rendered). Links are
 * made synchronously (tens of microseconds each): a round trip through the thread pool per file cost more, on a
 * busy machine, than rendering the table.
 */
function carryTable(slug: string, fromDir: string, toDir: string): boolean {
  try {
    for (const route of buildStandingsRoutes(slug)) {
      const to = path.join(toDir, ...route.file.split('/'));
      fs.mkdirSync(path.dirname(to), { recursive: true });
      linkOrCopySync(path.join(fromDir, ...route.file.split('/')), to);
    }
    return true;
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
    return false;
  }
}

/** Writes every table of `pages` into the build; returns how many were rendered (the others were carried). */
export async function makeTableFiles(input: TableFilesInput): Promise<{ rendered: number }> {
  const { dataDir, buildId, pages, salt, renderer } = input;
  const served = readCurrentBuildId(dataDir);
  const made = madeTables.get(dataDir);
  const before = made && made.buildId === served ? made.keys : new Map<string, string>();
  const previousDir = served === null ? null : buildClientDir(dataDir, served);
  const clientDir = buildClientDir(dataDir, buildId);
  const keys = new Map<string, string>();
  let rendered = 0;
  madeTables.delete(dataDir);
  for (const [slug, data] of pages) {
    const key = tableKey(salt, data);
    keys.set(slug, key);
    if (previousDir !== null && before.get(slug) === key && carryTable(slug, previousDir, clientDir)) continue;
    await writeRenderedRoutes(renderer, buildStandingsRoutes(slug), clientDir);
    rendered += 1;
  }
  madeTables.set(dataDir, { buildId, keys });
  return { rendered };
}
