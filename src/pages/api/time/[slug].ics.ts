/** /api/time/{slug}.ics: a team's matches as a calendar (RFC 5545), rendered into every build beside its JSON. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { CALENDAR_CONTENT_TYPE, teamCalendar } from '../../../lib/display/team-calendar.ts';
import { listTeamSlugs, teamHomePageDataFor } from '../../../lib/display/team-home-data.ts';

export const prerender = true;

export const getStaticPaths: GetStaticPaths = () => listTeamSlugs().map((slug) => ({ params: { slug } }));

export const GET: APIRoute = ({ locals, params }) => {
  const data = teamHomePageDataFor(locals, params.slug ?? '');
  if (!data) return new Response(null, { status: 404 });
  return new Response(teamCalendar(data), { headers: { 'Content-Type': CALENDAR_CONTENT_TYPE } });
};
