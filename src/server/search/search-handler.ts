/**
 * /api/busca in the server itself: answerSearch over the snapshot prepared when the build was
 * loaded (search-snapshot.ts), written straight to the response. The server imports no Astro
 * runtime for it (the site bundle's App only renders the pages of a refresh).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../../lib/config/config.ts';
import { hasMatchIndex } from '../../lib/search/match-index.ts';
import { writeProblem } from '../respond.ts';
import { answerSearch } from '../../lib/api/search-answer.ts';
import type { SearchSnapshot } from './search-snapshot.ts';

export interface SearchHandler {
  /** Answers the search; `notFound` when there is nothing to search yet. */
  handle(req: IncomingMessage, res: ServerResponse, notFound: () => void): Promise<void>;
  /** Whether a snapshot is prepared (false before the first build). */
  ready(): boolean;
  close(): void;
}

const header = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(', ') : value;

export function createSearchHandler(
  config: Config,
  prepared: SearchSnapshot,
  log: (line: string) => void,
): SearchHandler {
  return {
    async handle(req, res, notFound) {
      const reading = prepared.current();
      if (!reading) return notFound();
      // Never expected: the index is built when the snapshot is prepared. Said loudly if it happens.
      if (!hasMatchIndex(reading.snapshot)) log('aviso: a busca construiu o índice durante um pedido');
      const url = new URL(req.url ?? '/', 'http://placar.invalid');
      const answer = answerSearch(
        {
          pathname: url.pathname,
          search: url.search,
          acceptEncoding: header(req.headers['accept-encoding']),
          ifNoneMatch: header(req.headers['if-none-match']),
          ifModifiedSince: header(req.headers['if-modified-since']),
          cacheControl: header(req.headers['cache-control']),
        },
        reading,
        config,
      );
      if (answer.problem) return writeProblem(req, res, answer.problem);
      const length = answer.body?.length ?? 0;
      res.writeHead(
        answer.status,
        answer.status === 200 ? { ...answer.headers, 'Content-Length': String(length) } : answer.headers,
      );
      res.end(req.method === 'HEAD' || !answer.body ? undefined : answer.body);
    },
    ready: () => prepared.current() !== null,
    close: () => undefined,
  };
}
