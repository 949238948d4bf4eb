/**
 * Answers with one in-memory static file: the precompressed variant the client prefers,
 * content-hash ETag per variant, Last-Modified, 304 via `fresh`, HEAD without a body.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fresh from 'fresh';
import { buildEtag } from '../lib/etag.ts';
import { chooseContentCoding, type ContentCoding } from './encoding.ts';
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

export function serveStaticEntry(req: IncomingMessage, res: ServerResponse, entry: StaticEntry, options: ServeOptions = {}): void {
  const status = options.status ?? 200;
  const available = availableCodings(entry);
  const coding = chooseContentCoding(req.headers['accept-encoding'], available) ?? 'identity';
  const body = (coding === 'br' ? entry.br : coding === 'gzip' ? entry.gzip : null) ?? entry.identity;
  const validators: Record<string, string> = {
    'Cache-Control': options.cacheControl ?? entry.file.cacheControl,
    ETag: buildEtag(entry.file.hash, coding),
    'Last-Modified': entry.file.lastModified,
  };
  if (available.length > 1) validators.Vary = 'Accept-Encoding';
  if (status === 200 && fresh(req.headers, { etag: validators.ETag, 'last-modified': validators['Last-Modified'] })) {
    res.writeHead(304, validators);
    res.end();
    return;
  }
  res.writeHead(status, {
    ...validators,
    'Content-Type': entry.file.contentType,
    'Content-Length': String(body.length),
    ...(coding !== 'identity' && { 'Content-Encoding': coding }),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
