import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freshScrapeState,
  readScrapeState,
  scrapeStatePath,
  writeScrapeStateAtomically,
} from '../../../src/lib/store/scraped/scrape-state-store.ts';
import { isListingStale } from '../../../src/lib/model/staleness.ts';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-state-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('scrape state store', () => {
  it('reads a fresh state when there is no file', () => {
    expect(readScrapeState(tempDir())).toEqual(freshScrapeState());
  });

  it('round-trips a written state', () => {
    const dir = tempDir();
    const state = freshScrapeState();
    state.hoje = {
      lastSuccessAt: '2026-11-21T19:00:00-03:00',
      lastAttemptAt: '2026-11-21T19:01:00-03:00',
      lastError: 'Falha',
      etag: '"abc"',
      lastModified: 'Sat, 21 Nov 2026 22:00:00 GMT',
      retryNotBefore: '2026-11-21T19:03:00-03:00',
      failures: 2,
      parse: { markup: 'cards', candidates: 5, matches: 4, skipped: 1, unknownStatusLabels: ['A DEFINIR'] },
    };
    writeScrapeStateAtomically(dir, state);
    expect(readScrapeState(dir)).toEqual(state);
    expect(fs.readdirSync(dir)).toEqual(['scrape-state.json']);
  });

  it('reads a state written before the parse summary and the failure count existed, keeping its validators', () => {
    const dir = tempDir();
    const old = {
      lastSuccessAt: null,
      lastAttemptAt: null,
      lastError: null,
      etag: '"v1"',
      lastModified: null,
      retryNotBefore: null,
    };
    fs.writeFileSync(scrapeStatePath(dir), JSON.stringify({ live: old, hoje: old, amanha: old }));
    expect(readScrapeState(dir).hoje).toEqual({ ...old, failures: 0, parse: null });
  });

  it.each(['{not json', '{"live": {}}', '[]', ''])('reads a corrupt file (%j) as a fresh state', (contents) => {
    const dir = tempDir();
    fs.writeFileSync(scrapeStatePath(dir), contents);
    expect(readScrapeState(dir)).toEqual(freshScrapeState());
  });
});

describe('isListingStale', () => {
  const now = new Date('2026-11-21T22:00:00Z');
  it('is stale when there was never a success, or the timestamp is unreadable', () => {
    expect(isListingStale(null, now, 60)).toBe(true);
    expect(isListingStale('ontem', now, 60)).toBe(true);
  });
  it('is stale only after more than 3 intervals', () => {
    expect(isListingStale('2026-11-21T18:57:00-03:00', now, 60)).toBe(false);
    expect(isListingStale('2026-11-21T18:56:59-03:00', now, 60)).toBe(true);
    expect(isListingStale('2026-11-21T18:45:00-03:00', now, 300)).toBe(false);
    expect(isListingStale('2026-11-21T18:44:59-03:00', now, 300)).toBe(true);
  });
});
