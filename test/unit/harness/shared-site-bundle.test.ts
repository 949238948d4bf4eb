/**
 * The run's one site bundle goes into each test's DATA_DIR as a copy: a build sets the mtime of
 * the bundle files it takes (their Last-Modified), and two test files running side by side must
 * not set each other's (seen as nginx and Placar disagreeing on /api/routes' Last-Modified).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copySharedSiteBundle } from '../../../harness/shared-site-bundle.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { buildsDir } from '../../../src/lib/store/builds/build-layout.ts';

const folders: string[] = [];
const tempFolder = (): string => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-shared-bundle-test-'));
  folders.push(folder);
  return folder;
};

afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe('copySharedSiteBundle', () => {
  it('gives each DATA_DIR files of its own: a time set in one leaves the others and the shared bundle as they were', () => {
    const shared = tempFolder();
    const asset = path.join('bundle-0123456789abcdef', 'client', '_astro', 'page.js');
    fs.mkdirSync(path.dirname(path.join(buildsDir(shared), asset)), { recursive: true });
    fs.writeFileSync(path.join(buildsDir(shared), asset), 'console.log(1);\n');
    const made = new Date('2026-11-28T08:00:00Z');
    fs.utimesSync(path.join(buildsDir(shared), asset), made, made);
    const [first, second] = [tempFolder(), tempFolder()];
    copySharedSiteBundle(first, PROJECT_ROOT, shared);
    copySharedSiteBundle(second, PROJECT_ROOT, shared);

    const built = new Date('2026-11-28T08:20:03Z');
    fs.utimesSync(path.join(buildsDir(first), asset), built, built);

    const mtime = (dataDir: string): number => fs.statSync(path.join(buildsDir(dataDir), asset)).mtimeMs;
    expect(mtime(first)).toBe(built.getTime());
    expect(mtime(second)).not.toBe(built.getTime());
    expect(mtime(shared)).toBe(made.getTime());
    expect(fs.readFileSync(path.join(buildsDir(second), asset), 'utf8')).toBe('console.log(1);\n');
  });
});
