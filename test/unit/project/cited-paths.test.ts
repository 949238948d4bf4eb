/**
 * Every project file a comment or a document names exists: a move or a rename that forgets a
 * comment fails here, not in a reader's head. Paths are cited three ways: from the root
 * (`src/refresh/refresh.ts`), by a folder's last parts (`server/health/healthz.ts`, `store/files/json-file.ts`),
 * or by file name alone (`refresh-scheduler.ts`).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

const SCANNED = /^(src|scripts|test|bench|harness|docs|deploy)\/|^(README\.md|astro\.config\.mjs|\.ci\/run)$/;
const TEXT = /\.(ts|mts|mjs|astro|md|conf|sh|service|css)$|^\.ci\/run$/;
/** Recorded pages are data, not citations; these tests name missing paths on purpose. */
const DATA = /^test\/fixtures\/|^test\/unit\/project\/(cited-paths|docs-links|layering|glossary-names)\.test\.ts$/;
/** What runs make, not what the repository holds: the quick bench's output, a run's results by date. */
const MADE_BY_RUNS = /^bench\/out\/|^bench\/results\/AAAA-MM-DD\.json$/;

const EXTENSIONS = 'ts|astro|md|mjs|css|json|jsonc|conf|sh|service|html|png|svg|webmanifest';
/** A path is whole only where it starts: not inside a URL, a longer path or an identifier. */
const START = String.raw`(?<![\w./@<>{}*$\[-])`;
const NAME = String.raw`[\w.@\-\[\]]+`;
const ROOTED = new RegExp(
  `${START}((?:src|scripts|test|bench|harness|docs|deploy|public)(?:/${NAME})+\\.(?:${EXTENSIONS}))\\b`,
  'g',
);
const SRC_PARTS =
  'lib|model|config|store|search|api|display|slices|upstream|crests|demo|refresh|server|client|components|layouts|pages|styles';
const SHORT = new RegExp(`${START}((?:${SRC_PARTS})(?:/${NAME})+\\.(?:ts|astro|css|json))\\b`, 'g');
const BARE = new RegExp(`${START}([\\w\\-\\[\\]]+\\.(?:ts|astro))\\b`, 'g');

function projectFiles(): string[] {
  return execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && fs.existsSync(path.join(ROOT, file)));
}

interface Citation {
  file: string;
  cited: string;
}

/** The citations in one text that name no file of the project. */
function missingCitations(
  file: string,
  text: string,
  exists: (relative: string) => boolean,
  basenames: ReadonlySet<string>,
): Citation[] {
  const missing: Citation[] = [];
  for (const [, cited = ''] of text.matchAll(ROOTED)) {
    if (!exists(cited) && !MADE_BY_RUNS.test(cited)) missing.push({ file, cited });
  }
  for (const [, cited = ''] of text.matchAll(SHORT)) {
    const found = ['src/', 'src/lib/', 'src/pages/'].some((prefix) => exists(prefix + cited));
    if (!found) missing.push({ file, cited });
  }
  for (const [, cited = ''] of text.matchAll(BARE)) if (!basenames.has(cited)) missing.push({ file, cited });
  return missing;
}

describe('files named in comments and documents', () => {
  const files = projectFiles();
  const known = new Set(files);
  const exists = (relative: string): boolean => known.has(relative) || fs.existsSync(path.join(ROOT, relative));
  const basenames = new Set(files.map((file) => path.posix.basename(file)));

  it('every cited path exists', () => {
    const scanned = files.filter((file) => SCANNED.test(file) && TEXT.test(file) && !DATA.test(file));
    expect(scanned.length).toBeGreaterThan(300);
    const missing = scanned.flatMap((file) =>
      missingCitations(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), exists, basenames),
    );
    expect(missing).toEqual([]);
  });

  it('the check can fail: a moved file, a short form and a bare name that are gone are reported', () => {
    const text = [
      '// see src/pipeline/refresh.ts and server/healthz.ts, and match-routes.ts',
      '// these exist: src/lib/model/model.ts, store/files/json-file.ts, model.ts, api/busca.ts',
      '// not citations: https://example.com/src/x.ts, DATA_DIR/jogos/api/<id>, ../lib/model/model.ts',
    ].join('\n');
    expect(missingCitations('x.ts', text, exists, basenames).map((citation) => citation.cited)).toEqual([
      'src/pipeline/refresh.ts',
      'server/healthz.ts',
      'match-routes.ts',
    ]);
  });
});
