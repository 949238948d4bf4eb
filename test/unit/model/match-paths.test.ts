/**
 * Which match ids get a page and JSON of their own on Placar (src/lib/model/match-paths.ts), and
 * that whatever ids arrive together, the files of those that do can all be written (issue 35, H1):
 * each case goes through the real filter (buildMatchPages) and the real writer (makeMatchFiles)
 * into a temp DATA_DIR.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildMatchLink } from '../../../src/lib/display/match-link.ts';
import { buildMatchPages } from '../../../src/lib/display/match-page-data.ts';
import {
  MATCH_PAGE_ID_MAX_BYTES,
  MATCH_PAGE_SEGMENT_MAX_BYTES,
  hasMatchPage,
  matchPageRefusal,
} from '../../../src/lib/model/match-paths.ts';
import { LIMITS, type Snapshot } from '../../../src/lib/model/model.ts';
import { emptySnapshot } from '../../../src/lib/store/scraped/snapshot-store.ts';
import { makeMatchFiles, matchFilesDir } from '../../../src/refresh/render/match-files.ts';
import { buildSampleMatch, SAMPLE_MATCH_ID } from '../../support/samples/sample-match.ts';

const UPSTREAM = 'https://www.placardefutebol.com.br';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function snapshotOf(ids: readonly string[]): Snapshot {
  const snapshot = emptySnapshot(UPSTREAM);
  const matches = ids.map((id) => buildSampleMatch({ id, url: `${UPSTREAM}/${id}.html` }));
  return { ...snapshot, hoje: { ...snapshot.hoje, count: matches.length, matches } };
}

/** A refresh's match files for `ids` (listed in this order) in a new DATA_DIR: the ids that got files. */
async function writeMatchFiles(ids: readonly string[]): Promise<{ written: string[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-match-paths-'));
  dirs.push(dataDir);
  const pages = buildMatchPages(UPSTREAM, snapshotOf(ids), new Map(), new Date());
  const made = await makeMatchFiles({
    dataDir,
    buildId: 'b1',
    pages,
    salt: 's',
    renderPage: async (routePath) => Buffer.from(`<p>${routePath}</p>`),
    builtAt: new Date(),
  });
  const written = ids.filter((id) => made.files.has(`api/jogo/${id}`));
  // Each file holds its own match: none was written over by another id's.
  for (const id of written) {
    const json = fs.readFileSync(path.join(matchFilesDir(dataDir), 'api', ...id.split('/')), 'utf8');
    expect((JSON.parse(json) as { match: { id: string } }).match.id).toBe(id);
  }
  return { written };
}

const COMPETITION = 'copa';
const match = (part: string): string => `${COMPETITION}/27-11-2026-${part}`;

describe('which match ids get a page', () => {
  it('gives one to the upstream’s ids, and keeps the model’s id limit', () => {
    expect(matchPageRefusal(SAMPLE_MATCH_ID)).toBeNull();
    expect(MATCH_PAGE_ID_MAX_BYTES).toBe(LIMITS.id);
  });

  it('refuses an id of 288 characters (under the model’s 300) whose file name would be too long', async () => {
    const id = match('x'.repeat(288 - match('').length));
    expect(id).toHaveLength(288);
    expect(matchPageRefusal(id)).toMatch(/trecho do id com 283 bytes, máximo 234/);
    const { written } = await writeMatchFiles([SAMPLE_MATCH_ID, id]);
    expect(written).toEqual([SAMPLE_MATCH_ID]);
  });

  it('accepts the longest part whose every file name fits in 255 bytes, and no longer one', async () => {
    const longest = match('x'.repeat(MATCH_PAGE_SEGMENT_MAX_BYTES - '27-11-2026-'.length));
    expect(hasMatchPage(longest)).toBe(true);
    expect(hasMatchPage(`${longest}x`)).toBe(false);
    const { written } = await writeMatchFiles([longest]);
    expect(written).toEqual([longest]);
  });

  it('accepts a whole id of 300 bytes, and no longer one, whose two parts each fit', () => {
    const id = (bytes: number): string => `${'a'.repeat(150)}/${'b'.repeat(bytes - 151)}`;
    expect(matchPageRefusal(id(300))).toBeNull();
    expect(matchPageRefusal(id(301))).toBe('id com 301 bytes, máximo 300');
    expect(matchPageRefusal(`index/${'b'.repeat(20)}`)).toBeNull();
    expect(matchPageRefusal(`${COMPETITION}/indexes`)).toBeNull();
    expect(matchPageRefusal(`${COMPETITION}/`)).not.toBeNull();
  });

  it('measures a part in UTF-8 bytes, not characters', () => {
    // 118 characters, 236 bytes: a count of characters would let it through.
    const part = 'ã'.repeat(118);
    expect(part.length).toBeLessThan(MATCH_PAGE_SEGMENT_MAX_BYTES);
    expect(matchPageRefusal(`${COMPETITION}/${part}`)).toMatch(/trecho do id com 236 bytes, máximo 234/);
  });

  it.each([
    ['the parent first', [match('alfa-x-beta'), `${match('alfa-x-beta')}/27-11-2026-gama-x-delta`]],
    ['the nested first', [`${match('alfa-x-beta')}/27-11-2026-gama-x-delta`, match('alfa-x-beta')]],
  ])('writes an id and one nested under it (%s): the nested one gets no page', async (_order, ids) => {
    const { written } = await writeMatchFiles([SAMPLE_MATCH_ID, ...ids]);
    expect(written).toEqual([SAMPLE_MATCH_ID, match('alfa-x-beta')]);
  });

  it('never gives a page to two ids that are one file on a case-insensitive file system', async () => {
    const ids = [match('alfa-x-beta'), match('Alfa-x-Beta'), `COPA/27-11-2026-alfa-x-beta`];
    const { written } = await writeMatchFiles(ids);
    expect(written).toEqual([match('alfa-x-beta')]);
    expect(new Set(written.map((id) => id.toLowerCase())).size).toBe(written.length);
  });

  it('never gives a page to an id whose file is another’s variant or folder page', async () => {
    const ids = [match('alfa-x-beta'), match('alfa-x-beta.gz'), match('alfa-x-beta.html'), `${COMPETITION}/index`];
    const { written } = await writeMatchFiles(ids);
    expect(written).toEqual([match('alfa-x-beta')]);
  });

  it('links the row of a match without a page to the upstream’s page', () => {
    const id = `${match('alfa-x-beta')}/27-11-2026-gama-x-delta`;
    const url = `${UPSTREAM}/${id}.html`;
    expect(buildMatchLink({ id, url })).toEqual({ href: url, external: true });
  });
});
