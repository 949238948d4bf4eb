/**
 * deploy/publish-rclone.sh against a real S3 endpoint, seen from the endpoint: the uploads go
 * assets → JSON → pages and deletions come last; a publish killed (SIGKILL of its process
 * group) halfway — at its first JSON upload, its first page upload, its first deletion — leaves
 * the bucket serving a consistent site: every page whole (the old one or the new one), every
 * asset a page references there, every JSON file whole.
 *
 * Build B is build A as a new release would make it: every fingerprinted asset renamed (and
 * referenced by the new name), so the old pages need the old assets until they are replaced.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixturePages, startFakeUpstream } from '../../../src/demo/upstream-server.ts';
import { buildClientDir } from '../../../src/lib/store/builds/build-layout.ts';
import { runPublishCommand, type PublishResult } from '../../../src/refresh/publish/publish-command.ts';
import { readCurrentBuildId } from '../../../src/lib/store/builds/current-link.ts';
import {
  CACHE_CONTROL,
  CLEAN_URL_PAGES,
  expectedBucket,
  websitePath,
} from '../../support/publish/bucket-expectations.ts';
import { startLocalS3, type LocalS3, type S3Request } from '../../support/publish/local-s3.ts';
import { runScript } from '../../../harness/run-script.ts';

let s3: LocalS3;
let temp: string;
let buildA: string;
let buildB: string;

const PAGE_KEYS = [
  'index.html',
  'hoje.html',
  'busca.html',
  'ontem.html',
  'amanha.html',
  '404.html',
  ...CLEAN_URL_PAGES,
];
const JSON_KEYS = ['api/live', 'api/hoje', 'api/amanha', 'api/ontem', 'api/routes'];

/** A copy of a build folder with its linked match folders copied as real ones (cpSync keeps a linked folder a link). */
function copyBuild(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true, dereference: true });
  for (const linked of ['jogo', path.join('api', 'jogo')]) {
    const target = path.join(to, linked);
    if (!fs.lstatSync(target, { throwIfNoEntry: false })?.isSymbolicLink()) continue;
    fs.rmSync(target);
    fs.cpSync(fs.realpathSync(path.join(from, linked)), target, { recursive: true, dereference: true });
  }
}

/** Copies build A into B with every _astro file renamed "<name>.v2.<ext>" everywhere it is named. */
function makeNextRelease(from: string, to: string): void {
  copyBuild(from, to);
  const assets = fs
    .readdirSync(path.join(to, '_astro'))
    .filter((name) => !name.endsWith('.br') && !name.endsWith('.gz'));
  const renamed = new Map(assets.map((name) => [name, name.replace(/(\.[a-z]+)$/, '.v2$1')]));
  for (const name of fs.readdirSync(path.join(to, '_astro'))) fs.rmSync(path.join(to, '_astro', name));
  for (const [oldName, newName] of renamed)
    fs.copyFileSync(path.join(from, '_astro', oldName), path.join(to, '_astro', newName));
  const rewrite = (file: string): void => {
    let text = fs.readFileSync(file, 'utf8');
    for (const [oldName, newName] of renamed) text = text.replaceAll(oldName, newName);
    fs.writeFileSync(file, text);
  };
  // Every page, the match pages under jogo/ too: a new release renders them all again.
  const pages = fs.readdirSync(to, { recursive: true, encoding: 'utf8' }).filter((n) => n.endsWith('.html'));
  for (const name of pages) rewrite(path.join(to, name));
  for (const newName of renamed.values()) rewrite(path.join(to, '_astro', newName));
  // The new release's data differs too: a later generatedAt, a new API version.
  for (const key of JSON_KEYS) {
    const document = JSON.parse(fs.readFileSync(path.join(to, key), 'utf8')) as {
      generatedAt?: string;
      info?: { version: string };
    };
    if (document.info) document.info.version = '1.0.1';
    else document.generatedAt = '2026-11-21T21:31:00-03:00';
    fs.writeFileSync(path.join(to, key), JSON.stringify(document));
  }
  for (const name of fs.readdirSync(to).filter((n) => n.endsWith('.br') || n.endsWith('.gz')))
    fs.rmSync(path.join(to, name));
}

function publish(clientDir: string, killWhen?: (request: S3Request) => boolean): Promise<PublishResult> {
  let pid: number | undefined;
  s3.onRequest = (request) => {
    if (pid !== undefined && killWhen?.(request)) {
      process.kill(-pid, 'SIGKILL');
      pid = undefined;
    }
  };
  return runPublishCommand(
    s3.publishCommand,
    { buildId: path.basename(path.dirname(clientDir)), clientDir, generatedAt: '2026-11-21T21:30:00-03:00' },
    60_000,
    s3.rcloneEnv(),
    undefined,
    (spawned) => (pid = spawned),
  ).finally(() => (s3.onRequest = null));
}

const isUpload = (request: S3Request): boolean => request.method === 'PUT' && request.key !== '';
const isDeletion = (request: S3Request): boolean =>
  request.method === 'DELETE' || (request.method === 'POST' && request.query.startsWith('delete'));
const isPage = (key: string): boolean => PAGE_KEYS.includes(key);

async function readKey(key: string): Promise<Buffer | null> {
  const response = await s3.readWebsite(websitePath(key));
  return response.status === 200 ? response.body : null;
}

/** The pages and JSON served, each as 'A' or 'B' (whole files of one build), and no broken reference. */
async function expectConsistentBucket(): Promise<{ pages: string[]; json: string[] }> {
  const versionOf = (key: string, body: Buffer | null): string => {
    const file = CLEAN_URL_PAGES.includes(key as (typeof CLEAN_URL_PAGES)[number]) ? `${key}.html` : key;
    if (body?.equals(fs.readFileSync(path.join(buildA, file)))) return 'A';
    if (body?.equals(fs.readFileSync(path.join(buildB, file)))) return 'B';
    return `neither (${key}: ${body === null ? 'missing' : `${body.length} bytes`})`;
  };
  const pages: string[] = [];
  for (const key of PAGE_KEYS) {
    const body = await readKey(key);
    pages.push(versionOf(key, body));
    for (const reference of new Set(body?.toString('utf8').match(/\/_astro\/[^"'\s)>]+/g) ?? [])) {
      expect((await s3.readWebsite(reference)).status, `${key} references ${reference}`).toBe(200);
    }
  }
  const json: string[] = [];
  for (const key of JSON_KEYS) {
    const body = await readKey(key);
    json.push(versionOf(key, body));
    expect(() => JSON.parse(body?.toString('utf8') ?? ''), key).not.toThrow();
  }
  for (const version of [...pages, ...json]) expect(['A', 'B']).toContain(version);
  return { pages, json };
}

beforeAll(async () => {
  temp = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-s3-order-'));
  const upstream = await startFakeUpstream({ pages: readFixturePages() });
  try {
    const dataDir = path.join(temp, 'data');
    const result = await runScript('scripts/refresh.ts', {
      ...process.env,
      DATA_DIR: dataDir,
      UPSTREAM_URL: upstream.url,
      PUBLISH_COMMAND: '',
    });
    expect(result.code, result.output).toBe(0);
    buildA = buildClientDir(dataDir, readCurrentBuildId(dataDir) ?? '');
  } finally {
    await upstream.close();
  }
  buildB = path.join(temp, 'next', 'client');
  makeNextRelease(buildA, buildB);
  s3 = await startLocalS3();
});

afterAll(async () => {
  await s3?.close();
  fs.rmSync(temp, { recursive: true, force: true });
});

/** Build A with match pages: `pages` maps a match id to its page's text. */
function withMatchPages(to: string, pages: Record<string, string>): string {
  copyBuild(buildA, to);
  for (const [id, text] of Object.entries(pages)) {
    fs.mkdirSync(path.join(to, 'jogo', path.dirname(id)), { recursive: true });
    fs.writeFileSync(path.join(to, 'jogo', `${id}.html`), `<!doctype html><title>${text}</title><p>${text}</p>`);
  }
  return to;
}

describe('deploy/publish-rclone.sh on a real S3 endpoint', () => {
  it('publishes each match page also without ".html", before the views, and deletes those no longer built', async () => {
    const first = withMatchPages(path.join(temp, 'matches-1'), {
      'copa/21-11-2026-alfa-x-beta': 'Alfa 1 x 0 Beta',
      'copa/21-11-2026-gama-x-delta': 'Gama x Delta',
    });
    s3.requests.length = 0;
    expect(await publish(first)).toMatchObject({ ok: true });
    for (const key of ['jogo/copa/21-11-2026-alfa-x-beta', 'jogo/copa/21-11-2026-alfa-x-beta.html']) {
      const response = await s3.readWebsite(websitePath(key));
      expect(response.status, key).toBe(200);
      expect(response.headers['content-type'], key).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control'], key).toBe(CACHE_CONTROL.page);
      expect(response.text(), key).toContain('Alfa 1 x 0 Beta');
    }
    const uploads = s3.requests.filter(isUpload).map((request) => request.key);
    expect(uploads.findLastIndex((key) => key.startsWith('jogo/'))).toBeLessThan(uploads.indexOf('index.html'));

    const second = withMatchPages(path.join(temp, 'matches-2'), { 'copa/21-11-2026-alfa-x-beta': 'Alfa 2 x 0 Beta' });
    expect(await publish(second)).toMatchObject({ ok: true });
    for (const key of ['jogo/copa/21-11-2026-alfa-x-beta', 'jogo/copa/21-11-2026-alfa-x-beta.html'])
      expect((await s3.readWebsite(websitePath(key))).text(), key).toContain('Alfa 2 x 0 Beta');
    for (const key of ['jogo/copa/21-11-2026-gama-x-delta', 'jogo/copa/21-11-2026-gama-x-delta.html'])
      expect((await s3.readWebsite(websitePath(key))).status, key).toBe(404);
  });

  it('uploads assets, then JSON, then pages, and deletes the old assets last', async () => {
    expect(await publish(buildA)).toMatchObject({ ok: true });
    s3.requests.length = 0;
    expect(await publish(buildB)).toMatchObject({ ok: true });
    const sequence = s3.requests.filter((request) => isUpload(request) || isDeletion(request));
    const kinds: string[] = sequence.map((request) =>
      isDeletion(request)
        ? 'delete'
        : request.key.startsWith('_astro/')
          ? 'asset'
          : request.key.startsWith('api/')
            ? 'json'
            : isPage(request.key)
              ? 'page'
              : 'other',
    );
    const last = (kind: string): number => kinds.lastIndexOf(kind);
    const first = (kind: string): number => kinds.indexOf(kind);
    for (const kind of ['asset', 'json', 'page', 'delete']) expect(kinds, kind).toContain(kind);
    expect(last('asset')).toBeLessThan(first('json'));
    expect(last('json')).toBeLessThan(first('page'));
    expect(Math.max(last('page'), last('other'))).toBeLessThan(first('delete'));
    // What was deleted is exactly build A's old assets.
    const deleted = sequence
      .filter(isDeletion)
      .map((request) => request.key)
      .sort();
    const oldAssets = fs
      .readdirSync(path.join(buildA, '_astro'))
      .filter((n) => !n.endsWith('.br') && !n.endsWith('.gz'))
      .map((n) => `_astro/${n}`)
      .sort();
    expect(deleted).toEqual(oldAssets);
    const bucket = expectedBucket(buildB);
    for (const object of bucket)
      expect((await readKey(object.key))?.equals(fs.readFileSync(object.file)), object.key).toBe(true);
  });

  it.each([
    ['its first JSON upload', (r: S3Request) => isUpload(r) && r.key.startsWith('api/'), { pages: 'A' }],
    ['its first page upload', (r: S3Request) => isUpload(r) && isPage(r.key), { json: 'B' }],
    ['its first deletion', isDeletion, { pages: 'B', json: 'B' }],
  ] as const)(
    'killed at %s, leaves a consistent site behind, and the next publish completes it',
    async (_, killWhen, expected) => {
      expect(await publish(buildA)).toMatchObject({ ok: true });
      const killed = await publish(buildB, killWhen);
      expect(killed.ok).toBe(false);
      expect(killed.error).toMatch(/SIGKILL/);
      const served = await expectConsistentBucket();
      if ('pages' in expected) expect(new Set(served.pages)).toEqual(new Set([expected.pages]));
      if ('json' in expected) expect(new Set(served.json)).toEqual(new Set([expected.json]));
      // The next publish (the retry) brings the bucket to build B exactly.
      expect(await publish(buildB)).toMatchObject({ ok: true });
      const after = await expectConsistentBucket();
      expect(new Set([...after.pages, ...after.json])).toEqual(new Set(['B']));
      expect(
        await readKey(`_astro/${fs.readdirSync(path.join(buildA, '_astro')).find((n) => n.endsWith('.js')) ?? ''}`),
      ).toBeNull();
    },
  );
});
