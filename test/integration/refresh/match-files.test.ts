/**
 * Each match's page and JSON are made only when its data changed (src/refresh/render/match-files.ts):
 * a refresh where one match moved writes that match's files alone (the others keep their very
 * files), every build links the same shared folders, and the files of a match no listing holds
 * any more are removed once the build without it is served.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/lib/config/config.ts';
import type { Snapshot } from '../../../src/lib/model/model.ts';
import { buildClientDir } from '../../../src/lib/store/builds/build-layout.ts';
import { matchFilesDir } from '../../../src/refresh/render/match-files.ts';
import type { RefreshReport } from '../../../src/refresh/refresh.ts';
import { FLAMENGO, refreshFrom, withFlamengoScore } from '../../support/data-dir/fixture-refreshes.ts';
import { buildFixtureSnapshot } from '../../../harness/fixture-snapshot.ts';

const UPSTREAM = 'http://127.0.0.1:9';
const ARSENAL = 'campeonato-ingles/21-11-2026-arsenal-x-chelsea';
/** Scheduled: a match the archive does not keep once no listing holds it (it keeps finished ones). */
const CEARA = 'brasileirao-serie-a/21-11-2026-ceara-x-vitoria';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-match-files-'));
const config = parseConfig({ DATA_DIR: dataDir, UPSTREAM_URL: UPSTREAM });

const refresh = (snapshot: Snapshot): Promise<RefreshReport> => refreshFrom(config, snapshot);

/** The Flamengo match (in play) a few minutes on: only its clock moved. */
function withFlamengoMinute(snapshot: Snapshot, minute: number): Snapshot {
  const later = (listing: 'live' | 'hoje') => ({
    ...snapshot[listing],
    matches: snapshot[listing].matches.map((match) =>
      match.id === FLAMENGO ? { ...match, minute, statusLabel: `${minute}'` } : match,
    ),
  });
  return { ...snapshot, live: later('live'), hoje: later('hoje') };
}

const pageFile = (report: RefreshReport, id: string): string =>
  path.join(buildClientDir(dataDir, report.buildId ?? ''), 'jogo', `${id}.html`);
const jsonFile = (report: RefreshReport, id: string): string =>
  path.join(buildClientDir(dataDir, report.buildId ?? ''), 'api', 'jogo', id);
const inode = (file: string): number => fs.statSync(file).ino;

let first: RefreshReport;
beforeAll(async () => {
  first = await refresh(buildFixtureSnapshot(UPSTREAM));
}, 180_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('match files', () => {
  it('writes every match once, then only the one that changed; every build links the shared folders', async () => {
    expect(first.matchesRendered).toBe(25);
    const snapshot = buildFixtureSnapshot(UPSTREAM);
    const unchanged = await refresh(snapshot);
    expect(unchanged.matchesRendered).toBe(0);
    const arsenal = inode(jsonFile(unchanged, ARSENAL));
    const flamengo = inode(jsonFile(unchanged, FLAMENGO));

    const moved = await refresh(withFlamengoScore(snapshot, 5));
    expect(moved.matchesRendered).toBe(1);
    // The other matches keep their very files; the moved one was replaced (a new file renamed in).
    expect(inode(jsonFile(moved, ARSENAL))).toBe(arsenal);
    expect(inode(jsonFile(moved, FLAMENGO))).not.toBe(flamengo);
    const json = JSON.parse(fs.readFileSync(jsonFile(moved, FLAMENGO), 'utf8')) as {
      match: { score: { home: number } };
    };
    expect(json.match.score.home).toBe(5);
    for (const build of [unchanged, moved]) {
      const link = fs.readlinkSync(path.join(buildClientDir(dataDir, build.buildId ?? ''), 'jogo'));
      expect(path.resolve(buildClientDir(dataDir, build.buildId ?? ''), link)).toBe(
        path.join(matchFilesDir(dataDir), 'jogo'),
      );
    }
  }, 120_000);

  it("keeps a live match's page while only its clock moves, and writes its JSON", async () => {
    const snapshot = buildFixtureSnapshot(UPSTREAM);
    const flamengo = snapshot.live.matches.find((match) => match.id === FLAMENGO);
    expect(flamengo?.status).toBe('IN_PLAY');
    const before = await refresh(withFlamengoMinute(snapshot, 70));
    const page = inode(pageFile(before, FLAMENGO));
    const later = await refresh(withFlamengoMinute(snapshot, 74));
    expect(later.matchesRendered).toBe(0);
    expect(inode(pageFile(later, FLAMENGO))).toBe(page);
    const json = JSON.parse(fs.readFileSync(jsonFile(later, FLAMENGO), 'utf8')) as { match: { minute: number } };
    expect(json.match.minute).toBe(74);
    // A goal is not the clock: the page is made again.
    const goal = await refresh(withFlamengoScore(withFlamengoMinute(snapshot, 75), 7));
    expect(goal.matchesRendered).toBe(1);
    expect(inode(pageFile(goal, FLAMENGO))).not.toBe(page);
  }, 120_000);

  it('removes the files of a match no listing holds (not finished) once the build without it is served', async () => {
    const snapshot = buildFixtureSnapshot(UPSTREAM);
    const page = path.join(matchFilesDir(dataDir), 'jogo', `${CEARA}.html`);
    expect(fs.existsSync(page)).toBe(true);
    const without = {
      ...snapshot,
      hoje: { ...snapshot.hoje, matches: snapshot.hoje.matches.filter((m) => m.id !== CEARA) },
    };
    without.hoje.count = without.hoje.matches.length;
    const report = await refresh(without);
    expect(fs.existsSync(page)).toBe(false);
    expect(fs.existsSync(jsonFile(report, CEARA))).toBe(false);
    expect(fs.existsSync(jsonFile(report, FLAMENGO))).toBe(true);
  }, 120_000);
});
