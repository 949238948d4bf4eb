/**
 * A match page that fails to render fails the match files' step (src/refresh/render/match-files.ts),
 * and only once the compressions and writes it had started are over: nothing of this step keeps
 * writing into DATA_DIR after it has failed (the refresh releases its lock then), no temp file is
 * left, and the index does not claim the matches the failed step made.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MatchPageData } from '../../../src/lib/display/match-page-data.ts';
import { TIMEZONE } from '../../../src/lib/model/model.ts';
import { makeMatchFiles, matchFilesDir } from '../../../src/refresh/render/match-files.ts';
import { buildSampleMatch } from '../../support/samples/sample-match.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function pagesOf(count: number): Map<string, MatchPageData> {
  const pages = new Map<string, MatchPageData>();
  for (let index = 0; index < count; index += 1) {
    const id = `campeonato/26-11-2026-time-${index}-x-outro-${index}`;
    const match = buildSampleMatch({ id, url: `https://www.placardefutebol.com.br/${id}.html` });
    pages.set(id, {
      envelope: {
        generatedAt: null,
        matchReadAt: null,
        timezone: TIMEZONE,
        source: match.url,
        stale: false,
        match,
        detail: null,
      },
      upstreamUrl: 'https://www.placardefutebol.com.br',
      today: '2026-11-26',
    });
  }
  return pages;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => fs.statSync(path.join(dir, name)).isFile());
}

describe('match files when a render fails', () => {
  it('fails after the writes it started are over, leaving no temp file and no index line of its own', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-match-files-failure-'));
    dirs.push(dataDir);
    fs.mkdirSync(path.join(dataDir, 'builds', 'b1', 'client'), { recursive: true });
    let renders = 0;
    const failure = makeMatchFiles({
      dataDir,
      buildId: 'b1',
      pages: pagesOf(40),
      salt: 'test',
      builtAt: new Date('2026-11-26T15:00:00Z'),
      renderPage: async (routePath) => {
        renders += 1;
        if (renders === 30) throw new Error(`render failed: ${routePath}`);
        // A page big enough to be compressed, so its write waits on the thread pool.
        return Buffer.from(`<!doctype html><p>${routePath}</p>${'<i>placar</i>'.repeat(400)}`);
      },
    });
    await expect(failure).rejects.toThrow(/render failed/);
    const settled = filesUnder(matchFilesDir(dataDir));
    // Nothing changes in the folder once the step has failed.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(filesUnder(matchFilesDir(dataDir))).toEqual(settled);
    expect(settled.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    // Every match rendered before the failure is written whole (page, JSON, the page's gzip variant).
    const pagesWritten = settled.filter((name) => name.endsWith('.html'));
    expect(pagesWritten).toHaveLength(29);
    for (const page of pagesWritten) expect(settled).toContain(`${page}.gz`);
    expect(fs.existsSync(path.join(matchFilesDir(dataDir), 'index.json'))).toBe(false);
  });
});
