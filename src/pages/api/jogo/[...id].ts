/** /api/jogo/{id}: one match whole (rendered when its data changes, see src/refresh/render/match-files.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { listMatchPageIds, matchPageDataFor } from '../../../lib/display/match-page-data.ts';

export const prerender = true;

export const getStaticPaths: GetStaticPaths = () => listMatchPageIds().map((id) => ({ params: { id } }));

export const GET: APIRoute = ({ locals, params }) => {
  const data = matchPageDataFor(locals, params.id ?? '');
  return data ? Response.json(data.envelope) : new Response(null, { status: 404 });
};
