/**
 * The match pages' budget holds while DATA_DIR's disk is full (issue 35, M2). It was written
 * after the match records, which fail first on a full disk: each refresh then started from the
 * last window on disk and sent a whole budget again (220 requests in 130 s at 20 a minute). A
 * request now takes its place in the window, in memory and on disk, before it is sent. DATA_DIR
 * is a tiny tmpfs (test/support/data-dir/tmpfs.ts, as disk-full.test.ts) filled while
 * 30 live matches are listed and a refresh runs every 2 seconds; the fake upstream counts the
 * match-page requests it receives.
 * A process: a full disk (a tmpfs mount) under a server that refreshes on its schedule.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_PAGE_PATH, readFixturePages, type UpstreamRequest } from '../../../src/demo/upstream-server.ts';
import { LISTING_PATHS } from '../../../src/lib/model/model.ts';
import { fillDisk, fillerOf, mountTmpfs, unmountTmpfs } from '../../support/data-dir/tmpfs.ts';
import { buildManyMatchesPage } from '../../../harness/upstream-pages.ts';
import { servePlacarForFile } from '../../support/processes/served-placar.ts';

const BUDGET = 5;
const WINDOW_MS = 60_000;
const REFRESH_DONE = /atualização #\d+ (concluída|falhou)/g;
const pages = readFixturePages();
const EMPTY = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/upstream/jogos-em-andamento-vazio.html'),
  'utf8',
);
let mountPoint: string;

// Hooks run in order, after-hooks in reverse: the tmpfs is mounted before the Placar starts, unmounted after it stops.
beforeAll(() => {
  mountPoint = mountTmpfs('48m');
});
afterAll(() => {
  if (mountPoint) unmountTmpfs(mountPoint);
});
// No match started yet: no match page is asked for before the disk is full.
const served = servePlacarForFile({
  pages: () => ({ ...pages, ...Object.fromEntries(Object.values(LISTING_PATHS).map((listing) => [listing, EMPTY])) }),
  dataDir: () => mountPoint,
  env: {
    REFRESH_CRON: '*/2 * * * * *',
    SEARCH_RATE_LIMIT: '0',
    YESTERDAY_REFRESH_SECONDS: '2',
    DETAIL_REQUESTS_PER_MINUTE: String(BUDGET),
  },
});

/** The most match-page requests any 60-second window holds. */
function busiestWindow(requests: readonly UpstreamRequest[]): number {
  const times = requests.map((request) => request.at).sort((a, b) => a - b);
  let most = 0;
  for (let first = 0, last = 0; last < times.length; last++) {
    while ((times[last] ?? 0) - (times[first] ?? 0) >= WINDOW_MS) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

const matchPageRequests = (): UpstreamRequest[] =>
  served.upstream.requests.filter((request) => MATCH_PAGE_PATH.test(request.path.split('?')[0] ?? ''));
const refreshesDone = (): number => served.placar.output().match(REFRESH_DONE)?.length ?? 0;

describe('the match-page budget on a full disk', () => {
  it(`never sends more than ${BUDGET} match-page requests in any 60 s, full disk or not`, async () => {
    expect(matchPageRequests()).toEqual([]);
    fillDisk(mountPoint, 0);
    served.upstream.setPage(LISTING_PATHS.live, buildManyMatchesPage(pages[LISTING_PATHS.live] ?? '', 30));
    // Several refreshes on the full disk, each listing 30 live matches whose pages are due.
    const from = refreshesDone();
    await expect.poll(refreshesDone, { timeout: 60_000, interval: 250 }).toBeGreaterThanOrEqual(from + 6);
    expect(busiestWindow(matchPageRequests())).toBeLessThanOrEqual(BUDGET);

    // Room again: match pages are asked for again, still within the budget.
    fs.rmSync(fillerOf(mountPoint));
    await expect.poll(() => matchPageRequests().length, { timeout: 60_000, interval: 250 }).toBeGreaterThan(0);
    const freed = refreshesDone();
    await expect.poll(refreshesDone, { timeout: 60_000, interval: 250 }).toBeGreaterThanOrEqual(freed + 3);
    expect(busiestWindow(matchPageRequests())).toBeLessThanOrEqual(BUDGET);
  }, 240_000);
});
