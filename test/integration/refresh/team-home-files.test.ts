/**
 * Each file of a team's home is rendered only when what it shows changed (src/refresh/render/team-home-files.ts):
 * while only the clock of a match in play moves, its teams' JSON is rendered and their page and calendar are the
 * build before's files (hard-linked); a goal renders the page too, and the whistle the calendar (its summary gets
 * the score). Every other team's home is carried whole.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixtureSnapshot } from '../../../harness/fixture-snapshot.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { copySharedSiteBundle } from '../../../harness/shared-site-bundle.ts';
import { parseConfig } from '../../../src/lib/config/config.ts';
import { buildClientDir } from '../../../src/lib/store/builds/build-layout.ts';
import { TeamHomeEnvelopeSchema, type TeamHomeEnvelope } from '../../../src/lib/model/team-home.ts';
import type { RefreshReport } from '../../../src/refresh/refresh.ts';
import {
  FLAMENGO,
  refreshFrom,
  withFlamengoFinished,
  withFlamengoMinute,
  withFlamengoScore,
} from '../../support/data-dir/fixture-refreshes.ts';

const UPSTREAM = 'http://127.0.0.1:9';
/** Plays the live Flamengo x Palmeiras. */
const PLAYING = 'flamengo';
/** Plays tomorrow (Bahia x Sport): nothing of it moves here. */
const RESTING = 'bahia';
const FILES = ['page', 'json', 'calendar'] as const;
type HomeFile = (typeof FILES)[number];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-team-home-files-'));
const config = parseConfig({ DATA_DIR: dataDir, UPSTREAM_URL: UPSTREAM });

const fileOf = (report: RefreshReport, slug: string, file: HomeFile): string =>
  path.join(
    buildClientDir(dataDir, report.buildId ?? ''),
    { page: `time/${slug}.html`, json: `api/time/${slug}`, calendar: `api/time/${slug}.ics` }[file],
  );
/** Which of the team's files are the very files of the build before (the same inode). */
const carried = (before: RefreshReport, after: RefreshReport, slug: string): Record<HomeFile, boolean> =>
  Object.fromEntries(
    FILES.map((file) => [
      file,
      fs.statSync(fileOf(before, slug, file)).ino === fs.statSync(fileOf(after, slug, file)).ino,
    ]),
  ) as Record<HomeFile, boolean>;
const readHome = (report: RefreshReport, slug: string): TeamHomeEnvelope =>
  TeamHomeEnvelopeSchema.parse(JSON.parse(fs.readFileSync(fileOf(report, slug, 'json'), 'utf8')));
const read = (report: RefreshReport, slug: string, file: HomeFile): string =>
  fs.readFileSync(fileOf(report, slug, file), 'utf8');

let first: RefreshReport;
beforeAll(async () => {
  copySharedSiteBundle(dataDir, PROJECT_ROOT);
  first = await refreshFrom(config, buildFixtureSnapshot(UPSTREAM));
}, 180_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('team home files', () => {
  it('carries every home whole when nothing moved', async () => {
    expect(first.teamHomesRendered).toBeGreaterThan(10);
    const again = await refreshFrom(config, buildFixtureSnapshot(UPSTREAM));
    expect(again.teamHomesRendered).toBe(0);
    for (const slug of [PLAYING, RESTING])
      expect(carried(first, again, slug)).toEqual({ page: true, json: true, calendar: true });
  }, 120_000);

  it('renders only the JSON while the clock moves, the page too for a goal, the calendar too at the whistle', async () => {
    const snapshot = buildFixtureSnapshot(UPSTREAM);
    const before = await refreshFrom(config, snapshot);

    const minute = await refreshFrom(config, withFlamengoMinute(snapshot, 71));
    // Flamengo's and Palmeiras' homes; their JSON alone.
    expect(minute.teamHomesRendered).toBe(2);
    expect(carried(before, minute, PLAYING)).toEqual({ page: true, json: false, calendar: true });
    expect(carried(before, minute, RESTING)).toEqual({ page: true, json: true, calendar: true });
    expect(readHome(minute, PLAYING).live.find((match) => match.id === FLAMENGO)?.minute).toBe(71);

    const goal = await refreshFrom(config, withFlamengoScore(withFlamengoMinute(snapshot, 71), 3));
    expect(carried(minute, goal, PLAYING)).toEqual({ page: false, json: false, calendar: true });
    expect(read(goal, PLAYING, 'page')).toContain(`data-id="${FLAMENGO}" data-home="3" data-away="1"`);
    // The calendar names a match in play without its score: nothing of it changed.
    expect(read(goal, PLAYING, 'calendar')).toContain('SUMMARY:Flamengo x Palmeiras');

    const whistle = await refreshFrom(config, withFlamengoFinished(withFlamengoScore(snapshot, 3)));
    expect(carried(goal, whistle, PLAYING)).toEqual({ page: false, json: false, calendar: false });
    expect(read(whistle, PLAYING, 'calendar')).toContain('SUMMARY:Flamengo 3 x 1 Palmeiras');
    expect(carried(goal, whistle, RESTING)).toEqual({ page: true, json: true, calendar: true });
  }, 240_000);
});
