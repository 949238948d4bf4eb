/**
 * builds/<id>/site-manifest.json: written by the precompress step, read by the server's static
 * index and by the next build (to keep Last-Modified stable for unchanged files).
 */
import fs from 'node:fs';
import { z } from 'zod';
import { writeFileAtomically, writeFileAtomicallyAsync } from './atomic-file.ts';

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

/** The manifest at `file`; null when missing; SiteManifestError when unreadable or invalid. */
export function readSiteManifest(file: string): SiteManifest | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SiteManifestError(`Não foi possível ler ${file}: ${(error as Error).message}`, { cause: error });
  }
  try {
    return SiteManifestSchema.parse(JSON.parse(text));
  } catch (error) {
    throw new SiteManifestError(`${file} não é um manifesto de build válido: ${(error as Error).message}`, { cause: error });
  }
}

export function writeSiteManifest(file: string, manifest: SiteManifest): void {
  writeFileAtomically(file, `${JSON.stringify(manifest, null, 1)}\n`);
}

/** writeSiteManifest off the event loop (the refresh, in a serving process). */
export async function writeSiteManifestAsync(file: string, manifest: SiteManifest): Promise<void> {
  await writeFileAtomicallyAsync(file, `${JSON.stringify(manifest, null, 1)}\n`);
}
