/**
 * One word per thing, in file names too: a word docs/ARCHITECTURE.md's glossary puts in its "Not" column (in
 * quotes) names no file. A word that is another thing's own ("feed (that is /api/eventos)") is refused only beside
 * the row's word ("listing-feed"); one that is itself a glossary word ("match page") is told apart by rooms, not names.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ARCHITECTURE = fs.readFileSync(path.join(ROOT, 'docs', 'ARCHITECTURE.md'), 'utf8');

/** A term as it appears in a kebab-case file name: "Kick-off order" → "kick-off-order", accents dropped. */
function kebab(term: string): string {
  return term
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-');
}

/** The glossary's refused words, as the kebab-case text a file name may not hold. */
function refusedInNames(markdown: string): string[] {
  const glossary = markdown.split('## Glossary')[1]?.split(/^## /m)[0] ?? '';
  const rows = [...glossary.matchAll(/^\| ([^|\n]+) \| [^|\n]+ \| ([^|\n]+) \|$/gm)]
    .map((match) => ({ word: (match[1] ?? '').trim(), not: match[2] ?? '' }))
    .filter((row) => row.word !== 'Word' && !/^-+$/.test(row.word));
  const words = new Set(rows.map((row) => kebab(row.word)));
  return rows.flatMap(({ word, not }) =>
    [...not.matchAll(/"([^"]+)"(\s*\(that is)?/g)].flatMap((match) => {
      const term = kebab(match[1] ?? '');
      if (words.has(term)) return [];
      return [match[2] === undefined ? term : `${kebab(word)}-${term}`];
    }),
  );
}

/** The files whose name (folders too) holds a refused term as whole kebab-case parts. */
function misnamed(files: readonly string[], refused: readonly string[]): string[] {
  return files.flatMap((file) =>
    refused
      .filter((term) => new RegExp(`(^|[/.-])${term}([/.-]|$)`).test(kebab(file)))
      .map((term) => `${file} ("${term}")`),
  );
}

function projectFiles(): string[] {
  return execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /^(src|scripts|bench|harness|test)\//.test(file) && !file.startsWith('test/fixtures/'))
    .filter((file) => fs.existsSync(path.join(ROOT, file)));
}

describe('glossary words in file names (docs/ARCHITECTURE.md)', () => {
  it('reads the refused words from the glossary', () => {
    expect(refusedInNames(ARCHITECTURE)).toEqual(
      expect.arrayContaining(['listing-feed', 'detail-files', 'classificacao', 'kick-off-order']),
    );
    expect(refusedInNames(ARCHITECTURE)).not.toContain('match-page');
  });

  it('no file of the sources, scripts, benchmarks, harness or tests is named with a refused word', () => {
    expect(misnamed(projectFiles(), refusedInNames(ARCHITECTURE))).toEqual([]);
  });

  it('can fail: a refused word as whole parts of a name, in a folder too, not inside a longer word', () => {
    const refused = ['listing-feed', 'classificacao'];
    const files = ['src/client/polling/listing-feed.ts', 'src/classificação/a.ts', 'src/x/listing-feeder.ts'];
    expect(misnamed(files, refused)).toEqual([
      'src/client/polling/listing-feed.ts ("listing-feed")',
      'src/classificação/a.ts ("classificacao")',
    ]);
  });
});
