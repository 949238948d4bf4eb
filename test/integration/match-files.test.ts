/**
 * Each match's page and JSON are made only when its data changed (src/pipeline/match-files.ts):
 * a refresh where one match moved renders that match alone, gives its competition a new
 * generation (the others keep theirs), leaves every earlier build's files as they were, and the
 * generations no kept build links are removed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/lib/config/config.ts';
import type { Snapshot } from '../../src/lib/model/model.ts';
import { buildClientDir } from '../../src/lib/store/build-layout.ts';
import { writeSnapshotAtomically } from '../../src/lib/store/snapshot-store.ts';
import { matchFilesDir } from '../../src/pipeline/match-files.ts';
import { runRefresh, type RefreshReport } from '../../src/pipeline/refresh.ts';
import { buildFixtureSnapshot } from '../support/fixture-snapshot.ts';
import { PROJECT_ROOT } from '../support/placar-process.ts';

const UPSTREAM = 'http://127.0.0.1:9';
const FLAMENGO = 'brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-match-files-'));
const config = parseConfig({ DATA_DIR: dataDir, UPSTREAM_URL: UPSTREAM });

async function refresh(snapshot: Snapshot): Promise<RefreshReport> {
  writeSnapshotAtomically(dataDir, snapshot);
  const report = await runRefresh(config, { projectRoot: PROJECT_ROOT, log: () => undefined, scrape: false });
  expect(report.error).toBeNull();
  return report;
}

/** The Flamengo match with another score, in live and today. */
function withFlamengoScore(snapshot: Snapshot, home: number): Snapshot {
  const score = (listing: 'live' | 'hoje') => ({
    ...snapshot[listing],
    matches: snapshot[listing].matches.map((match) =>
      match.id === FLAMENGO ? { ...match, score: { ...match.score, home } } : match,
    ),
  });
  return { ...snapshot, live: score('live'), hoje: score('hoje') };
}

const generationOf = (report: RefreshReport, slug: string): string =>
  fs.readlinkSync(path.join(buildClientDir(dataDir, report.buildId ?? ''), 'jogo', slug));
const jsonOf = (report: RefreshReport): string =>
  fs.readFileSync(path.join(buildClientDir(dataDir, report.buildId ?? ''), 'api', 'jogo', FLAMENGO), 'utf8');

let first: RefreshReport;
beforeAll(async () => {
  first = await refresh(buildFixtureSnapshot(UPSTREAM));
}, 180_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('match files', () => {
  it('renders every match once, then only what changed, in a new generation of its competition alone', async () => {
    expect(first.matchesRendered).toBe(25);
    const snapshot = buildFixtureSnapshot(UPSTREAM);
    const unchanged = await refresh(snapshot);
    expect(unchanged.matchesRendered).toBe(0);
    expect(generationOf(unchanged, 'brasileirao-serie-a')).toBe(generationOf(first, 'brasileirao-serie-a'));

    const before = jsonOf(unchanged);
    const moved = await refresh(withFlamengoScore(snapshot, 5));
    expect(moved.matchesRendered).toBe(1);
    expect(generationOf(moved, 'brasileirao-serie-a')).not.toBe(generationOf(unchanged, 'brasileirao-serie-a'));
    expect(generationOf(moved, 'campeonato-ingles')).toBe(generationOf(unchanged, 'campeonato-ingles'));
    // The build before keeps its own files: builds never change once made.
    expect(jsonOf(unchanged)).toBe(before);
    const json = JSON.parse(jsonOf(moved)) as { match: { score: { home: number } } };
    expect(json.match.score.home).toBe(5);
  }, 120_000);

  it('removes the generations no kept build links any more', async () => {
    const snapshot = buildFixtureSnapshot(UPSTREAM);
    const a = await refresh(withFlamengoScore(snapshot, 6));
    const b = await refresh(withFlamengoScore(snapshot, 7));
    const slugDir = path.join(matchFilesDir(dataDir), 'brasileirao-serie-a');
    const kept = fs.readdirSync(slugDir).sort();
    // The two kept builds (BUILDS_TO_KEEP) link one generation each.
    expect(kept).toEqual([a.buildId, b.buildId].sort());
    expect(fs.existsSync(path.join(buildClientDir(dataDir, first.buildId ?? '')))).toBe(false);
  }, 120_000);
});
