/**
 * The docs a newcomer reads: README.md stays within its budget (the rest lives in docs/), and
 * every relative link of README.md and docs/*.md resolves — files, folders and anchors, with
 * GitHub's heading slugs.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findBrokenLinks,
  findRelativeLinks,
  headingAnchors,
  lookupOnDisk,
  type LinkedPath,
} from '../../support/project/markdown-links.ts';
import { PROJECT_ROOT } from '../../../harness/placar-process.ts';
import { listDocFiles, readDoc, readReadme } from '../../support/project/readme.ts';

/** Issue 22: a README read in five minutes. */
const README_MAX_LINES = 250;

describe('README.md', () => {
  it(`has at most ${README_MAX_LINES} lines`, () => {
    expect(readReadme().trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('links every document of docs/', () => {
    const linked = new Set(findRelativeLinks(readReadme()).map((link) => link.target.split('#')[0]));
    for (const file of listDocFiles().filter((f) => f !== 'README.md')) expect(linked, file).toContain(file);
  });
});

describe.each(listDocFiles())('%s', (file) => {
  it('has relative links that all resolve, anchors included', () => {
    expect(findBrokenLinks(path.join(PROJECT_ROOT, file), readDoc(file), lookupOnDisk)).toEqual([]);
  });
});

describe('headingAnchors (GitHub slugs)', () => {
  it('slugs the visible text of each heading, numbering repeats', () => {
    const markdown = [
      '# Placar',
      '## 3. Several readers: `REFRESH_CRON=off`',
      '### **Ids**',
      '## [Link](x.md) here',
      '## Ids',
      '## Ids',
    ];
    expect([...headingAnchors(markdown.join('\n'))]).toEqual([
      'placar',
      '3-several-readers-refresh_cronoff',
      'ids',
      'link-here',
      'ids-1',
      'ids-2',
    ]);
  });

  it('ignores headings inside code blocks and adds explicit <a id> anchors', () => {
    const markdown = '```sh\n# a comment\n```\n<a id="hostile-upstream"></a>**Hostile upstream**\n';
    expect([...headingAnchors(markdown)]).toEqual(['hostile-upstream']);
  });
});

describe('findBrokenLinks', () => {
  const files: Record<string, LinkedPath> = {
    '/p/docs/api.md': { kind: 'file', anchors: new Set(['errors']) },
    '/p/docs/screenshot.png': { kind: 'file', anchors: null },
    '/p/deploy': { kind: 'folder' },
  };
  const lookup = (file: string): LinkedPath => files[file] ?? { kind: 'missing' };

  it('accepts files, folders, anchors of another file and of the same one; skips URLs and code', () => {
    const markdown = [
      '## Intro',
      '[a](docs/api.md) [b](docs/api.md#errors) ![c](docs/screenshot.png) [d](deploy) [e](#intro)',
      '[f](https://example.com/x.md#nowhere) `[g](missing.md)`',
    ].join('\n');
    expect(findBrokenLinks('/p/README.md', markdown, lookup)).toEqual([]);
  });

  it('reports a missing file, a missing anchor and an anchor on a file that is not Markdown, with their lines', () => {
    const markdown = '[a](docs/gone.md)\n[b](docs/api.md#caching)\n[c](#nowhere) [d](docs/screenshot.png#top)';
    expect(findBrokenLinks('/p/README.md', markdown, lookup)).toEqual([
      'line 1: docs/gone.md (no such file)',
      'line 2: docs/api.md#caching (no heading makes #caching)',
      'line 3: #nowhere (no heading makes #nowhere)',
      'line 3: docs/screenshot.png#top (an anchor on a file that is not Markdown)',
    ]);
  });

  it('resolves links relative to the linking file', () => {
    expect(findBrokenLinks('/p/docs/deploying.md', '[a](api.md#errors) [b](../deploy)', lookup)).toEqual([]);
  });
});
