/**
 * A table row names its team with a link to the team's home only when the build has one, so a quiet table (nothing
 * in play, carried from build to build) must be made again when one of its teams gains a home: else it keeps an
 * unlinked name (or, the other way, a link to a 404) until its page is read again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixtureSnapshot } from '../../../harness/fixture-snapshot.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { copySharedSiteBundle } from '../../../harness/shared-site-bundle.ts';
import { parseConfig } from '../../../src/lib/config/config.ts';
import type { Snapshot } from '../../../src/lib/model/model.ts';
import { buildClientDir } from '../../../src/lib/store/builds/build-layout.ts';
import type { RefreshReport } from '../../../src/refresh/refresh.ts';
import { FLAMENGO, refreshFrom } from '../../support/data-dir/fixture-refreshes.ts';
import { keepTableRead } from '../../support/samples/kept-table.ts';

const UPSTREAM = 'http://127.0.0.1:9';
/** No match of it is in play: its table is carried while its data stays the same. Its rows are the reference page's. */
const QUIET_TABLE = 'campeonato-ingles';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-table-links-'));
const config = parseConfig({ DATA_DIR: dataDir, UPSTREAM_URL: UPSTREAM });

const withoutFlamengo = (snapshot: Snapshot): Snapshot => {
  const drop = (listing: 'live' | 'hoje') => {
    const matches = snapshot[listing].matches.filter((match) => match.id !== FLAMENGO);
    return { ...snapshot[listing], matches, count: matches.length };
  };
  return { ...snapshot, live: drop('live'), hoje: drop('hoje') };
};
const tablePage = (report: RefreshReport): string =>
  fs.readFileSync(path.join(buildClientDir(dataDir, report.buildId ?? ''), `tabela/${QUIET_TABLE}.html`), 'utf8');
const hasHome = (report: RefreshReport, slug: string): boolean =>
  fs.existsSync(path.join(buildClientDir(dataDir, report.buildId ?? ''), `api/time/${slug}`));

beforeAll(() => {
  copySharedSiteBundle(dataDir, PROJECT_ROOT);
  keepTableRead(dataDir, QUIET_TABLE);
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('a table’s team links', () => {
  it('links a row once its team has a home, though nothing else of the table changed', async () => {
    const before = await refreshFrom(config, withoutFlamengo(buildFixtureSnapshot(UPSTREAM)));
    expect(hasHome(before, 'flamengo')).toBe(false);
    expect(tablePage(before)).not.toContain('href="/time/flamengo"');

    const after = await refreshFrom(config, buildFixtureSnapshot(UPSTREAM));
    expect(hasHome(after, 'flamengo')).toBe(true);
    expect(tablePage(after)).toContain('href="/time/flamengo"');
  }, 180_000);
});
