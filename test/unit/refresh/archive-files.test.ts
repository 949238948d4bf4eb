/**
 * The archive's part of a build (src/refresh/render/archive-files.ts, archive-matches.ts) on a
 * real DATA_DIR: yesterday's listing kept under its day across midnight, finished matches that
 * left the listings archived with their files untouched (and kept by the cleanup after the swap),
 * days and matches past ARCHIVE_DAYS removed with their files, the days made again only
 * when their listing or the site bundle changes, and an earlier bundle's assets kept for the pages
 * made with it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListEnvelope } from '../../../src/lib/model/model.ts';
import { readArchiveIndex, readDayListing, writeArchiveIndex } from '../../../src/lib/store/scraped/archive-store.ts';
import { buildClientDir, buildManifestPath } from '../../../src/lib/store/builds/build-layout.ts';
import { writeSiteManifest, type SiteFile } from '../../../src/lib/store/builds/site-manifest.ts';
import { loadStaticSite } from '../../../src/server/site/static-site.ts';
import { makeArchiveFiles, type ArchiveFilesInput } from '../../../src/refresh/render/archive-files.ts';
import { keepArchived, runExpiredMatchFilesCleanup } from '../../../src/refresh/render/archive-matches.ts';
import { matchFilePaths, matchFilesDir, runMatchFilesCleanup } from '../../../src/refresh/render/match-files.ts';
import { buildEnvelope, readExpectedMatches } from '../../../harness/fixture-snapshot.ts';

const UPSTREAM = 'http://127.0.0.1:9';
const FINISHED = 'campeonato-portugues/20-11-2026-benfica-x-porto';
const POSTPONED = 'campeonato-portugues/20-11-2026-sporting-x-braga';
const dirs: string[] = [];
let builds = 0;

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function newDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-arquivo-unit-'));
  dirs.push(dir);
  return dir;
}

const yesterdayListing = (generatedAt: string, matches = readExpectedMatches('ontem')): ListEnvelope =>
  buildEnvelope(UPSTREAM, 'ontem', matches, generatedAt);

/** The pages a fake site bundle renders: the day and its match count, long enough to be compressed. */
const renderDay = async (day: string, listing: ListEnvelope): Promise<Buffer> =>
  Buffer.from(`<p>${day}: ${listing.count} jogos</p>\n`.repeat(30));

function inputFor(dataDir: string, overrides: Partial<ArchiveFilesInput>): ArchiveFilesInput {
  builds += 1;
  return {
    dataDir,
    buildId: `build-${builds}`,
    yesterday: yesterdayListing('2026-11-21T20:00:00-03:00'),
    today: '2026-11-21',
    archiveDays: 3,
    salt: 'pacote-1',
    renderDay,
    builtAt: new Date('2026-11-21T23:00:00Z'),
    listed: new Set(),
    unlisted: new Map(),
    ...overrides,
  };
}

function lineOf(relative: string): SiteFile {
  return {
    path: relative,
    hash: `hash-${relative}`,
    size: 10,
    lastModified: 'Sat, 21 Nov 2026 23:00:00 GMT',
    contentType: relative.startsWith('api/') ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    cacheControl: 'public, max-age=0',
    br: false,
    gzip: true,
  };
}

/** A match's files as match-files.ts leaves them, with its index line; returns its manifest lines. */
function writeMatchFiles(dataDir: string, id: string, status: string): { page: SiteFile; json: SiteFile } {
  const { page, json } = matchFilePaths(dataDir, id);
  for (const file of [page, json]) fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(page, `<h1>${id}</h1>`);
  fs.writeFileSync(`${page}.gz`, 'gz');
  fs.writeFileSync(json, JSON.stringify({ match: { id, status, date: '2026-11-20' } }));
  fs.writeFileSync(`${json}.gz`, 'gz');
  const lines = { page: lineOf(`jogo/${id}.html`), json: lineOf(`api/jogo/${id}`) };
  const indexFile = path.join(matchFilesDir(dataDir), 'index.json');
  const index = fs.existsSync(indexFile) ? JSON.parse(fs.readFileSync(indexFile, 'utf8')) : { salt: 's', matches: {} };
  index.matches[id] = { key: 'k', ...lines };
  fs.writeFileSync(indexFile, JSON.stringify(index));
  return lines;
}

describe('past days', () => {
  it('keeps yesterday under its day, replaced by a newer fetch, and still there after midnight', async () => {
    const dataDir = newDataDir();
    const first = await makeArchiveFiles(inputFor(dataDir, {}));
    expect(first.days).toEqual(['2026-11-20']);
    expect(first.rendered).toBe(1);
    expect([...first.files.keys()].sort()).toEqual(['api/dia/2026-11-20', 'dia/2026-11-20.html']);
    const kept = readDayListing(dataDir, '2026-11-20');
    expect(kept).toMatchObject({ count: 6, stale: false, generatedAt: '2026-11-21T20:00:00-03:00' });
    const jsonFile = path.join(dataDir, 'arquivo', 'site', 'api', 'dia', '2026-11-20');
    expect(fs.readFileSync(jsonFile, 'utf8')).toBe(JSON.stringify(kept));
    expect(fs.readlinkSync(path.join(dataDir, 'builds', 'build-1', 'client', 'dia'))).toContain('arquivo');

    expect((await makeArchiveFiles(inputFor(dataDir, {}))).rendered, 'the same fetch: nothing made again').toBe(0);
    const lastBeforeMidnight = yesterdayListing('2026-11-21T23:00:00-03:00', readExpectedMatches('ontem').slice(0, 5));
    expect((await makeArchiveFiles(inputFor(dataDir, { yesterday: lastBeforeMidnight }))).rendered).toBe(1);

    const afterMidnight = await makeArchiveFiles(
      inputFor(dataDir, { today: '2026-11-22', yesterday: yesterdayListing('2026-11-22T00:00:05-03:00', []) }),
    );
    expect(afterMidnight.days).toEqual(['2026-11-21', '2026-11-20']);
    expect(readDayListing(dataDir, '2026-11-20')).toMatchObject({ count: 5, generatedAt: '2026-11-21T23:00:00-03:00' });
    expect(readDayListing(dataDir, '2026-11-21')).toMatchObject({ count: 0 });
  });

  it('reads a kept day once per version on disk (every render reads every kept day), a rewritten one again', async () => {
    const dataDir = newDataDir();
    await makeArchiveFiles(inputFor(dataDir, {}));
    const first = readDayListing(dataDir, '2026-11-20');
    expect(readDayListing(dataDir, '2026-11-20')).toBe(first);
    const later = yesterdayListing('2026-11-21T23:00:00-03:00', readExpectedMatches('ontem').slice(0, 5));
    await makeArchiveFiles(inputFor(dataDir, { yesterday: later }));
    const rewritten = readDayListing(dataDir, '2026-11-20');
    expect(rewritten).not.toBe(first);
    expect(rewritten).toMatchObject({ count: 5, generatedAt: '2026-11-21T23:00:00-03:00' });
  });

  it('keeps a day’s matches through an empty fetch of that day (the upstream’s glitch: a day over loses no match)', async () => {
    const dataDir = newDataDir();
    await makeArchiveFiles(inputFor(dataDir, {}));
    const glitch = yesterdayListing('2026-11-21T22:00:00-03:00', []);
    expect((await makeArchiveFiles(inputFor(dataDir, { yesterday: glitch }))).rendered).toBe(0);
    expect(readDayListing(dataDir, '2026-11-20')).toMatchObject({ count: 6, generatedAt: '2026-11-21T20:00:00-03:00' });
    // The next good fetch is kept as ever.
    const later = yesterdayListing('2026-11-21T23:00:00-03:00', readExpectedMatches('ontem').slice(0, 5));
    expect((await makeArchiveFiles(inputFor(dataDir, { yesterday: later }))).rendered).toBe(1);
    expect(readDayListing(dataDir, '2026-11-20')).toMatchObject({ count: 5, generatedAt: '2026-11-21T23:00:00-03:00' });
  });

  it('serves a day kept in another order (an earlier version kept what it was given) in play order', async () => {
    const dataDir = newDataDir();
    const [bayern, leverkusen, benfica, sporting, ...france] = readExpectedMatches('ontem');
    if (!bayern || !leverkusen || !benfica || !sporting) throw new Error('the ontem sample changed');
    const later = { ...bayern, kickoff: '2026-11-20T16:30:00-03:00' };
    const earlier = { ...leverkusen, kickoff: '2026-11-20T14:00:00-03:00' };
    const outOfOrder = [later, earlier, sporting, benfica, ...france];
    const { files } = await makeArchiveFiles(
      inputFor(dataDir, { yesterday: yesterdayListing('2026-11-21T20:00:00-03:00', outOfOrder) }),
    );
    expect(files.has('api/dia/2026-11-20')).toBe(true);
    const jsonFile = path.join(dataDir, 'arquivo', 'site', 'api', 'dia', '2026-11-20');
    const served = JSON.parse(fs.readFileSync(jsonFile, 'utf8')) as ListEnvelope;
    expect(served.matches.map((m) => m.id)).toEqual([earlier, later, benfica, sporting, ...france].map((m) => m.id));
    expect(readDayListing(dataDir, '2026-11-20')?.matches).toEqual(served.matches);
  });

  it('makes the days again for a new site bundle only', async () => {
    const dataDir = newDataDir();
    await makeArchiveFiles(inputFor(dataDir, {}));
    const next = yesterdayListing('2026-11-22T01:00:00-03:00', []);
    await makeArchiveFiles(inputFor(dataDir, { today: '2026-11-22', yesterday: next }));
    expect((await makeArchiveFiles(inputFor(dataDir, { today: '2026-11-22', yesterday: next }))).rendered).toBe(0);
    const upgraded = await makeArchiveFiles(
      inputFor(dataDir, { today: '2026-11-22', yesterday: next, salt: 'pacote-2' }),
    );
    expect(upgraded.rendered).toBe(2);
  });
});

describe('matches that left the listings', () => {
  it('archives the finished ones with their files as they are, which the cleanup then keeps', async () => {
    const dataDir = newDataDir();
    const finished = writeMatchFiles(dataDir, FINISHED, 'FINISHED');
    const postponed = writeMatchFiles(dataDir, POSTPONED, 'POSTPONED');
    const before = fs.readFileSync(matchFilePaths(dataDir, FINISHED).json);
    const unlisted = new Map([
      [FINISHED, finished],
      [POSTPONED, postponed],
    ]);
    const made = await makeArchiveFiles(inputFor(dataDir, { today: '2026-11-22', unlisted }));
    // The archived match's lines stay in the archive's index, not in every build's manifest.
    expect(made.files.has(`api/jogo/${FINISHED}`)).toBe(false);
    expect(made.files.has(`api/jogo/${POSTPONED}`)).toBe(false);
    expect(readArchiveIndex(dataDir).matches[FINISHED]).toMatchObject({ page: finished.page, json: finished.json });
    expect(Object.keys(readArchiveIndex(dataDir).matches)).toEqual([FINISHED]);

    // After the swap: the served build names neither; the archive keeps the finished one's files.
    const served = [...made.files.values()];
    expect(await runMatchFilesCleanup(dataDir, served, keepArchived(dataDir))).toBe(2);
    expect(fs.readFileSync(matchFilePaths(dataDir, FINISHED).json).equals(before)).toBe(true);
    expect(fs.existsSync(`${matchFilePaths(dataDir, FINISHED).page}.gz`)).toBe(true);
    expect(fs.existsSync(matchFilePaths(dataDir, POSTPONED).json)).toBe(false);
    const index = JSON.parse(fs.readFileSync(path.join(matchFilesDir(dataDir), 'index.json'), 'utf8'));
    expect(index.matches, 'archived: out of the listed matches’ index').toEqual({});
  });

  it('removes days and matches past ARCHIVE_DAYS, files too', async () => {
    const dataDir = newDataDir();
    const finished = writeMatchFiles(dataDir, FINISHED, 'FINISHED');
    await makeArchiveFiles(inputFor(dataDir, { today: '2026-11-22', unlisted: new Map([[FINISHED, finished]]) }));
    const lastDay = await makeArchiveFiles(inputFor(dataDir, { today: '2026-11-24' }));
    expect(lastDay.days, 'three days after it left /ontem').toContain('2026-11-20');
    expect(readArchiveIndex(dataDir).matches[FINISHED]).toBeDefined();

    const pruned = await makeArchiveFiles(inputFor(dataDir, { today: '2026-11-25' }));
    expect(pruned.days).toEqual([]);
    expect(pruned.files.size).toBe(0);
    expect(readArchiveIndex(dataDir)).toEqual({ days: {}, matches: {}, assets: {}, expired: [FINISHED] });
    // Its files go after the swap, not before: the build served until then reads them from disk.
    expect(fs.existsSync(matchFilePaths(dataDir, FINISHED).json)).toBe(true);
    // A served build that names it (the match listed again) keeps them.
    expect(await runExpiredMatchFilesCleanup(dataDir, [finished.json])).toBe(0);
    expect(fs.existsSync(matchFilePaths(dataDir, FINISHED).json)).toBe(true);
    expect(await runExpiredMatchFilesCleanup(dataDir, [...pruned.files.values()])).toBe(1);
    expect(readArchiveIndex(dataDir).expired).toEqual([]);
    for (const file of Object.values(matchFilePaths(dataDir, FINISHED))) {
      expect(fs.existsSync(file), file).toBe(false);
      expect(fs.existsSync(`${file}.gz`), file).toBe(false);
    }
    expect(fs.existsSync(path.join(dataDir, 'arquivo', 'dias', '2026-11-20.json'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'arquivo', 'site', 'dia', '2026-11-20.html'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'arquivo', 'site', 'api', 'dia', '2026-11-20.gz'))).toBe(false);
  });

  it('gives a match listed again back to the listings, its files left in place', async () => {
    const dataDir = newDataDir();
    const finished = writeMatchFiles(dataDir, FINISHED, 'FINISHED');
    await makeArchiveFiles(inputFor(dataDir, { today: '2026-11-22', unlisted: new Map([[FINISHED, finished]]) }));
    const again = await makeArchiveFiles(inputFor(dataDir, { today: '2026-11-22', listed: new Set([FINISHED]) }));
    expect(again.files.has(`api/jogo/${FINISHED}`)).toBe(false);
    expect(readArchiveIndex(dataDir).matches).toEqual({});
    expect(fs.existsSync(matchFilePaths(dataDir, FINISHED).json)).toBe(true);
  });
});

describe('assets of earlier site bundles', () => {
  /** A build folder whose bundle has these asset files. */
  function buildWith(dataDir: string, assets: string[]): string {
    const id = `build-${builds + 1}`;
    const dir = path.join(dataDir, 'builds', id, 'client', '_astro');
    fs.mkdirSync(dir, { recursive: true });
    for (const name of assets) fs.writeFileSync(path.join(dir, name), `/* ${name} */`);
    return dir;
  }

  it('keeps them in the builds after an upgrade while a kept page may name them', async () => {
    const dataDir = newDataDir();
    buildWith(dataDir, ['match-page.old.css']);
    await makeArchiveFiles(inputFor(dataDir, { today: '2026-11-22' }));
    const upgraded = buildWith(dataDir, ['match-page.new.css']);
    await makeArchiveFiles(inputFor(dataDir, { today: '2026-11-23' }));
    expect(fs.readdirSync(upgraded).sort()).toEqual(['match-page.new.css', 'match-page.old.css']);
    expect(fs.readFileSync(path.join(upgraded, 'match-page.old.css'), 'utf8')).toBe('/* match-page.old.css */');

    // Last seen on the 22nd: no page kept on the 27th (oldest day 2026-11-23) can name it.
    const later = buildWith(dataDir, ['match-page.new.css']);
    await makeArchiveFiles(inputFor(dataDir, { today: '2026-11-27' }));
    expect(fs.readdirSync(later)).toEqual(['match-page.new.css']);
    expect(fs.existsSync(path.join(dataDir, 'arquivo', 'site', '_astro', 'match-page.old.css'))).toBe(false);
    expect(Object.keys(readArchiveIndex(dataDir).assets)).toEqual(['match-page.new.css']);
  });
});

describe('a kept match in the served build', () => {
  it('is read from disk at each request, never held (its file is never written again)', async () => {
    const dataDir = newDataDir();
    const finished = writeMatchFiles(dataDir, FINISHED, 'FINISHED');
    const made = await makeArchiveFiles(
      inputFor(dataDir, { today: '2026-11-22', unlisted: new Map([[FINISHED, finished]]) }),
    );
    const buildId = `build-${builds}`;
    linkMatchFilesInto(dataDir, buildId);
    writeSiteManifest(buildManifestPath(dataDir, buildId), {
      buildId,
      builtAt: '2026-11-22T00:00:00-03:00',
      files: [...made.files.values()],
    });
    const site = loadStaticSite(dataDir, buildId);
    const entry = site.routes.get(`/api/jogo/${FINISHED}`);
    expect(entry?.fromDisk).toBeTypeOf('function');
    expect(entry?.file.hash).toBe(finished.json.hash);
    // What a request answers from is read then (src/server/site/match-file-cache.ts), its ETag from those bytes.
    fs.writeFileSync(`${matchFilePaths(dataDir, FINISHED).json}.gz`, gzipSync('lido agora'));
    const served = entry?.fromDisk?.();
    expect(served?.identity.toString('utf8')).toBe('lido agora');
    expect(served?.file.hash).not.toBe(finished.json.hash);
  });

  it('skips an index entry that is not a match id at its own paths, or whose files are gone, and serves the rest', async () => {
    const dataDir = newDataDir();
    const finished = writeMatchFiles(dataDir, FINISHED, 'FINISHED');
    await makeArchiveFiles(inputFor(dataDir, { today: '2026-11-22', unlisted: new Map([[FINISHED, finished]]) }));
    const index = readArchiveIndex(dataDir);
    const small = (relative: string): SiteFile => ({ ...lineOf(relative), gzip: false });
    await writeArchiveIndex(dataDir, {
      ...index,
      matches: {
        ...index.matches,
        // A hand-edited or damaged index: a path outside the match folders, and a kept match whose files are gone.
        'x/../../segredo': { day: '2026-11-20', page: lineOf('jogo/../../segredo.html'), json: lineOf('api/jogo/x') },
        'liga/20-11-2026-sumiu': {
          day: '2026-11-20',
          page: small('jogo/liga/20-11-2026-sumiu.html'),
          json: small('api/jogo/liga/20-11-2026-sumiu'),
        },
      },
    });
    const buildId = `build-${builds}`;
    linkMatchFilesInto(dataDir, buildId);
    writeSiteManifest(buildManifestPath(dataDir, buildId), {
      buildId,
      builtAt: '2026-11-22T00:00:00-03:00',
      files: [],
    });
    const site = loadStaticSite(dataDir, buildId);
    expect(site.routes.has(`/api/jogo/${FINISHED}`)).toBe(true);
    expect([...site.routes.keys()].filter((route) => route.includes('segredo') || route.includes('sumiu'))).toEqual([]);
  });
});

/** The build's client folder links DATA_DIR/jogos in, as match-files.ts does. */
function linkMatchFilesInto(dataDir: string, buildId: string): void {
  const client = buildClientDir(dataDir, buildId);
  fs.mkdirSync(path.join(client, 'api'), { recursive: true });
  fs.symlinkSync(path.join(matchFilesDir(dataDir), 'jogo'), path.join(client, 'jogo'), 'dir');
  fs.symlinkSync(path.join(matchFilesDir(dataDir), 'api'), path.join(client, 'api', 'jogo'), 'dir');
}
