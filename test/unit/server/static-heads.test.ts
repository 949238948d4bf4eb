/**
 * The header lists prepared per static file × coding: what each kind of answer carries (and
 * does not), each name once, the common headers on every list, and a 206's list made from the
 * identity answer's.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildContentHash, buildEtag } from '../../../src/lib/api/etag.ts';
import { NO_STORE, buildCommonHeaders } from '../../../src/lib/api/headers-policy.ts';
import {
  ROUTE_ANSWER,
  buildPartialHeads,
  prepareStatic,
  type HeaderList,
} from '../../../src/server/site/static-heads.ts';
import type { StaticEntry } from '../../../src/server/site/static-site.ts';

const COMMON = buildCommonHeaders({ strictTransportSecurity: 'max-age=60' });

function entry(compressed: boolean): StaticEntry {
  const identity = Buffer.from(
    JSON.stringify({ matches: Array.from({ length: 50 }, (_, i) => ({ id: i, time: 'Flamengo' })) }),
  );
  return {
    file: {
      path: 'api/hoje',
      hash: buildContentHash(identity),
      size: identity.length,
      lastModified: 'Sat, 21 Nov 2026 22:41:05 GMT',
      contentType: 'application/json; charset=utf-8',
      cacheControl: 'public, max-age=15',
      br: compressed,
      gzip: compressed,
    },
    identity,
    br: compressed ? brotliCompressSync(identity) : null,
    gzip: compressed ? gzipSync(identity) : null,
  };
}

/** The list as a lower-cased name → value map, failing on a name given twice. */
function asMap(list: HeaderList): Map<string, string> {
  expect(list.length % 2).toBe(0);
  const map = new Map<string, string>();
  for (let i = 0; i < list.length; i += 2) {
    const name = String(list[i]).toLowerCase();
    expect(map.has(name), `${name} twice`).toBe(false);
    map.set(name, String(list[i + 1]));
  }
  return map;
}

function expectCommon(map: Map<string, string>): void {
  for (const [name, value] of Object.entries(COMMON)) expect(map.get(name.toLowerCase()), name).toBe(value);
}

describe('prepareStatic', () => {
  it('gives each coding its own body, ETag, length and encoding; ranges only for identity', () => {
    const file = entry(true);
    const prepared = prepareStatic(file, COMMON, ROUTE_ANSWER);
    expect(prepared.available).toEqual(['br', 'gzip', 'identity']);
    for (const variant of [prepared.identity, prepared.br, prepared.gzip]) {
      if (!variant) throw new Error('variant missing');
      const whole = asMap(variant.whole);
      expectCommon(whole);
      expect(variant.body).toBe(
        variant.coding === 'identity' ? file.identity : variant.coding === 'br' ? file.br : file.gzip,
      );
      expect(whole.get('etag')).toBe(buildEtag(file.file.hash, variant.coding));
      expect(whole.get('content-length')).toBe(String(variant.body.length));
      expect(whole.get('content-type')).toBe(file.file.contentType);
      expect(whole.get('cache-control')).toBe(file.file.cacheControl);
      expect(whole.get('last-modified')).toBe(file.file.lastModified);
      expect(whole.get('vary')).toBe('Accept-Encoding');
      expect(whole.get('content-encoding')).toBe(variant.coding === 'identity' ? undefined : variant.coding);
      expect(whole.get('accept-ranges')).toBe(variant.coding === 'identity' ? 'bytes' : undefined);
      expect(variant.freshness).toEqual({ etag: whole.get('etag'), 'last-modified': file.file.lastModified });
    }
  });

  it('gives a 304 the validators and common headers, and no body headers', () => {
    const prepared = prepareStatic(entry(true), COMMON, ROUTE_ANSWER);
    const notModified = asMap(prepared.br?.notModified ?? []);
    expectCommon(notModified);
    expect(notModified.get('etag')).toBe(prepared.br?.etag);
    expect(notModified.get('vary')).toBe('Accept-Encoding');
    for (const name of ['content-length', 'content-type', 'content-encoding'])
      expect(notModified.has(name), name).toBe(false);
  });

  it('sends no Vary for a file with one coding, and the 404 page with its own Cache-Control and no ranges', () => {
    const single = prepareStatic(entry(false), COMMON, ROUTE_ANSWER);
    expect(single.available).toEqual(['identity']);
    expect(single.br).toBeNull();
    expect(asMap(single.identity.whole).has('vary')).toBe(false);
    const notFound = prepareStatic(entry(true), COMMON, { status: 404, cacheControl: NO_STORE });
    expect(notFound.status).toBe(404);
    const page = asMap(notFound.identity.whole);
    expect(page.get('cache-control')).toBe(NO_STORE);
    expect(page.has('accept-ranges')).toBe(false);
  });

  it('makes a 206 list with the part’s length and range, everything else as the whole answer', () => {
    const prepared = prepareStatic(entry(true), COMMON, ROUTE_ANSWER);
    const size = prepared.identity.body.length;
    const part = asMap(buildPartialHeads(prepared, 5, 14));
    expect(part.get('content-length')).toBe('10');
    expect(part.get('content-range')).toBe(`bytes 5-14/${size}`);
    const whole = asMap(prepared.identity.whole);
    for (const [name, value] of whole) if (name !== 'content-length') expect(part.get(name), name).toBe(value);
  });
});
