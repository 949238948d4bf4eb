/**
 * /api/busca where Astro answers it, i.e. under `astro dev`: answerSearch over the snapshot on
 * disk at request time, as a web Response. The site bundle's server entry holds this route too,
 * but `npm start` only renders the data routes with it and answers /api/busca itself
 * (src/server/search/search-handler.ts); a bucket has no /api/busca (the browser searches the pre-built
 * listings). The `_` keeps Astro from making this file a route.
 */
import type { Config } from '../../lib/config/config.ts';
import { answerSearch } from '../../lib/api/search-answer.ts';
import { buildProblemResponse } from '../../lib/api/problem.ts';
import { createSnapshotReader } from '../../lib/store/scraped/snapshot-reader.ts';

export type SearchResponder = (request: Request) => Response;

export function createSearchResponder(config: Config): SearchResponder {
  const reader = createSnapshotReader(config.dataDir, config.upstreamUrl);
  return (request) => {
    const url = new URL(request.url);
    const answer = answerSearch(
      {
        pathname: url.pathname,
        search: url.search,
        acceptEncoding: request.headers.get('accept-encoding') ?? undefined,
        ifNoneMatch: request.headers.get('if-none-match') ?? undefined,
        ifModifiedSince: request.headers.get('if-modified-since') ?? undefined,
        cacheControl: request.headers.get('cache-control') ?? undefined,
      },
      reader.read(),
      config,
    );
    if (answer.problem) return buildProblemResponse(answer.problem);
    const body = answer.body ? new Uint8Array(answer.body) : null;
    return new Response(body, { status: answer.status, headers: answer.headers });
  };
}
