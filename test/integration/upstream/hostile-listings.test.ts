/**
 * Hostile listing pages each fail or succeed alone (issue 20, item 2): a listing over the model's
 * 5,000 matches keeps the first 5,000 and counts the rest as skipped; a 4.9 MB page of 700k tiny
 * elements and one of 122k links are read by the scrape (in slices, in the refreshing process)
 * without a crash. Rows whose ids cannot be file paths (issue 35, H1) cost only their own match
 * page: a first `npm start` publishes, stays up, and every other match has its page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { parseConfig, type Config } from '../../../src/lib/config/config.ts';
import { hasMatchPage } from '../../../src/lib/model/match-paths.ts';
import { LIMITS, type ListEnvelope } from '../../../src/lib/model/model.ts';
import { readScrapeState } from '../../../src/lib/store/scraped/scrape-state-store.ts';
import { readSnapshot } from '../../../src/lib/store/scraped/snapshot-store.ts';
import { runScrape } from '../../../src/refresh/scrape/scrape.ts';
import { RARE_REFRESH_CRON, startPlacar, type PlacarProcess } from '../../../harness/placar-process.ts';
import { rawRequest } from '../../support/http/raw-http.ts';
import { readHealth, readListing, waitForHealthy } from '../../support/processes/service-probe.ts';
import { buildManyMatchesPage, withMatchesAdded } from '../../../harness/upstream-pages.ts';

const pages = readFixturePages();
const LIVE = '/jogos-em-andamento';
const TODAY = '/jogos-de-hoje';
let upstream: FakeUpstream;
const dirs: string[] = [];

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages });
});
afterEach(() => {
  for (const [upstreamPath, html] of Object.entries(pages)) {
    upstream.setFault(upstreamPath, null);
    upstream.setPage(upstreamPath, html);
  }
});
afterAll(async () => {
  await upstream?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function configFor(env: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-hostile-listings-'));
  dirs.push(dataDir);
  return parseConfig({
    UPSTREAM_URL: upstream.url,
    DATA_DIR: dataDir,
    REQUEST_TIMEOUT_MS: '5000',
    MAX_RESPONSE_BYTES: '10000000',
    ...env,
  });
}

describe('one hostile listing never costs the others', () => {
  it('keeps the first 5,000 matches of a 5,001-match listing and counts the one left out', async () => {
    upstream.setPage(TODAY, buildManyMatchesPage(pages[LIVE] ?? '', LIMITS.matches + 1));
    const config = configFor();
    const report = await runScrape(config);
    expect(report.listings.hoje.ok).toBe(true);
    expect(report.listings.hoje.count).toBe(LIMITS.matches);
    expect(report.listings.live.ok && report.listings.amanha.ok).toBe(true);
    const snapshot = readSnapshot(config.dataDir);
    expect(snapshot?.hoje.matches).toHaveLength(LIMITS.matches);
    expect(snapshot?.live.count).toBeGreaterThan(0);
    const state = readScrapeState(config.dataDir);
    expect(state.hoje.lastError).toBeNull();
    expect(state.hoje.parse?.skipped).toBe(1);
    expect(report.listings.hoje.parse?.skippedCandidates.at(-1)?.reason).toMatch(/limite de 5000 jogos/);
  }, 60_000);

  it('never keeps a crest URL from another origin or with a user and password (the API shows null)', async () => {
    const port = Number(new URL(upstream.url).port);
    const own = '/escudos/flamengo.png';
    const foreign = [`http://user:pw@127.0.0.1:${port}/escudos/a.png`, `http://127.0.0.1:${port + 1}/escudos/b.png`];
    const crests = [own, ...foreign];
    let index = 0;
    // Each team cell of the live page gets the next crest (then none).
    const live = (pages[LIVE] ?? '').replace(
      /(<h5 class="text-(?:right|left) team_link">[^<]*<\/h5>)/g,
      (cell: string) => {
        const src = crests[index++];
        return src ? `${cell}<img src="${src}" alt="">` : cell;
      },
    );
    expect(index).toBeGreaterThan(crests.length);
    upstream.setPage(LIVE, live);
    const config = configFor();
    const report = await runScrape(config);
    expect(report.listings.live.ok).toBe(true);
    const shown = (readSnapshot(config.dataDir)?.live.matches ?? []).flatMap((m) => [
      m.homeTeam.crestSource,
      m.awayTeam.crestSource,
    ]);
    expect(shown).toContain(`${upstream.url}${own}`);
    expect(shown.filter((crest) => crest !== null)).toEqual([`${upstream.url}${own}`]);
    expect(JSON.stringify(readSnapshot(config.dataDir))).not.toMatch(/user:pw|escudos\/b\.png/);
  }, 60_000);

  it('reads a 4.9 MB page of 700k tiny elements and one of 122k links', async () => {
    upstream.setPage(LIVE, `<html><body><div id="livescore">${'<i></i>'.repeat(700_000)}</div></body></html>`);
    const links = Array.from({ length: 122_000 }, (_, i) => `<a href="/l/${i}">${i}</a>`).join('');
    upstream.setPage(
      TODAY,
      `<html><body><div id="livescore"><h3 class="match-list_league-name">Liga</h3>${links}</div></body></html>`,
    );
    const config = configFor();
    const { listings } = await runScrape(config);
    expect(listings.live.ok).toBe(true);
    expect(listings.live.count).toBe(0);
    expect(listings.hoje.ok).toBe(true);
    expect(listings.amanha.ok).toBe(true);
    expect(listings.amanha.count).toBeGreaterThan(0);
  }, 120_000);
});

describe('a row whose id cannot be a file path', () => {
  const long = `copa-hostil/27-11-2026-${'x'.repeat(288 - 'copa-hostil/27-11-2026-'.length)}`;
  const parent = 'copa-hostil/27-11-2026-alfa-x-beta';
  const nested = `${parent}/27-11-2026-gama-x-delta`;
  const hostile = [long, nested, parent, 'copa-hostil/27-11-2026-Alfa-x-Beta'];

  // The nested id before its parent (the order that failed with EEXIST), the others after.
  const serveHostileRows = (): void =>
    upstream.setPage(
      TODAY,
      withMatchesAdded(
        pages[TODAY] ?? '',
        hostile.map((id) => `/${id}.html`),
      ),
    );

  /** The listing keeps every row; each match with a page has it, the others answer 404 and link to the upstream. */
  async function expectServedWithoutTheirPages(placar: PlacarProcess): Promise<void> {
    // The operator is told once which matches have no page, and why.
    expect(placar.output()).toContain(
      `aviso: o jogo ${nested} fica sem página própria no Placar (id com 2 barras, precisa de exatamente uma)`,
    );
    const hoje = (await rawRequest(placar.url, '/api/hoje')).json() as ListEnvelope;
    const ids = hoje.matches.map((match) => match.id);
    // The rows stay in the listing, with their ids and upstream urls as the upstream wrote them.
    expect(ids).toEqual(expect.arrayContaining(hostile));
    const withPage = ids.filter(hasMatchPage);
    expect(withPage).toContain(parent);
    expect(withPage.length).toBe(ids.length - 3);
    for (const id of ids) {
      const expected = hasMatchPage(id) ? 200 : 404;
      expect((await rawRequest(placar.url, `/api/jogo/${id}`)).status, id).toBe(expected);
      expect((await rawRequest(placar.url, `/jogo/${id}`)).status, id).toBe(expected);
    }
    // The rows without a page lead to the upstream's page.
    const page = (await rawRequest(placar.url, '/hoje')).text();
    for (const id of [long, nested, 'copa-hostil/27-11-2026-Alfa-x-Beta']) expect(page).toContain(`data-id="${id}"`);
    expect(page).toContain(`href="${upstream.url}/${nested}.html" rel="external"`);
    expect(placar.process.exitCode).toBeNull();
  }

  it('costs only that match its page: a first start publishes and stays up, every other match has its page', async () => {
    expect(long).toHaveLength(288);
    serveHostileRows();
    const placar = await startPlacar({ upstreamUrl: upstream.url, env: { REFRESH_CRON: '0 0 * * *' } });
    try {
      await placar.waitForOutput(/Placar pronto em/, 5_000);
      expect(placar.output()).toMatch(/atualização #1 concluída/);
      await expectServedWithoutTheirPages(placar);
    } finally {
      await placar.stop();
    }
  }, 180_000);

  it('costs a running service no refresh: the next build with those rows is published', async () => {
    const placar = await startPlacar({ upstreamUrl: upstream.url, env: { REFRESH_CRON: RARE_REFRESH_CRON } });
    try {
      await waitForHealthy(placar.url);
      serveHostileRows();
      expect(await placar.refreshNow()).toMatch(/^atualização #2 concluída/);
      await expect
        .poll(async () => (await readListing(placar.url, 'hoje')).matches.some((match) => match.id === nested), {
          timeout: 45_000,
          interval: 250,
        })
        .toBe(true);
      expect((await readHealth(placar.url)).lastRefresh?.outcome).toBe('published');
      await expectServedWithoutTheirPages(placar);
    } finally {
      await placar.stop();
    }
  }, 180_000);
});
