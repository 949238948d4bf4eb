/**
 * Each competition's table page and JSON are rendered only when what they are made from changed
 * (src/refresh/render/table-files.ts): a refresh where one competition's match moved renders that
 * table alone, the others are carried from the build before (the very files, hard-linked); a table
 * with nothing in play is dated by its read, so it does not change with every listing fetched.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySharedSiteBundle } from '../../../harness/shared-site-bundle.ts';
import { buildFixtureSnapshot } from '../../../harness/fixture-snapshot.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { parseConfig } from '../../../src/lib/config/config.ts';
import { StandingsEnvelopeSchema, type Snapshot, type StandingsEnvelope } from '../../../src/lib/model/model.ts';
import { buildClientDir } from '../../../src/lib/store/builds/build-layout.ts';
import type { RefreshReport } from '../../../src/refresh/refresh.ts';
import {
  FLAMENGO,
  refreshFrom,
  withFlamengoFinished,
  withFlamengoScore,
} from '../../support/data-dir/fixture-refreshes.ts';
import { keepTableRead } from '../../support/samples/kept-table.ts';

const UPSTREAM = 'http://127.0.0.1:9';
/** Flamengo x Palmeiras is in play: its table is live. */
const LIVE_TABLE = 'brasileirao-serie-a';
/** Arsenal x Chelsea is over, nothing else of it is listed: its table has nothing in play. */
const QUIET_TABLE = 'campeonato-ingles';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-table-files-'));
const config = parseConfig({ DATA_DIR: dataDir, UPSTREAM_URL: UPSTREAM });

const refresh = (snapshot: Snapshot): Promise<RefreshReport> => refreshFrom(config, snapshot);

const tableFiles = (report: RefreshReport, slug: string): string[] =>
  [`tabela/${slug}.html`, `api/tabela/${slug}`].map((file) =>
    path.join(buildClientDir(dataDir, report.buildId ?? ''), file),
  );
const inodes = (report: RefreshReport, slug: string): number[] =>
  tableFiles(report, slug).map((file) => fs.statSync(file).ino);
const readTable = (report: RefreshReport, slug: string): StandingsEnvelope =>
  StandingsEnvelopeSchema.parse(JSON.parse(fs.readFileSync(tableFiles(report, slug)[1] ?? '', 'utf8')));

let quietReadAt = '';
let first: RefreshReport;
beforeAll(async () => {
  copySharedSiteBundle(dataDir, PROJECT_ROOT);
  keepTableRead(dataDir, LIVE_TABLE);
  quietReadAt = keepTableRead(dataDir, QUIET_TABLE).readAt ?? '';
  first = await refresh(buildFixtureSnapshot(UPSTREAM));
}, 180_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('table files', () => {
  it('renders every table once, then only the one whose data changed; the others are the build before’s files', async () => {
    expect(first.tablesRendered).toBeGreaterThan(2);
    const snapshot = buildFixtureSnapshot(UPSTREAM);
    const unchanged = await refresh(snapshot);
    expect(unchanged.tablesRendered).toBe(0);
    for (const slug of [LIVE_TABLE, QUIET_TABLE]) expect(inodes(unchanged, slug)).toEqual(inodes(first, slug));

    const moved = await refresh(withFlamengoScore(snapshot, 5));
    expect(moved.tablesRendered).toBe(1);
    expect(inodes(moved, QUIET_TABLE)).toEqual(inodes(unchanged, QUIET_TABLE));
    for (const [index, inode] of inodes(moved, LIVE_TABLE).entries())
      expect(inode).not.toBe(inodes(unchanged, LIVE_TABLE)[index]);
    const flamengo = (table: StandingsEnvelope) => table.groups[0]?.rows.find((row) => row.team.name === 'Flamengo');
    // 2 x 1 became 5 x 1: three more goals of difference in the live table.
    expect(flamengo(readTable(moved, LIVE_TABLE))?.live?.goalDifference).toBe(
      (flamengo(readTable(unchanged, LIVE_TABLE))?.live?.goalDifference ?? 0) + 3,
    );
  }, 120_000);

  it('dates a table with nothing in play by its read, and a live one by the live listing', async () => {
    const report = await refresh(buildFixtureSnapshot(UPSTREAM, '2026-11-21T19:45:00-03:00'));
    expect(readTable(report, QUIET_TABLE).generatedAt).toBe(quietReadAt);
    expect(readTable(report, QUIET_TABLE).groups[0]?.rows[0]?.live).toBeNull();
    expect(readTable(report, LIVE_TABLE).generatedAt).toBe('2026-11-21T19:45:00-03:00');
    // Only the live table changed with the listings' new time.
    expect(report.tablesRendered).toBe(1);
  }, 120_000);

  it('names a finished result the read does not count yet, on the page (pt-BR) and in the JSON, and counts it live', async () => {
    // Flamengo x Palmeiras ended 2 x 1; the kept read (Flamengo 33 games, Palmeiras 34) was taken without it.
    keepTableRead(dataDir, LIVE_TABLE, new Date(), [
      { match: FLAMENGO, played: { flamengo: 33, palmeiras: 34 }, finishedAt: '2026-11-21T19:50:00-03:00', reads: 1 },
    ]);
    const report = await refresh(withFlamengoFinished(buildFixtureSnapshot(UPSTREAM)));
    const table = readTable(report, LIVE_TABLE);
    expect(table.pendingResults).toEqual([
      { match: FLAMENGO, homeTeam: 'Flamengo', awayTeam: 'Palmeiras', score: { home: 2, away: 1 } },
    ]);
    const flamengo = table.groups[0]?.rows.find((row) => row.team.name === 'Flamengo');
    expect(flamengo).toMatchObject({ played: 33, live: { played: 34, points: 47, match: FLAMENGO } });
    const html = fs.readFileSync(tableFiles(report, LIVE_TABLE)[0] ?? '', 'utf8');
    expect(html).toContain('Resultado ainda fora da tabela oficial: Flamengo 2 x 1 Palmeiras.');
    // A finished match is no longer played: its teams are not marked "ao vivo".
    expect(html).not.toMatch(/data-team="Flamengo" data-playing/);
  }, 120_000);
});
