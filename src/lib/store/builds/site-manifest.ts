/**
 * builds/<id>/site-manifest.json: written by the precompress step, read by the server's static
 * index and by the next build (to keep Last-Modified stable for unchanged files).
 */
import { z } from 'zod';
import { readJsonFile, writeJsonAtomically, writeJsonAtomicallyAsync } from '../files/json-file.ts';
import { createKeptValues, fileIdentity } from '../files/kept-values.ts';

export const SiteFileSchema = z.object({
  /** Path relative to the client folder, '/'-separated, e.g. "api/live", "_astro/x.css". */
  path: z.string().min(1),
  /** buildContentHash of the uncompressed bytes. */
  hash: z.string().min(1),
  size: z.number().int().min(0),
  /** HTTP date; kept from the previous build when the bytes did not change. */
  lastModified: z.string().min(1),
  contentType: z.string().min(1),
  cacheControl: z.string().min(1),
  br: z.boolean(),
  gzip: z.boolean(),
});
export type SiteFile = z.infer<typeof SiteFileSchema>;

export const SiteManifestSchema = z.object({
  buildId: z.string().min(1),
  /** ISO 8601 with São Paulo offset. */
  builtAt: z.string().min(1),
  files: z.array(SiteFileSchema),
});
export type SiteManifest = z.infer<typeof SiteManifestSchema>;

export class SiteManifestError extends Error {
  override name = 'SiteManifestError' as const;
}

/**
 * Manifests this process wrote or read, while the file is that one: the refresh reads the last
 * build's, the server the new one's — thousands of lines with the match files, parsed once. Two:
 * every read is of the served build's or of the one just written (each one's heap held by nothing
 * else once the server has loaded the build).
 */
const keptManifests = createKeptValues<SiteManifest>(2);

/**
 * The manifest with one string for each repeated header value: parsed JSON gives every line its own
 * copies, and with the match files a manifest has thousands of lines whose Content-Type,
 * Cache-Control and Last-Modified take a few dozen values, copied in each serving process.
 */
function shareRepeatedValues(manifest: SiteManifest): SiteManifest {
  const shared = new Map<string, string>();
  const share = (value: string): string => {
    const known = shared.get(value);
    if (known !== undefined) return known;
    shared.set(value, value);
    return value;
  };
  for (const file of manifest.files) {
    file.contentType = share(file.contentType);
    file.cacheControl = share(file.cacheControl);
    file.lastModified = share(file.lastModified);
  }
  return manifest;
}

/**
 * The manifest at `file`; null when missing; SiteManifestError when unreadable or invalid.
 * `keep: false`: read once, not kept for later reads (a serving process that only loads each build).
 */
export function readSiteManifest(file: string, { keep = true }: { keep?: boolean } = {}): SiteManifest | null {
  const kept = keptManifests.get(file);
  if (kept) return kept;
  const identity = fileIdentity(file);
  const reading = readJsonFile(file, SiteManifestSchema);
  if (reading.kind === 'unusable') {
    throw new SiteManifestError(`manifesto de build inválido: ${reading.reason}`, { cause: reading.cause });
  }
  if (reading.kind !== 'found') return null;
  const manifest = shareRepeatedValues(reading.value);
  if (keep) keptManifests.set(file, identity, manifest);
  return manifest;
}

/**
 * Not indented: with the match files a manifest has thousands of lines, written at every refresh and read by every
 * serving process at every reload (`jq` reads it either way).
 */
export function writeSiteManifest(file: string, manifest: SiteManifest): void {
  writeJsonAtomically(file, manifest);
  keptManifests.set(file, fileIdentity(file), manifest);
}

/** writeSiteManifest off the event loop (the refresh, in a serving process). */
export async function writeSiteManifestAsync(file: string, manifest: SiteManifest): Promise<void> {
  await writeJsonAtomicallyAsync(file, manifest);
  keptManifests.set(file, fileIdentity(file), manifest);
}
