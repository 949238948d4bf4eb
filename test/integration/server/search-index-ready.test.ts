/**
 * No search pays for a refresh: the server builds a new snapshot's search index when it loads the
 * build (search-snapshot.ts logs "busca: índice pronto"), before any search sees that snapshot. A
 * search loop runs across several swaps, each renaming a team upstream; the renamed team is found
 * once its build is served, and no search ever had to build an index (the handler says so in the
 * log when one does: "a busca construiu o índice durante um pedido"), nor ran ahead of the pages.
 */
import { describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import type { SearchEnvelope } from '../../../src/lib/model/model.ts';
import { withTeamName } from '../../../harness/upstream-pages.ts';
import { servePlacarForFile } from '../../support/processes/served-placar.ts';
import { RARE_REFRESH_CRON } from '../../../harness/placar-process.ts';

const LIVE_PATH = '/jogos-em-andamento';
const FLAMENGO = '/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html';
const SWAPS = 3;
const pages = readFixturePages();

const count = (re: RegExp): number => served.placar.output().match(new RegExp(re.source, 'g'))?.length ?? 0;
const PUBLISHED = /atualização #\d+ concluída/;
const PREPARED = /busca: índice pronto \(\d+ jogos, \d+ nomes\)/;
const BUILT_ON_REQUEST = /a busca construiu o índice durante um pedido/;

async function search(q: string): Promise<SearchEnvelope> {
  const response = await fetch(new URL(`/api/busca?q=${encodeURIComponent(q)}`, served.placar.url));
  expect(response.status).toBe(200);
  return (await response.json()) as SearchEnvelope;
}

const served = servePlacarForFile({
  pages: () => pages,
  env: { REFRESH_CRON: RARE_REFRESH_CRON, SEARCH_RATE_LIMIT: '0' },
});

describe('the search index of a new snapshot', () => {
  it('is built when its build loads, before any search; searches find the new data once it is served', async () => {
    let stop = false;
    let searches = 0;
    // A steady stream of searches, so a search would be the first to meet each new snapshot.
    const loop = (async () => {
      while (!stop) {
        await search('serie a');
        searches += 1;
      }
    })();
    try {
      for (let swap = 1; swap <= SWAPS; swap++) {
        const name = `Renomeado Numero ${['Um', 'Dois', 'Tres'][swap - 1]}`;
        served.upstream.setPage(LIVE_PATH, withTeamName(pages[LIVE_PATH] ?? '', FLAMENGO, 'home', name));
        // Not awaited: the searches meet the new snapshot while its refresh runs.
        const refreshed = served.placar.refreshNow();
        await expect
          .poll(async () => (await search(name)).count, { timeout: 30_000, interval: 100 })
          .toBeGreaterThan(0);
        // The search and the pages switch together: once a search finds the new name, the served
        // listing has it too (never a search ahead of its build).
        const live = await fetch(new URL('/api/live', served.placar.url)).then((response) => response.text());
        expect(live).toContain(name);
        expect(await refreshed).toMatch(/^atualização #\d+ concluída/);
      }
    } finally {
      stop = true;
      await loop;
    }
    expect(searches).toBeGreaterThan(SWAPS);
    // A build is served before its refresh ends (cleanup comes after): its log line may follow.
    await expect.poll(() => count(PUBLISHED), { timeout: 30_000 }).toBeGreaterThan(SWAPS);
    // One index per published snapshot at least (the first start's included), none on a request.
    expect(count(PREPARED)).toBeGreaterThanOrEqual(SWAPS + 1);
    expect(served.placar.output()).not.toMatch(BUILT_ON_REQUEST);
  });
});
