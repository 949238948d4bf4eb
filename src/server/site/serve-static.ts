/**
 * Answers with one in-memory static file: the precompressed variant the client prefers,
 * content-hash ETag per variant, Last-Modified, 304 via `fresh`, HEAD without a body, and
 * byte ranges of the uncompressed file (one satisfiable range → 206; an unreadable one, or none
 * satisfiable → 416; several, or a stale If-Range → the whole file, as RFC 9110 allows). Compressed answers ignore
 * Range and do not advertise it, as nginx's gzip_static/brotli_static do, so Placar and the
 * reference nginx front answer alike.
 *
 * Every header list is prepared once per file, coding and kind of answer (static-heads.ts): a
 * request picks one and writes the preloaded bytes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fresh from 'fresh';
import parseRange from 'range-parser';
import { buildNotFoundProblem, buildRangeNotSatisfiableProblem } from '../../lib/api/problem.ts';
import { chooseContentCoding } from '../../lib/api/content-coding.ts';
import { setHeaders, writeProblem } from '../respond.ts';
import { readPath } from '../request-path.ts';
import {
  ROUTE_ANSWER,
  buildPartialHeads,
  prepareStatic,
  type PreparedStatic,
  type StaticServeOptions,
  type StaticVariant,
} from './static-heads.ts';
import type { StaticEntry, StaticSite } from './static-site.ts';

export interface StaticResponder {
  /** Prepares a newly loaded build's files (routes and 404 page) before any request sees them. */
  prepare(site: StaticSite, notFoundAnswer: StaticServeOptions): void;
  serve(req: IncomingMessage, res: ServerResponse, entry: StaticEntry, options?: StaticServeOptions): void;
}

/** If-Range holds the representation's strong ETag or its exact Last-Modified. */
function ifRangeMatches(req: IncomingMessage, variant: StaticVariant): boolean {
  const ifRange = req.headers['if-range'];
  if (typeof ifRange !== 'string') return ifRange === undefined;
  return ifRange.startsWith('"') ? ifRange === variant.etag : ifRange === variant.lastModified;
}

type RangeChoice = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

const WHOLE: RangeChoice = { kind: 'whole' };

function chooseRange(req: IncomingMessage, variant: StaticVariant): RangeChoice {
  const header = req.headers.range;
  // Range is defined for GET only (HEAD ignores it), and only for the bytes unit.
  if (req.method !== 'GET' || header === undefined || !ifRangeMatches(req, variant)) return WHOLE;
  // As deploy/nginx.conf answers (max_ranges 1): another unit → the whole file; any range that
  // cannot be read ("bytes=zz", "bytes=0-5,") or none satisfiable → 416; several satisfiable → the
  // whole file (they are not combined).
  if (!/^bytes=/i.test(header)) return WHOLE;
  const ranges = parseRange(variant.body.length, `bytes=${header.slice('bytes='.length)}`);
  if (ranges === -1 || ranges === -2) return { kind: 'unsatisfiable' };
  if (ranges.length !== 1) return WHOLE;
  const [range] = ranges;
  return range ? { kind: 'part', start: range.start, end: range.end } : WHOLE;
}

function chooseVariant(req: IncomingMessage, prepared: PreparedStatic): StaticVariant {
  if (prepared.available.length === 1) return prepared.identity;
  const coding = chooseContentCoding(req.headers['accept-encoding'], prepared.available);
  return (coding === 'br' ? prepared.br : coding === 'gzip' ? prepared.gzip : null) ?? prepared.identity;
}

export function createStaticResponder(commonHeaders: Readonly<Record<string, string>>): StaticResponder {
  // Entries live as long as their build; a new build's entries get their own lists.
  const preparedByOptions = new WeakMap<StaticServeOptions, WeakMap<StaticEntry, PreparedStatic>>();
  const prepared = (entry: StaticEntry, options: StaticServeOptions): PreparedStatic => {
    let byEntry = preparedByOptions.get(options);
    if (!byEntry) {
      byEntry = new WeakMap();
      preparedByOptions.set(options, byEntry);
    }
    let lists = byEntry.get(entry);
    if (!lists) {
      lists = prepareStatic(entry, commonHeaders, options);
      byEntry.set(entry, lists);
    }
    return lists;
  };

  const answerUnsatisfiable = (req: IncomingMessage, res: ServerResponse, size: number): void => {
    const pathname = readPath(req.url ?? '/')?.raw ?? '/';
    setHeaders(res, commonHeaders);
    writeProblem(req, res, buildRangeNotSatisfiableProblem(pathname, size), {
      'Content-Range': `bytes */${size}`,
      'Accept-Ranges': 'bytes',
    });
  };

  return {
    prepare(site, notFoundAnswer) {
      for (const entry of site.routes.values()) if (!entry.fromDisk) prepared(entry, ROUTE_ANSWER);
      if (site.notFoundPage) prepared(site.notFoundPage, notFoundAnswer);
    },
    serve(req, res, entry, options = ROUTE_ANSWER) {
      let lists: PreparedStatic;
      try {
        // A match file, read now (it may be cached): its lists are made per request, never kept.
        lists = entry.fromDisk ? prepareStatic(entry.fromDisk(), commonHeaders, options) : prepared(entry, options);
      } catch {
        // Removed after the build that named it was swapped out (its match left the listings).
        const pathname = readPath(req.url ?? '/')?.raw ?? '/';
        setHeaders(res, commonHeaders);
        return writeProblem(req, res, buildNotFoundProblem(pathname));
      }
      const variant = chooseVariant(req, lists);
      const body = req.method === 'HEAD' ? undefined : variant.body;
      if (lists.status !== 200) {
        res.writeHead(lists.status, variant.whole);
        res.end(body);
        return;
      }
      if (fresh(req.headers, variant.freshness)) {
        res.writeHead(304, variant.notModified);
        res.end();
        return;
      }
      const range = variant.coding === 'identity' ? chooseRange(req, variant) : WHOLE;
      if (range.kind === 'unsatisfiable') return answerUnsatisfiable(req, res, variant.body.length);
      if (range.kind === 'part') {
        res.writeHead(206, buildPartialHeads(lists, range.start, range.end));
        res.end(variant.body.subarray(range.start, range.end + 1));
        return;
      }
      res.writeHead(200, variant.whole);
      res.end(body);
    },
  };
}
