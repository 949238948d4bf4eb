/**
 * Which teams' upstream team pages a refresh asks for (src/refresh/team-pages/team-page-schedule.ts): only teams
 * named with a slug, due ones only, followed first, then today's, then the rest; a read waits the interval, a
 * failure keeps the last good read and waits 1, 2, 4 … minutes up to the interval.
 */
import { describe, expect, it } from 'vitest';
import type { Match, Team } from '../../../src/lib/model/model.ts';
import { freshTeamPageRecord, type TeamPageRecord } from '../../../src/lib/store/scraped/team-page-store.ts';
import {
  applyTeamPagesOutcome,
  planTeamPageFetches,
  teamCandidates,
} from '../../../src/refresh/team-pages/team-page-schedule.ts';
import { buildSampleMatch } from '../../support/samples/sample-match.ts';

const NOW = new Date('2026-11-21T19:40:00-03:00');
const HOUR_MS = 3_600_000;
const team = (name: string, slug: string | null): Team => ({ name, slug, crest: null, crestSource: null });
const match = (id: string, home: Team, away: Team, overrides: Partial<Match> = {}): Match =>
  buildSampleMatch({ id, homeTeam: home, awayTeam: away, status: 'SCHEDULED', ...overrides });

describe('team page schedule', () => {
  const today = match('a/today', team('Sport', 'sport'), team('Náutico', 'nautico'), { date: '2026-11-21' });
  const tomorrow = match('a/tomorrow', team('Ceará', 'ceara'), team('Sem Nome', null), { date: '2026-11-22' });
  const kept = match('a/kept', team('Santa Cruz', 'santa-cruz'), team('Sport', 'sport'), { date: '2026-11-01' });

  it('takes every team named with a slug, once, today’s from the listings only', () => {
    const candidates = teamCandidates([today, tomorrow], [kept.homeTeam, kept.awayTeam], NOW);
    expect([...candidates.keys()].sort()).toStrictEqual(['ceara', 'nautico', 'santa-cruz', 'sport']);
    expect(candidates.get('sport')?.playsToday).toBe(true);
    expect(candidates.get('santa-cruz')?.playsToday).toBe(false);
    expect(candidates.get('ceara')?.playsToday).toBe(false);
  });

  it('plans due teams only: followed first, then today’s, then the rest, never read before read', () => {
    const candidates = teamCandidates([today, tomorrow], [kept.homeTeam, kept.awayTeam], NOW);
    const readAt = (slug: string, nextAttemptAt: Date): TeamPageRecord => {
      const fresh = freshTeamPageRecord(slug);
      return {
        ...fresh,
        readAt: '2026-11-21T10:00:00-03:00',
        pages: { next: [], last: [] },
        fetch: { ...fresh.fetch, nextAttemptAt: nextAttemptAt.toISOString().replace('Z', '+00:00') },
      };
    };
    const records = new Map([
      ['nautico', readAt('nautico', new Date(NOW.getTime() - 60_000))],
      ['santa-cruz', readAt('santa-cruz', new Date(NOW.getTime() + 60_000))],
    ]);
    const followed = (c: { names: ReadonlySet<string> }) => c.names.has('Ceará');
    expect(planTeamPageFetches(candidates, records, followed, NOW)).toStrictEqual(['ceara', 'sport', 'nautico']);
    expect(planTeamPageFetches(candidates, records, () => false, NOW)).toStrictEqual(['sport', 'nautico', 'ceara']);
  });

  it('a read waits the interval; a failure keeps the last read and waits longer each time, up to the interval', () => {
    const interval = 6 * HOUR_MS;
    const answer = (matches: Match[]) => ({ kind: 'read' as const, matches, etag: '"e"', lastModified: null });
    const read = applyTeamPagesOutcome(
      null,
      'sport',
      { kind: 'read', next: answer([today]), last: answer([]) },
      interval,
      NOW,
    );
    expect(read).toMatchObject({
      slug: 'sport',
      readAt: '2026-11-21T19:40:00-03:00',
      pages: { next: [today], last: [] },
    });
    expect(read.fetch.nextAttemptAt).toBe('2026-11-22T01:40:00-03:00');
    let record = read;
    const waits: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      record = applyTeamPagesOutcome(record, 'sport', { kind: 'failed', error: 'HTTP 404' }, interval, NOW);
      waits.push(Date.parse(record.fetch.nextAttemptAt ?? '') - NOW.getTime());
    }
    expect(record.pages).toStrictEqual(read.pages);
    expect(record.readAt).toBe(read.readAt);
    expect(record.fetch).toMatchObject({ failures: 12, lastError: 'HTTP 404' });
    expect(waits.slice(0, 3)).toStrictEqual([60_000, 120_000, 240_000]);
    expect(waits.at(-1)).toBe(interval);
    const notModified = { kind: 'not-modified' as const, etag: '"e"', lastModified: null };
    const again = applyTeamPagesOutcome(
      record,
      'sport',
      { kind: 'read', next: notModified, last: notModified },
      interval,
      NOW,
    );
    expect(again.pages).toStrictEqual(read.pages);
    expect(again.fetch.failures).toBe(0);
  });
});
