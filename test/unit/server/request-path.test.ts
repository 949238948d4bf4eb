/**
 * The routes a request target may name verbatim (answered without parsing the target): exactly
 * those whose full reading gives the route itself back, minus the paths answered before files
 * and the ones that redirect.
 */
import { describe, expect, it } from 'vitest';
import { buildVerbatimRoutes, readPath, targetPath } from '../../../src/server/request-path.ts';
import type { StaticEntry } from '../../../src/server/site/static-site.ts';

const BYTES = Buffer.from('x');
const ENTRY: StaticEntry = {
  file: {
    path: 'x',
    hash: 'h',
    size: 1,
    lastModified: 'Sat, 21 Nov 2026 22:41:05 GMT',
    contentType: 'text/plain',
    cacheControl: 'no-cache',
    br: false,
    gzip: false,
  },
  identity: BYTES,
  br: null,
  gzip: null,
};

describe('buildVerbatimRoutes', () => {
  const plain = [
    '/',
    '/index.html',
    '/hoje',
    '/hoje.html',
    '/api/hoje',
    '/api/routes',
    '/_astro/app.1a2B_c-d.js',
    '/escudos/ab12.png',
    '/sw.js',
  ];
  const needParsing = [
    '/com espaço',
    '/ação',
    '/a%20b',
    '/a/./b',
    '/a/../b',
    '/..',
    '//dupla',
    '/a\\b',
    '/pasta/',
    '/a?b',
    '/a#b',
  ];
  const reserved = new Set(['/api/busca', '/healthz']);
  const routes = new Map([...plain, ...needParsing, ...reserved].map((route) => [route, ENTRY]));
  const verbatim = buildVerbatimRoutes(routes, reserved);

  it('holds every plain route', () => {
    for (const route of plain) expect(verbatim.get(route), route).toBe(ENTRY);
  });

  it('leaves out what the full reading would change, redirect or answer before the files', () => {
    for (const route of [...needParsing, ...reserved]) expect(verbatim.has(route), route).toBe(false);
  });

  it('holds only routes whose full reading is the route itself, with no query', () => {
    for (const route of verbatim.keys()) expect(readPath(route)).toEqual({ decoded: route, raw: route, search: '' });
  });
});

// Issue 27 (minor): "//healthz" answered the start page (read as a host named healthz, path "/").
describe('readPath', () => {
  it('reads an origin-form target starting with // as a path, never as a host', () => {
    expect(readPath('//healthz')).toEqual({ decoded: '//healthz', raw: '//healthz', search: '' });
    expect(readPath('//evil.example/x?y=1')).toEqual({
      decoded: '//evil.example/x',
      raw: '//evil.example/x',
      search: '?y=1',
    });
    expect(readPath('http://outro.invalid/hoje')?.decoded).toBe('/hoje');
  });

  // Issue 48 §5: WHATWG parsing reads "\\" as "/" in http URLs: "/api/push/..\\..\\healthz" was /healthz.
  it('reads a backslash as a character of the path, never a separator; the query keeps its own', () => {
    expect(readPath('/api/push/..\\..\\healthz')).toEqual({
      decoded: '/api/push/..\\..\\healthz',
      raw: '/api/push/..%5C..%5Chealthz',
      search: '',
    });
    expect(readPath('/a\\b?c=\\')).toEqual({ decoded: '/a\\b', raw: '/a%5Cb', search: '?c=\\' });
    expect(targetPath('/api/push/x?y=/z')).toBe('/api/push/x');
  });
});
