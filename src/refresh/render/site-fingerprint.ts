/**
 * What the site bundle depends on, as one hash: the installed packages (package-lock.json),
 * the Node version, the Astro and TypeScript configuration, and every file under src/ and
 * public/. Data and environment do not shape the bundle (pages get them at render time), so a
 * bundle is rebuilt only when one of these changes — after an upgrade or an edit.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT_FILES = ['package.json', 'package-lock.json', 'astro.config.mjs', 'tsconfig.json'];
const SOURCE_FOLDERS = ['src', 'public'];

function listFiles(folder: string): string[] {
  try {
    return fs
      .readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

/** 16 hex digits; the same for the same inputs on any machine. */
export function computeSiteFingerprint(projectRoot: string): string {
  const hash = createHash('sha256');
  hash.update(`node ${process.version}\n`);
  const files = [
    ...ROOT_FILES.map((name) => path.join(projectRoot, name)).filter((file) => fs.existsSync(file)),
    ...SOURCE_FOLDERS.flatMap((folder) => listFiles(path.join(projectRoot, folder))).sort(),
  ];
  for (const file of files) {
    hash.update(`${path.relative(projectRoot, file).split(path.sep).join('/')}\n`);
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}
