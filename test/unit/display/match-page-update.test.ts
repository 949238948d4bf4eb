/**
 * Issue 35: the match page's "Última atualização" says one time, the one of what it shows. While
 * the match is in play its minute and score come from the listing read every refresh, its events
 * from the match page read every few minutes: the envelope says when that listing was read
 * (`matchReadAt`), and the page shows the latest of the two reads.
 */
import { describe, expect, it } from 'vitest';
import { buildMatchPages } from '../../../src/lib/display/match-page-data.ts';
import { buildShownUpdate } from '../../../src/lib/display/match-page-text.ts';
import { MatchDetailEnvelopeSchema } from '../../../src/lib/model/model.ts';
import { freshDetailRecord, type DetailRecord } from '../../../src/lib/store/scraped/detail-store.ts';
import { buildFixtureSnapshot, readExpectedMatchDetail } from '../../../harness/fixture-snapshot.ts';

const UPSTREAM = 'https://www.placardefutebol.com.br';
const FLAMENGO = 'brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras';
const FINISHED = 'brasileirao-serie-a/21-11-2026-athletico-pr-x-vasco-da-gama';
const LISTING_READ = '2026-11-21T19:44:05-03:00';
const PAGE_READ = '2026-11-21T19:41:00-03:00';

function readRecord(id: string): DetailRecord {
  return { ...freshDetailRecord(id), generatedAt: PAGE_READ, detail: readExpectedMatchDetail() };
}

describe('the match page says one time', () => {
  const records = new Map([FLAMENGO, FINISHED].map((id) => [id, readRecord(id)]));
  const pages = buildMatchPages(
    UPSTREAM,
    buildFixtureSnapshot(UPSTREAM, LISTING_READ),
    records,
    new Date(LISTING_READ),
  );

  it('a match in play: the read of the listing its minute comes from, newer than its page read', () => {
    const envelope = pages.get(FLAMENGO)?.envelope;
    expect(envelope).toMatchObject({ generatedAt: PAGE_READ, matchReadAt: LISTING_READ, match: { status: 'IN_PLAY' } });
    expect(envelope && buildShownUpdate(envelope)).toBe(LISTING_READ);
    expect(MatchDetailEnvelopeSchema.safeParse(envelope).success).toBe(true);
  });

  it('a finished match: its page read (read after the end), no listing time', () => {
    const envelope = pages.get(FINISHED)?.envelope;
    expect(envelope).toMatchObject({ generatedAt: PAGE_READ, matchReadAt: null, match: { status: 'FINISHED' } });
    expect(envelope && buildShownUpdate(envelope)).toBe(PAGE_READ);
  });

  it('the later of the two when both are known; the one known otherwise; none before any read', () => {
    expect(buildShownUpdate({ generatedAt: '2026-11-21T19:44:09-03:00', matchReadAt: LISTING_READ })).toBe(
      '2026-11-21T19:44:09-03:00',
    );
    expect(buildShownUpdate({ generatedAt: null, matchReadAt: LISTING_READ })).toBe(LISTING_READ);
    expect(buildShownUpdate({ generatedAt: null, matchReadAt: null })).toBe(null);
  });
});
