/**
 * Answers with one in-memory static file: the precompressed variant the client prefers,
 * content-hash ETag per variant, Last-Modified, 304 via `fresh`, HEAD without a body, and
 * byte ranges of the uncompressed file (one range → 206, none satisfiable → 416; several
 * ranges or a stale If-Range → the whole file, as RFC 9110 allows). Compressed answers ignore
 * Range and do not advertise it, as nginx's gzip_static/brotli_static do, so Placar and the
 * reference nginx front answer alike.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fresh from 'fresh';
import parseRange from 'range-parser';
import { buildEtag } from '../lib/api/etag.ts';
import { buildRangeNotSatisfiableProblem } from '../lib/api/problem.ts';
import { chooseContentCoding, type ContentCoding } from './encoding.ts';
import { writeProblem } from './respond.ts';
import type { StaticEntry } from './static-site.ts';

export interface ServeOptions {
  status?: number;
  cacheControl?: string;
}

function availableCodings(entry: StaticEntry): ContentCoding[] {
  const codings: ContentCoding[] = [];
  if (entry.br) codings.push('br');
  if (entry.gzip) codings.push('gzip');
  codings.push('identity');
  return codings;
}

/** If-Range holds the representation's strong ETag or its exact Last-Modified. */
function ifRangeMatches(req: IncomingMessage, etag: string, lastModified: string): boolean {
  const ifRange = req.headers['if-range'];
  if (typeof ifRange !== 'string') return ifRange === undefined;
  return ifRange.startsWith('"') ? ifRange === etag : ifRange === lastModified;
}

type RangeChoice = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

function chooseRange(req: IncomingMessage, size: number, validators: { ETag: string; 'Last-Modified': string }): RangeChoice {
  const header = req.headers.range;
  // Range is defined for GET only (HEAD ignores it), and only for the bytes unit.
  if (req.method !== 'GET' || header === undefined || !ifRangeMatches(req, validators.ETag, validators['Last-Modified'])) return { kind: 'whole' };
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) return { kind: 'unsatisfiable' };
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return { kind: 'whole' };
  const [range] = ranges;
  return range ? { kind: 'part', start: range.start, end: range.end } : { kind: 'whole' };
}

export function serveStaticEntry(req: IncomingMessage, res: ServerResponse, entry: StaticEntry, options: ServeOptions = {}): void {
  const status = options.status ?? 200;
  const available = availableCodings(entry);
  const coding = chooseContentCoding(req.headers['accept-encoding'], available) ?? 'identity';
  const body = (coding === 'br' ? entry.br : coding === 'gzip' ? entry.gzip : null) ?? entry.identity;
  const validators: Record<string, string> & { ETag: string; 'Last-Modified': string } = {
    'Cache-Control': options.cacheControl ?? entry.file.cacheControl,
    ETag: buildEtag(entry.file.hash, coding),
    'Last-Modified': entry.file.lastModified,
  };
  if (available.length > 1) validators.Vary = 'Accept-Encoding';
  if (status !== 200) {
    res.writeHead(status, { ...validators, 'Content-Type': entry.file.contentType, 'Content-Length': String(body.length), ...(coding !== 'identity' && { 'Content-Encoding': coding }) });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  const ranges = coding === 'identity';
  if (ranges) validators['Accept-Ranges'] = 'bytes';
  if (fresh(req.headers, { etag: validators.ETag, 'last-modified': validators['Last-Modified'] })) {
    res.writeHead(304, validators);
    res.end();
    return;
  }
  const range: RangeChoice = ranges ? chooseRange(req, body.length, validators) : { kind: 'whole' };
  if (range.kind === 'unsatisfiable') {
    const { pathname } = new URL(req.url ?? '/', 'http://placar.invalid');
    return writeProblem(req, res, buildRangeNotSatisfiableProblem(pathname, body.length), {
      'Content-Range': `bytes */${body.length}`,
      'Accept-Ranges': 'bytes',
    });
  }
  const sent = range.kind === 'part' ? body.subarray(range.start, range.end + 1) : body;
  res.writeHead(range.kind === 'part' ? 206 : 200, {
    ...validators,
    'Content-Type': entry.file.contentType,
    'Content-Length': String(sent.length),
    ...(coding !== 'identity' && { 'Content-Encoding': coding }),
    ...(range.kind === 'part' && { 'Content-Range': `bytes ${range.start}-${range.end}/${body.length}` }),
  });
  res.end(req.method === 'HEAD' ? undefined : sent);
}
