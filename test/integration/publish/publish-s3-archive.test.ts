/**
 * The archive in the bucket shape (issue 34 §5): `npm run refresh` with
 * PUBLISH_COMMAND='sh deploy/publish-rclone.sh …' (test/support/publish/local-s3.ts), the refresher's clock
 * moved (test/support/processes/shifted-clock.mjs). Saturday's refresh uploads Friday's day (/dia, /api/dia);
 * past midnight Friday's matches leave every listing and the finished ones stay in the bucket,
 * byte for byte with their headers; once Friday is ARCHIVE_DAYS past /ontem the bucket loses
 * them, as the build did.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { buildClientDir } from '../../../src/lib/store/builds/build-layout.ts';
import { readCurrentBuildId } from '../../../src/lib/store/builds/current-link.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { runScript } from '../../../harness/run-script.ts';
import { copySharedSiteBundle } from '../../../harness/shared-site-bundle.ts';
import { CACHE_CONTROL, expectedBucket } from '../../support/publish/bucket-expectations.ts';
import { listBucket, startLocalS3, type LocalS3 } from '../../support/publish/local-s3.ts';

const clockFile = path.join(os.tmpdir(), `placar-balde-relogio-${process.pid}`);
const FRIDAY = '2026-11-20';
const FINISHED = 'campeonato-portugues/20-11-2026-benfica-x-porto';
const EMPTY_LISTING = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/upstream/jogos-em-andamento-vazio.html'),
  'utf8',
);
let upstream: FakeUpstream;
let s3: LocalS3;
let dataDir: string;

beforeAll(async () => {
  upstream = await startFakeUpstream({ pages: readFixturePages() });
  s3 = await startLocalS3();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-s3-arquivo-'));
  copySharedSiteBundle(dataDir, PROJECT_ROOT);
});

afterAll(async () => {
  await s3?.close();
  await upstream?.close();
  fs.rmSync(clockFile, { force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One `npm run refresh` into the bucket with the refresher's clock at `at`; returns the build's client folder. */
async function refreshAt(at: string): Promise<string> {
  fs.writeFileSync(clockFile, String(Date.parse(at) - Date.now()));
  const preload = `--import=${pathToFileURL(path.resolve(import.meta.dirname, '../../support/processes/shifted-clock.mjs')).href}`;
  const result = await runScript(
    'scripts/refresh.ts',
    s3.rcloneEnv({
      ...process.env,
      DATA_DIR: dataDir,
      UPSTREAM_URL: upstream.url,
      PUBLISH_COMMAND: s3.publishCommand,
      ARCHIVE_DAYS: '3',
      DETAIL_REQUESTS_PER_MINUTE: '0',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${preload}`.trim(),
      PLACAR_TEST_CLOCK_FILE: clockFile,
    }),
  );
  expect(result.code, result.output).toBe(0);
  expect(result.output).toContain('publicação concluída');
  return buildClientDir(dataDir, readCurrentBuildId(dataDir) ?? '');
}

/** The bucket holds exactly the build's objects; `keys` among them with the build's bytes and their headers. */
async function expectBucketWith(clientDir: string, keys: readonly string[]): Promise<void> {
  const expected = expectedBucket(clientDir);
  expect(await listBucket(s3)).toEqual(expected.map((object) => object.key));
  for (const key of keys) {
    const object = expected.find((candidate) => candidate.key === key);
    expect(object, key).toBeDefined();
    const response = await s3.readWebsite(`/${key}`);
    expect(response.status, key).toBe(200);
    expect(response.body.equals(fs.readFileSync(object?.file ?? '')), `${key}: bytes`).toBe(true);
    expect(response.headers['cache-control'], key).toBe(object?.cacheControl);
  }
}

describe('the archive in the bucket', () => {
  it('uploads the past day, keeps the finished matches that left the listings, then deletes them past the window', async () => {
    const saturday = await refreshAt('2026-11-21T20:00:00-03:00');
    await expectBucketWith(saturday, [`api/dia/${FRIDAY}`, `dia/${FRIDAY}.html`, `dia/${FRIDAY}`]);
    expect((await s3.readWebsite(`/api/dia/${FRIDAY}`)).headers['content-type']).toBe(
      'application/json; charset=utf-8',
    );

    upstream.setPage('/jogos-de-ontem', EMPTY_LISTING);
    // Matches that left every listing unfinished lose their files after the swap, maybe after the upload began (a
    // loaded CI run uploaded one before its removal): the next refresh's upload is the one that matches its build.
    await refreshAt('2026-11-22T00:00:05-03:00');
    const sunday = await refreshAt('2026-11-22T00:01:05-03:00');
    const archived = [`api/jogo/${FINISHED}`, `jogo/${FINISHED}.html`, `jogo/${FINISHED}`];
    await expectBucketWith(sunday, [...archived, `dia/${FRIDAY}`, 'api/dia/2026-11-21']);
    expect((await s3.readWebsite(`/jogo/${FINISHED}`)).headers['cache-control']).toBe(CACHE_CONTROL.page);

    // The expired files go after that refresh's swap, maybe after its upload began: the next upload deletes them.
    await refreshAt('2026-11-25T12:00:00-03:00');
    const wednesday = await refreshAt('2026-11-25T12:01:00-03:00');
    await expectBucketWith(wednesday, []);
    const keys = await listBucket(s3);
    for (const gone of [...archived, `dia/${FRIDAY}`, `api/dia/${FRIDAY}`]) expect(keys, gone).not.toContain(gone);
    expect((await s3.readWebsite(`/api/dia/${FRIDAY}`)).status).toBe(404);
  }, 240_000);
});
