/**
 * A response cache in front of /api/busca's handler: a large result is compressed again on
 * every request, so the server keeps the handler's 200 answers for a moment and replays them
 * byte for byte.
 *
 * Never older than the data: the key holds the searched snapshot's identity (`snapshotKey`, the
 * prepared snapshot's generation), and a new snapshot drops every entry.
 * An entry also lives at most ENTRY_TTL_MS, so time-dependent fields (the `stale` flag) lag
 * by at most that. Only what the handler would answer the same way is replayed: GETs without
 * conditional headers, keyed by what the answer depends on — the validated `q` (trimmed, as the
 * answer echoes it) and the coding the client prefers — so other parameters, their order or another
 * escaping of the same characters cannot make every request miss. Rate limiting and validation run as
 * before (the limiter sits in front; a 400 is never stored).
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { parseSearchQuery } from '../../lib/api/search-query.ts';
import { chooseContentCoding } from '../../lib/api/content-coding.ts';
import type { SearchHandler } from './search-handler.ts';

const ENTRY_TTL_MS = 1_000;
/** Bounds memory whatever clients search for: oldest entries go first. */
const MAX_CACHED_BYTES = 16 * 1024 * 1024;
const MAX_ENTRY_BYTES = 1024 * 1024;

interface CachedResponse {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
}

/** The entry a search is kept under; null when the query is refused (the handler answers the 400). */
export function searchCacheKey(req: IncomingMessage): string | null {
  const query = parseSearchQuery(new URL(req.url ?? '/', 'http://placar.invalid').search);
  if (!query.ok) return null;
  const coding = chooseContentCoding(req.headers['accept-encoding'], ['br', 'gzip', 'identity']) ?? 'identity';
  return `${coding}\n${query.q}`;
}

function isReplayable(req: IncomingMessage): boolean {
  return (
    req.method === 'GET' && req.headers['if-none-match'] === undefined && req.headers['if-modified-since'] === undefined
  );
}

/** Records the status, headers and body the handler writes, and passes everything through. */
function recordResponse(
  res: ServerResponse,
  done: (recorded: { status: number; headers: OutgoingHttpHeaders; body: Buffer }) => void,
): void {
  let headers: OutgoingHttpHeaders | null = null;
  const chunks: Buffer[] = [];
  const collect = (chunk: unknown): void => {
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  };
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const [, second, third] = args;
    const given = typeof second === 'object' && second !== null && !Array.isArray(second) ? second : third;
    if (typeof given === 'object' && given !== null && !Array.isArray(given))
      headers = { ...(given as OutgoingHttpHeaders) };
    return writeHead(...args);
  }) as ServerResponse['writeHead'];
  res.write = ((...args: unknown[]) => {
    collect(args[0]);
    return write(...args);
  }) as ServerResponse['write'];
  res.end = ((...args: unknown[]) => {
    if (typeof args[0] !== 'function') collect(args[0]);
    if (headers) done({ status: res.statusCode, headers, body: Buffer.concat(chunks) });
    return end(...args);
  }) as ServerResponse['end'];
}

export function withSearchResponseCache(
  inner: SearchHandler,
  readSnapshotKey: () => string,
  now: () => number = Date.now,
): SearchHandler {
  let snapshotKey = '';
  let entries = new Map<string, CachedResponse>();
  let cachedBytes = 0;

  const store = (key: string, forSnapshot: string, response: CachedResponse): void => {
    // The snapshot changed while the handler answered: this answer is no one's to replay.
    if (forSnapshot !== snapshotKey || response.body.length > MAX_ENTRY_BYTES) return;
    const previous = entries.get(key);
    if (previous) cachedBytes -= previous.body.length;
    entries.delete(key);
    entries.set(key, response);
    cachedBytes += response.body.length;
    for (const [oldKey, old] of entries) {
      if (cachedBytes <= MAX_CACHED_BYTES) break;
      entries.delete(oldKey);
      cachedBytes -= old.body.length;
    }
  };

  return {
    ...inner,
    async handle(req, res, notFound) {
      const key = isReplayable(req) ? searchCacheKey(req) : null;
      if (key === null) return inner.handle(req, res, notFound);
      const currentSnapshot = readSnapshotKey();
      if (currentSnapshot !== snapshotKey) {
        snapshotKey = currentSnapshot;
        entries = new Map();
        cachedBytes = 0;
      }
      const hit = entries.get(key);
      if (hit && now() - hit.storedAt < ENTRY_TTL_MS) {
        res.writeHead(200, { ...hit.headers, 'Content-Length': String(hit.body.length) });
        res.end(hit.body);
        return;
      }
      recordResponse(res, ({ status, headers, body }) => {
        if (status === 200) store(key, currentSnapshot, { headers, body, storedAt: now() });
      });
      await inner.handle(req, res, notFound);
    },
  };
}
