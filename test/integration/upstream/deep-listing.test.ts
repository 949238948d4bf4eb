/**
 * A listing at the 5 MB cap that ends nested a million levels deep (issue 35, H2): the refresh
 * reads it in slices between requests and refuses it at the depth bound, so /healthz answers
 * while it is parsed and the refresh ends. Before the bound, parsing such a page took time
 * quadratic in its depth (1.6 MB of nested `<div>`s: a 70-second refresh, /healthz waiting up
 * to 32 s), and this refresh would not have ended within the test.
 */
import { describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { LISTING_PATHS } from '../../../src/lib/model/model.ts';
import { MAX_DEPTH } from '../../../src/upstream/scan-page-steps.ts';
import { readHealth } from '../../support/processes/service-probe.ts';
import { servePlacarForFile } from '../../support/processes/served-placar.ts';
import { RARE_REFRESH_CRON } from '../../../harness/placar-process.ts';

/** MAX_RESPONSE_BYTES's default. */
const CAP = 5_000_000;
const REFRESH_DONE = /atualização #\d+ (concluída|falhou)/g;

/**
 * About 3 MB nested just under the bound (read in full, in about a second of CPU: the parse is
 * under way while /healthz is asked), then `<div>`s up to the cap, never closed.
 */
function deepListing(): string {
  const row =
    '<h3 class="match-list_league-name">Liga</h3><a href="/liga/21-11-2026-casa-x-fora.html">' +
    '<div class="team-name"><h5>Casa</h5></div><div class="team-name"><h5>Fora</h5></div></a>';
  const levels = MAX_DEPTH - 50;
  const tower = `${'<div>'.repeat(levels)}${'</div>'.repeat(levels)}`;
  const start = `<html><body><div id="livescore">${row}${tower.repeat(Math.floor(3_000_000 / tower.length))}`;
  const end = '</div></body></html>';
  const deep = '<div>'.repeat(Math.floor((CAP - start.length - end.length) / '<div>'.length));
  return `${start}${deep}${end}`;
}

const refreshesDone = (): number => served.placar.output().match(REFRESH_DONE)?.length ?? 0;

const served = servePlacarForFile({
  pages: () => readFixturePages(),
  env: { REFRESH_CRON: RARE_REFRESH_CRON, SEARCH_RATE_LIMIT: '0' },
});

describe('a listing nested a million levels deep at the 5 MB cap', () => {
  it('is refused at the depth bound while /healthz keeps answering, and the refresh ends', async () => {
    const page = deepListing();
    expect(page.length).toBeLessThanOrEqual(CAP);
    expect(page.length).toBeGreaterThan(CAP - 10);
    const asked = served.upstream.requests.length;
    served.upstream.setPage(LISTING_PATHS.live, page);
    const refreshed = served.placar.refreshNow(120_000);
    await expect
      .poll(() => served.upstream.requests.slice(asked).some((request) => request.path === LISTING_PATHS.live), {
        timeout: 30_000,
        interval: 50,
      })
      .toBe(true);
    const doneBefore = refreshesDone();

    // /healthz, one request after the other, until the refresh that fetched the page ends.
    let answeredDuring = 0;
    const deadline = Date.now() + 90_000;
    while (refreshesDone() === doneBefore && Date.now() < deadline) {
      expect((await readHealth(served.placar.url)).status).toBeDefined();
      if (refreshesDone() === doneBefore) answeredDuring++;
    }
    expect(refreshesDone(), 'the refresh that read the deep page ended').toBeGreaterThan(doneBefore);
    expect(await refreshed).toMatch(/^atualização #\d+ (concluída|falhou)/);
    console.info(`/healthz answered ${answeredDuring} times while the refresh read the deep listing`);
    expect(answeredDuring).toBeGreaterThan(0);
    const health = await readHealth(served.placar.url);
    expect(health.listings.live.lastError).toMatch(/aninha elementos em mais de 500 níveis/);
    // The other listings were read and published as usual.
    expect(health.listings.hoje.lastError).toBeNull();
  }, 180_000);
});
