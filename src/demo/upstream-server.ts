/**
 * The project's one fake upstream: a real node:http server (127.0.0.1, port 0 by default)
 * that serves listing and match pages the way a well-behaved site does — strong content-hash
 * ETags, Last-Modified, 304 on a matching If-None-Match / If-Modified-Since, gzip or brotli when
 * accepted, 404 for unknown paths, a PNG crest per team under /escudos/ (demo-crests.ts) —
 * and can play any UpstreamFault on a path, or on every path a pattern matches, for good or
 * for a number of requests.
 * The demo and every integration and browser test use it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { LISTING_PATHS } from '../lib/model/model.ts';
import { findDemoCrest } from './demo-crests.ts';
import { fixtureMatchPages, type MatchPagesLayout } from './demo-match-pages.ts';
import { EMPTY_LISTING_HTML, playFault, type UpstreamFault } from './upstream-faults.ts';

export type { UpstreamFault };

export interface UpstreamRequest {
  method: string;
  /** Path and query, e.g. "/jogos-de-hoje". */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Date.now() when the request arrived. */
  at: number;
}

export interface FaultOptions {
  /** Play the fault on this many requests, then serve the page again (default: until cleared). */
  times?: number;
}

export interface FakeUpstream {
  /** http://127.0.0.1:PORT, no trailing slash. */
  url: string;
  setPage(path: string, html: string): void;
  /**
   * Plays `fault` on `path`, or on every path `path` matches (a RegExp: e.g. MATCH_PAGE_PATH);
   * null clears it. A fault set for the exact path wins over a pattern.
   */
  setFault(path: string | RegExp, fault: UpstreamFault | null, options?: FaultOptions): void;
  requests: UpstreamRequest[];
  close(): Promise<void>;
}

export type ContentCoding = 'gzip' | 'br';

export interface FakeUpstreamOptions {
  host?: string;
  port?: number;
  pages?: Record<string, string>;
  /** Codings offered, in order of preference, when the client accepts them (default gzip, then br). */
  encodings?: readonly ContentCoding[];
}

interface StoredPage {
  body: Buffer;
  etag: string;
  lastModified: string;
  encoded: Map<ContentCoding, Buffer>;
}

const DEFAULT_FIXTURE_DIR = fileURLToPath(new URL('../../test/fixtures/upstream', import.meta.url));

/** Any match page's path: "/<competition>/<DD-MM-YYYY>-<home>-x-<away>.html". */
export const MATCH_PAGE_PATH = /^\/[^/]+\/\d{2}-\d{2}-\d{4}-[^/]+\.html$/;

/** The reference sample match page (match-pages/README.md) and the path the live sample links it at. */
const SAMPLE_MATCH_PAGE = {
  file: 'match-pages/jogo-flamengo-x-palmeiras.html',
  path: '/brasileirao-serie-a/21-11-2026-flamengo-x-palmeiras.html',
};

/** The four listing sample pages, keyed by their upstream path ("/jogos-de-hoje", …). */
export function readFixturePages(dir: string = DEFAULT_FIXTURE_DIR): Record<string, string> {
  const pages: Record<string, string> = {};
  for (const upstreamPath of Object.values(LISTING_PATHS)) {
    pages[upstreamPath] = fs.readFileSync(path.join(dir, `${upstreamPath.slice(1)}.html`), 'utf8');
  }
  return pages;
}

export interface FixtureSiteOptions {
  dir?: string;
  /** The seed of the match stories (default 1). */
  seed?: number;
  /** Layout of the generated match pages (default newer; mixed: about one in three older). */
  matchPages?: MatchPagesLayout;
}

/**
 * The four listing pages plus a match page for every match they list, keyed by path: each in
 * the state its listing row shows (demo-match-pages.ts, fixtureMatchPages), the live sample's
 * first match with the recorded reference page (in the newer layout).
 */
export function readFixtureSite(options: FixtureSiteOptions = {}): Record<string, string> {
  const dir = options.dir ?? DEFAULT_FIXTURE_DIR;
  const listings = readFixturePages(dir);
  const layout = options.matchPages ?? 'newer';
  const pages = { ...listings, ...fixtureMatchPages(listings, { seed: options.seed ?? 1, layout }) };
  const sample = path.join(dir, SAMPLE_MATCH_PAGE.file);
  if (layout === 'newer' && pages[SAMPLE_MATCH_PAGE.path] !== undefined && fs.existsSync(sample)) {
    pages[SAMPLE_MATCH_PAGE.path] = fs.readFileSync(sample, 'utf8');
  }
  return pages;
}

interface FaultRule {
  fault: UpstreamFault;
  /** Requests left to play it on; null: until cleared. */
  remaining: number | null;
}

function storePage(html: string, previous: StoredPage | undefined): StoredPage {
  const body = Buffer.from(html, 'utf8');
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  if (previous?.etag === etag) return previous;
  return { body, etag, lastModified: new Date().toUTCString(), encoded: new Map() };
}

function accepts(acceptEncoding: string, coding: ContentCoding): boolean {
  return acceptEncoding.split(',').some((part) => {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return name.trim() === coding && (q === undefined || Number(q.slice(2)) > 0);
  });
}

function encode(page: StoredPage, coding: ContentCoding): Buffer {
  let encoded = page.encoded.get(coding);
  if (!encoded) {
    encoded = coding === 'gzip' ? zlib.gzipSync(page.body) : zlib.brotliCompressSync(page.body);
    page.encoded.set(coding, encoded);
  }
  return encoded;
}

function isNotModified(request: http.IncomingMessage, page: StoredPage): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch.split(',').some((tag) => tag.trim() === page.etag || tag.trim() === '*');
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Date.parse(page.lastModified) <= since;
}

export async function startFakeUpstream(options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const pages = new Map<string, StoredPage>();
  const faults = new Map<string, FaultRule>();
  const patternFaults: { pattern: RegExp; rule: FaultRule }[] = [];
  /** The fault to play on `pathname` now, counting down a limited one. */
  const takeFault = (pathname: string): UpstreamFault | undefined => {
    const exact = faults.get(pathname);
    const matched = exact
      ? undefined
      : patternFaults.find(({ pattern }) => new RegExp(pattern.source, pattern.flags.replace('g', '')).test(pathname));
    const rule = exact ?? matched?.rule;
    if (!rule) return undefined;
    if (rule.remaining !== null && --rule.remaining <= 0) {
      if (exact) faults.delete(pathname);
      else patternFaults.splice(patternFaults.indexOf(matched as (typeof patternFaults)[number]), 1);
    }
    return rule.fault;
  };
  const timers = new Set<NodeJS.Timeout>();
  const requests: UpstreamRequest[] = [];
  const encodings = options.encodings ?? ['gzip', 'br'];
  const setPage = (pagePath: string, html: string): void =>
    void pages.set(pagePath, storePage(html, pages.get(pagePath)));
  for (const [pagePath, html] of Object.entries(options.pages ?? {})) setPage(pagePath, html);

  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://upstream.invalid');
    requests.push({
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      headers: { ...request.headers },
      at: Date.now(),
    });
    const page = pages.get(pathname);
    const fault = takeFault(pathname);
    if (fault)
      return playFault(fault, { request, response, body: page?.body ?? Buffer.from(EMPTY_LISTING_HTML), timers });
    const crest = page ? null : findDemoCrest(pathname);
    if (crest) {
      response.writeHead(200, {
        'content-type': 'image/png',
        'content-length': crest.length,
        'cache-control': 'public, max-age=86400',
      });
      return void response.end(request.method === 'HEAD' ? undefined : crest);
    }
    if (!page) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return void response.end('<!DOCTYPE html><html><body><h1>Página não encontrada</h1></body></html>');
    }
    const headers: http.OutgoingHttpHeaders = {
      etag: page.etag,
      'last-modified': page.lastModified,
      'cache-control': 'no-cache',
      vary: 'Accept-Encoding',
    };
    if (isNotModified(request, page)) {
      response.writeHead(304, headers);
      return void response.end();
    }
    const coding = encodings.find((c) => accepts(request.headers['accept-encoding'] ?? '', c));
    const body = coding ? encode(page, coding) : page.body;
    if (coding) headers['content-encoding'] = coding;
    response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
    response.end(request.method === 'HEAD' ? undefined : body);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    setPage,
    setFault: (pagePath, fault, faultOptions = {}) => {
      const rule = fault ? { fault, remaining: faultOptions.times ?? null } : null;
      if (typeof pagePath === 'string') return void (rule ? faults.set(pagePath, rule) : faults.delete(pagePath));
      const same = (entry: { pattern: RegExp }): boolean =>
        entry.pattern.source === pagePath.source && entry.pattern.flags === pagePath.flags;
      const index = patternFaults.findIndex(same);
      if (index >= 0) patternFaults.splice(index, 1);
      if (rule) patternFaults.push({ pattern: pagePath, rule });
    },
    requests,
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
