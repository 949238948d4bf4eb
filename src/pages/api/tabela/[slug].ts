/** /api/tabela/{slug}: one competition's table, official and live (rendered into every build). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { listStandingsSlugs, standingsPageDataFor } from '../../../lib/display/table-data.ts';

export const prerender = true;

export const getStaticPaths: GetStaticPaths = () => listStandingsSlugs().map((slug) => ({ params: { slug } }));

export const GET: APIRoute = ({ locals, params }) => {
  const data = standingsPageDataFor(locals, params.slug ?? '');
  return data ? Response.json(data.envelope) : new Response(null, { status: 404 });
};
