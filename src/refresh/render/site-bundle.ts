/**
 * The site bundle: one `astro build` with the data routes on-demand (PLACAR_SITE_BUNDLE=1, see
 * astro.config.mjs) into DATA_DIR/builds/bundle-<fingerprint>: the client assets, /api/routes
 * and the server folder, whose App (render-app.mjs) renders the data routes at each refresh in
 * process, beside the adapter's entry. The client files are compressed once here, their lines in
 * client-manifest.json, so that no build compresses them again. Built on the first
 * refresh, by `npm run build`, and again only when the fingerprint (site-fingerprint.ts)
 * changes; bundle.json, written last, marks it complete. Runs under the refresh lock.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BUNDLE_PREFIX, bundleDir, bundleInfoPath, buildsDir } from '../../lib/store/builds/build-layout.ts';
import { writeJsonAtomically } from '../../lib/store/files/json-file.ts';
import { formatSaoPauloIso } from '../../lib/model/time.ts';
import { readSiteManifest } from '../../lib/store/builds/site-manifest.ts';
import { createKeptValues, fileIdentity } from '../../lib/store/files/kept-values.ts';
import { runPrecompress, type CompressedFiles } from '../compress/precompress.ts';
import { ensureBuildModulesLink, runSiteBuild } from './build-site.ts';
import { RENDER_APP_FILE } from './render-app-integration.ts';
import { computeSiteFingerprint } from './site-fingerprint.ts';

export interface SiteBundle {
  fingerprint: string;
  dir: string;
  clientDir: string;
  serverDir: string;
  serverEntry: string;
  /** The client files' manifest lines, with their compressed variants beside them. */
  clientManifest: string;
}

export interface SiteBundleOptions {
  projectRoot: string;
  dataDir: string;
  upstreamUrl: string;
  timeoutMs: number;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  /** Build it again even when a complete bundle of this fingerprint exists (`npm run build`). */
  force?: boolean;
}

const fingerprints = new Map<string, string>();

/** Computed once per process: the code a running process renders with does not change under it. */
function fingerprintOf(projectRoot: string): string {
  let fingerprint = fingerprints.get(projectRoot);
  if (fingerprint === undefined) {
    fingerprint = computeSiteFingerprint(projectRoot);
    fingerprints.set(projectRoot, fingerprint);
  }
  return fingerprint;
}

function describeBundle(dataDir: string, fingerprint: string): SiteBundle {
  const dir = bundleDir(dataDir, fingerprint);
  return {
    fingerprint,
    dir,
    clientDir: path.join(dir, 'client'),
    serverDir: path.join(dir, 'server'),
    serverEntry: path.join(dir, 'server', 'entry.mjs'),
    clientManifest: path.join(dir, 'client-manifest.json'),
  };
}

/** Bundles of other fingerprints: builds keep hard links to what they use, so these can go. */
function removeOtherBundles(dataDir: string, keep: string): void {
  for (const name of fs.readdirSync(buildsDir(dataDir))) {
    if (name.startsWith(BUNDLE_PREFIX) && name !== path.basename(keep))
      fs.rmSync(path.join(buildsDir(dataDir), name), { recursive: true, force: true });
  }
}

/** The complete bundle of the installed version, built first when needed; builtMs null when it existed. */
export async function ensureSiteBundle(
  options: SiteBundleOptions,
): Promise<{ bundle: SiteBundle; builtMs: number | null }> {
  const fingerprint = fingerprintOf(options.projectRoot);
  const bundle = describeBundle(options.dataDir, fingerprint);
  if (!options.force && fs.existsSync(bundleInfoPath(options.dataDir, fingerprint))) {
    // A bundle copied in (the demo's kept one) finds its packages as a bundle built here does.
    ensureBuildModulesLink(options.dataDir, options.projectRoot);
    return { bundle, builtMs: null };
  }
  // A bundle without bundle.json is one a kill interrupted: start over.
  fs.rmSync(bundle.dir, { recursive: true, force: true });
  try {
    const started = performance.now();
    await runSiteBuild({
      projectRoot: options.projectRoot,
      dataDir: options.dataDir,
      upstreamUrl: options.upstreamUrl,
      outDir: bundle.dir,
      requiredFiles: ['server/entry.mjs', `server/${RENDER_APP_FILE}`],
      extraEnv: { PLACAR_SITE_BUNDLE: '1' },
      timeoutMs: options.timeoutMs,
      env: options.env,
      signal: options.signal,
    });
    await runPrecompress({
      clientDir: bundle.clientDir,
      buildId: path.basename(bundle.dir),
      builtAt: new Date(),
      previous: null,
      manifestFile: bundle.clientManifest,
    });
    writeJsonAtomically(
      bundleInfoPath(options.dataDir, fingerprint),
      { fingerprint, node: process.version, builtAt: formatSaoPauloIso(new Date()) },
      { space: 1 },
    );
    removeOtherBundles(options.dataDir, bundle.dir);
    return { bundle, builtMs: Math.round(performance.now() - started) };
  } catch (error) {
    fs.rmSync(bundle.dir, { recursive: true, force: true });
    throw error;
  }
}

/** The bundle in use's client files, read once: every refresh asks, and they change only with a new bundle. */
const keptBundleFiles = createKeptValues<CompressedFiles | null>(1);

/** The bundle's compressed client files; null for a bundle without its manifest (nothing is reused from it then). */
export function readBundleClientFiles(bundle: SiteBundle): CompressedFiles | null {
  const kept = keptBundleFiles.get(bundle.clientManifest);
  if (kept !== undefined) return kept;
  const identity = fileIdentity(bundle.clientManifest);
  let files: CompressedFiles | null = null;
  try {
    // Not among the build manifests kept for the server (keep: false): this file has its own.
    const manifest = readSiteManifest(bundle.clientManifest, { keep: false });
    if (manifest)
      files = { clientDir: bundle.clientDir, files: new Map(manifest.files.map((line) => [line.path, line])) };
  } catch {
    files = null;
  }
  keptBundleFiles.set(bundle.clientManifest, identity, files);
  return files;
}
