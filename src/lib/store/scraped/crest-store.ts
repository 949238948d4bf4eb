/**
 * DATA_DIR/escudos/: one file per crest, named by the SHA-256 of its bytes
 * (`<sha256>.<png|jpg|gif|webp>`), and `mapa.json`, which says for each upstream crest URL
 * which file holds it (or that fetching it failed, and when). Validated when read.
 */
import path from 'node:path';
import { z } from 'zod';
import { CREST_FILE_PATTERN, crestPathOf } from '../../model/crest-path.ts';
import { readJsonFileOr, writeJsonAtomically } from '../files/json-file.ts';

export { CREST_FILE_PATTERN };
export const CRESTS_FOLDER = 'escudos';
const MAP_FILE = 'mapa.json';

const CrestEntrySchema = z.object({
  file: z.string().regex(CREST_FILE_PATTERN).nullable(),
  checkedAt: z.string(),
});
const CrestMapSchema = z.object({ crests: z.record(z.string(), CrestEntrySchema) });

export type CrestEntry = z.infer<typeof CrestEntrySchema>;
export type CrestMap = Record<string, CrestEntry>;

export function crestsDir(dataDir: string): string {
  return path.join(dataDir, CRESTS_FOLDER);
}

/** The map, or an empty one when there is none yet or it cannot be read (crests are optional). */
export function readCrestMap(dataDir: string): CrestMap {
  return readJsonFileOr(path.join(crestsDir(dataDir), MAP_FILE), CrestMapSchema, { crests: {} }).crests;
}

export function writeCrestMap(dataDir: string, crests: CrestMap): void {
  writeJsonAtomically(path.join(crestsDir(dataDir), MAP_FILE), { crests }, { space: 1 });
}

/** Upstream crest URL → "/escudos/<file>" for every stored crest: what the API and the pages serve. */
export function buildCrestPaths(crests: CrestMap): Map<string, string> {
  const paths = new Map<string, string>();
  for (const [url, entry] of Object.entries(crests)) if (entry.file) paths.set(url, crestPathOf(entry.file));
  return paths;
}
