/**
 * A refresher with no web server keeps a real S3 bucket current: `npm run refresh` with
 * PUBLISH_COMMAND='sh deploy/publish-rclone.sh REMOTE:BUCKET', Debian's rclone configured by
 * environment variables only, an S3 endpoint on loopback (test/support/publish/local-s3.ts). The bucket
 * is read back through its website endpoint: every object with its kind's Content-Type and
 * Cache-Control and the build's exact bytes; a second refresh's data lands and what the new
 * build no longer has is deleted.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDemoCrests } from '../../../src/demo/demo-crests.ts';
import { readFixturePages, startFakeUpstream, type FakeUpstream } from '../../../src/demo/upstream-server.ts';
import { buildClientDir } from '../../../src/lib/store/builds/build-layout.ts';
import type { ListEnvelope } from '../../../src/lib/model/model.ts';
import { readPublishState } from '../../../src/lib/store/builds/publish-state-store.ts';
import { readCurrentBuildId } from '../../../src/lib/store/builds/current-link.ts';
import { expectedBucket, websitePath } from '../../support/publish/bucket-expectations.ts';
import { listBucket, refreshIntoBucket, startLocalS3, type LocalS3 } from '../../support/publish/local-s3.ts';

let upstream: FakeUpstream;
let s3: LocalS3;
let dataDir: string;
const LIVE_PATH = '/jogos-em-andamento';

beforeAll(async () => {
  // With crests, so the bucket also gets the build's /escudos/ files.
  const pages = Object.fromEntries(
    Object.entries(readFixturePages()).map(([pagePath, html]) => [pagePath, withDemoCrests(html)]),
  );
  upstream = await startFakeUpstream({ pages });
  s3 = await startLocalS3();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-s3-refresh-'));
});

afterAll(async () => {
  await s3?.close();
  await upstream?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function refresh(): Promise<string> {
  const result = await refreshIntoBucket(s3, dataDir, upstream.url);
  expect(result.code, result.output).toBe(0);
  const buildId = readCurrentBuildId(dataDir) ?? '';
  expect(result.output).toContain(`publicação concluída build=${buildId}`);
  expect(readPublishState(dataDir)).toMatchObject({ lastBuildId: buildId, lastError: null });
  return buildId;
}

/** Every object of the bucket, read through the website endpoint, is the build's. */
async function expectBucketToServe(buildId: string): Promise<void> {
  const expected = expectedBucket(buildClientDir(dataDir, buildId));
  expect(
    expected.some((object) => object.key.startsWith('escudos/')),
    'the build has crests',
  ).toBe(true);
  expect(await listBucket(s3)).toEqual(expected.map((object) => object.key));
  for (const object of expected) {
    const response = await s3.readWebsite(websitePath(object.key));
    const label = `${object.key}: ${response.status} ${String(response.headers['content-type'])}`;
    expect(response.status, label).toBe(200);
    expect(response.body.equals(fs.readFileSync(object.file)), `${object.key}: bytes`).toBe(true);
    expect(response.headers['cache-control'], label).toBe(object.cacheControl);
    const contentType = String(response.headers['content-type']);
    if (object.contentType !== null) expect(contentType, label).toBe(object.contentType);
    expect(object.mediaTypes, label).toContain(contentType.split(';')[0]?.trim());
  }
}

async function readLive(): Promise<ListEnvelope> {
  const response = await s3.readWebsite('/api/live');
  expect(response.status).toBe(200);
  return response.json() as ListEnvelope;
}

describe('npm run refresh with PUBLISH_COMMAND=deploy/publish-rclone.sh, against a local S3 endpoint', () => {
  let firstBuild = '';

  it('uploads the build: every object with its headers and the build’s bytes, nothing precompressed', async () => {
    firstBuild = await refresh();
    await expectBucketToServe(firstBuild);
    const home = await s3.readWebsite('/');
    expect(home.status).toBe(200);
    expect(home.text()).toContain('Flamengo');
    // A missing key answers the site's own 404 page.
    const missing = await s3.readWebsite('/api/busca?q=flamengo');
    expect(missing.status).toBe(404);
    expect(missing.body.equals(fs.readFileSync(path.join(buildClientDir(dataDir, firstBuild), '404.html')))).toBe(true);
  });

  it('lands the second refresh’s data and deletes what the new build no longer has', async () => {
    const before = await readLive();
    expect(
      before.matches.some((match) => match.homeTeam.name === 'Flamengo' || match.awayTeam.name === 'Flamengo'),
    ).toBe(true);
    upstream.setPage(LIVE_PATH, (readFixturePages()[LIVE_PATH] ?? '').replaceAll('Flamengo', 'Sampaio Corrêa'));
    // An object only the old bucket has: the final sync must remove it.
    const stray = path.join(dataDir, 'stray.txt');
    fs.writeFileSync(stray, 'não faz parte do build\n');
    const strayUpload = await promisify(execFile)('rclone', ['copyto', stray, `${s3.remote}/_astro/old-asset.js`], {
      env: s3.rcloneEnv(),
    });
    expect(strayUpload.stderr).not.toMatch(/ERROR/);
    expect(await listBucket(s3)).toContain('_astro/old-asset.js');

    const secondBuild = await refresh();
    expect(secondBuild).not.toBe(firstBuild);
    await expectBucketToServe(secondBuild);
    const after = await readLive();
    expect(after.matches.flatMap((match) => [match.homeTeam.name, match.awayTeam.name])).toContain('Sampaio Corrêa');
    expect(after.matches.flatMap((match) => [match.homeTeam.name, match.awayTeam.name])).not.toContain('Flamengo');
    expect((await s3.readWebsite('/')).text()).toContain('Sampaio Corrêa');
  });
});
