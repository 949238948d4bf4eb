/**
 * /api/busca in the server itself: the query checked here, what it finds asked of a search
 * source, and the answer (ETag, 304, br/gzip) written straight to the response. The source is this
 * process's snapshot prepared when the build was loaded (search-snapshot.ts), or, in a cluster's
 * worker, the primary's (src/server/cluster/primary-search.ts): a worker holds no snapshot or
 * index of its own. The server imports no Astro runtime for it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../../lib/config/config.ts';
import { buildSearchUnavailableProblem } from '../../lib/api/problem.ts';
import { answerSearchBody, findSearchBody, type SearchBody } from '../../lib/api/search-answer.ts';
import { parseSearchQuery } from '../../lib/api/search-query.ts';
import { hasMatchIndex } from '../../lib/search/match-index.ts';
import { writeProblem } from '../respond.ts';
import { readPath } from '../request-path.ts';
import type { SearchSnapshot } from './search-snapshot.ts';

/** Where a server's searches are made. */
export interface SearchSource {
  /** What `q` (validated) finds in the served snapshot; null while there is none. Rejects when it cannot be asked. */
  find(q: string): SearchBody | null | Promise<SearchBody | null>;
  /** Whether a snapshot is prepared here (false before the first build, and in a worker, whose primary has it). */
  ready(): boolean;
}

export interface SearchHandler {
  /** Answers the search; `notFound` when there is nothing to search yet. */
  handle(req: IncomingMessage, res: ServerResponse, notFound: () => void): Promise<void>;
  /** Whether a snapshot is prepared (false before the first build). */
  ready(): boolean;
  close(): void;
}

const header = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(', ') : value;

/** This process's own prepared snapshot as the search source. */
export function createLocalSearchSource(
  config: Config,
  prepared: SearchSnapshot,
  log: (line: string) => void,
): SearchSource {
  return {
    find(q) {
      const reading = prepared.current();
      if (!reading) return null;
      // Never expected: the index is built when the snapshot is prepared. Said loudly if it happens.
      if (!hasMatchIndex(reading.snapshot)) log('aviso: a busca construiu o índice durante um pedido');
      return findSearchBody(q, reading, config);
    },
    ready: () => prepared.current() !== null,
  };
}

export function createSearchHandler(source: SearchSource): SearchHandler {
  return {
    async handle(req, res, notFound) {
      const requested = readPath(req.url ?? '/') ?? { raw: '/api/busca', search: '' };
      const query = parseSearchQuery(requested.search, requested.raw);
      if (!query.ok) return writeProblem(req, res, query.problem);
      let found: SearchBody | null;
      try {
        found = await source.find(query.q);
      } catch {
        // A cluster's primary that did not answer (busy past the wait, or going away): try again shortly.
        return writeProblem(req, res, buildSearchUnavailableProblem(requested.raw), { 'Retry-After': '2' });
      }
      if (!found) return notFound();
      const answer = answerSearchBody(
        {
          acceptEncoding: header(req.headers['accept-encoding']),
          ifNoneMatch: header(req.headers['if-none-match']),
          ifModifiedSince: header(req.headers['if-modified-since']),
          cacheControl: header(req.headers['cache-control']),
        },
        found,
      );
      const length = answer.body?.length ?? 0;
      res.writeHead(
        answer.status,
        answer.status === 200 ? { ...answer.headers, 'Content-Length': String(length) } : answer.headers,
      );
      res.end(req.method === 'HEAD' || !answer.body ? undefined : answer.body);
    },
    ready: () => source.ready(),
    close: () => undefined,
  };
}
