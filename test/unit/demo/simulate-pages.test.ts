import { describe, expect, it } from 'vitest';
import { planTodayKickoffs } from '../../../src/demo/rewrite-fixture-dates.ts';
import { simulatePages } from '../../../src/demo/simulate-pages.ts';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import { LISTING_PATHS, type Match } from '../../../src/lib/model/model.ts';
import { parseListingPage } from '../../../src/upstream/listing/parse-listing.ts';

const fixturePages = readFixturePages();
const BASE = 'http://127.0.0.1:9';
/** 14:00 in São Paulo. */
const START = new Date('2027-03-10T14:00:00-03:00');
const MINUTE = 60_000;

function pagesAt(minutes: number, seed = 1, startedAt = START): Record<string, string> {
  return simulatePages({ fixturePages, seed, startedAt, now: new Date(startedAt.getTime() + minutes * MINUTE) });
}

function listingsAt(minutes: number, seed = 1, startedAt = START): { live: Match[]; hoje: Match[]; amanha: Match[] } {
  const pages = pagesAt(minutes, seed, startedAt);
  const parse = (pagePath: string): Match[] => parseListingPage(pages[pagePath] ?? '', BASE + pagePath);
  return { live: parse(LISTING_PATHS.live), hoje: parse(LISTING_PATHS.hoje), amanha: parse(LISTING_PATHS.amanha) };
}

function matchAt(minutes: number, idPart: string, seed = 1): Match {
  const match = listingsAt(minutes, seed).hoje.find((m) => m.id.includes(idPart));
  if (!match) throw new Error(`no match ${idPart} at +${minutes} min`);
  return match;
}

const totalGoals = (matches: Match[]): number =>
  matches.reduce((sum, m) => sum + (m.score.home ?? 0) + (m.score.away ?? 0), 0);

describe('simulatePages', () => {
  it('moves every match to today and tomorrow in São Paulo', () => {
    const { live, hoje, amanha } = listingsAt(0);
    expect(live.length).toBeGreaterThan(0);
    expect(hoje.length).toBe(parseListingPage(fixturePages[LISTING_PATHS.hoje] ?? '', BASE).length);
    expect(amanha.length).toBe(parseListingPage(fixturePages[LISTING_PATHS.amanha] ?? '', BASE).length);
    for (const m of [...live, ...hoje]) expect(m.date).toBe('2027-03-10');
    for (const m of amanha) expect(m.date).toBe('2027-03-11');
    expect(amanha.every((m) => m.status === 'SCHEDULED' && m.kickoff?.startsWith('2027-03-11T'))).toBe(true);
  });

  it('uses the São Paulo day, across a year boundary', () => {
    // 01:30 UTC on Jan 1st is still Dec 31st in São Paulo.
    const { hoje, amanha } = listingsAt(0, 1, new Date('2027-01-01T01:30:00Z'));
    expect(new Set(hoje.map((m) => m.date))).toEqual(new Set(['2026-12-31']));
    expect(new Set(amanha.map((m) => m.date))).toEqual(new Set(['2027-01-01']));
  });

  it("re-plans today's kickoffs after the demo's start", () => {
    const scheduled = listingsAt(0).hoje.filter((m) => m.status === 'SCHEDULED');
    expect(scheduled.length).toBeGreaterThan(0);
    for (const m of scheduled) {
      expect(m.statusLabel).toMatch(/^HOJE \d{2}:\d{2}$/);
      expect(Date.parse(m.kickoff ?? '')).toBeGreaterThan(START.getTime());
    }
    expect(planTodayKickoffs(3, new Date('2027-03-10T23:50:00-03:00')).map((k) => k.time)).toEqual([
      '23:45',
      '23:45',
      '23:45',
    ]);
  });

  it('advances the live minute with real time, into stoppage time', () => {
    expect(matchAt(0, 'flamengo').statusLabel).toBe('67 MIN');
    expect(matchAt(1, 'flamengo')).toMatchObject({ status: 'IN_PLAY', minute: 68, statusLabel: '68 MIN' });
    expect(matchAt(10.5, 'flamengo').minute).toBe(77);
    expect(matchAt(3, 'corinthians-feminino')).toMatchObject({ statusLabel: "90+1'", minute: 90, injuryTime: 1 });
  });

  it('kicks off a scheduled match at its time and shows first-half stoppage as "45+1\'"', () => {
    const first = listingsAt(0).hoje.find((m) => m.status === 'SCHEDULED' && m.kickoff !== null);
    if (!first?.kickoff) throw new Error('no scheduled match');
    const kickoffMinutes = (Date.parse(first.kickoff) - START.getTime()) / MINUTE;
    const idPart = first.id.split('/')[1]?.slice(11) ?? '';
    expect(matchAt(kickoffMinutes - 0.5, idPart).status).toBe('SCHEDULED');
    expect(matchAt(kickoffMinutes + 0.5, idPart)).toMatchObject({
      status: 'IN_PLAY',
      minute: 1,
      score: { home: 0, away: 0 },
    });
    expect(matchAt(kickoffMinutes + 45.5, idPart)).toMatchObject({ statusLabel: "45+1'", minute: 45, injuryTime: 1 });
  });

  it('goes to half-time, back to play, and finishes (leaving the live page)', () => {
    expect(matchAt(0, 'sao-paulo-x-gremio').status).toBe('PAUSED');
    expect(matchAt(5.5, 'sao-paulo-x-gremio')).toMatchObject({ status: 'IN_PLAY', minute: 46 });
    const minutes = Array.from({ length: 61 }, (_, i) => i);
    expect(minutes.some((t) => matchAt(t, 'real-madrid').status === 'PAUSED')).toBe(true);
    const finished = listingsAt(20);
    expect(finished.hoje.find((m) => m.id.includes('corinthians-feminino'))?.status).toBe('FINISHED');
    expect(finished.live.some((m) => m.id.includes('corinthians-feminino'))).toBe(false);
  });

  it('scores goals now and then, the same ones for the same seed', () => {
    const goalsOverTime = (seed: number): number[] =>
      Array.from({ length: 31 }, (_, t) => totalGoals(listingsAt(t * 2, seed).hoje));
    const seed1 = goalsOverTime(1);
    expect(seed1.at(-1)).toBeGreaterThan(seed1[0] ?? 0);
    for (const [i, goals] of seed1.slice(1).entries()) expect(goals).toBeGreaterThanOrEqual(seed1[i] ?? 0);
    expect(goalsOverTime(1)).toEqual(seed1);
    expect(goalsOverTime(2)).not.toEqual(seed1);
  });

  it('shows a match in the same state on the live page and the today page', () => {
    for (const t of [0, 7, 23, 41, 66, 95]) {
      const { live, hoje } = listingsAt(t);
      const playing = hoje.filter((m) => m.status === 'IN_PLAY' || m.status === 'PAUSED');
      expect(live.map((m) => m.id)).toEqual(playing.map((m) => m.id));
      for (const m of live) expect(m).toEqual(hoje.find((h) => h.id === m.id));
    }
  });

  it('ends with an empty live page once every match is over', () => {
    const { live, hoje } = listingsAt(8 * 60);
    expect(live).toEqual([]);
    expect(hoje.some((m) => m.status === 'IN_PLAY' || m.status === 'PAUSED' || m.status === 'SCHEDULED')).toBe(false);
  });

  it('is deterministic: same seed and instants, same bytes', () => {
    expect(pagesAt(37.25, 7)).toEqual(pagesAt(37.25, 7));
    expect(pagesAt(37.25, 7)).not.toEqual(pagesAt(38.25, 7));
  });
});
