/**
 * The match files' cache: bytes read from disk with the hash of what was read, kept while the served
 * build's manifest line is the same, and never more than its bound held.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildContentHash } from '../../../src/lib/api/etag.ts';
import type { SiteFile } from '../../../src/lib/store/builds/site-manifest.ts';
import { createMatchFileCache } from '../../../src/server/site/match-file-cache.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'placar-match-cache-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes `<name>.gz` as the refresh does and returns its manifest line and path (without .gz). */
function writeMatchFile(name: string, text: string): { line: SiteFile; absolute: string } {
  const absolute = path.join(dir, name);
  const bytes = Buffer.from(text);
  fs.writeFileSync(`${absolute}.gz`, zlib.gzipSync(bytes));
  const line: SiteFile = {
    path: `api/jogo/${name}`,
    hash: buildContentHash(bytes),
    size: bytes.length,
    lastModified: 'Fri, 27 Nov 2026 12:00:00 GMT',
    contentType: 'application/json; charset=utf-8',
    cacheControl: 'public, max-age=30',
    br: false,
    gzip: true,
  };
  return { line, absolute };
}

describe('match file cache', () => {
  it('reads the compressed bytes and names them by the hash of what it read', () => {
    const cache = createMatchFileCache();
    const { line, absolute } = writeMatchFile('a', '{"placar":"1 x 0"}');
    const read = cache.read(line, absolute);
    expect(read.identity.toString()).toBe('{"placar":"1 x 0"}');
    expect(read.file).toBe(line);
    // Rewritten in place (temp file and rename) while the served build still names the old line:
    // a new line object for the same file is read again, and its hash is the new bytes'.
    fs.writeFileSync(`${absolute}.gz`, zlib.gzipSync('{"placar":"2 x 0"}'));
    const again = cache.read({ ...line }, absolute);
    expect(again.identity.toString()).toBe('{"placar":"2 x 0"}');
    expect(again.file.hash).toBe(buildContentHash(Buffer.from('{"placar":"2 x 0"}')));
  });

  it('answers a repeated read of the same line from memory', () => {
    const cache = createMatchFileCache();
    const { line, absolute } = writeMatchFile('b', 'x'.repeat(1000));
    const first = cache.read(line, absolute);
    fs.rmSync(`${absolute}.gz`);
    expect(cache.read(line, absolute)).toBe(first);
    expect(() => cache.read({ ...line }, absolute)).toThrow();
  });

  it('holds at most its bound, dropping the least recently read', () => {
    const bound = 4_000;
    const cache = createMatchFileCache(bound);
    // Random text: gzip cannot shrink it, so each file is about 1 KB compressed.
    const files = Array.from({ length: 20 }, (_, index) =>
      writeMatchFile(
        `m${index}`,
        Buffer.from(Array.from({ length: 1000 }, () => Math.random() * 256)).toString('base64'),
      ),
    );
    const [kept, ...others] = files;
    if (!kept) throw new Error('no files');
    cache.read(kept.line, kept.absolute);
    for (const file of others) {
      cache.read(file.line, file.absolute);
      cache.read(kept.line, kept.absolute);
      expect(cache.heldBytes()).toBeLessThanOrEqual(bound);
    }
    // The one read every time is still held; the first of the others is not.
    fs.rmSync(`${kept.absolute}.gz`);
    expect(() => cache.read(kept.line, kept.absolute)).not.toThrow();
    const first = others[0];
    if (!first) throw new Error('no files');
    fs.rmSync(`${first.absolute}.gz`);
    expect(() => cache.read(first.line, first.absolute)).toThrow();
  });
});
