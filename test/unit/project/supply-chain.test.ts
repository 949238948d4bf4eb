/**
 * The dependency tree as installed by `npm ci --strict-allow-scripts`: a lock file in sync with
 * package.json, and no package with an install script beyond the approved ones (allowScripts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const APPROVED = ['esbuild', 'node'];
/** Install scripts explicitly denied (allowScripts: false), with why. */
const DENIED: Record<string, string> = {
  // Pulled in by @stoplight/spectral-*: its postinstall only sends install analytics (network).
  '@scarf/scarf': 'install-time analytics; the package works without it',
};

interface LockedPackage {
  version?: string;
  hasInstallScript?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
interface Manifest {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  allowScripts?: Record<string, boolean>;
}

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Manifest;
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockedPackage>;
};

describe('dependencies', () => {
  it('are locked: package-lock.json (v3) lists exactly the dependencies package.json declares', () => {
    expect(lock.lockfileVersion).toBeGreaterThanOrEqual(3);
    const root = lock.packages[''];
    expect(root?.dependencies).toEqual(manifest.dependencies);
    expect(root?.devDependencies).toEqual(manifest.devDependencies);
    for (const name of [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)]) {
      expect(lock.packages[`node_modules/${name}`]?.version, name).toBeDefined();
    }
  });

  it('run no install script except the approved ones (node, esbuild); the denied ones are listed', () => {
    const entries = Object.entries(manifest.allowScripts ?? {});
    expect(
      entries
        .filter(([, allowed]) => allowed)
        .map(([name]) => name)
        .sort(),
    ).toEqual(APPROVED);
    expect(
      entries
        .filter(([, allowed]) => !allowed)
        .map(([name]) => name)
        .sort(),
    ).toEqual(Object.keys(DENIED).sort());
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript === true)
      .map(([location]) => location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    for (const name of withScripts)
      expect(manifest.allowScripts?.[name], `${name} has an install script: approve or deny it`).toBeTypeOf('boolean');
  });
});
