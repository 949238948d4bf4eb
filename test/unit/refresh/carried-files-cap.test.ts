/**
 * Files made per key with a cap on renders per build (src/refresh/render/carried-files.ts, the team homes): a build
 * renders at most `maxRendered`, in the pages' order, and the next builds render the rest, so a first build of a
 * very long day stays within its time limit instead of failing at every refresh. A refresh in a new process (a
 * timer's `npm run refresh`, a restart) carries what the served build's keys file says it holds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
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

async function build(n: number, make = makeCarriedFiles): Promise<string> {
  const buildId = buildBuildId(new Date(Date.UTC(2026, 11, 2, 0, 0, n)), '00ab');
  fs.mkdirSync(buildClientDir(dataDir, buildId), { recursive: true });
  await make(kind, { dataDir, buildId, pages, salt: 's', renderer });
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

  it('carries in a new process what the served build holds, by its keys file; without a usable one it renders all', async () => {
    const before = rendered.length;
    // A module loaded afresh has none of this process's keys, as a new process.
    const freshModule = async (): Promise<typeof makeCarriedFiles> => {
      vi.resetModules();
      return (await import('../../../src/refresh/render/carried-files.ts')).makeCarriedFiles;
    };
    const served = await build(5, await freshModule());
    expect(present(served)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(rendered).toHaveLength(before);

    fs.writeFileSync(path.join(path.dirname(buildClientDir(dataDir, served)), 'capped-keys.json'), '{"t/a": 1');
    expect(present(await build(6, await freshModule()))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(rendered.slice(before)).toEqual(['/t/a', '/t/b']);
  });
});
