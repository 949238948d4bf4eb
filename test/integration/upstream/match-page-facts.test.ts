/**
 * Issue 35 (a fan and an integrator), against the loopback upstream: a match Placar first sees
 * under way gets its kick-off from its match page's date line, and its teams their keys from the
 * page's team links, in every listing that has it and across the refreshes that do not read the
 * page again; each competition's matches are served in play order (src/lib/model/match-order.ts),
 * the competitions in the upstream's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { parseConfig } from '../../../src/lib/config/config.ts';
import { SnapshotSchema, type Snapshot } from '../../../src/lib/model/model.ts';
import { readSnapshot } from '../../../src/lib/store/scraped/snapshot-store.ts';
import { runScrape } from '../../../src/refresh/scrape/scrape.ts';

const FLAMENGO = 'brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras';
// The reference page, its date line on the match's own day (the sample's is another day's).
const PAGE = fs
  .readFileSync(
    path.resolve(import.meta.dirname, '../../fixtures/upstream/match-pages/jogo-flamengo-x-palmeiras.html'),
    'utf8',
  )
  .replace('14/03/2027 às 16:00', '21/11/2026 às 16:00');
const T0 = Date.parse('2026-11-21T19:40:00-03:00');
const at = (seconds: number) => () => new Date(T0 + seconds * 1000);

let upstream: FakeUpstream;
const dirs: string[] = [];

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages: { ...readFixturePages(), [`/${FLAMENGO}.html`]: PAGE } });
});
afterAll(async () => {
  await upstream?.close();
});
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function configFor() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-page-facts-'));
  dirs.push(dataDir);
  return parseConfig({ UPSTREAM_URL: upstream.url, DATA_DIR: dataDir, REQUEST_TIMEOUT_MS: '2000' });
}

function snapshotOf(dataDir: string): Snapshot {
  const snapshot = readSnapshot(dataDir);
  if (!snapshot) throw new Error('no snapshot written');
  return snapshot;
}

describe('what match pages add to the listings', () => {
  it('a match first seen under way: kick-off and team keys from its page, in live and hoje, kept across refreshes', async () => {
    const config = configFor();
    const report = await runScrape(config, { now: at(0) });
    expect(report.details.readNow.has(FLAMENGO)).toBe(true);
    for (const seconds of [0, 60]) {
      if (seconds > 0) {
        const since = upstream.requests.length;
        await runScrape(config, { now: at(seconds) });
        // Not read again within its 3 minutes: what it said is kept all the same.
        expect(upstream.requests.slice(since).filter((request) => request.path === `/${FLAMENGO}.html`)).toEqual([]);
      }
      const snapshot = snapshotOf(config.dataDir);
      expect(SnapshotSchema.safeParse(snapshot).success).toBe(true);
      for (const listing of ['live', 'hoje'] as const) {
        const flamengo = snapshot[listing].matches.find((match) => match.id === FLAMENGO);
        expect(flamengo, `${listing} after ${seconds} s`).toMatchObject({
          kickoff: '2026-11-21T16:00:00-03:00',
          homeTeam: { name: 'Flamengo', slug: 'flamengo' },
          awayTeam: { name: 'Palmeiras', slug: 'palmeiras' },
        });
      }
      // A match whose page was not read: no kick-off, and the team keys its link writes (issue 50).
      const other = snapshot.hoje.matches.find((match) => match.id.endsWith('sao-paulo-x-gremio'));
      expect([other?.kickoff, other?.homeTeam.slug, other?.awayTeam.slug]).toEqual([null, 'sao-paulo', 'gremio']);
    }
  });

  it("serves each competition's matches in play order (started first, by kick-off where known), competitions in page order", async () => {
    const config = configFor();
    await runScrape(config, { now: at(0) });
    const hoje = snapshotOf(config.dataDir).hoje.matches;
    expect(hoje.map((match) => match.id.replace(/\/21-11-2026-/, ' '))).toEqual([
      'brasileirao-serie-a flamengo-x-palmeiras', // under way: 16:00, from its page
      'brasileirao-serie-a sao-paulo-x-gremio', // started, unknown: in page order
      'brasileirao-serie-a athletico-pr-x-vasco-da-gama',
      'brasileirao-serie-a ceara-x-vitoria', // to start: 19:00
      'brasileirao-serie-a atletico-mg-x-red-bull-bragantino', // 21:30
      'campeonato-ingles arsenal-x-chelsea',
      'campeonato-ingles manchester-city-x-liverpool',
      'campeonato-ingles tottenham-x-newcastle',
      'copa-do-brasil fortaleza-x-cruzeiro',
      'campeonato-espanhol real-madrid-x-barcelona', // under way (kick-off unknown) before the one to start
      'campeonato-espanhol atletico-de-madrid-x-sevilla', // 17:00
      'copa-sao-paulo-de-futebol-junior corinthians-sub-20-x-botafogo-sp-sub-20',
      'brasileiro-feminino corinthians-feminino-x-ferroviaria-feminino',
    ]);
  });
});
