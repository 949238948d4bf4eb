/** /api/time/{slug}: a team's home (rendered into every build, see src/refresh/render/team-home-files.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { listTeamSlugs, teamHomePageDataFor } from '../../../lib/display/team-home-data.ts';

export const prerender = true;

export const getStaticPaths: GetStaticPaths = () => listTeamSlugs().map((slug) => ({ params: { slug } }));

export const GET: APIRoute = ({ locals, params }) => {
  const data = teamHomePageDataFor(locals, params.slug ?? '');
  return data ? Response.json(data.envelope) : new Response(null, { status: 404 });
};
