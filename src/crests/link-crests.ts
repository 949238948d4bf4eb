/**
 * Makes the crests a build's pages reference part of that build's client folder, as hard
 * links to DATA_DIR/escudos (no copy): static hosting, the publish command and the server's
 * in-memory index then treat them like any other file of the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CREST_FILE_PATTERN, CRESTS_FOLDER, crestsDir, readCrestMap } from '../lib/store/scraped/crest-store.ts';
import { errorCode } from '../lib/model/caught-error.ts';

export function linkCrestsIntoBuild(dataDir: string, clientDir: string): number {
  const files = new Set(Object.values(readCrestMap(dataDir)).flatMap((entry) => (entry.file ? [entry.file] : [])));
  if (files.size === 0) return 0;
  const target = path.join(clientDir, CRESTS_FOLDER);
  fs.mkdirSync(target, { recursive: true });
  let linked = 0;
  for (const file of files) {
    if (!CREST_FILE_PATTERN.test(file)) continue;
    const source = path.join(crestsDir(dataDir), file);
    try {
      fs.linkSync(source, path.join(target, file));
      linked++;
    } catch (error) {
      const code = errorCode(error);
      if (code === 'EXDEV' || code === 'EPERM') {
        // Another file system, or links not allowed: a copy does the same job.
        fs.copyFileSync(source, path.join(target, file));
        linked++;
      } else if (code !== 'ENOENT' && code !== 'EEXIST') throw error;
    }
  }
  return linked;
}
