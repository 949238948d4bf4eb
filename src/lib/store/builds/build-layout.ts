/**
 * Where builds live inside DATA_DIR (see src/lib/store/README.md):
 *   builds/<id>/client/            the static site (served; `current` points here)
 *   builds/<id>/server/entry.mjs   the site bundle's server, linked in (it renders pages; /api/busca is the server's)
 *   builds/<id>/site-manifest.json content hashes, Last-Modified, precompressed variants
 *   current → builds/<id>/client   re-pointed atomically after each successful build
 *   builds/bundle-<fingerprint>/   the site bundle: client assets + the render handler, built once
 *                                  per installed version; bundle.json marks it complete
 * Pure path arithmetic, shared by the pipeline and the server.
 */
import path from 'node:path';

export const BUILDS_FOLDER = 'builds';
export const CURRENT_LINK = 'current';
export const SITE_MANIFEST_FILE = 'site-manifest.json';

/** Build ids sort by creation time: 20261121T224105123Z-3f9a (UTC, ms, random suffix). */
const BUILD_ID = /^\d{8}T\d{9}Z-[0-9a-f]{4}$/;

export function buildBuildId(now: Date, randomHex: string): string {
  return `${now.toISOString().replace(/[-:.]/g, '')}-${randomHex.slice(0, 4)}`;
}

export function isBuildId(name: string): boolean {
  return BUILD_ID.test(name);
}

export function buildsDir(dataDir: string): string {
  return path.join(dataDir, BUILDS_FOLDER);
}

export function buildDir(dataDir: string, buildId: string): string {
  return path.join(buildsDir(dataDir), buildId);
}

export function buildClientDir(dataDir: string, buildId: string): string {
  return path.join(buildDir(dataDir, buildId), 'client');
}

export function buildServerEntry(dataDir: string, buildId: string): string {
  return path.join(buildDir(dataDir, buildId), 'server', 'entry.mjs');
}

export function buildManifestPath(dataDir: string, buildId: string): string {
  return path.join(buildDir(dataDir, buildId), SITE_MANIFEST_FILE);
}

export function currentLinkPath(dataDir: string): string {
  return path.join(dataDir, CURRENT_LINK);
}

/** The symlink's target, relative to DATA_DIR so the folder can be moved. */
export function currentLinkTarget(buildId: string): string {
  return path.join(BUILDS_FOLDER, buildId, 'client');
}

/** The build id a `current` link target names, or null when it names none. */
export function parseCurrentLinkTarget(target: string): string | null {
  const parts = target.split(/[\\/]+/).filter((part) => part !== '' && part !== '.');
  const id = parts.at(-2);
  return parts.at(-1) === 'client' && id !== undefined && isBuildId(id) ? id : null;
}

/** The site bundle of a fingerprint (src/refresh/render/site-bundle.ts); not a build id, so build cleanup ignores it. */
export const BUNDLE_PREFIX = 'bundle-';
export const BUNDLE_INFO_FILE = 'bundle.json';

export function bundleDir(dataDir: string, fingerprint: string): string {
  return path.join(buildsDir(dataDir), `${BUNDLE_PREFIX}${fingerprint}`);
}

export function bundleInfoPath(dataDir: string, fingerprint: string): string {
  return path.join(bundleDir(dataDir, fingerprint), BUNDLE_INFO_FILE);
}
