/**
 * Files made per key with a cap on renders per build (src/refresh/render/carried-files.ts, the team homes): a build
 * renders at most `maxRendered`, in the pages' order, and the next builds render the rest, so a first build of a
 * very long day stays within its time limit instead of failing at every refresh.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildBuildId, buildClientDir } from '../../../src/lib/store/builds/build-layout.ts';
import { swapCurrentBuild } from '../../../src/lib/store/builds/current-link.ts';
import { makeCarriedFiles } from '../../../src/refresh/render/carried-files.ts';
import type { RouteRenderer } from '../../../src/refresh/render/render-routes.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-carried-cap-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Renders a route's path as its body, and counts what it rendered. */
const rendered: string[] = [];
const renderer: RouteRenderer = {
  render: (routePath) => {
    rendered.push(routePath);
    return Promise.resolve(Buffer.from(routePath));
  },
};
const kind = {
  name: 'capped',
  routesOf: (key: string) => [{ component: 'x', path: `/t/${key}`, file: `t/${key}` }],
  maxRendered: 2,
};
const pages = new Map(['a', 'b', 'c', 'd', 'e'].map((key) => [key, { key }]));
const present = (buildId: string): string[] =>
  [...pages.keys()].filter((key) => fs.existsSync(path.join(buildClientDir(dataDir, buildId), 't', key)));

async function build(n: number): Promise<string> {
  const buildId = buildBuildId(new Date(Date.UTC(2026, 11, 2, 0, 0, n)), '00ab');
  fs.mkdirSync(buildClientDir(dataDir, buildId), { recursive: true });
  await makeCarriedFiles(kind, { dataDir, buildId, pages, salt: 's', renderer });
  swapCurrentBuild(dataDir, buildId);
  return buildId;
}

describe('a cap on renders per build', () => {
  it('renders at most the cap in each build, in order, carries what was made, and makes the rest in later builds', async () => {
    expect(present(await build(1))).toEqual(['a', 'b']);
    expect(present(await build(2))).toEqual(['a', 'b', 'c', 'd']);
    expect(present(await build(3))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(rendered).toEqual(['/t/a', '/t/b', '/t/c', '/t/d', '/t/e']);
    // Nothing left to make: every file is carried.
    expect(present(await build(4))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(rendered).toHaveLength(5);
  });
});
