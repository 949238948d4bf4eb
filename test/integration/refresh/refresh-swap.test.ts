/**
 * Refreshes one after the other (refreshNow, as fast as a seconds-level REFRESH_CRON): a continuous request loop
 * across 5 rebuild swaps with zero failed requests, an upstream change showing up in /api/live, and a broken
 * build that keeps the old site serving until the next refresh recovers.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { BUNDLE_PREFIX, isBuildId } from '../../../src/lib/store/builds/build-layout.ts';
import { describe, expect, it } from 'vitest';
import { readFixturePages } from '../../../src/demo/upstream-server.ts';
import type { ListEnvelope } from '../../../src/lib/model/model.ts';
import { rawRequest } from '../../support/http/raw-http.ts';
import { servePlacarForFile } from '../../support/processes/served-placar.ts';
import { RARE_REFRESH_CRON } from '../../../harness/placar-process.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/upstream');

const PUBLISHED = /^atualização #\d+ concluída/;
const FAILED = /^atualização #\d+ falhou/;

const served = servePlacarForFile({
  pages: () => readFixturePages(),
  env: { REFRESH_CRON: RARE_REFRESH_CRON, SEARCH_RATE_LIMIT: '0' },
});

describe('refreshes while serving', () => {
  it('serves a continuous request loop across 5 rebuild swaps with zero failed requests', async () => {
    const paths = [
      '/',
      '/hoje',
      '/busca',
      '/api/live',
      '/api/hoje',
      '/api/amanha',
      '/api/routes',
      '/api/busca?q=serie%20a',
    ];
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const failures: string[] = [];
    let requests = 0;
    let stop = false;
    const worker = async (id: number): Promise<void> => {
      for (let i = 0; !stop; i++) {
        const target = paths[(i + id) % paths.length] ?? '/';
        // Half the workers reuse connections, half open a new one per request.
        const agent = id % 2 === 0 ? keepAlive : undefined;
        try {
          const response = await rawRequest(served.placar.url, target, {
            agent,
            headers: { 'Accept-Encoding': i % 3 === 0 ? 'br' : 'identity' },
          });
          requests++;
          const typeOk = target.startsWith('/api/')
            ? /^application\/json/.test(String(response.headers['content-type']))
            : /^text\/html/.test(String(response.headers['content-type']));
          if (response.status !== 200 || !typeOk)
            failures.push(`${target} → ${response.status} ${response.headers['content-type']}`);
        } catch (error) {
          failures.push(`${target} → ${(error as Error).message}`);
        }
      }
    };
    const workers = [0, 1, 2, 3].map(worker);
    try {
      for (let swap = 0; swap < 5; swap += 1) expect(await served.placar.refreshNow()).toMatch(PUBLISHED);
    } finally {
      stop = true;
      await Promise.all(workers);
      keepAlive.destroy();
    }
    console.info(`swap under load: ${requests} requests across 5 swaps, ${failures.length} failed`);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(100);
  }, 150_000);

  it('shows an upstream change in /api/live after the next refresh', async () => {
    const before = (await rawRequest(served.placar.url, '/api/live')).json() as ListEnvelope;
    expect(before.count).toBe(4);
    served.upstream.setPage(
      '/jogos-em-andamento',
      fs.readFileSync(path.join(FIXTURES, 'jogos-em-andamento-vazio.html'), 'utf8'),
    );
    // generatedAt counts whole seconds: the next refresh reads in a later one than the refresh before it.
    await expect.poll(() => Date.now()).toBeGreaterThan(Date.parse(before.generatedAt ?? '') + 1_000);
    expect(await served.placar.refreshNow()).toMatch(PUBLISHED);
    const after = (await rawRequest(served.placar.url, '/api/live')).json() as ListEnvelope;
    expect(after).toMatchObject({ count: 0, matches: [], stale: false });
    expect(Date.parse(after.generatedAt ?? '')).toBeGreaterThan(Date.parse(before.generatedAt ?? ''));
  }, 60_000);

  it('keeps the old site up when a build fails, and recovers on the next refresh', async () => {
    // Simulate a broken upgrade: the site bundle is gone (a new version needs a new one) and the
    // builds' package folder points at an empty folder, so the bundle's `astro build` fails
    // resolving its imports (a real build failure).
    const link = path.join(served.placar.dataDir, 'builds', 'node_modules');
    const original = fs.readlinkSync(link);
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-empty-modules-'));
    const relink = (target: string): void => {
      const temp = `${link}.tmp`;
      fs.symlinkSync(target, temp);
      fs.renameSync(temp, link);
    };
    // Load the search handler first: it is imported from a build and needs the packages too.
    expect((await rawRequest(served.placar.url, '/api/busca?q=flamengo')).status).toBe(200);
    relink(empty);
    for (const name of fs.readdirSync(path.join(served.placar.dataDir, 'builds'))) {
      if (name.startsWith(BUNDLE_PREFIX))
        fs.rmSync(path.join(served.placar.dataDir, 'builds', name), { recursive: true, force: true });
    }
    try {
      expect(await served.placar.refreshNow()).toMatch(FAILED);
      const health = (await rawRequest(served.placar.url, '/healthz')).json() as { lastBuildAt: string };
      expect(await served.placar.refreshNow()).toMatch(FAILED);
      for (const target of ['/', '/api/hoje', '/api/busca?q=flamengo'])
        expect((await rawRequest(served.placar.url, target)).status, target).toBe(200);
      expect(((await rawRequest(served.placar.url, '/healthz')).json() as { lastBuildAt: string }).lastBuildAt).toBe(
        health.lastBuildAt,
      );
      expect(served.placar.output()).toMatch(/atualização #\d+ falhou build=\S+ .*erro="build falhou/);
    } finally {
      relink(original);
      fs.rmSync(empty, { recursive: true, force: true });
    }
    expect(await served.placar.refreshNow()).toMatch(PUBLISHED);
    expect((await rawRequest(served.placar.url, '/api/live')).status).toBe(200);
    // Failed builds are deleted at once: only published builds (at most 2 + the one in use) remain.
    const builds = fs.readdirSync(path.join(served.placar.dataDir, 'builds')).filter(isBuildId);
    expect(builds.length).toBeLessThanOrEqual(3);
  }, 120_000);
});
