/**
 * A key on every team (issue 50, §2): after a scrape of the stand-in upstream, every team of every
 * listing, kept day and table row carries a slug, and a team that is both in a listing and in a
 * table row has the same slug in both (joined by slug, not by name).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { parseConfig, type Config } from '../../../src/lib/config/config.ts';
import { LISTING_NAMES, type ListEnvelope, type Match, type Snapshot } from '../../../src/lib/model/model.ts';
import { teamKey } from '../../../src/lib/model/table.ts';
import { readDayListing, writeDayListing } from '../../../src/lib/store/scraped/archive-store.ts';
import { readSnapshot } from '../../../src/lib/store/scraped/snapshot-store.ts';
import { buildRenderLocals } from '../../../src/refresh/render/render-routes.ts';
import { runScrape } from '../../../src/refresh/scrape/scrape.ts';

const SLUG = 'brasileirao-serie-a';
const COMPETITION_PAGE = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/upstream/competition-pages/competicao-brasileirao-serie-a.html'),
  'utf8',
);
const NOW = new Date('2026-11-21T19:40:00-03:00');

let upstream: FakeUpstream;
let config: Config;
let snapshot: Snapshot;

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages: { ...readFixturePages(), [`/${SLUG}`]: COMPETITION_PAGE } });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-team-slugs-'));
  config = parseConfig({ UPSTREAM_URL: upstream.url, DATA_DIR: dataDir, DETAIL_REQUESTS_PER_MINUTE: '200' });
  await runScrape(config, { now: () => NOW });
  const read = readSnapshot(config.dataDir);
  if (!read) throw new Error('the scrape wrote no snapshot');
  snapshot = read;
});
afterAll(async () => {
  await upstream?.close();
  if (config) fs.rmSync(config.dataDir, { recursive: true, force: true });
});

const teamsOf = (matches: readonly Match[]) => matches.flatMap((match) => [match.homeTeam, match.awayTeam]);

describe('team slugs across listings, kept days and tables', () => {
  it('gives every team of every listing a slug, the scheduled matches’ included', () => {
    const scheduled = LISTING_NAMES.flatMap((name) => snapshot[name].matches).filter((m) => m.status === 'SCHEDULED');
    expect(scheduled.length).toBeGreaterThan(0);
    for (const name of LISTING_NAMES)
      for (const team of teamsOf(snapshot[name].matches)) expect(team.slug, `${name}: ${team.name}`).not.toBeNull();
    // The upstream writes its keys in the match link: the listing's keys are those.
    const [flamengoPalmeiras] = snapshot.hoje.matches.filter((m) => m.id.endsWith('-flamengo-x-palmeiras'));
    expect([flamengoPalmeiras?.homeTeam.slug, flamengoPalmeiras?.awayTeam.slug]).toEqual(['flamengo', 'palmeiras']);
  });

  it('gives the same team the same slug in every listing and in the table, joined by slug', () => {
    const slugByName = new Map<string, Set<string | null>>();
    for (const team of LISTING_NAMES.flatMap((name) => teamsOf(snapshot[name].matches))) {
      const slugs = slugByName.get(teamKey(team.name)) ?? new Set();
      slugByName.set(teamKey(team.name), slugs.add(team.slug));
    }
    for (const [name, slugs] of slugByName) expect([...slugs], name).toHaveLength(1);

    const table = buildRenderLocals(config.dataDir, upstream.url, undefined, NOW).standingsPages?.get(SLUG)?.envelope;
    const rows = table?.groups.flatMap((group) => group.rows) ?? [];
    expect(rows).toHaveLength(20);
    for (const row of rows) expect(row.team.slug, row.team.name).not.toBeNull();
    const rowBySlug = new Map(rows.map((row) => [row.team.slug, row]));
    const listed = snapshot.hoje.matches.filter((m) => m.competition.slug === SLUG);
    const rowNames = new Set(rows.map((row) => teamKey(row.team.name)));
    const inTable = teamsOf(listed).filter((team) => rowNames.has(teamKey(team.name)));
    expect(inTable.length).toBeGreaterThanOrEqual(8);
    // Each listed team the table holds is found there by its slug alone, and it is that team's row.
    for (const team of inTable)
      expect(teamKey(rowBySlug.get(team.slug)?.team.name ?? ''), team.name).toBe(teamKey(team.name));
  });

  it('gives the teams of a day kept before slugs existed the same slugs', async () => {
    const { ontem } = snapshot;
    const keyless: ListEnvelope = {
      ...ontem,
      matches: ontem.matches.map((match) => ({
        ...match,
        homeTeam: { ...match.homeTeam, slug: null },
        awayTeam: { ...match.awayTeam, slug: null },
      })),
    };
    const day = ontem.matches[0]?.date ?? '2026-11-20';
    await writeDayListing(config.dataDir, day, keyless);
    const kept = readDayListing(config.dataDir, day);
    const slugsOf = (matches: readonly Match[]) =>
      new Map(teamsOf(matches).map((team) => [team.name, team.slug] as const));
    expect(kept?.matches.length).toBe(ontem.matches.length);
    for (const team of teamsOf(kept?.matches ?? [])) expect(team.slug, team.name).not.toBeNull();
    expect(slugsOf(kept?.matches ?? [])).toEqual(slugsOf(ontem.matches));
  });
});
