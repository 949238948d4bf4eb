/** /api/dia/{AAAA-MM-DD}: a past day's listing as last fetched (made when it changes, see src/refresh/render/archive-files.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { archivedDayFor, listArchivedDayPaths } from '../../../lib/display/archive-data.ts';

export const prerender = true;

export const getStaticPaths: GetStaticPaths = () => listArchivedDayPaths().map((dia) => ({ params: { dia } }));

export const GET: APIRoute = ({ locals, params }) => {
  const data = archivedDayFor(locals, params.dia ?? '');
  return data ? Response.json(data.listing) : new Response(null, { status: 404 });
};
