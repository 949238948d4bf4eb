/**
 * A build's manifest read from disk (src/lib/store/builds/site-manifest.ts): its lines are checked
 * one by one where they are, and a manifest with one bad line is refused whole, saying which.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteManifestError, readSiteManifest, type SiteFile } from '../../../src/lib/store/builds/site-manifest.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const LINE: SiteFile = {
  path: 'api/hoje',
  hash: '"abc"',
  size: 10,
  lastModified: 'Sat, 28 Nov 2026 12:00:00 GMT',
  contentType: 'application/json; charset=utf-8',
  cacheControl: 'public, max-age=30',
  br: true,
  gzip: true,
};

/** A manifest written by another process (never kept by this one), with `files` as given. */
function writeManifest(files: unknown[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-manifest-'));
  dirs.push(dir);
  const file = path.join(dir, 'site-manifest.json');
  fs.writeFileSync(file, JSON.stringify({ buildId: 'b1', builtAt: '2026-11-28T12:00:00-03:00', files }));
  return file;
}

describe('readSiteManifest', () => {
  it('gives every line as written', () => {
    const lines = [LINE, { ...LINE, path: 'jogo/x.html', contentType: 'text/html; charset=utf-8', br: false }];
    expect(readSiteManifest(writeManifest(lines), { keep: false })?.files).toEqual(lines);
  });

  it.each([
    ['a field of the wrong type', { ...LINE, size: '10' }],
    ['a field missing', { ...LINE, hash: undefined }],
    ['a field no manifest has', { ...LINE, extra: 'x' }],
    ['no object at all', 'api/hoje'],
  ])('refuses the whole manifest for one line with %s, naming the line', (_label, bad) => {
    const file = writeManifest([LINE, bad, LINE]);
    expect(() => readSiteManifest(file, { keep: false })).toThrow(SiteManifestError);
    expect(() => readSiteManifest(file, { keep: false })).toThrow(/manifesto de build inválido: .*a linha 1 de files/);
  });
});
