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
import { parseConfig } from '../../src/lib/config/config.ts';
import type { Snapshot } from '../../src/lib/model/model.ts';
import { buildClientDir } from '../../src/lib/store/build-layout.ts';
import { matchFilesDir } from '../../src/refresh/render/match-files.ts';
import type { RefreshReport } from '../../src/refresh/refresh.ts';
import { FLAMENGO, refreshFrom, withFlamengoScore } from '../support/fixture-refreshes.ts';
import { buildFixtureSnapshot } from '../../harness/fixture-snapshot.ts';

const UPSTREAM = 'http://127.0.0.1:9';
const ARSENAL = 'campeonato-ingles/21-11-2026-arsenal-x-chelsea';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-match-files-'));
const config = parseConfig({ DATA_DIR: dataDir, UPSTREAM_URL: UPSTREAM });

const refresh = (snapshot: Snapshot): Promise<RefreshReport> => refreshFrom(config, snapshot);

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

  it('removes the files of a match no listing holds once the build without it is served', async () => {
    const snapshot = buildFixtureSnapshot(UPSTREAM);
    const page = path.join(matchFilesDir(dataDir), 'jogo', `${ARSENAL}.html`);
    expect(fs.existsSync(page)).toBe(true);
    const without = {
      ...snapshot,
      hoje: { ...snapshot.hoje, matches: snapshot.hoje.matches.filter((m) => m.id !== ARSENAL) },
    };
    without.hoje.count = without.hoje.matches.length;
    const report = await refresh(without);
    expect(fs.existsSync(page)).toBe(false);
    expect(fs.existsSync(jsonFile(report, ARSENAL))).toBe(false);
    expect(fs.existsSync(jsonFile(report, FLAMENGO))).toBe(true);
  }, 120_000);
});
