/**
 * The events step of a refresh over real files (issue 35): a failed listing leaves out only its
 * own matches — the listings that arrived are compared at once, also on the very first refresh —
 * and a match only in the failed listing keeps its baseline: no event, not forgotten.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LISTING_NAMES, type ListingName, type Match, type Snapshot } from '../../../src/lib/model/model.ts';
import { readEventStore } from '../../../src/lib/store/scraped/event-store.ts';
import { formatEventsLines, recordMatchEvents } from '../../../src/refresh/scrape/record-events.ts';
import { buildEnvelope, readExpectedMatches } from '../../../harness/fixture-snapshot.ts';

const UPSTREAM = 'https://www.placardefutebol.com.br';
const T0 = Date.parse('2026-11-21T20:00:00-03:00');
const [FLAMENGO] = readExpectedMatches('live') as [Match];
/** A match of yesterday's listing only. */
const [YESTERDAY] = readExpectedMatches('ontem') as [Match];

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-record-events-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const scored = (match: Match, home: number, away: number): Match => ({
  ...match,
  score: { ...match.score, home, away },
});

/** A scrape of `matches` per listing; `failed` listings failed (the snapshot keeps what it had: `matches` too). */
function scrapeOf(matches: Partial<Record<ListingName, Match[]>>, failed: readonly ListingName[] = []) {
  const listings = Object.fromEntries(LISTING_NAMES.map((listing) => [listing, { ok: !failed.includes(listing) }]));
  const snapshot = Object.fromEntries(
    LISTING_NAMES.map((listing) => [listing, buildEnvelope(UPSTREAM, listing, matches[listing] ?? [], null)]),
  ) as Snapshot;
  return { listings: listings as Record<ListingName, { ok: boolean }>, snapshot };
}

const at = (minutes: number): Date => new Date(T0 + minutes * 60_000);
const knownScore = (id: string) => readEventStore(dataDir)?.known.find((entry) => entry.match.id === id)?.match.score;

describe('recordMatchEvents with a failed listing', () => {
  it('starts the baseline from the listings that arrived and raises their goals at once', async () => {
    const first = await recordMatchEvents(dataDir, scrapeOf({ live: [FLAMENGO], hoje: [FLAMENGO] }, ['ontem']), at(0));
    expect(first).toEqual({ added: 0, missing: ['ontem'], warning: null });
    expect(knownScore(FLAMENGO.id)).toEqual(FLAMENGO.score);

    const goal = scored(FLAMENGO, (FLAMENGO.score.home ?? 0) + 1, FLAMENGO.score.away ?? 0);
    const second = await recordMatchEvents(dataDir, scrapeOf({ live: [goal], hoje: [goal] }, ['ontem']), at(1));
    expect(second.added).toBe(1);
    expect(readEventStore(dataDir)?.events.map((event) => [event.type, event.match.id])).toEqual([
      ['GOAL', FLAMENGO.id],
    ]);
    expect(formatEventsLines(second)).toEqual(['eventos: 1 novos (sem ontem: seus jogos esperam a próxima coleta)']);
  });

  it('keeps the baseline of a match only in the failed listing: no event from its old rows, none lost when it is back', async () => {
    await recordMatchEvents(dataDir, scrapeOf({ live: [FLAMENGO], ontem: [YESTERDAY] }), at(0));
    const before = knownScore(YESTERDAY.id);
    // The failed listing's last good rows are still in the snapshot, here with a score they never had.
    const stale = scored(YESTERDAY, 9, 9);
    const failed = await recordMatchEvents(dataDir, scrapeOf({ live: [FLAMENGO], ontem: [stale] }, ['ontem']), at(1));
    expect(failed.added).toBe(0);
    expect(knownScore(YESTERDAY.id)).toEqual(before);
    // Back, with one more goal than the baseline: raised once, against the kept baseline.
    const corrected = scored(YESTERDAY, (YESTERDAY.score.home ?? 0) + 1, YESTERDAY.score.away ?? 0);
    const back = await recordMatchEvents(dataDir, scrapeOf({ live: [FLAMENGO], ontem: [corrected] }), at(2));
    expect(back).toEqual({ added: 1, missing: [], warning: null });
    expect(readEventStore(dataDir)?.events.map((event) => [event.type, event.match.id])).toEqual([
      ['GOAL', YESTERDAY.id],
    ]);
  });

  it('compares nothing when no listing arrived', async () => {
    const outcome = await recordMatchEvents(dataDir, scrapeOf({ live: [FLAMENGO] }, LISTING_NAMES), at(0));
    expect(outcome).toEqual({ added: null, missing: [...LISTING_NAMES], warning: null });
    expect(fs.existsSync(path.join(dataDir, 'events.json'))).toBe(false);
    expect(formatEventsLines(outcome)).toEqual(['eventos: nenhuma lista chegou, nada comparado']);
  });
});
