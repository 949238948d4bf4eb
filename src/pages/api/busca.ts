/** /api/busca, the one on-demand route: searches the snapshot on disk at request time. */
import type { APIRoute } from 'astro';
import { respondToSearch } from '../../server/search-endpoint.ts';

export const prerender = false;

export const GET: APIRoute = ({ request }) => respondToSearch(request);
