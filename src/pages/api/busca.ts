/** /api/busca under `astro dev` (see _search-endpoint.ts): searches the snapshot on disk at request time. */
import type { APIRoute } from 'astro';
import { readConfig } from '../../lib/config/config.ts';
import { createSearchResponder, type SearchResponder } from './_search-endpoint.ts';

export const prerender = false;

let respond: SearchResponder | undefined;

export const GET: APIRoute = ({ request }) => {
  // Read on the first search, not at import: a bundle that only renders pages never needs it.
  respond ??= createSearchResponder(readConfig());
  return respond(request);
};
