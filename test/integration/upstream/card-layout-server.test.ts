/**
 * The day the listings move to cards, end to end: a real Placar (`node scripts/start.ts`) against
 * the demo upstream switched to the card layout serves the same matches, field by field, as the
 * row samples expect; /healthz says which markup it read; a page whose cards hold unknown status
 * texts and malformed cards shows in /healthz and is logged once, not on every refresh.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pagesInLayout } from '../../../src/demo/card-layout.ts';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { LISTING_NAMES, LISTING_PATHS } from '../../../src/lib/model/model.ts';
import { readExpectedMatchesServedFrom } from '../../../harness/fixture-snapshot.ts';
import { PROJECT_ROOT, RARE_REFRESH_CRON } from '../../../harness/placar-process.ts';
import { pollRefreshed } from '../../support/processes/poll-refreshed.ts';
import { readHealth, readListing } from '../../support/processes/service-probe.ts';
import { servePlacarForFile } from '../../support/processes/served-placar.ts';

const FIXTURES = path.join(PROJECT_ROOT, 'test/fixtures/upstream');

const served = servePlacarForFile({
  pages: () => pagesInLayout(readFixturePages(), 'cards'),
  env: { REFRESH_CRON: RARE_REFRESH_CRON, SEARCH_RATE_LIMIT: '0' },
});

describe('Placar against an upstream whose listings are cards', () => {
  it('serves /api/live, /api/hoje and /api/amanha exactly as from the row pages', async () => {
    for (const listing of LISTING_NAMES) {
      const envelope = await readListing(served.placar.url, listing);
      expect(envelope.matches, listing).toStrictEqual(readExpectedMatchesServedFrom(listing, served.upstream.url));
      expect(envelope.stale).toBe(false);
    }
  });

  it('reports the card markup per listing in /healthz', async () => {
    const health = await readHealth(served.placar.url);
    expect(health.listings.live.parse).toEqual({
      markup: 'cards',
      candidates: 4,
      matches: 4,
      skipped: 0,
      unknownStatusLabels: [],
    });
    expect(health.listings.hoje.parse).toEqual({
      markup: 'cards',
      candidates: 14,
      matches: 13,
      skipped: 0,
      unknownStatusLabels: [],
    });
    expect(health.listings.amanha.parse).toMatchObject({ markup: 'cards', skipped: 0 });
  });

  it('shows skipped cards and unknown status texts in /healthz, and logs them once across refreshes', async () => {
    served.upstream.setPage(LISTING_PATHS.hoje, fs.readFileSync(path.join(FIXTURES, 'cards/variants.html'), 'utf8'));
    await pollRefreshed(served.placar, async () => (await readHealth(served.placar.url)).listings.hoje.parse).toEqual({
      markup: 'cards',
      candidates: 14,
      matches: 12,
      skipped: 2,
      unknownStatusLabels: ['2º TEMPO', 'A DEFINIR'],
    });
    // A few more refreshes read the same page.
    const refreshes = (): number => (served.placar.output().match(/atualização #\d+ (concluída|falhou)/g) ?? []).length;
    const seen = refreshes();
    for (let more = 0; more < 3; more += 1) await served.placar.refreshNow();
    expect(refreshes()).toBeGreaterThanOrEqual(seen + 3);
    expect(served.placar.output().match(/aviso: hoje: situação não reconhecida "2º TEMPO", "A DEFINIR"/g)).toHaveLength(
      1,
    );
    expect(served.placar.output().match(/aviso: hoje: 2 de 14 jogos da página foram ignorados/g)).toHaveLength(1);
    expect((await readListing(served.placar.url, 'hoje')).count).toBe(12);
  });
});
